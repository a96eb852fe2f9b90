"""What a kind's scoring screen reads of a board.

The board itself is built by the scoring layer (``games.scoring.selectors.Scoreboard``); a
kind's screen only reads it, so it names what it reads here and does not import scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from games.engines.record import Replay
from games.models import Game


class ScreenBoard(Protocol):
    """A game's board as its screen draws it."""

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> Any: ...

    @property
    def summary(self) -> dict[str, Any]: ...

    @property
    def tally(self) -> dict[str, Any] | None:
        """Running counts the last play carries (hits per side, …), or None."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def lines(self) -> Sequence[Any]:
        """The play-by-play, oldest first, read from the rows only when indexed: each line's
        ``payload`` is its play (``lines[-1]`` is one query)."""
        ...

    @property
    def replay(self) -> Replay:
        """Every state of the log: a full replay, read only when a screen needs it."""
        ...
