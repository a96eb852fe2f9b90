"""Writes that change what counts: voiding a league game, and recording a fixture as
abandoned or no result.

- Only a league game (one with a season) can be voided, by that league's organisers. A voided
  game stays in the archive with its reason and has no stats rows, so it is out of the
  standings; un-voiding puts it back.
- A fixture not yet played to the end (not started, or started and unfinished) can be recorded
  as abandoned or no result, with a reason: it counts as played, for ``points_no_result``
  each, and its runs never enter net run rate. Its game, if any, stays in the archive as it
  is; a game scored on to the end after all has no stats rows until the mark is undone. A
  final game cannot be marked (void it if it should not count). A marked fixture is not
  started, not given an imported game, and not removed until the mark is undone.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.leagues import stats
from games.leagues.cups import changes
from games.leagues.services.common import LeagueError, locked_fixture, require_organiser
from games.leagues.standings_cache import bump_seasons
from games.models import Fixture, Game, League
from games.scoring import services

MAX_VOID_REASON = 200
MAX_OUTCOME_REASON = 200


def _league_game(game: Game, user) -> League:
    if game.season_id is None:
        raise LeagueError("Only a league's games can be voided.")
    league = game.season.league
    require_organiser(league=league, user=user)
    return league


@transaction.atomic
def game_void(*, game: Game, user, reason: str) -> Game:
    """Void a league game: it stays in the archive with ``reason`` and leaves the standings."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    _league_game(game, user)
    reason = " ".join(str(reason).split())
    if not reason:
        raise LeagueError("Give the reason the game is voided.")
    if len(reason) > MAX_VOID_REASON:
        raise LeagueError(f"The reason is too long (at most {MAX_VOID_REASON} characters).")
    game.voided_at = game.voided_at or timezone.now()
    game.void_reason = reason
    game.save(update_fields=["voided_at", "void_reason"])
    services.touch(game)
    stats.sync(game)
    return game


@transaction.atomic
def game_unvoid(*, game: Game, user) -> Game:
    """Count a voided game again (its stats rows come back if it is final)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    _league_game(game, user)
    game.voided_at = None
    game.void_reason = ""
    game.save(update_fields=["voided_at", "void_reason"])
    services.touch(game)
    stats.sync(game)
    return game


def _outcome_changed(fixture: Fixture) -> None:
    """The standings (and any page showing the fixture's game) must be drawn again."""
    bump_seasons(pk=fixture.season_id)
    if fixture.game_id is not None:
        game = Game.objects.get(pk=fixture.game_id)
        services.touch(game)
        stats.sync(game)
    else:
        changes.fixture_changed(fixture)


@transaction.atomic
def fixture_mark_no_result(*, fixture: Fixture, user, outcome: str, reason: str) -> Fixture:
    """Record the fixture as abandoned or no result (``outcome``), with ``reason``: it counts
    as played, for the league's points for a no result, and is left out of net run rate."""
    fixture = locked_fixture(fixture, user)
    if outcome not in (Fixture.ABANDONED, Fixture.NO_RESULT):
        raise LeagueError("Choose abandoned or no result.")
    if fixture.tie_id is not None:
        raise LeagueError("A knockout tie needs a winner: play the game again, or give a walkover.")
    reason = " ".join(str(reason).split())
    if not reason:
        raise LeagueError("Give the reason there was no result.")
    if len(reason) > MAX_OUTCOME_REASON:
        raise LeagueError(f"The reason is too long (at most {MAX_OUTCOME_REASON} characters).")
    if fixture.is_no_result:
        raise LeagueError(
            f"This fixture is already recorded as {fixture.get_outcome_display()}: undo that first."
        )
    if fixture.game_id is not None and Game.objects.get(pk=fixture.game_id).is_final:
        raise LeagueError(
            "This fixture's game is finished, so it has a result; void the game if it should "
            "not count."
        )
    fixture.outcome = outcome
    fixture.outcome_reason = reason
    fixture.outcome_recorded_at = timezone.now()
    fixture.save(update_fields=["outcome", "outcome_reason", "outcome_recorded_at"])
    _outcome_changed(fixture)
    return fixture


@transaction.atomic
def fixture_clear_no_result(*, fixture: Fixture, user) -> Fixture:
    """Undo ``fixture_mark_no_result``: the fixture is to be played (or its game counts) again."""
    fixture = locked_fixture(fixture, user)
    if not fixture.is_no_result:
        raise LeagueError("This fixture is not recorded as abandoned or no result.")
    fixture.outcome = Fixture.NORMAL
    fixture.outcome_reason = ""
    fixture.outcome_recorded_at = None
    fixture.save(update_fields=["outcome", "outcome_reason", "outcome_recorded_at"])
    _outcome_changed(fixture)
    return fixture
