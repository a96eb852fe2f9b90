"""Backyard Baseball's cards on the cards form (``games/kinds/catalogue_forms.py``): the deck
as two tables (pitcher's and batter's cards: label, number, pitch, result, space, runners),
and the field's spaces and throw table as ``_cards.html`` draws them."""

from __future__ import annotations

import copy
from typing import Any

from games.engines.backyard_baseball.catalogue import FIELD_SPACES, TARGETS
from games.kinds.backyard_baseball.screen import BATTER_RESULTS, PITCHER_RESULTS, PITCHES
from games.kinds.card_tables import Column, Row, Table, chosen, whole
from games.kinds.taps.backyard_baseball import SPACED

MAX_LABEL = 12
SPACES = tuple((space, space) for space in FIELD_SPACES)
LABEL = Column("card", "Card", help="the label tapped")
TABLES = (
    Table(
        "pitcher",
        "Pitcher's cards",
        "Pitcher's card",
        (
            LABEL,
            Column("number", "Number", number=(1, 9)),
            Column("pitch", "Pitch", choices=PITCHES),
            Column("result", "Result", choices=PITCHER_RESULTS),
            Column("space", "Space", choices=SPACES, help="for a grounder or a fly"),
        ),
    ),
    Table(
        "batter",
        "Batter's cards",
        "Batter's card",
        (
            LABEL,
            Column("pitch", "Pitch", choices=PITCHES),
            Column("result", "Result", choices=BATTER_RESULTS),
            Column("space", "Space", choices=SPACES, help="for a grounder or a line drive"),
            Column("runners", "Runners", number=(0, 9), help="runner icons"),
        ),
    ),
)


def rows(data: Any) -> dict[str, list[Row]]:
    """The deck's cards as the tables' rows (text); empty tables when the catalogue has no
    deck."""
    deck = data.get("deck") if isinstance(data, dict) else None
    if not isinstance(deck, dict):
        return {table.key: [] for table in TABLES}
    found: dict[str, list[Row]] = {}
    for table in TABLES:
        cards = deck.get(table.key)
        found[table.key] = [
            {c.name: _text(card.get(c.name)) for c in table.columns}
            for card in (cards if isinstance(cards, list) else [])
            if isinstance(card, dict)
        ]
    return found


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def merge(data: Any, sent: dict[str, list[Row]]) -> tuple[Any, list[str]]:
    """``data`` with its deck made of the rows of the tables in ``sent``, or the messages
    naming each refused card and field."""
    errors: list[str] = []
    had = data.get("deck") if isinstance(data, dict) else None
    deck: dict[str, Any] = copy.deepcopy(had) if isinstance(had, dict) else {}
    for table in TABLES:
        if table.key not in sent:  # only the tables sent replace their part
            continue
        cards, labels = [], []
        for position, row in enumerate(sent.get(table.key, []), 1):
            label = row.get("card", "")
            where = f"{table.card} {label or f'in row {position}'}"
            if not label or len(label) > MAX_LABEL:
                errors.append(f"{where}: 'card' needs a label of 1 to {MAX_LABEL} characters")
            elif label in labels:
                errors.append(f"{where}: 'card' is the label of two cards")
            labels.append(label)
            cards.append(_card(table, row, label, where, errors))
        deck[table.key] = cards
    if errors:
        return data, errors
    merged = copy.deepcopy(data) if isinstance(data, dict) else {}
    if any(deck.values()):
        merged["deck"] = deck
    else:  # every card cleared: no deck
        merged.pop("deck", None)
    return merged, []


def _card(table: Table, row: Row, label: str, where: str, errors: list[str]) -> dict[str, Any]:
    """One card of the deck, as the scoring screen reads a tapped face: a space only with a
    result that goes somewhere (a grounder, a fly, a line drive), and then it is needed."""
    card: dict[str, Any] = {"card": label}
    for column in table.columns[1:]:
        if column.number is not None:
            card[column.name] = whole(row, column, where, errors)
        elif column.name != "space":
            card[column.name] = chosen(row, column, where, errors, required=True)
    if card.get("result") not in SPACED[table.key]:
        return card
    if not row.get("space"):
        words = str(card["result"]).replace("-", " ")
        errors.append(f"{where}: 'space' is needed for a {words} (where it goes)")
    else:
        column = next(c for c in table.columns if c.name == "space")
        card["space"] = chosen(row, column, where, errors, required=True)
    return card


def view(data: Any) -> dict[str, Any]:
    """The field's spaces, its throw table and the deck's cards, as the table taps them."""
    spaces = data.get("spaces", {}) if isinstance(data, dict) else {}
    throws = data.get("throws", {}) if isinstance(data, dict) else {}
    found = rows(data)
    words = dict(PITCHES) | dict(PITCHER_RESULTS) | dict(BATTER_RESULTS)
    return {
        "spaces": [(space, spaces.get(space, "")) for space in FIELD_SPACES],
        "targets": TARGETS,
        "throws": [
            (space, [throws.get(space, {}).get(t, "") for t in TARGETS]) for space in FIELD_SPACES
        ],
        "deck": [
            (
                table.title,
                table.key,
                [
                    {
                        **row,
                        "pitch_word": words.get(row.get("pitch", ""), ""),
                        "result_word": words.get(row.get("result", ""), ""),
                    }
                    for row in found.get(table.key, [])
                ],
            )
            for table in TABLES
        ],
    }
