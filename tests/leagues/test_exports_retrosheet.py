"""The Retrosheet-like game log line and box score of real two-sided baseball games."""

import csv
import io
import random
import re

import pytest

from games.archive.exports import retrosheet
from games.kinds.records import replay_game
from games.management.demo import plausible_plays
from games.models import GameStats
from games.scoring import services

from .conftest import make_league, play_fixture

pytestmark = pytest.mark.django_db


def _log(client, game) -> dict:
    response = client.get(f"/games/{game.pk}/gamelog.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(rows) == 1 and len(rows[0]) == 161
    return dict(zip(retrosheet.FIELDS, rows[0], strict=True))


def _line_runs(text: str) -> list[int]:
    return [int(a or b) for a, b in re.findall(r"\((\d+)\)|(\d)", text)]


def _outs_by_replay(game) -> list[int]:
    """Outs each side made batting, counted play by play from the engine's states."""
    outs = [0, 0]
    states = replay_game(game).states
    for before, after in zip(states, states[1:], strict=False):
        side = before.innings.batting
        if (
            after.innings.half != before.innings.half
            or after.innings.inning != before.innings.inning
        ):
            outs[side] += 3 - before.innings.outs
        else:
            outs[side] += after.innings.outs - before.innings.outs
    return outs


def test_game_log_of_league_games(client, organiser):
    league, season, (giants, yankees, mets) = make_league("quick-baseball", {"innings": 3})
    first = play_fixture(season, giants, yankees, organiser, seed=1)
    second = play_fixture(season, mets, giants, organiser, seed=2)
    for game, numbers in ((first, ("1", "1")), (second, ("1", "2"))):
        log = _log(client, game)
        summary = game.summary
        assert log["date"] == game.finished_at.strftime("%Y%m%d")
        assert log["day_of_week"] == game.finished_at.strftime("%a")
        assert log["game_number"] == "0"
        assert (log["visiting_team"], log["home_team"]) == tuple(game.sides)
        assert log["visiting_league"] == log["home_league"] == league.name
        assert (log["visiting_game_number"], log["home_game_number"]) == numbers
        assert [int(log["visiting_score"]), int(log["home_score"])] == summary["score"]
        visiting, home = summary["line_score"]
        assert _line_runs(log["visiting_line_score"]) == visiting
        assert _line_runs(log["home_line_score"]) == home
        assert log["home_line_score"].endswith("x") == (len(home) < len(visiting))
        outs = _outs_by_replay(game)
        assert int(log["length_in_outs"]) == sum(outs)
        assert int(log["home_putouts"]) == outs[0] and int(log["visiting_putouts"]) == outs[1]
        for side, team in enumerate(("visiting", "home")):
            data = GameStats.objects.get(game=game, side=side).data
            assert int(log[f"{team}_hits"]) == data["hits"]
            assert int(log[f"{team}_at_bats"]) == data["ab"]
            assert int(log[f"{team}_home_runs"]) == data["home_runs"]
            assert int(log[f"{team}_walks"]) == data["walks"]
            assert int(log[f"{team}_strikeouts"]) == data["strikeouts"]
            assert int(log[f"{team}_stolen_bases"]) == data["steals"]
            assert int(log[f"{team}_pitchers_used"]) == 1 + summary["relief"][side]
            assert log[f"{team}_rbi"] == "" and log[f"{team}_left_on_base"] == ""
        assert log["acquisition_info"] == "Y"
        assert f"game {game.pk}" in log["additional_info"]


@pytest.mark.parametrize("kind", ["backyard-baseball", "bedard-baseball"])
def test_game_log_and_box_of_the_other_baseball_games(client, organiser, kind):
    game = services.game_create(
        kind=kind, options={"innings": 1}, sides=["Cubs", "Reds"], user=organiser
    )
    plausible_plays(game, random.Random(4), None, organiser)
    game.refresh_from_db()
    assert game.is_final
    log = _log(client, game)
    assert [int(log["visiting_score"]), int(log["home_score"])] == game.summary["score"]
    assert log["visiting_league"] == "" and log["visiting_game_number"] == ""
    # Counts the game cannot produce are left empty, not zero.
    assert log["visiting_stolen_bases"] == "" and log["home_caught_stealing"] == ""
    box = client.get(f"/games/{game.pk}/boxscore.txt").content.decode()
    assert "Cubs at Reds" in box and "Friendly" in box


def test_box_score(client, organiser):
    league, season, (giants, yankees, _) = make_league("quick-baseball", {"innings": 3})
    game = play_fixture(season, giants, yankees, organiser, seed=3)
    response = client.get(f"/games/{game.pk}/boxscore.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    box = response.content.decode()
    assert box.startswith("Giants at Yankees — Quick Baseball\nFinal · ")
    for side, name in enumerate(game.sides):
        data = GameStats.objects.get(game=game, side=side).data
        lines = box.splitlines()
        header = next(i for i, line in enumerate(lines) if line.endswith("R   H"))
        row = lines[header + 1 + side]
        assert row.startswith(name + " ")
        cells = row.split()
        line = game.summary["line_score"][side]
        assert cells[-2:] == [str(game.summary["score"][side]), str(data["hits"])]
        assert cells[1 : 1 + len(line)] == [str(r) for r in line]
        assert f"{name}: batting by lineup slot" in box


def test_line_score_text():
    assert retrosheet.line_score_text([0, 12, 3, 0]) == "0(12)30"
    assert retrosheet.line_score_text([1, 0], unplayed_bottom=True) == "10x"


def test_csv_quoting():
    row = {"visiting_team": 'The "Big" Reds, Inc', "home_score": 4, "attendance": None}
    cells = next(csv.reader(io.StringIO(retrosheet.csv_line(row))))
    fields = dict(zip(retrosheet.FIELDS, cells, strict=True))
    assert fields["visiting_team"] == 'The "Big" Reds, Inc'
    assert fields["home_score"] == "4" and fields["attendance"] == ""
    assert ",4," in retrosheet.csv_line(row)  # numbers are not quoted


@pytest.mark.parametrize(
    "kind, sides", [("quick-cricket", ["A", "B"]), ("solitaire-baseball", ["Ann"])]
)
def test_only_two_sided_baseball_has_it(client, organiser, kind, sides):
    game = services.game_create(kind=kind, options={}, sides=sides, user=organiser)
    assert client.get(f"/games/{game.pk}/gamelog.csv").status_code == 404
    assert client.get(f"/games/{game.pk}/boxscore.txt").status_code == 404


def test_a_game_in_progress(client, organiser):
    game = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["A", "B"], user=organiser
    )
    services.play_record(
        game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=organiser
    )
    log = _log(client, game)
    assert log["visiting_line_score"] == "0" and log["home_line_score"] == ""
    assert log["length_in_outs"] == "0" and log["time_of_game"] == ""
    assert "In progress" in client.get(f"/games/{game.pk}/boxscore.txt").content.decode()
