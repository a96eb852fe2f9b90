"""Stats tables as pages, the team partial and the CSV show them: columns, rows, formats.

Each game's stats module says which tables it shows (``TABLES``: ``TableSpec``s naming keys
of its ``summarise`` dict); ``build`` turns labelled summaries into a ``StatsTable`` whose
cells are already text, so the page and the CSV show exactly the same values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from games.kinds.stats.decimals import half_up
from games.plumbing import safe_csv

INT, AVG, DEC1, DEC2, TEXT = "int", "avg", "dec1", "dec2", "text"
NONE = "—"  # a rate with nothing to divide by
PLACES = {DEC1: 1, DEC2: 2}


@dataclass(frozen=True)
class Column:
    key: str
    label: str  # short header, e.g. "AVG"
    title: str  # full name, for the header's tooltip
    format: str = INT


@dataclass(frozen=True)
class TableSpec:
    id: str
    title: str
    columns: tuple[Column, ...]
    note: str = ""


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[str, ...]
    url: str | None = None
    total: bool = False  # an all-time or league total row, drawn apart


@dataclass(frozen=True)
class StatsTable:
    id: str
    title: str
    heading: str  # the first column's header: "Team", "Season", "Slot"
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    note: str = ""

    def to_csv(self) -> str:
        return to_csv(self.heading, self.columns, [(row.label, row.cells) for row in self.rows])


@dataclass(frozen=True)
class Labelled:
    """One row's source: a label (team, season, slot), a link, and its summary values."""

    label: str
    values: Mapping[str, Any]
    url: str | None = None
    total: bool = False


def fmt(value: Any, format: str) -> str:
    """``value`` as a cell: averages ``.333`` (``1.000``), rates with one or two decimals,
    each rounded half up (``games.kinds.stats.decimals``)."""
    if value is None:
        return NONE
    if format == AVG:
        text = half_up(Fraction(value), 3)
        return text[1:] if text.startswith("0") else text
    if format in PLACES:
        return half_up(Fraction(value), PLACES[format])
    return str(value)


def build(spec: TableSpec, heading: str, sources: Iterable[Labelled]) -> StatsTable:
    rows = tuple(
        Row(
            label=source.label,
            cells=tuple(fmt(source.values.get(col.key), col.format) for col in spec.columns),
            url=source.url,
            total=source.total,
        )
        for source in sources
    )
    return StatsTable(spec.id, spec.title, heading, spec.columns, rows, spec.note)


def merged(tables: list[StatsTable]) -> StatsTable:
    """The tables side by side (same rows in the same order), each column once: the CSV of a
    whole stats page."""
    if not tables:
        return StatsTable("all", "All stats", "Team", (), ())
    seen: set[str] = set()
    labels: set[str] = set()
    picks: list[tuple[int, int]] = []
    columns: list[Column] = []
    for t, table in enumerate(tables):
        for c, column in enumerate(table.columns):
            if column.key in seen:
                continue
            if column.label in labels:  # e.g. bowling's "Runs": "Runs (bowling)"
                column = replace(column, label=f"{column.label} ({table.id})")
            seen.add(column.key)
            labels.add(column.label)
            picks.append((t, c))
            columns.append(column)
    first = tables[0]
    rows = tuple(
        Row(row.label, tuple(tables[t].rows[r].cells[c] for t, c in picks), row.url, row.total)
        for r, row in enumerate(first.rows)
    )
    return StatsTable("all", "All stats", first.heading, tuple(columns), rows)


def to_csv(
    heading: str, columns: Iterable[Column], rows: Iterable[tuple[str, Iterable[str]]]
) -> str:
    header = [heading, *(column.label for column in columns)]
    return safe_csv.rows_to_text([header, *([label, *cells] for label, cells in rows)])


def ratio(numerator: int, denominator: int) -> Fraction | None:
    """Exact, so that ``fmt`` rounds the true value (half up), not a float near it."""
    return Fraction(numerator, denominator) if denominator else None


def add_up(dicts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Sum per-game stats: numbers add, nested dicts add key by key; lists are left out
    (they hold per-game detail such as innings, read row by row where needed)."""
    total: dict[str, Any] = {}
    for data in dicts:
        _add_into(total, data)
    return total


def _add_into(total: dict[str, Any], data: Mapping[str, Any]) -> None:
    for key, value in data.items():
        if isinstance(value, bool):
            total[key] = total.get(key, 0) + int(value)
        elif isinstance(value, int | float):
            total[key] = total.get(key, 0) + value
        elif isinstance(value, Mapping):
            _add_into(total.setdefault(key, {}), value)


# --- records ---------------------------------------------------------------------------------

RECORDS_SHOWN = 5


@dataclass(frozen=True)
class Feat:
    """One record: the value (as text), the stats row it belongs to, and what it was."""

    value: str
    row: Any  # a GameStats row, with its team and opponent
    detail: str = ""
    unit: str = ""  # shown small under the value, e.g. "runs"

    @property
    def side_name(self) -> str:
        return self.row.team.name if self.row.team else ""

    @property
    def opponent_name(self) -> str:
        return self.row.opponent.name if self.row.opponent else ""


@dataclass(frozen=True)
class RecordList:
    id: str
    title: str
    value_label: str
    feats: tuple[Feat, ...]


def best(
    id: str,
    title: str,
    value_label: str,
    candidates: Iterable[tuple[Any, Any, str, str] | tuple[Any, Any, str, str, str]],
    *,
    lowest: bool = False,
    limit: int = RECORDS_SHOWN,
) -> RecordList:
    """The ``limit`` best of ``(sort key, row, value text, detail[, unit])``; ties: the
    earlier game."""
    ranked = sorted(
        candidates,
        key=lambda c: (c[0] if lowest else _negate(c[0]), c[1].finished_at, c[1].game_id),
    )
    feats = tuple(Feat(c[2], c[1], *c[3:]) for c in ranked[:limit])
    return RecordList(id, title, value_label, feats)


def _negate(key: Any) -> Any:
    return tuple(-k for k in key) if isinstance(key, tuple) else -key
