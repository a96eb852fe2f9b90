"""The Cricsheet-like export of real Quick Cricket matches, checked against the summary."""

import json
import random
from collections import Counter

import pytest

from games.archive.exports import cricsheet
from games.kinds.records import replay_game
from games.models import Game
from games.scoring import services

from .conftest import make_league, play_fixture, play_out

pytestmark = pytest.mark.django_db


def _export(client, game: Game) -> dict:
    response = client.get(f"/games/{game.pk}/cricsheet.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def _balls(overs_text: str) -> int:
    overs, balls = overs_text.split(".")
    return int(overs) * 4 + int(balls)


def _check_against_summary(data: dict, game: Game) -> Counter:
    """Every innings' runs, wickets, balls and reviews add up to the summary's."""
    summary = game.summary
    sides = game.sides
    assert data["info"]["teams"] == sides
    assert data["info"]["balls_per_over"] == 4
    assert data["info"]["toss"] == {"winner": sides[0], "decision": "bat"}
    assert len(data["innings"]) == len(summary["innings"])
    seen: Counter = Counter()
    for innings, expected in zip(data["innings"], summary["innings"], strict=True):
        batting = expected["batting"]
        assert innings["team"] == sides[batting]
        deliveries = [d for over in innings["overs"] for d in over["deliveries"]]
        assert [o["over"] for o in innings["overs"]] == sorted(
            {o["over"] for o in innings["overs"]}
        )
        assert sum(d["runs"]["total"] for d in deliveries) == expected["runs"]
        assert sum(len(d.get("wickets", [])) for d in deliveries) == expected["wickets"]
        counted = [d for d in deliveries if "noballs" not in d.get("extras", {})]
        counted = [d for d in counted if d.get("counts_in_over", True)]
        assert len(counted) == _balls(expected["overs"])
        for d in deliveries:
            runs = d["runs"]
            assert runs["total"] == runs["batter"] + runs["extras"]
            assert runs["extras"] == d.get("extras", {}).get("noballs", 0)
            assert d["partnership"] >= 1 and d["style"] in ("pace", "spin")
            for wicket in d.get("wickets", []):
                assert wicket["kind"] in ("bowled", "lbw", "caught")
                seen["wicket:" + wicket["kind"]] += 1
            if "noballs" in d.get("extras", {}):
                seen["no ball"] += 1
            if "review" in d:
                seen["review"] += 1
                review = d["review"]
                assert review["decision"] == d["appeal"]
                assert review["result"] in ("upheld", "struck down")
                assert (review["umpire_card"] == review["decision"]) == (
                    review["result"] == "upheld"
                )
        # A review that upholds the umpire costs the reviewing side one of its three.
        for side, left in enumerate(expected["reviews_left"]):
            lost = sum(
                1
                for d in deliveries
                if d.get("review", {}).get("by") == sides[side]
                and d["review"]["result"] == "upheld"
            )
            assert 3 - left == lost
        # The partnerships: runs of each (no-ball runs included) as the summary has them.
        by_partnership = Counter()
        for d in deliveries:
            by_partnership[d["partnership"]] += d["runs"]["total"]
        for number, runs in enumerate(expected["partnerships"], start=1):
            assert by_partnership[number] == runs
    return seen


def _check_outcome(data: dict, game: Game) -> None:
    margin = game.summary["margin"]
    outcome = data["info"]["outcome"]
    if margin["by"] == "tie":
        assert outcome == {"result": "tie"}
        return
    winner = game.sides[game.summary["winner"]]
    if margin["by"] == "innings":
        assert outcome == {"winner": winner, "by": {"innings": 1, "runs": margin["value"]}}
    else:
        assert outcome == {"winner": winner, "by": {margin["by"]: margin["value"]}}


def test_limited_overs_matches(client, organiser):
    league, season, (hornets, wasps) = make_league(
        "quick-cricket", {"overs": 3}, teams=("Hornets", "Wasps")
    )
    seen: Counter = Counter()
    for seed in range(4):
        game = play_fixture(season, hornets, wasps, organiser, seed=seed)
        data = _export(client, game)
        seen += _check_against_summary(data, game)
        _check_outcome(data, game)
        info = data["info"]
        assert info["match_type"] == "ODM" and info["overs"] == 3
        assert info["event"] == {"name": league.name} and info["season"] == season.name
        assert info["dates"] == [game.finished_at.date().isoformat()]
        assert data["meta"]["data_version"] == cricsheet.DATA_VERSION
        chase = data["innings"][-1]
        assert chase["target"] == {"runs": game.summary["target"], "overs": 3}
        assert "target" not in data["innings"][0]
    # The random matches went through the umpire, reviews and wickets.
    assert seen["review"] and seen["wicket:caught"]


def test_a_two_innings_match(client, organiser):
    game = services.game_create(
        kind="quick-cricket", options={"overs": 1, "innings": 2}, sides=["A", "B"], user=organiser
    )
    play_out(game, organiser, seed=5)
    game.refresh_from_db()
    data = _export(client, game)
    _check_against_summary(data, game)
    _check_outcome(data, game)
    assert data["info"]["match_type"] == "Test"
    assert "event" not in data["info"] and "season" not in data["info"]


def test_no_balls_restart_the_over(client, organiser):
    """No balls: five extras each, and the balls before them in the over stop counting."""
    game = services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["A", "B"], user=organiser
    )
    rng = random.Random(8)
    for seq in range(1, 400):
        state = replay_game(game).final_state
        if game.engine.is_over(state):
            break
        legal = [p for p in game.engine.legal_plays(state) if "declare" not in p]
        no_balls = [p for p in legal if p.get("no_ball")]
        raw = rng.choice(no_balls if no_balls and seq % 5 == 3 else legal)
        services.play_record(game=game, raw=raw, expected_seq=seq, user=organiser)
    game.refresh_from_db()
    data = _export(client, game)
    seen = _check_against_summary(data, game)
    _check_outcome(data, game)
    deliveries = [d for inn in data["innings"] for o in inn["overs"] for d in o["deliveries"]]
    assert seen["no ball"] >= 2
    assert any(d.get("counts_in_over") is False for d in deliveries)


def test_a_match_in_progress(client, organiser):
    game = services.game_create(
        kind="quick-cricket", options={"overs": None}, sides=["A", "B"], user=organiser
    )
    assert _export(client, game)["innings"] == [{"team": "A", "overs": []}]
    rng = random.Random(4)
    for seq in range(1, 6):
        legal = game.engine.legal_plays(replay_game(game).final_state)
        services.play_record(game=game, raw=rng.choice(legal), expected_seq=seq, user=organiser)
    game.refresh_from_db()
    data = _export(client, game)
    assert data["info"]["outcome"] == {"result": "in progress"}
    assert "overs" not in data["info"] and "target" not in data["innings"][0]
    _check_against_summary(data, game)


def test_deliveries_from_ball_records():
    from games.engines.quick_cricket.state import Ball

    no_ball = cricsheet.delivery(
        Ball(over=2, runs=5, partnership=0, style="spin", no_ball=True), batting="A", bowling="B"
    )
    assert no_ball["runs"] == {"batter": 0, "extras": 5, "total": 5}
    assert no_ball["extras"] == {"noballs": 5}
    restarted = cricsheet.delivery(
        Ball(over=2, runs=4, partnership=1, style="spin", counted=False), batting="A", bowling="B"
    )
    assert restarted["counts_in_over"] is False and restarted["partnership"] == 2
    caught = cricsheet.delivery(
        Ball(
            over=0,
            runs=0,
            partnership=0,
            style="pace",
            wicket="big_hit_caught",
            big_hit=True,
            appeal="not out",
            review="bowling",
            overturned=True,
        ),
        batting="A",
        bowling="B",
    )
    assert caught["wickets"] == [{"kind": "caught", "big_hit": True}]
    assert caught["review"] == {
        "by": "B",
        "decision": "not out",
        "umpire_card": "out",
        "result": "struck down",
    }


def test_only_cricket_has_it(client, organiser):
    game = services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=organiser)
    assert client.get(f"/games/{game.pk}/cricsheet.json").status_code == 404
    assert client.get("/games/99999/cricsheet.json").status_code == 404


def test_names_stay_as_given(client, organiser):
    game = services.game_create(
        kind="quick-cricket", options={}, sides=['<b>"Hornets"</b>', "Wasps"], user=organiser
    )
    data = _export(client, game)
    assert data["info"]["teams"] == ['<b>"Hornets"</b>', "Wasps"]
