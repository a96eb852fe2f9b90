"""Bedard's Universal Baseball stats per side: batting (by lineup slot too), walks, balks,
strike-outs and runs allowed. See ``baseball.py`` for what is counted and how.

The game has no steals, so its tables have no SB or CS. A balk puts the batter on first: a
plate appearance that is neither an at bat nor a walk (it counts towards OBP).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.record import Replay
from games.kinds.stats import baseball
from games.kinds.stats.baseball import BALK, HIT, OUT, WALK, PlateAppearance, batter_base
from games.kinds.stats.tables import Column, Labelled, RecordList, StatsTable, add_up, build

HEADING = "Team"
BK = Column("balks", "BK", "balks (batter to first)")
TABLES = (
    baseball.batting_table(
        baseball.DOUBLES, baseball.TRIPLES, baseball.HR, baseball.BB, BK, baseball.SO
    ),
    baseball.PITCHING,
)


def side_stats(replayed: Replay, side: int) -> dict[str, Any]:
    appearances: list[PlateAppearance] = []
    for before, after, outcome in zip(
        replayed.states[:-1], replayed.states[1:], replayed.outcomes, strict=True
    ):
        if before.innings.batting != side or before.next_batter == after.next_batter:
            continue
        tags = outcome.tags
        bases = 0
        if "hit" in tags:
            kind = HIT
            bases = 4 if "home-run" in tags else batter_base(after.bases)
        elif "walk" in tags:
            kind = WALK
        elif "balk" in tags:
            kind = BALK
        else:
            kind = OUT
        appearances.append(
            PlateAppearance(str(before.batter), kind, bases, strikeout="strikeout" in tags)
        )
    line = replayed.engine.summary(replayed.final_state)["line_score"][side]
    return baseball.batting_stats(appearances, line=line)


def summarise(rows: Sequence[Any]) -> dict[str, Any]:
    return baseball.summarise(rows, add_up(row.data for row in rows))


def breakdowns(summary: dict[str, Any]) -> list[StatsTable]:
    sources = [Labelled(slot, values) for slot, values in baseball.slot_sources(summary)]
    return [build(baseball.SLOT_TABLE, "Slot", sources)] if sources else []


def records(rows: Sequence[Any]) -> list[RecordList]:
    return baseball.records(rows)
