"""The solitaire table (one player a game): G, W, L, PCT, best score.

PCT is W ÷ G. There is no NR column: a solitaire game stopped short is already a result
(called for rain) or not a game at all, and an abandoned solitaire fixture is shown on the
season page. Players level on PCT, wins and best score are ordered by name.
"""

from __future__ import annotations

from games.leagues.standings.table import (
    POSITION,
    Column,
    Family,
    Record,
    Value,
    name_key,
    pct_text,
    team_column,
)
from games.models import League

COLUMNS = (
    POSITION,
    team_column("Player"),
    Column("g", "G", "Games"),
    Column("w", "W", "Won"),
    Column("l", "L", "Lost"),
    Column("pct", "PCT", "Win percentage: W ÷ G"),
    Column("best", "Best", "Best score (runs in one game)"),
)

ORDERING = "Ordered by PCT (W ÷ G), then wins, then best score, then name."


def order(league: League, records: list[Record]) -> list[Record]:
    return sorted(records, key=lambda r: (-r.pct, -r.won, -(r.best or 0), *name_key(r)))


def values(league: League, record: Record, leader: Record) -> dict[str, Value]:
    return {
        "g": record.played,
        "w": record.won,
        "l": record.lost,
        "pct": pct_text(record.pct),
        "best": record.best,
    }


FAMILY = Family(
    columns=COLUMNS, order=order, values=values, ordering=lambda league: ORDERING, sides=1
)
