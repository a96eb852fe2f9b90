"""What a game's win-probability chart marks along its bottom: where each inning, over or set
begins among the states a game passed through, and where each play was made.

Each game's kind reads its own states (``GameKind.chart_axis``, a function of the replay's
states that answers an ``Axis``); ``axis`` here turns its reading of one state (a ``Stage``)
into the ticks. A game that says nothing gets ``plays_axis``: the plays counted in round
numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.baseball.innings import HALF_NAMES

PLAY_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
PLAY_LABELS = 10  # about as many labels as a phone's width holds


@dataclass(frozen=True)
class Stage:
    """Where one state of a game stands, as the chart's bottom counts it."""

    key: Hashable  # a new value starts a new tick
    label: str  # under the chart: "3", "Set 2", "Inns 2"; "" for a mark without a label
    name: str  # the tick in words: "Inning 3", "Innings 2", "Set 2, game 4"
    major: bool = False  # a break drawn across the chart: cricket's innings, tennis's sets
    where: str = ""  # where a play made from this state was made: "Top 3"; the name if empty


@dataclass(frozen=True)
class Tick:
    seq: int  # the point it stands at: the plays made when the stage begins
    label: str
    name: str
    major: bool


@dataclass(frozen=True)
class Axis:
    title: str  # what the bottom counts: "Innings", "Overs", "Sets"
    column: str  # the table's heading for where each play was made: "Inning", "Over"
    ticks: tuple[Tick, ...]
    stages: tuple[str, ...]  # per play, in order: where it was made


def axis(
    states: Sequence[Any], title: str, column: str, stage_of: Callable[[Any], Stage | None]
) -> Axis:
    """Ticks where ``stage_of`` gives a new key; ``None`` for a state past the end (a final
    state starts nothing)."""
    ticks: list[Tick] = []
    stages: list[str] = []
    key: Hashable = object()
    where = ""
    for seq, state in enumerate(states):
        stage = stage_of(state)
        if stage is not None:
            if stage.key != key:
                ticks.append(Tick(seq, stage.label, stage.name, stage.major))
                key = stage.key
            where = stage.where or stage.name
        if seq < len(states) - 1:
            stages.append(where)
    return Axis(title, column, tuple(ticks), tuple(stages))


def plays_axis(states: Sequence[Any]) -> Axis:
    """The plays, counted in a round step that keeps the labels to about ``PLAY_LABELS``."""
    plays = max(len(states) - 1, 1)
    step = next((s for s in PLAY_STEPS if plays / s <= PLAY_LABELS), PLAY_STEPS[-1])
    ticks = tuple(Tick(seq, str(seq), f"Play {seq}", False) for seq in range(0, plays, step))
    stages = tuple("" for _ in range(len(states) - 1))
    return Axis("Plays", "", ticks, stages)


def innings_axis(states: Sequence[Any]) -> Axis:
    """A two-sided baseball game (``state.innings`` is the shared ``Innings``): a tick at the
    top of each inning; each play made in the top or bottom half of one."""

    def stage(state: Any) -> Stage | None:
        innings = state.innings
        if innings.final:
            return None
        number = innings.inning
        half = HALF_NAMES[innings.half].title()
        return Stage(number, str(number), f"Inning {number}", where=f"{half} {number}")

    return axis(states, "Innings", "Inning", stage)


def label_step(count: int) -> int:
    """Every how many a label goes under ``count`` ticks so the labels fit a phone: every one
    up to 5, then every 2, 5 or 10."""
    for limit, step in ((5, 1), (10, 2), (25, 5)):
        if count <= limit:
            return step
    return 10
