"""Reads: game records, replays, scoreboards and lists. Everything comes from the log, the
boards through its cached current state (``state_cache``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db.models import QuerySet

from . import state_cache
from .engines import Engine, get
from .engines.record import Record, Replay, replay
from .models import Game
from .play_lines import PlayLine, PlayLines

__all__ = ["PlayLine", "Scoreboard", "game_list", "game_record", "scoreboard"]


def game_record(game: Game) -> Record:
    payloads = tuple(game.plays.order_by("seq").values_list("payload", flat=True))
    return Record(
        game=game.kind, options=dict(game.options), sides=tuple(game.sides), plays=payloads
    )


def replay_game(game: Game) -> Replay:
    """Replay the stored log. Raises ``ReplayError`` if a stored play no longer replays."""
    return replay(game_record(game))


@dataclass(frozen=True)
class Scoreboard:
    """A game's board: its state and summary now, and its play-by-play (loaded on demand)."""

    game: Game
    state: Any
    summary: dict[str, Any]
    lines: PlayLines
    log_length: int
    last_play_id: int
    error: str = ""
    revision: str = ""

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


def scoreboard(game: Game, current: state_cache.Current | None = None) -> Scoreboard:
    """Everything a scoreboard page shows, from the game's cached state (see state_cache), or
    from ``current``, the board a write just left."""
    current = current or state_cache.current(game)

    def rebuild() -> list:
        return state_cache.rebuild(game, current.revision, writing=False)[1]

    return Scoreboard(
        game=game,
        state=current.state,
        summary=current.summary,
        lines=PlayLines(game.pk, current, rebuild),
        log_length=current.length,
        last_play_id=current.last_play_id,
        error=current.error,
        revision=current.revision,
    )


def game_list() -> QuerySet[Game]:
    return Game.objects.select_related("created_by").order_by("-created_at", "-id")
