"""Final games: closed to corrections until an organiser reopens them; stats follow."""

import pytest
from django.core.exceptions import PermissionDenied

from games.engines.record import Record, ReplayError, replay
from games.kinds.records import game_record
from games.leagues.standings import season_standings
from games.models import GameStats
from games.scoring import corrections
from tests.leagues.conftest import play_fixture

from .conftest import log, position

pytestmark = pytest.mark.django_db


@pytest.fixture
def final_game(baseball_league, scorer):
    _, season, teams = baseball_league
    return play_fixture(season, teams[0], teams[1], scorer, seed=3)


def score_changing_correction(game) -> tuple[int, dict]:
    """A replacement of one play that keeps the game legal and final but changes the score."""
    record = game_record(game)
    states = replay(record).states
    engine = game.engine
    for index in range(len(record.plays) - 1, -1, -1):
        for alt in engine.legal_plays(states[index]):
            plays = list(record.plays)
            plays[index] = alt
            try:
                summary = replay(
                    Record(record.game, record.options, record.sides, tuple(plays))
                ).summary()
            except ReplayError:
                continue
            if summary["status"] == "final" and summary["score"] != game.summary["score"]:
                return index + 1, alt
    raise AssertionError("no score-changing correction found")


def test_a_final_game_cannot_be_corrected_until_reopened(final_game, scorer, organiser):
    assert final_game.is_final
    before = log(final_game)
    with pytest.raises(corrections.CorrectionRefused, match="must reopen it"):
        corrections.play_correct(
            game=final_game, seq=1, after=None, reason="r", user=scorer, **position(final_game)
        )
    assert log(final_game) == before
    corrections.game_reopen(game=final_game, user=organiser)
    assert corrections.is_reopened(game=final_game)
    assert corrections.can_correct(game=final_game, user=scorer)
    assert corrections.can_correct(game=final_game, user=organiser)
    corrections.game_close(game=final_game, user=organiser)
    assert not corrections.can_correct(game=final_game, user=scorer)
    assert final_game.reopenings.get().closed_by == organiser


def test_only_organisers_reopen_and_close(final_game, scorer, stranger, organiser):
    for user in (scorer, stranger):
        with pytest.raises(PermissionDenied):
            corrections.game_reopen(game=final_game, user=user)
    corrections.game_reopen(game=final_game, user=organiser)
    with pytest.raises(corrections.CorrectionRefused, match="already open"):
        corrections.game_reopen(game=final_game, user=organiser)
    for user in (scorer, stranger):
        with pytest.raises(PermissionDenied):
            corrections.game_close(game=final_game, user=user)
        assert not corrections.can_correct(game=final_game, user=stranger)


def test_a_game_in_progress_needs_no_reopening(game, django_user_model):
    staff = django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    with pytest.raises(corrections.CorrectionRefused, match="Only a final game"):
        corrections.game_reopen(game=game, user=staff)


def test_stats_and_standings_follow_a_correction_of_a_final_league_game(
    final_game, scorer, organiser, baseball_league
):
    _, season, _ = baseball_league
    corrections.game_reopen(game=final_game, user=organiser)
    seq, alt = score_changing_correction(final_game)
    corrections.play_correct(
        game=final_game,
        seq=seq,
        after=alt,
        reason="the umpire's sheet says otherwise",
        user=organiser,
        **position(final_game),
    )
    final_game.refresh_from_db()
    assert final_game.is_final
    rows = GameStats.objects.filter(game=final_game).order_by("side")
    assert [row.runs_for for row in rows] == final_game.summary["score"]
    standings = season_standings(season=season)
    assert standings.games_counted == 1

    # Deleting the last play makes the game unfinished: it leaves the stats and standings.
    corrections.play_correct(
        game=final_game,
        seq=final_game.plays.count(),
        after=None,
        reason="the last out was never made",
        user=organiser,
        **position(final_game),
    )
    final_game.refresh_from_db()
    assert not final_game.is_final
    assert final_game.finished_at is None
    assert not GameStats.objects.filter(game=final_game).exists()
    assert season_standings(season=season).games_counted == 0
