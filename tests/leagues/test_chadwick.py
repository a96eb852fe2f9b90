"""Our Retrosheet files through Chadwick's tools (chadwickpy, the pure-Python port of cwevent,
cwgame and cwbox): no error or warning, and the runs, hits, left on base, outs, line score,
at bats, home runs and strike-outs of each side that Chadwick counts are the site's.

The games: the demo's baseball seasons as their season packs write them, and games played by
the plausible and the random legal players that between them reach every event code the
writer produces (steals of home, which no game allows, are played by hand)."""

from __future__ import annotations

import datetime
import random
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.archive import exports, season_pack
from games.archive.exports import retrosheet_events, retrosheet_teams
from games.archive.exports.retrosheet_events import PlayIn
from games.bench.players import generate
from games.engines.players import play_out
from games.kinds.records import replay_game
from games.management import demo
from games.models import League
from tests.leagues.chadwick_helpers import (
    YEAR,
    Figures,
    Played,
    chadwick_figures,
    play_events,
    replayed,
    site_figures,
    site_figures_by_id,
    write_games,
)

BASEBALL = ("quick-baseball", "backyard-baseball", "bedard-baseball")
EMPTY = (False, False, False)


def _engine_games() -> list[Played]:
    """Games of each kind by the plausible players (two) and by the random legal player."""
    games = []
    options = {"innings": 3}
    for kind in BASEBALL:
        for seed in (0, 2):
            plays = play_out(kind, options, seed).plays
            games.append(replayed(len(games) + 1, kind, options, plays))
        plays = generate(kind, options, limit=400, seed=0).plays
        games.append(replayed(len(games) + 1, kind, options, plays))
    return games


def test_games_of_every_kind_read_in_chadwick_as_the_site_scores_them(tmp_path):
    games = _engine_games()
    events = write_games(tmp_path, games)
    assert chadwick_figures(tmp_path) == site_figures_by_id(games)

    codes = {retrosheet_events.code_of(event) for event in events}
    steals_home = {"SBH", "CSH"}  # no game lets a runner steal home: see the next test
    assert codes | steals_home == set(retrosheet_events.EVENT_CODES)
    assert codes <= set(retrosheet_events.EVENT_CODES)
    # A Backyard extension: the batter taking an extra base, a runner thrown out.
    assert any(".B-" in event or ";B-" in event for event in events)
    assert any("X" in event for event in events)


def _bases(occupied: str | None) -> tuple[bool, bool, bool] | None:
    """``"13"``: runners on first and third; ``None``: the play ended the half-inning."""
    return None if occupied is None else tuple(str(base) in occupied for base in (1, 2, 3))


def _steal_game() -> str:
    """Steals and caught stealing of every base, written by hand in Quick Baseball's words
    (no game lets a runner steal home). Each play: batter, words, tags, runs, bases before,
    bases after."""
    caught = ("caught-stealing", "out")
    plays = [
        (1, "Batter 1 singles.", ("hit",), 0, "", "1"),
        (2, "Runner steals second against Run Out.", ("steal",), 0, "1", "2"),
        (2, "Runner steals third against Caught.", ("steal",), 0, "2", "3"),
        (2, "Runner steals home against Fly Ball.", ("steal",), 1, "3", ""),
        (2, "Batter 2 singles.", ("hit",), 0, "", "1"),
        (3, "Batter 3 singles.", ("hit",), 0, "1", "12"),
        (4, "Pitch Out: runner caught stealing third.", caught, 0, "12", "1"),
        (4, "Pitch Out: runner caught stealing second.", caught, 0, "1", ""),
        (4, "Batter 4 doubles.", ("hit",), 0, "", "2"),
        (5, "Batter 5 triples: one run scores.", ("hit",), 1, "2", "3"),
        (6, "Pitch Out: runner caught stealing home.", (*caught, "half-over"), 0, "3", None),
    ]
    records = [
        PlayIn(1, 0, text, tags, runs, _bases(before), _bases(after), batter)
        for batter, text, tags, runs, before, after in plays
    ]
    records.append(PlayIn(1, 1, "Batter 1 strikes out.", ("out", "strikeout"), 0, EMPTY, EMPTY, 1))
    return retrosheet_events.game_events(
        number=7, sides=["Stealers", "Catchers"], date=datetime.date(YEAR, 5, 1), plays=records
    )


def test_caught_stealing_names_its_fielders_and_is_an_out_for_chadwick(tmp_path):
    text = _steal_game()
    events = play_events(text)
    assert [e for e in events if e.startswith(("SB", "CS"))] == [
        "SB2", "SB3", "SBH", "CS3(25)", "CS2(26)", "CSH(12)",
    ]  # fmt: skip
    (tmp_path / "7.EVE").write_text(text)
    codes = retrosheet_teams.team_codes(["Stealers", "Catchers"])
    teams = {code: name for name, code in codes.items()}
    for name, file_text in retrosheet_teams.team_and_roster_files(teams, [YEAR]):
        (tmp_path / name).write_text(file_text)
    figures = chadwick_figures(tmp_path)["SKP000000007"]
    # Five hits, two runs (a steal of home and a triple), three runners caught: the half ends.
    assert figures == Figures(
        runs=(2, 0),
        hits=(5, 0),
        left_on_base=(0, 0),
        outs=(3, 1),
        line_score=("2", "0"),
        at_bats=(5, 1),
        home_runs=(0, 0),
        strikeouts=(0, 1),
    )


def test_backyard_batters_are_the_pawns_of_the_lineup(tmp_path):
    options = {"innings": 3}
    game = replayed(
        1, "backyard-baseball", options, play_out("backyard-baseball", options, 3).plays
    )
    write_games(tmp_path, [game])
    text = (tmp_path / "1.EVE").read_text()
    starters = {line.split(",")[1] for line in text.splitlines() if line.startswith("start,")}
    batters = {line.split(",")[3] for line in text.splitlines() if line.startswith("play,")}
    codes = retrosheet_teams.team_codes(game.sides)
    assert batters == {
        retrosheet_teams.player_id(codes[side], slot) for side in game.sides for slot in (1, 2)
    }
    assert batters <= starters
    figures = chadwick_figures(tmp_path)["SKP000000001"]
    assert figures == site_figures("backyard-baseball", game.replayed)
    assert sum(figures.strikeouts) and sum(figures.at_bats) and sum(figures.outs) == 6 * 3


@pytest.fixture(scope="module")
def demo_seasons(django_db_setup, django_db_blocker):
    """The demo's baseball leagues, each with its season played as the demo plays it (four
    fixtures played, one live), the other games left out."""
    leagues = [entry for entry in demo.DEMO_LEAGUES if entry[1] in BASEBALL]
    with django_db_blocker.unblock():
        user = get_user_model().objects.create_user(
            "chadwick-demo", password="pw-demo-1", is_staff=True
        )
        with mock.patch.object(demo, "DEMO_LEAGUES", leagues):
            demo.load_demo_leagues(user, random.Random(2026))
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.mark.django_db
@pytest.mark.xdist_group("chadwick-demo")
@pytest.mark.parametrize("kind", BASEBALL)
def test_the_demo_seasons_packs_read_in_chadwick_as_the_site_scores_them(
    demo_seasons, tmp_path, kind
):
    season = League.objects.get(kind=kind).seasons.get()
    names = season_pack.write_directory(season, tmp_path)
    games = season_pack.season_games(season)
    assert len(games) == 5 and any(game.finished_at is None for game in games)
    assert {n for n in names if n.endswith(".EVE")} == {f"retrosheet/{g.pk}.EVE" for g in games}

    # Chadwick's team file and a roster per team, for the year the games were played.
    years = {exports.game_date(game).year for game in games}
    teams = {side for game in games for side in game.sides}
    folder = tmp_path / "retrosheet"
    for year in years:
        team_lines = (folder / f"TEAM{year}").read_text().splitlines()
        assert sorted(line.split(",")[2] for line in team_lines) == sorted(teams)
        codes = [line.split(",")[0] for line in team_lines]
        assert {n for n in names if n.endswith(f"{year}.ROS")} == {
            f"retrosheet/{code}{year}.ROS" for code in codes
        }

    expected = {
        retrosheet_events.game_id(game.pk): site_figures(kind, replay_game(game)) for game in games
    }
    assert chadwick_figures(folder) == expected
