"""Writes: creating games, recording and undoing plays, adding scorers. All atomic.

Every write to a log gives the game a new ``log_revision`` and stores the board it leaves in
the game's cached state (``state_cache``), in the write's own transaction.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper import rows

from . import state_cache, stats
from .engines import EngineError, Outcome, get
from .engines.catalogues import default_catalogue
from .models import CardCatalogue, Game, Play
from .models.games import new_revision

# Every refusal of a write because another tablet wrote first says this.
NOT_RECORDED = "was not recorded"


class PositionConflict(Exception):
    """Another tablet wrote first: the screen that sent this write is out of date.

    ``expected`` is the play the screen would have entered next, ``actual`` the next play
    now; ``replaced``: the screen's last play was undone and entered again. The scoring
    screen tells the scorer what the other tablet did (``conflicts.refused``)."""

    def __init__(self, expected: int, actual: int, replaced: bool = False):
        self.expected, self.actual, self.replaced = expected, actual, replaced
        if replaced:
            what = f"play {expected - 1} was undone and entered again"
        elif actual > expected:
            what = "more plays were entered"
        else:
            what = "a play was undone"
        super().__init__(
            f"Another tablet changed the game first ({what}): this {NOT_RECORDED}. "
            "The board below is up to date; tap again if you still want it."
        )


class UnknownUser(ValueError):
    pass


class NeedsAnswer(Exception):
    """The table must answer ``question`` before the play can be recorded (nothing was)."""

    def __init__(self, question: dict[str, Any]):
        self.question = question
        super().__init__(question.get("ask", "a question"))


def _require_scorer(game: Game, user) -> None:
    if not game.is_scorer(user):
        raise PermissionDenied("Only this game's scorers can change it.")


def catalogue_option(kind: str) -> dict[str, Any]:
    """The ``catalogue`` option for a new game, when the staff-edited catalogue differs."""
    row = CardCatalogue.objects.filter(kind=kind).first()
    if row is None:
        return {}
    try:
        default = default_catalogue(kind)
    except FileNotFoundError:
        return {}
    return {} if row.data == default else {"catalogue": row.data}


def game_create(*, kind: str, options: Mapping[str, Any], sides: list[str], user) -> Game:
    """Create a game; ``options`` are validated by the engine (``InvalidOptions``)."""
    engine = get(kind)
    checked = engine.options({**options, **catalogue_option(kind)})
    game = Game.objects.create(kind=kind, options=checked, sides=list(sides), created_by=user)
    refresh_summary(game)
    return game


class Recorded(NamedTuple):
    """A play just recorded: the game as it is now, the play's log row, what it did, the
    board it leaves and the board before it."""

    game: Game
    play: Play
    outcome: Outcome
    board: state_cache.Current
    previous: state_cache.Current


class Undone(NamedTuple):
    """A play just undone: the game as it is now, the removed row, the board it leaves and
    the board before."""

    game: Game
    play: Play
    board: state_cache.Current
    previous: state_cache.Current


@transaction.atomic
def play_record(
    *,
    game: Game,
    raw: Mapping[str, Any],
    expected_seq: int,
    user,
    after_play: int | None = None,
    answered: Collection[str] | None = None,
) -> Recorded:
    """Append ``raw`` at position ``expected_seq`` if that is the next position and legal.

    ``after_play`` (the id of the last play the screen showed, 0 for none) also catches a
    screen that missed an undo followed by a new play at the same position. With ``answered``
    (the questions the table has answered, as the scoring screen posts them), a question the
    engine still has for this play (``Engine.pending``) is raised as ``NeedsAnswer``. Raises
    ``PermissionDenied``, ``PositionConflict`` or the engine's ``EngineError``; on any error
    nothing is written.

    This is the tap at the table, so it costs the same at any log length: the board comes from
    the game's cached state and the play is applied to it once; the writes are plain SQL.
    """
    game = _locked(game)
    _require_scorer(game, user)
    current = state_cache.current(game)
    _check_position(expected_seq - 1, current.length, after_play, current.last_play_id)
    if current.error:
        raise EngineError(f"This game's log no longer replays ({current.error}).")
    engine = game.engine
    if answered is not None:
        question = engine.pending(current.state, raw)
        if question is not None and question["ask"] not in answered:
            raise NeedsAnswer(question)
    new_state, outcome = engine.play(current.state, raw)
    seq, payload, now = current.length + 1, dict(raw), timezone.now()
    try:
        play_id = rows.insert(
            Play, game_id=game.pk, seq=seq, payload=payload, created_by_id=user.pk, created_at=now
        )
    except IntegrityError:
        # Only a write that went behind the game's lock gets here; the whole transaction is
        # rolled back with the conflict.
        raise PositionConflict(expected_seq, seq + 1) from None
    summary = engine.summary(new_state)
    revision = new_revision()
    rows.update(Game, game.pk, summary=summary, log_revision=revision, updated_at=now)
    game.summary, game.log_revision, game.updated_at = summary, revision, now
    board = state_cache.appended(
        game,
        current,
        play_id=play_id,
        raw=raw,
        state=new_state,
        outcome=outcome,
        summary=summary,
        revision=revision,
        by=user.get_username(),
    )
    if summary["status"] == Game.FINAL:
        stats.sync(game)
    play = Play(id=play_id, game=game, seq=seq, payload=payload, created_by=user, created_at=now)
    return Recorded(game, play, outcome, board, current)


def _locked(game: Game) -> Game:
    """``game`` read afresh in the write's transaction, locked until it ends: writers to one
    game take turns."""
    fresh = rows.get_by_key(Game, game.pk, for_update=True)
    if fresh is None:
        raise Game.DoesNotExist(f"no game {game.pk}")
    return fresh


@transaction.atomic
def play_undo(*, game: Game, expected_seq: int, user, after_play: int | None = None) -> Undone:
    """Remove the last play, if it is still play ``expected_seq``."""
    game = _locked(game)
    _require_scorer(game, user)
    current = state_cache.current(game)
    if not current.length:
        raise EngineError("There is no play to undo.")
    _check_position(expected_seq, current.length, after_play, current.last_play_id)
    last = game.plays.get(seq=current.length)
    was_final = game.is_final
    last.delete()
    previous_id = game.plays.order_by("-seq").values_list("id", flat=True).first() or 0
    revision = new_revision()
    after = state_cache.after_undo(game, current, last_play_id=previous_id, revision=revision)
    _store_summary(game, _summary_of(after), revision)
    if was_final:
        stats.sync(game)
    return Undone(game, last, after, current)


def _check_position(seen: int, actual: int, after_play: int | None, last_id: int) -> None:
    """The screen saw ``seen`` plays ending with play id ``after_play``; is that still so?

    (The last play has the highest id: plays are only ever appended, and corrections keep
    the ids of the plays they change.)
    """
    if seen != actual:
        raise PositionConflict(seen + 1, actual + 1)
    if after_play is not None and last_id != after_play:
        raise PositionConflict(seen + 1, actual + 1, replaced=True)


def scorer_add(*, game: Game, username: str, user) -> None:
    """The game's creator lets another user score it."""
    if not user.is_authenticated or user.pk != game.created_by_id:
        raise PermissionDenied("Only the game's creator can add scorers.")
    try:
        scorer = get_user_model().objects.get(username=username.strip())
    except get_user_model().DoesNotExist:
        raise UnknownUser(f"There is no user called {username.strip()!r}.") from None
    game.scorers.add(scorer)


def refresh_summary(game: Game) -> dict[str, Any]:
    """Rebuild the game's cached state and summary from the log (the log is the truth).

    Called after any change to the log other than one play added or undone (corrections,
    imports, a new game); it gives the game a new revision.
    """
    revision = new_revision()
    current, _ = state_cache.rebuild(game, revision)
    summary = _summary_of(current)
    _store_summary(game, summary, revision)
    return summary


def _summary_of(current: state_cache.Current) -> dict[str, Any]:
    if current.error:
        return {"status": "broken", "error": current.error}
    return current.summary


def _store_summary(game: Game, summary: dict[str, Any], revision: str | None = None) -> str:
    game.summary = summary
    game.log_revision = revision or new_revision()
    game.save(update_fields=["summary", "log_revision", "updated_at"])
    return game.log_revision
