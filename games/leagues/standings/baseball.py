"""The baseball table (every two-sided game but cricket and tennis): W, L, T, NR, PCT, GB, RF,
RA, DIFF, STRK, L10.

- PCT is W / (W + L): ties are left out (the common baseball convention), so 3-1-2 is .750;
  a team without a decided game shows .000. No results (NR, fixtures an organiser recorded
  as abandoned) are shown after T and left out of PCT and GB, as ties are.
- GB is ((leader's W − W) + (L − leader's L)) / 2 against the first team in the table, shown
  with one decimal (``1.5``, ``2.0``); ``—`` for the leader and any team level with it. It can
  be negative when a team with more games has a worse PCT than the leader.
- Teams level on PCT and wins are ordered by head-to-head: each one's PCT in the season's
  games against the others still level (a team with no decided game among them counts
  .500). Still level: run differential, then name.
- Streak reads the latest games back (``W3``, ``L1``, ``T1``); last 10 is ``W-L``, or
  ``W-L-T`` when one of them was tied.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from games.leagues.standings.table import (
    POSITION,
    Column,
    Family,
    Record,
    Value,
    head_to_head,
    name_key,
    pct_text,
    signed,
    team_column,
)
from games.models import League

LAST_N = 10

COLUMNS = (
    POSITION,
    team_column("Team"),
    Column("w", "W", "Won"),
    Column("l", "L", "Lost"),
    Column("t", "T", "Tied"),
    Column("nr", "NR", "No result: abandoned fixtures (not in PCT)"),
    Column("pct", "PCT", "Winning percentage: W ÷ (W + L)"),
    Column("gb", "GB", "Games behind the leader"),
    Column("rf", "RF", "Runs for"),
    Column("ra", "RA", "Runs against"),
    Column("diff", "DIFF", "Run differential"),
    Column("strk", "STRK", "Streak", numeric=False),
    Column("l10", "L10", "Last 10 games", numeric=False),
)

ORDERING = (
    "Ordered by PCT (W ÷ (W + L); tied games and no results do not count), then wins, then "
    "head-to-head PCT in the season's games between the teams still level, then run "
    "differential, then name. "
    "GB = ((leader's W − W) + (L − leader's L)) ÷ 2. Streak and L10 read back from the latest "
    "game."
)


def order(league: League, records: list[Record]) -> list[Record]:
    groups: dict[tuple[Fraction, int], list[Record]] = defaultdict(list)
    for record in records:
        groups[(record.pct, record.won)].append(record)
    ordered = []
    for key in sorted(groups, key=lambda k: (-k[0], -k[1])):
        ordered.extend(_break_tie(groups[key]))
    return ordered


def _break_tie(level: list[Record]) -> list[Record]:
    """Order teams level on PCT and wins by their PCT in the games among themselves."""
    return sorted(level, key=lambda r: (-head_to_head(r, level), -r.run_difference, *name_key(r)))


def values(league: League, record: Record, leader: Record) -> dict[str, Value]:
    twice_gb = (leader.won - record.won) + (record.lost - leader.lost)
    return {
        "w": record.won,
        "l": record.lost,
        "t": record.tied,
        "nr": record.no_results,
        "pct": pct_text(record.pct),
        "gb": f"{twice_gb / 2:.1f}" if twice_gb else None,
        "rf": record.runs_for,
        "ra": record.runs_against,
        "diff": signed(record.run_difference),
        "strk": _streak(record.results),
        "l10": _last_ten(record.results),
    }


def _streak(results: list[str]) -> str | None:
    if not results:
        return None
    last = results[-1]
    length = 0
    for result in reversed(results):
        if result != last:
            break
        length += 1
    return f"{last}{length}"


def _last_ten(results: list[str]) -> str:
    recent = results[-LAST_N:]
    won, lost, tied = (recent.count(r) for r in "WLT")
    return f"{won}-{lost}-{tied}" if tied else f"{won}-{lost}"


FAMILY = Family(columns=COLUMNS, order=order, values=values, ordering=lambda league: ORDERING)
