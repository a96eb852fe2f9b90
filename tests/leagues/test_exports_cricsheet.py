"""The Cricsheet export of real Quick Cricket matches, checked against the summary."""

import json
import random
from collections import Counter

import pytest

from games.archive.exports import cricsheet
from games.kinds.records import replay_game
from games.leagues import services as league_services
from games.leagues.services import results
from games.models import Fixture, Game
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
    assert data["info"]["toss"] == {"winner": sides[0], "decision": "bat", "uncontested": True}
    assert len(data["innings"]) == len(summary["innings"])
    seen: Counter = Counter()
    for innings, expected in zip(data["innings"], summary["innings"], strict=True):
        batting = expected["batting"]
        assert innings["team"] == sides[batting]
        overs = innings.get("overs", [])
        deliveries = [d for over in overs for d in over["deliveries"]]
        assert [o["over"] for o in overs] == sorted({o["over"] for o in overs})
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
                assert set(review) == {"by", "umpire", "batter", "decision"}
                assert review["decision"] in ("upheld", "struck down")
                assert review["batter"] == d["batter"] and review["umpire"] == "Umpire cards"
                # Upheld: the umpire's decision was overturned, so a wicket stands exactly
                # when the umpire said not out.
                out = d["appeal"] == "out"
                assert ("wickets" in d) == (out != (review["decision"] == "upheld"))
                seen["review:" + review["decision"]] += 1
        # A review struck down (the umpire's decision stands) costs the reviewing side one of
        # its three.
        for side, left in enumerate(expected["reviews_left"]):
            lost = sum(
                1
                for d in deliveries
                if d.get("review", {}).get("by") == sides[side]
                and d["review"]["decision"] == "struck down"
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
    # The random matches went through the umpire, reviews either way and wickets.
    assert seen["review:upheld"] and seen["review:struck down"] and seen["wicket:caught"]


def test_a_two_innings_match(client, organiser):
    game = services.game_create(
        kind="quick-cricket", options={"overs": 1, "innings": 2}, sides=["A", "B"], user=organiser
    )
    play_out(game, organiser, seed=5)
    game.refresh_from_db()
    data = _export(client, game)
    _check_against_summary(data, game)
    _check_outcome(data, game)
    assert data["info"]["match_type"] == "MDM"
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
    assert _export(client, game)["innings"] == [{"team": "A"}]
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

    on_field = cricsheet.Sides(batting="A", bowling="B")
    no_ball = cricsheet.delivery(
        Ball(over=2, runs=5, partnership=0, style="spin", no_ball=True), on_field
    )
    assert no_ball["runs"] == {"batter": 0, "extras": 5, "total": 5}
    assert no_ball["extras"] == {"noballs": 5}
    assert (no_ball["batter"], no_ball["non_striker"], no_ball["bowler"]) == ("A 1", "A 2", "B 10")
    restarted = cricsheet.delivery(
        Ball(over=2, runs=4, partnership=1, style="spin", counted=False), on_field
    )
    assert restarted["counts_in_over"] is False and restarted["partnership"] == 2
    assert restarted["batter"] == "A 2" and restarted["non_striker"] == "A 3"
    caught = cricsheet.delivery(
        Ball(
            over=0,
            runs=0,
            partnership=3,
            style="pace",
            wicket="big_hit_caught",
            big_hit=True,
            appeal="not out",
            review="bowling",
            overturned=True,
        ),
        on_field,
    )
    assert caught["bowler"] == "B 11"
    assert caught["wickets"] == [{"player_out": "A 4", "kind": "caught", "big_hit": True}]
    # The bowling side's review of a not out was upheld: the decision was overturned.
    assert caught["review"] == {
        "by": "B",
        "umpire": "Umpire cards",
        "batter": "A 4",
        "decision": "upheld",
    }
    assert caught["appeal"] == "not out"
    stood = cricsheet.delivery(
        Ball(
            over=1,
            runs=0,
            partnership=0,
            style="pace",
            wicket="lbw",
            appeal="out",
            review="batting",
            overturned=False,
        ),
        on_field,
    )
    assert stood["review"]["by"] == "A" and stood["review"]["decision"] == "struck down"
    assert stood["wickets"] == [{"player_out": "A 1", "kind": "lbw"}]


def test_batters_bowlers_and_wickets_follow_the_partnerships(client, organiser):
    """Partnership n is slots n (on strike) and n + 1; its wicket is slot n's; the Pace card
    is bowled by slot 11 and the Spin card by slot 10."""
    league, season, (hornets, wasps) = make_league(
        "quick-cricket", {"overs": 3}, teams=("Hornets", "Wasps")
    )
    seen: Counter = Counter()
    for seed in range(3):
        game = play_fixture(season, hornets, wasps, organiser, seed=seed)
        data = _export(client, game)
        for innings, expected in zip(data["innings"], game.summary["innings"], strict=True):
            team = innings["team"]
            other = next(side for side in game.sides if side != team)
            assert data["info"]["players"][team] == [f"{team} {n}" for n in range(1, 12)]
            outs = []
            for d in (d for over in innings.get("overs", []) for d in over["deliveries"]):
                p = d["partnership"]
                assert d["batter"] == f"{team} {p}" and d["non_striker"] == f"{team} {p + 1}"
                assert d["bowler"] == f"{other} {11 if d['style'] == 'pace' else 10}"
                for wicket in d.get("wickets", []):
                    assert wicket["player_out"] == d["batter"] and "fielders" not in wicket
                    outs.append(wicket["player_out"])
                    seen[wicket["kind"]] += 1
            # Each wicket falls once, in batting order.
            assert outs == [f"{team} {n}" for n in range(1, expected["wickets"] + 1)]
    assert seen["bowled"] and seen["caught"]


def test_the_match_fields_readers_need(client, organiser):
    league, season, (hornets, wasps) = make_league(
        "quick-cricket", {"overs": 2}, teams=("Hornets", "Wasps")
    )
    first = play_fixture(season, hornets, wasps, organiser, seed=1)
    second = play_fixture(season, wasps, hornets, organiser, seed=2)
    data, again, other = _export(client, first), _export(client, first), _export(client, second)
    info = data["info"]
    assert info["gender"] == "male" and info["team_type"] == "club"
    assert info["venue"] == "Tabletop" and info["officials"] == {"umpires": ["Umpire cards"]}
    assert data["meta"]["revision"] == 1
    people = info["registry"]["people"]
    names = [name for team in first.sides for name in info["players"][team]] + ["Umpire cards"]
    assert list(people) == names
    assert all(len(pid) == 8 and int(pid, 16) >= 0 for pid in people.values())
    assert len(set(people.values())) == len(people)
    # Stable: the same ids in every download, and across the league's games.
    assert again["info"]["registry"] == info["registry"]
    assert other["info"]["registry"]["people"]["Hornets 3"] == people["Hornets 3"]
    friendly = services.game_create(
        kind="quick-cricket", options={}, sides=["Hornets", "Wasps"], user=organiser
    )
    elsewhere = _export(client, friendly)["info"]["registry"]["people"]
    assert elsewhere["Hornets 3"] != people["Hornets 3"]


def test_no_result_and_voided_games(client, organiser):
    """A fixture recorded as no result and a voided game are no result, as in the standings."""
    league, season, (hornets, wasps) = make_league(
        "quick-cricket", {"overs": 2}, teams=("Hornets", "Wasps")
    )
    league.organisers.add(organiser)
    played = play_fixture(season, hornets, wasps, organiser, seed=3)
    before = _export(client, played)["info"]["outcome"]
    assert before.get("result") not in ("no result", "in progress")
    results.game_void(game=played, user=organiser, reason="wrong cards")
    assert _export(client, played)["info"]["outcome"] == {"result": "no result"}
    fixture = Fixture.objects.create(season=season, away=wasps, home=hornets)
    game = league_services.fixture_start(fixture=fixture, user=organiser)
    rng = random.Random(2)
    for seq in range(1, 4):
        legal = game.engine.legal_plays(replay_game(game).final_state)
        services.play_record(game=game, raw=rng.choice(legal), expected_seq=seq, user=organiser)
    assert _export(client, game)["info"]["outcome"] == {"result": "in progress"}
    results.fixture_mark_no_result(
        fixture=fixture, user=organiser, outcome=Fixture.NO_RESULT, reason="rain"
    )
    assert _export(client, game)["info"]["outcome"] == {"result": "no result"}


def test_a_declaration_before_the_first_ball_forfeits_the_innings(client, organiser):
    game = services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["A", "B"], user=organiser
    )
    services.play_record(game=game, raw={"declare": True}, expected_seq=1, user=organiser)
    game.refresh_from_db()
    first, second = _export(client, game)["innings"]
    assert first == {"team": "A", "declared": True, "forfeited": True}
    assert second["team"] == "B" and "overs" not in second
    assert second["target"] == {"runs": 1, "overs": 2}


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
