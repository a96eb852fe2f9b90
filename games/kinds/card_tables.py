"""The per-card editor's tables: one row per card, one column per field of the card.

A game's ``cards.py`` declares its ``TABLES``; the form posts each column as a list of values
(``<prefix>-<table>-<column>``, one per row, in order) and a row whose fields are all blank is
no card. Values go back and forth as text, so a refused row is shown exactly as it was typed.
"""

from __future__ import annotations

from dataclasses import dataclass

Row = dict[str, str]


@dataclass(frozen=True)
class Column:
    name: str  # the card's field, and the posted field's last part
    label: str
    choices: tuple[tuple[str, str], ...] = ()  # a select of (value, label); blank allowed
    number: tuple[int, int] | None = None  # a whole number within (low, high)
    help: str = ""


@dataclass(frozen=True)
class Table:
    key: str  # "pitcher", "batter": the posted fields' middle part
    title: str
    card: str  # how a message names a row's card: "Pitcher's card"
    columns: tuple[Column, ...]
    blank: int = 2  # empty rows offered to add cards


def whole(row: Row, column: Column, where: str, errors: list[str]) -> int | None:
    """The row's value of a number column, or ``None`` with a message naming card and field."""
    assert column.number is not None
    low, high = column.number
    text = row.get(column.name, "")
    try:
        value = int(text)
    except ValueError:
        errors.append(f"{where}: '{column.name}' must be a whole number {low}-{high}, not {text!r}")
        return None
    if not low <= value <= high:
        errors.append(f"{where}: '{column.name}' must be {low}-{high}, not {value}")
        return None
    return value


def chosen(row: Row, column: Column, where: str, errors: list[str], *, required: bool) -> str:
    """The row's value of a choice column ("" when blank and not ``required``)."""
    value = row.get(column.name, "")
    values = [v for v, _ in column.choices]
    if not value and not required:
        return ""
    if value not in values:
        said = repr(value) if value else "blank"
        errors.append(f"{where}: '{column.name}' must be one of {', '.join(values)}, not {said}")
    return value
