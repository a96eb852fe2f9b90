"""Reads: game records, replays, scoreboards and lists. Everything comes from the log, the
boards from what its last play produced (``games.scoring.board``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django.db.models import QuerySet

from games.engines import Engine, get
from games.engines.record import Record, Replay, replay
from games.kinds.records import game_record
from games.models import Game, Play
from games.scoring import board as boards
from games.scoring.board import Board, PlayLine, PlayLines

__all__ = ["PlayLine", "Scoreboard", "game_list", "game_record", "scoreboard"]


@dataclass(frozen=True)
class Scoreboard:
    """A game's board: its state and summary now, and its play-by-play (read on demand)."""

    game: Game
    state: Any
    summary: dict[str, Any]
    lines: PlayLines
    log_length: int
    last_play_id: int
    error: str = ""
    revision: str = ""
    chain: str = ""  # the digest of the log through the last play that replays
    tally: dict[str, Any] | None = None  # running counts (``games.scoring.board.next_tally``)

    @property
    def engine(self) -> Engine:
        return get(self.game.kind)

    @property
    def next_seq(self) -> int:
        return self.log_length + 1

    @property
    def is_over(self) -> bool:
        return self.engine.is_over(self.state)

    @property
    def fingerprint(self) -> str:
        """Changes whenever anything the board is drawn from changes."""
        return f"{self.revision}.{self.log_length}.{self.last_play_id}"

    @cached_property
    def replay(self) -> Replay:
        """Every state of the log (up to the play that no longer replays): a full replay."""
        record = game_record(self.game)
        return replay(
            Record(record.game, record.options, record.sides, record.plays[: len(self.lines)])
        )


def scoreboard(game: Game, current: Board | None = None) -> Scoreboard:
    """Everything a scoreboard page shows, from the game's last play (see games.scoring.board), or
    from ``current``, the board a write just left."""
    current = current or boards.current(game)
    return Scoreboard(
        game=game,
        state=current.state,
        summary=current.summary,
        lines=PlayLines(game, current),
        log_length=current.length,
        last_play_id=current.last_play_id,
        error=current.error,
        revision=current.revision,
        chain=current.chain,
        tally=current.tally,
    )


def board_before(board: Scoreboard, seq: int) -> Scoreboard:
    """``board`` as it stood before play ``seq`` (1-based) was entered: the state the
    correction form draws that game's controls for. Only its state, summary and position are
    of that moment; the play-by-play is the game's."""
    state = board.replay.states[seq - 1]
    return replace(board, state=state, summary=board.engine.summary(state), log_length=seq - 1)


# The most lines a screen following the game live is sent one by one; more, the whole list.
MOST_ADDED = 50


def lines_since(board: Scoreboard, seen: int, chain: str) -> list[PlayLine] | None:
    """The play-by-play lines a screen that shows the first ``seen`` plays, as ``chain`` (its
    board's ``chain``) names them, lacks: None unless the log still begins with those very
    plays and only went on from there (a few plays, the game still in progress), when the
    screen needs its whole list again. Play ``seen``'s row names the log through it."""
    length = len(board.lines)
    if board.error or board.is_over or not 0 < seen < length or length - seen > MOST_ADDED:
        return None
    rows = Play.objects.filter(game_id=board.game.pk, seq=seen).values_list("chain", flat=True)
    return board.lines[seen:] if list(rows) == [chain] else None


def game_list() -> QuerySet[Game]:
    return Game.objects.select_related("created_by").order_by("-created_at", "-id")
