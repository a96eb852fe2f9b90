"""Standings from games really played through the services: the stored stats rows feed the
table, and a voided game drops out of it."""

import pytest

from games.leagues import stats
from games.leagues.standings import net_run_rate, nrr_text, season_standings

from .conftest import make_league, play_fixture

pytestmark = pytest.mark.django_db


def rows_by_team(season):
    return {row.team.name: row.as_dict() for row in season_standings(season=season).rows}


def test_baseball_games_feed_the_table_and_a_voided_game_drops_out(organiser):
    from django.utils import timezone

    league, season, (giants, yankees, mets) = make_league("quick-baseball", {"innings": 1})
    games = [
        play_fixture(season, giants, yankees, organiser, seed=1),
        play_fixture(season, yankees, mets, organiser, seed=2),
        play_fixture(season, mets, giants, organiser, seed=3),
    ]
    rows = rows_by_team(season)
    assert sum(r["w"] for r in rows.values()) + sum(r["t"] for r in rows.values()) / 2 == 3
    runs = {t.name: 0 for t in (giants, yankees, mets)}
    for game in games:
        for name, score in zip(game.sides, game.summary["score"], strict=True):
            runs[name] += score
    assert {name: r["rf"] for name, r in rows.items()} == runs

    voided = games[0]
    voided.voided_at = timezone.now()
    voided.void_reason = "wrong teams"
    voided.save()
    stats.sync(voided)
    rows = rows_by_team(season)
    assert season_standings(season=season).games_counted == 2
    assert rows["Giants"]["rf"] == runs["Giants"] - voided.summary["score"][0]
    assert rows["Yankees"]["rf"] == runs["Yankees"] - voided.summary["score"][1]


def _balls(innings, quota):
    overs, deliveries = (int(part) for part in innings["overs"].split("."))
    return quota * 4 if innings["wickets"] >= 10 else overs * 4 + deliveries


def test_cricket_net_run_rate_matches_the_scorecards(organiser):
    league, season, (xi, yak, zed) = make_league(
        "quick-cricket", {"overs": 2}, ("Xi", "Yak", "Zed")
    )
    games = [
        play_fixture(season, xi, yak, organiser, seed=4),
        play_fixture(season, yak, zed, organiser, seed=5),
        play_fixture(season, zed, xi, organiser, seed=6),
    ]
    totals = {name: [0, 0, 0, 0] for name in ("Xi", "Yak", "Zed")}  # rf, faced, ra, bowled
    for game in games:
        for innings in game.summary["innings"]:
            batting = game.sides[innings["batting"]]
            bowling = game.sides[1 - innings["batting"]]
            balls = _balls(innings, quota=2)
            totals[batting][0] += innings["runs"]
            totals[batting][1] += balls
            totals[bowling][2] += innings["runs"]
            totals[bowling][3] += balls
    rows = rows_by_team(season)
    for name, (rf, faced, ra, bowled) in totals.items():
        expected = net_run_rate(
            runs_for=rf, balls_faced=faced, runs_against=ra, balls_bowled=bowled
        )
        assert rows[name]["nrr"] == nrr_text(expected)
        assert rows[name]["p"] == 2
    # 2 points for a win and 0 for a loss, or 1 each for a tie: 2 a game either way.
    assert sum(r["pts"] for r in rows.values()) == 2 * len(games)
