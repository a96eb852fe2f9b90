"""Backyard Baseball stats per side: batting by pawn (dot and plain take turns at bat),
strike-outs, extensions and runs allowed. See ``baseball.py`` for what is counted and how.

Every hit short of a home run takes the batter to first, so there are no doubles or
triples; there are no walks or steals. The game's own running play, the extension (the lead
runner tries for the next base), is counted instead: ``extensions`` tried and
``extensions_out`` (the runner thrown out). An at bat is any play whose result is a hit or an
out (swaps and event notes are not); a bunt that moved the runners up is a sacrifice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.record import Replay
from games.kinds.stats import baseball
from games.kinds.stats.baseball import HIT, OUT, SACRIFICE, PlateAppearance
from games.kinds.stats.tables import (
    Column,
    Labelled,
    RecordList,
    StatsTable,
    TableSpec,
    add_up,
    build,
)

HEADING = "Team"
TABLES = (
    baseball.batting_table(
        baseball.HR,
        baseball.SO,
        Column("sacrifices", "SH", "sacrifice bunts"),
        Column("extensions", "Ext", "extensions tried"),
        Column("extensions_out", "Ext out", "runners out on an extension"),
    ),
    baseball.PITCHING,
)
PAWN_TABLE = TableSpec(
    "slots",
    "Batting by pawn",
    tuple(column for column in baseball.SLOT_TABLE.columns if column.key != "bb"),
)


def side_stats(replayed: Replay, side: int) -> dict[str, Any]:
    appearances: list[PlateAppearance] = []
    extensions = thrown_out = 0
    for before, outcome in zip(replayed.states[:-1], replayed.outcomes, strict=True):
        tags = outcome.tags
        if before.innings.batting != side or not ("hit" in tags or "out" in tags):
            continue
        extensions += "extend" in tags
        thrown_out += "extend-out" in tags
        bases = 0
        if "hit" in tags:
            kind, bases = HIT, 4 if "home-run" in tags else 1
        elif "bunt" in tags and before.innings.outs < 2 and any(before.runners):
            kind = SACRIFICE
        else:
            kind = OUT
        appearances.append(
            PlateAppearance(before.at_bat, kind, bases, strikeout="strikeout" in tags)
        )
    line = replayed.engine.summary(replayed.final_state)["line_score"][side]
    return {
        **baseball.batting_stats(appearances, line=line),
        "extensions": extensions,
        "extensions_out": thrown_out,
    }


def summarise(rows: Sequence[Any]) -> dict[str, Any]:
    return baseball.summarise(rows, add_up(row.data for row in rows))


def breakdowns(summary: dict[str, Any]) -> list[StatsTable]:
    sources = [Labelled(slot, values) for slot, values in baseball.slot_sources(summary)]
    return [build(PAWN_TABLE, "Pawn", sources)] if sources else []


def records(rows: Sequence[Any]) -> list[RecordList]:
    return baseball.records(rows)
