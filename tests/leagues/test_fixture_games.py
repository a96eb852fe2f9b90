"""A fixture's game takes the league's options and the teams, and stores stats when final."""

import pytest

from games.engines import catalogues
from games.models import GameStats

from .conftest import play_fixture

pytestmark = pytest.mark.django_db


def test_a_final_fixture_game_stores_one_stats_row_per_side(baseball_league, organiser):
    league, season, (giants, yankees, _) = baseball_league
    game = play_fixture(season, giants, yankees, organiser)
    assert game.options == {
        "innings": 1,
        "catalogue": catalogues.reference("quick-baseball", "first-reconstruction"),
    }
    assert game.sides == ["Giants", "Yankees"] and game.season == season
    rows = list(GameStats.objects.filter(game=game).order_by("side"))
    assert [r.team for r in rows] == [giants, yankees]
    assert [r.opponent for r in rows] == [yankees, giants]
    assert [r.runs_for for r in rows] == game.summary["score"]
    assert {r.result for r in rows} == {"W", "L"}
    assert game.finished_at is not None


def test_undoing_the_last_play_of_a_final_game_removes_its_stats(baseball_league, organiser):
    from games.scoring import services

    league, season, (giants, yankees, _) = baseball_league
    game = play_fixture(season, giants, yankees, organiser)
    services.play_undo(game=game, expected_seq=game.plays.count(), user=organiser)
    game.refresh_from_db()
    assert not GameStats.objects.filter(game=game).exists()
    assert game.finished_at is None
