"""The scoring screen's writes: a tap (a play posted, tapped or typed) and an undo.

Each is one call that owns the write's transaction: it reads the game and its board once,
locked (``services.locked_game``), reads the posted play against that board, writes, and
answers with one of the typed answers below, which the view renders. A write refused because
another tablet wrote first is answered with the board as it is now and what the scorer is
told (``conflicts.refused``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.db import transaction

from games.engines import EngineError
from games.models import Game
from games.scoring import board as boards
from games.scoring import conflicts, services
from games.scoring.board import Board
from games.scoring.selectors import scoreboard
from games.scoring.services import Recorded, Undone

__all__ = [
    "Answer",
    "Asked",
    "Conflict",
    "PostedPlay",
    "Recorded",
    "Refused",
    "Undone",
    "record",
    "scorer_game",
    "undo",
]


class PostedPlay(Protocol):
    """A play as a screen posted it, read once the game and its board are known (a typed
    line is read against the board's state)."""

    def read(self, kind: str, state: Any) -> dict[str, Any]:
        """The play object; raises ``EngineError`` (``InvalidPlay``) when it names none."""
        ...


@dataclass(frozen=True)
class Position:
    """The log position a write expects: ``expected`` the next play for a tap, the last for
    an undo; ``after`` the id of the last play the screen showed (None: not said)."""

    expected: int
    after: int | None = None


@dataclass(frozen=True)
class Asked:
    """The table must answer ``question`` before the play can be recorded: nothing was."""

    game: Game
    question: dict[str, Any]


@dataclass(frozen=True)
class Refused:
    """The game refused the write (an illegal play, nothing to undo…): nothing was written.
    ``status`` is 422, or 400 for a post no screen sends."""

    game: Game
    message: str
    status: int = 422


@dataclass(frozen=True)
class Conflict:
    """Another tablet wrote first: nothing was written; ``board`` is the game now and
    ``message`` says what the other tablet did and what was not recorded."""

    game: Game
    message: str
    board: Board
    status: int = 409


Answer = Recorded | Undone | Asked | Refused | Conflict


def scorer_game(pk: int, user) -> Game:
    """The game a scorer's write is for (a write that names no position is answered with
    it): ``Game.DoesNotExist`` when there is none, ``PermissionDenied`` for anyone else."""
    with transaction.atomic():
        return services.locked_game(pk, user).game


def record(
    *,
    pk: int,
    user,
    play: PostedPlay,
    position: Position,
    answered: Collection[str] | None = None,
) -> Answer:
    """Record the play ``play`` posted on game ``pk`` at ``position`` (``services``'
    ``record_locked``; ``answered``: the questions the table answered). Raises
    ``Game.DoesNotExist`` and ``PermissionDenied``; every other refusal is an answer."""
    game = None
    try:
        with transaction.atomic():
            locked = services.locked_game(pk, user)
            game = locked.game
            return services.record_locked(
                locked,
                play.read(game.kind, locked.board.state),
                expected_seq=position.expected,
                after_play=position.after,
                user=user,
                answered=answered,
            )
    except services.NeedsAnswer as asked:
        return Asked(game, asked.question)
    except services.PositionConflict as exc:
        now = boards.current(game)
        tapped = _tapped(play, game.kind, now.state)
        return Conflict(
            game, conflicts.refused(scoreboard(game, now), exc, user=user, tapped=tapped), now
        )
    except EngineError as exc:
        return _refused(game, exc)


def undo(*, pk: int, user, position: Position) -> Answer:
    """Undo the last play of game ``pk`` if it is still at ``position`` (``services``'
    ``undo_locked``). Raises ``Game.DoesNotExist`` and ``PermissionDenied``; every other
    refusal is an answer."""
    game = None
    try:
        with transaction.atomic():
            locked = services.locked_game(pk, user)
            game = locked.game
            return services.undo_locked(
                locked, expected_seq=position.expected, after_play=position.after, user=user
            )
    except services.PositionConflict as exc:
        now = boards.current(game)
        return Conflict(
            game, conflicts.refused(scoreboard(game, now), exc, user=user, undo=True), now
        )
    except EngineError as exc:
        return _refused(game, exc)


def _refused(game: Game, exc: EngineError) -> Refused:
    text = str(exc)
    # A post no screen sends (JSON nested too deeply) says 400.
    return Refused(game, text[:1].upper() + text[1:], getattr(exc, "status", 422))


def _tapped(play: PostedPlay, kind: str, state: Any) -> Mapping[str, Any] | None:
    """The play a refused tap posted, read against the board now, or None if it names none."""
    try:
        return play.read(kind, state)
    except EngineError:
        return None
