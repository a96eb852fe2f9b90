"""Quick Baseball stats per side: batting (by lineup slot too), steals, caught stealing,
strike-outs, runs allowed and relief pitcher entries. See ``baseball.py`` for what is
counted and how.

A plate appearance ends when the batting side's next batter changes; steals, caught
stealing, a Fly Ball reprieve and balls short of a walk leave the batter at the plate.
``relief`` is 1 when the side brought its relief pitcher in (at most once a game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.record import Replay
from games.kinds.stats import baseball
from games.kinds.stats.baseball import HIT, OUT, WALK, PlateAppearance, batter_base
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
RELIEF = Column("relief", "Relief", "relief pitcher entries")
TABLES = (
    baseball.batting_table(
        baseball.DOUBLES,
        baseball.TRIPLES,
        baseball.HR,
        baseball.BB,
        baseball.SO,
        baseball.SB,
        baseball.CS,
    ),
    TableSpec("pitching", "Pitching", (*baseball.PITCHING.columns, RELIEF)),
)


def side_stats(replayed: Replay, side: int) -> dict[str, Any]:
    appearances: list[PlateAppearance] = []
    steals = caught = 0
    for before, after, outcome in zip(
        replayed.states[:-1], replayed.states[1:], replayed.outcomes, strict=True
    ):
        if before.innings.batting != side:
            continue
        tags = outcome.tags
        steals += "steal" in tags
        caught += "caught-stealing" in tags
        if before.next_batter[side] == after.next_batter[side]:
            continue
        if "hit" in tags:
            bases = 4 if "home-run" in tags else batter_base(after.bases)
            kind = HIT
        else:
            bases, kind = 0, WALK if "walk" in tags else OUT
        appearances.append(
            PlateAppearance(str(before.batter), kind, bases, strikeout="strikeout" in tags)
        )
    final = replayed.final_state
    line = replayed.engine.summary(final)["line_score"][side]
    return {
        **baseball.batting_stats(appearances, line=line),
        "steals": steals,
        "caught_stealing": caught,
        "relief": int(final.relief[side]),
    }


def summarise(rows: Sequence[Any]) -> dict[str, Any]:
    return baseball.summarise(rows, add_up(row.data for row in rows))


def breakdowns(summary: dict[str, Any]) -> list[StatsTable]:
    sources = [Labelled(slot, values) for slot, values in baseball.slot_sources(summary)]
    return [build(baseball.SLOT_TABLE, "Slot", sources)] if sources else []


def records(rows: Sequence[Any]) -> list[RecordList]:
    return baseball.records(rows)
