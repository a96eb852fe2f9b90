"""The tennis table: per player, P, W, L, NR, sets and games won, lost and their difference,
read from the stats rows' ``data`` (see ``games/kinds/quick_tennis/stats.py``).

Players are ordered by matches won, then set difference, then game difference (a tie-break
set counts 7-6), then head-to-head PCT among the players still level (as for baseball), then
name. A tennis match is never tied. No results (NR) count in P.
"""

from __future__ import annotations

from collections import defaultdict

from games.leagues.standings.table import (
    POSITION,
    Column,
    Family,
    Record,
    Value,
    head_to_head,
    name_key,
    signed,
    team_column,
)
from games.models import League

COLUMNS = (
    POSITION,
    team_column("Player"),
    Column("p", "P", "Matches played"),
    Column("w", "W", "Matches won"),
    Column("l", "L", "Matches lost"),
    Column("nr", "NR", "No result: abandoned matches"),
    Column("sw", "SW", "Sets won"),
    Column("sl", "SL", "Sets lost"),
    Column("sd", "SD", "Set difference"),
    Column("gw", "GW", "Games won"),
    Column("gl", "GL", "Games lost"),
    Column("gd", "GD", "Game difference"),
)

ORDERING = (
    "Ordered by matches won, then set difference (sets won − sets lost), then game difference "
    "(games won − games lost; a tie-break set counts 7-6), then head-to-head PCT in the "
    "season's matches between the players still level, then name."
)


def _set_difference(record: Record) -> int:
    return record.total("sets_won") - record.total("sets_lost")


def _game_difference(record: Record) -> int:
    return record.total("games_won") - record.total("games_lost")


def order(league: League, records: list[Record]) -> list[Record]:
    groups: dict[tuple[int, int, int], list[Record]] = defaultdict(list)
    for record in records:
        groups[(record.won, _set_difference(record), _game_difference(record))].append(record)
    ordered: list[Record] = []
    for key in sorted(groups, key=lambda k: tuple(-n for n in k)):
        level = groups[key]
        ordered += sorted(level, key=lambda r: (-head_to_head(r, level), *name_key(r)))
    return ordered


def values(league: League, record: Record, leader: Record) -> dict[str, Value]:
    return {
        "p": record.played_with_no_results,
        "w": record.won,
        "l": record.lost,
        "nr": record.no_results,
        "sw": record.total("sets_won"),
        "sl": record.total("sets_lost"),
        "sd": signed(_set_difference(record)),
        "gw": record.total("games_won"),
        "gl": record.total("games_lost"),
        "gd": signed(_game_difference(record)),
    }


FAMILY = Family(
    columns=COLUMNS, order=order, values=values, ordering=lambda league: ORDERING, reads_data=True
)
