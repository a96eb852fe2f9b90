"""Reads: game records, replays, scoreboards and lists. Everything comes from the log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from .engines import Outcome
from .engines.record import Record, Replay, ReplayError, replay
from .models import Game


def game_record(game: Game) -> Record:
    payloads = tuple(game.plays.order_by("seq").values_list("payload", flat=True))
    return Record(
        game=game.kind, options=dict(game.options), sides=tuple(game.sides), plays=payloads
    )


def replay_game(game: Game) -> Replay:
    """Replay the stored log. Raises ``ReplayError`` if a stored play no longer replays."""
    return replay(game_record(game))


@dataclass(frozen=True)
class PlayLine:
    seq: int
    payload: dict[str, Any]
    outcome: Outcome
    summary: dict[str, Any]


@dataclass(frozen=True)
class Scoreboard:
    game: Game
    replay: Replay
    summary: dict[str, Any]
    lines: tuple[PlayLine, ...]
    log_length: int
    last_play_id: int
    error: str = ""

    @property
    def state(self) -> Any:
        return self.replay.final_state

    @property
    def next_seq(self) -> int:
        return self.log_length + 1

    @property
    def is_over(self) -> bool:
        return self.replay.engine.is_over(self.state)


def scoreboard(game: Game) -> Scoreboard:
    """Everything a scoreboard page shows, derived by replaying the game's log."""
    record = game_record(game)
    try:
        result = replay(record)
        error = ""
    except ReplayError as exc:
        # A log that no longer replays (e.g. the rules changed) is shown up to the bad play.
        result = replay(
            Record(game.kind, record.options, record.sides, record.plays[: exc.number - 1])
        )
        error = str(exc)
    engine = result.engine
    lines = tuple(
        PlayLine(seq, dict(payload), outcome, engine.summary(state))
        for seq, (payload, outcome, state) in enumerate(
            zip(record.plays, result.outcomes, result.states[1:], strict=False), start=1
        )
    )
    last_play_id = game.plays.order_by("-seq").values_list("id", flat=True).first() or 0
    return Scoreboard(game, result, result.summary(), lines, len(record.plays), last_play_id, error)


def play_question(game: Game, raw: Any, answered: list[str]) -> dict[str, Any] | None:
    """What the table must still answer before ``raw`` can be recorded (questions already
    answered, like a declined review, are not asked again). Raises ``InvalidPlay``."""
    replayed = replay_game(game)
    question = replayed.engine.pending(replayed.final_state, raw)
    if question is None or question["ask"] in answered:
        return None
    return question


def game_list() -> QuerySet[Game]:
    return Game.objects.select_related("created_by").order_by("-created_at", "-id")
