"""Quick Baseball's cards on the cards form (``games/kinds/catalogue_forms.py``): the pitching
cards (borders) and batting cards (hits by batter group) as tables, the cards as the scoring
screen draws them, and what each batting card does against each pitch."""

from __future__ import annotations

import copy
import re
from typing import Any

from games.engines.quick_baseball.catalogue import GROUPS, RESULTS, from_data
from games.kinds.card_tables import Column, Row, Table, chosen
from games.kinds.quick_baseball.screen import (
    BASE_LABELS,
    GROUP_NAMES,
    BatView,
    CardView,
    _bat_label,
    _pitch_label,
)

RESULT_WORDS = {
    "strikeout": "Strike out",
    "fly": "Fly ball",
    "run_out": "Run out",
    "caught": "Caught",
    "pitch_out": "Pitch Out",
}
HIT_HELP = "colour and base, e.g. green 1, red 4"
TABLES = (
    Table(
        "pitch",
        "Pitching cards",
        "pitching card",
        (
            Column("id", "Card"),
            Column("name", "Name"),
            Column("result", "Result", choices=tuple((r, RESULT_WORDS[r]) for r in RESULTS)),
            Column("borders", "Borders", help="colours, e.g. green yellow"),
            Column("inner", "Inner border", help="with the relief pitcher"),
        ),
        blank=1,
    ),
    Table(
        "bat",
        "Batting cards",
        "batting card",
        (
            Column("id", "Card"),
            *(Column(group, f"Batters {group}", help=HIT_HELP) for group in GROUPS),
        ),
        blank=1,
    ),
)
_SPLIT = re.compile(r"[,\s]+")
_HIT = re.compile(r"([^\s:,]+)\s*[:\s]\s*(\d+)")


def rows(data: Any) -> dict[str, list[Row]]:
    """The catalogue's cards as the tables' rows (text)."""
    if not isinstance(data, dict):
        return {}
    pitch = [
        {
            "id": str(card.get("id", "")),
            "name": str(card.get("name", "")),
            "result": str(card.get("result", "")),
            "borders": " ".join(map(str, card.get("borders") or [])),
            "inner": " ".join(map(str, card.get("inner") or [])),
        }
        for card in data.get("pitch") or []
        if isinstance(card, dict)
    ]
    bat = [
        {
            "id": str(card.get("id", "")),
            **{
                group: ", ".join(
                    f"{colour} {base}"
                    for colour, base in (card.get("hits") or {}).get(group, {}).items()
                )
                for group in GROUPS
            },
        }
        for card in data.get("bat") or []
        if isinstance(card, dict) and isinstance(card.get("hits", {}), dict)
    ]
    return {"pitch": pitch, "bat": bat}


def merge(data: Any, sent: dict[str, list[Row]]) -> tuple[Any, list[str]]:
    """``data`` with its pitching and batting cards made of the rows of the tables in
    ``sent``, or the messages naming each refused card and field. The engine checks the rest
    (``check``)."""
    errors: list[str] = []
    pitch_table, bat_table = TABLES
    pitches = []
    for position, row in enumerate(sent.get("pitch", []), 1):
        where = f"pitching card {row.get('id') or f'in row {position}'}"
        card: dict[str, Any] = {"id": row.get("id", "")}
        if row.get("name"):
            card["name"] = row["name"]
        card["result"] = chosen(row, pitch_table.columns[2], where, errors, required=True)
        card["borders"] = [c for c in _SPLIT.split(row.get("borders", "")) if c]
        card["inner"] = [c for c in _SPLIT.split(row.get("inner", "")) if c]
        pitches.append(card)
    bats = []
    for position, row in enumerate(sent.get("bat", []), 1):
        where = f"batting card {row.get('id') or f'in row {position}'}"
        hits = {
            group: _hits(row.get(group, ""), f"{where}: 'hits' for batters {group}", errors)
            for group in GROUPS
        }
        bats.append({"id": row.get("id", ""), "hits": hits})
    if errors:
        return data, errors
    merged = copy.deepcopy(data) if isinstance(data, dict) else {}
    for key, cards in (("pitch", pitches), ("bat", bats)):
        if key in sent:  # only the tables sent replace their part
            merged[key] = cards
    return merged, []


def _hits(text: str, where: str, errors: list[str]) -> dict[str, int]:
    hits: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        found = _HIT.fullmatch(part)
        if found is None:
            errors.append(f"{where}: {part!r} must be a colour and a base, e.g. 'green 2'")
            continue
        hits[found[1]] = int(found[2])
    return hits


def view(data: Any) -> dict[str, Any]:
    """The cards as the scoring screen draws them, and each batting card against each pitch
    (before the relief pitcher: outer borders only); nothing for cards the engine refuses."""
    try:
        catalogue = from_data(data)
    except ValueError:
        return {}
    pitches = [
        CardView(
            id=card.id,
            name=card.name,
            label=_pitch_label(card),
            borders=card.borders,
            inner=card.inner,
            inner_active=False,
            in_hand=True,
            playable=True,
        )
        for card in catalogue.pitches
    ]
    bats = [
        BatView(
            id=card.id,
            label=_bat_label(card),
            groups=tuple(
                (GROUP_NAMES[i], tuple((c, BASE_LABELS[b]) for c, b in hits), False)
                for i, hits in enumerate(card.hits)
            ),
            now=(),  # no batter is up on the cards form
            in_hand=True,
            playable=True,
        )
        for card in catalogue.bats
    ]
    thrown = [card for card in catalogue.pitches if card.result != "pitch_out"]
    matchups = [
        (
            bat.id,
            [
                [
                    BASE_LABELS.get(bat.best_base(batter, pitch.active_colours(False)) or 0, "out")
                    for batter in (1, 4, 7)
                ]
                for pitch in thrown
            ],
        )
        for bat in catalogue.bats
    ]
    return {
        "pitches": pitches,
        "bats": bats,
        "thrown": [card.id for card in thrown],
        "matchups": matchups,
        "groups": GROUP_NAMES,
    }
