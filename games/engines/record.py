"""The JSON game record (``README.md`` beside this file): read, validate, replay, write.

It plays the role PGN plays for chess: one format for import, export and ``replay``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import get, json_text
from .base import Engine, EngineError, InvalidOptions, Outcome

# How deep a record's JSON text may be nested, as ``games.plumbing.untrusted_files`` holds
# files to: a record is four levels deep, an inline card catalogue adds a few.
RECORD_DEPTH = 64


class RecordError(ValueError):
    """The record as a whole is unusable: not JSON, unknown game, bad options or sides."""


class ReplayError(ValueError):
    """Play ``number`` (1-based) of a record is malformed or illegal."""

    def __init__(self, number: int, error: EngineError):
        self.number = number
        self.error = error
        super().__init__(f"play {number}: {error}")


@dataclass(frozen=True)
class Record:
    game: str
    options: dict[str, Any]
    sides: tuple[str, ...]
    plays: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    @property
    def engine(self) -> Engine:
        return get(self.game)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "sides": list(self.sides),
            "plays": [dict(p) for p in self.plays],
        }


@dataclass(frozen=True)
class Replay:
    """The result of replaying a record: every state and outcome in order."""

    engine: Engine
    states: tuple[Any, ...]
    outcomes: tuple[Outcome, ...]

    @property
    def final_state(self) -> Any:
        return self.states[-1]

    def summary(self) -> dict[str, Any]:
        return self.engine.summary(self.final_state)


def loads(text: str) -> Record:
    """Parse a record from JSON text. Raises ``RecordError``."""
    try:
        data = json_text.loads(text, limit=RECORD_DEPTH)
    except json_text.TooDeep as exc:
        raise RecordError(f"the record is {exc}") from None
    except ValueError as exc:
        raise RecordError(f"the record is not valid JSON: {exc}") from None
    return from_json(data)


def from_json(data: Any) -> Record:
    """Check a decoded record's shape, game id and options. Raises ``RecordError``."""
    if not isinstance(data, Mapping):
        raise RecordError("the record must be a JSON object")
    if "game" not in data:
        raise RecordError("the record has no 'game'")
    try:
        engine = get(data["game"])
        options = engine.options(data.get("options") or {})
    except InvalidOptions as exc:
        raise RecordError(str(exc)) from None
    sides = data.get("sides")
    if sides is None:
        sides = engine.default_sides
    if (
        not isinstance(sides, Sequence)
        or isinstance(sides, str)
        or len(sides) != len(engine.default_sides)
        or not all(isinstance(s, str) and s.strip() for s in sides)
    ):
        raise RecordError(
            f"'sides' must be a list of {len(engine.default_sides)} team names for {engine.id}"
        )
    plays = data.get("plays", [])
    if not isinstance(plays, Sequence) or isinstance(plays, str):
        raise RecordError("'plays' must be a list")
    return Record(
        game=engine.id,
        options=options,
        sides=tuple(s.strip() for s in sides),
        plays=tuple(plays),
    )


def check_plays(record: Record) -> None:
    """Refuse a record whose plays are more than its game defines (``Engine.check_play``: a
    key the game does not declare, a play over ``PLAY_LIMIT``), as the site refuses such a
    play at the table. For records the site takes in (imports, restores); ``replay`` itself
    reads any record, unknown keys ignored. Raises ``ReplayError`` naming the play."""
    engine = record.engine
    for number, raw in enumerate(record.plays, start=1):
        try:
            engine.check_play(raw)
        except EngineError as exc:
            raise ReplayError(number, exc) from None


def replay(record: Record) -> Replay:
    """Apply every play of ``record`` in order. Raises ``ReplayError`` at the first bad play."""
    engine = record.engine
    state = engine.initial_state(record.options)
    states = [state]
    outcomes = []
    for number, raw in enumerate(record.plays, start=1):
        try:
            state, outcome = engine.play(state, raw)
        except EngineError as exc:
            raise ReplayError(number, exc) from None
        states.append(state)
        outcomes.append(outcome)
    return Replay(engine=engine, states=tuple(states), outcomes=tuple(outcomes))


def dumps(record: Record) -> str:
    return json.dumps(record.to_json(), indent=1)
