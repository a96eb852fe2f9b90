"""Double-deck solitaire baseball stats for the one side (the player): games, wins, losses,
win percentage, best score, and batting (by lineup slot too). See ``baseball.py``.

A hit's bases are the number of cards laid down for it. A sacrifice bunt that moved the
runners up is a sacrifice (not an at bat); one that moved nobody is an out. Solitaire has no
strike-outs, steals or opponent, so its tables have no SO, SB, CS or runs allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.record import Replay
from games.kinds.stats import baseball
from games.kinds.stats.baseball import HIT, OUT, SACRIFICE, WALK, PlateAppearance
from games.kinds.stats.tables import (
    AVG,
    Column,
    Labelled,
    RecordList,
    StatsTable,
    TableSpec,
    add_up,
    build,
)

HEADING = "Player"
TABLES = (
    TableSpec(
        "record",
        "Results",
        (
            baseball.G,
            Column("wins", "W", "wins"),
            Column("losses", "L", "losses"),
            Column("win_pct", "PCT", "win percentage", AVG),
            Column("best", "Best", "best score (runs)"),
            baseball.R,
            baseball.RPG,
        ),
    ),
    TableSpec(
        "batting",
        "Batting",
        (
            baseball.PA,
            baseball.AB,
            baseball.H,
            baseball.DOUBLES,
            baseball.TRIPLES,
            baseball.HR,
            baseball.BB,
            Column("sacrifices", "SH", "sacrifice bunts"),
            baseball.BA,
            baseball.OBP,
            baseball.SLG,
        ),
    ),
)


def side_stats(replayed: Replay, side: int) -> dict[str, Any]:
    appearances: list[PlateAppearance] = []
    for before, after, outcome in zip(
        replayed.states[:-1], replayed.states[1:], replayed.outcomes, strict=True
    ):
        if before.next_batter == after.next_batter:
            continue  # rain
        tags = outcome.tags
        bases = 0
        if "hit" in tags:
            kind, bases = HIT, len(after.played) - len(before.played)
        elif "walk" in tags:
            kind = WALK
        elif "sacrifice" in tags and before.innings.outs < 2 and after.runners != before.runners:
            kind = SACRIFICE
        else:
            kind = OUT
        appearances.append(PlateAppearance(str(before.batter), kind, bases))
    line = replayed.engine.summary(replayed.final_state)["line_score"][side]
    return baseball.batting_stats(appearances, line=line)


def summarise(rows: Sequence[Any]) -> dict[str, Any]:
    return baseball.summarise(rows, add_up(row.data for row in rows))


def breakdowns(summary: dict[str, Any]) -> list[StatsTable]:
    sources = [Labelled(slot, values) for slot, values in baseball.slot_sources(summary)]
    return [build(baseball.SLOT_TABLE, "Slot", sources)] if sources else []


def records(rows: Sequence[Any]) -> list[RecordList]:
    return baseball.records(rows, one_sided=True)
