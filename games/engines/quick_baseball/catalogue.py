"""The Quick Baseball card catalogue: pitching and batting cards read from data.

The default lives in ``catalogues/quick-baseball.json``; a group whose printed cards differ
passes its own (same shape) as the ``catalogue`` option.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..catalogues import default_catalogue

RESULTS = ("strikeout", "fly", "run_out", "caught", "pitch_out")
GROUPS = ("1-3", "4-6", "7-9")


@dataclass(frozen=True)
class PitchCard:
    id: str
    name: str
    result: str
    borders: tuple[str, ...]
    inner: tuple[str, ...]

    def active_colours(self, relief: bool) -> frozenset[str]:
        """Outer borders, plus the inner border once the relief pitcher is in."""
        return frozenset(self.borders + self.inner) if relief else frozenset(self.borders)


@dataclass(frozen=True)
class BatCard:
    id: str
    hits: tuple[tuple[tuple[str, int], ...], ...]  # per batter group: (colour, base) pairs

    def group_hits(self, batter: int) -> dict[str, int]:
        """The colours that hit for batter number ``batter`` (1-9) and the base each reaches."""
        return dict(self.hits[(batter - 1) // 3])

    def best_base(self, batter: int, colours: frozenset[str]) -> int | None:
        """The best base this card reaches against ``colours``, or ``None`` when nothing matches."""
        bases = [base for colour, base in self.group_hits(batter).items() if colour in colours]
        return max(bases) if bases else None


@dataclass(frozen=True)
class Catalogue:
    pitches: tuple[PitchCard, ...]
    bats: tuple[BatCard, ...]
    leave_out_colour: str

    def pitch(self, card_id: str) -> PitchCard | None:
        return next((c for c in self.pitches if c.id == card_id), None)

    def bat(self, card_id: str) -> BatCard | None:
        return next((c for c in self.bats if c.id == card_id), None)

    @property
    def pitch_out(self) -> PitchCard:
        return next(c for c in self.pitches if c.result == "pitch_out")

    @property
    def pitch_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.pitches)

    @property
    def bat_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.bats)

    def strikes_out_on_leave(self, card: PitchCard) -> bool:
        return self.leave_out_colour in card.borders


# Colour names end up in the cards' CSS (``var(--card-<colour>, <colour>)``), so they are
# plain words: lower-case letters, digits and hyphens.
COLOUR_NAME = re.compile(r"[a-z][a-z0-9-]{0,29}")
MAX_ID = 20
MAX_CARDS = 40  # per list: more than any printed set, and the player's guessing game stays quick


def _colour(value: Any, where: str) -> str:
    if not isinstance(value, str) or not COLOUR_NAME.fullmatch(value):
        raise ValueError(
            f"{where}: {value!r} is not a colour name (lower-case letters, digits and hyphens, "
            "e.g. 'green' or 'light-blue')"
        )
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f'{where} must be a list of colour names, e.g. ["green", "yellow"]')
    return tuple(_colour(v, where) for v in value)


def _card_id(data: Any, what: str, position: int) -> str:
    """The card's ``id``; the messages name a card without one by its place in the list."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} card {position} of the list must be an object with an 'id'")
    card_id = data.get("id")
    if not isinstance(card_id, str) or not card_id.strip():
        raise ValueError(f"{what} card {position} of the list: 'id' must be text, e.g. \"B1\"")
    if len(card_id) > MAX_ID or card_id != card_id.strip():
        raise ValueError(
            f"{what} card {position} of the list: 'id' {card_id!r} must be 1 to {MAX_ID} "
            "characters without spaces around it"
        )
    return card_id


def _pitch_card(data: Any, position: int) -> PitchCard:
    card_id = _card_id(data, "pitching", position)
    if data.get("result") not in RESULTS:
        raise ValueError(
            f"pitching card {card_id}: 'result' is {data.get('result')!r}; it must be one of "
            f"{', '.join(RESULTS)}"
        )
    name = data.get("name") or card_id
    if not isinstance(name, str):
        raise ValueError(f"pitching card {card_id}: 'name' must be text")
    return PitchCard(
        id=card_id,
        name=name,
        result=data["result"],
        borders=_strings(data.get("borders", []), f"pitching card {card_id}: 'borders'"),
        inner=_strings(data.get("inner", []), f"pitching card {card_id}: 'inner'"),
    )


def _base(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4


def _bat_card(data: Any, position: int) -> BatCard:
    card_id = _card_id(data, "batting", position)
    hits = data.get("hits")
    if not isinstance(hits, Mapping):
        raise ValueError(
            f"batting card {card_id}: 'hits' must be an object with the groups {', '.join(GROUPS)}"
        )
    missing = [g for g in GROUPS if g not in hits]
    unknown = [str(g) for g in hits if g not in GROUPS]
    if missing or unknown:
        wrong = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing)}" if missing else "",
                f"unknown {', '.join(unknown)}" if unknown else "",
            )
            if part
        )
        raise ValueError(
            f"batting card {card_id}: 'hits' needs the groups {', '.join(GROUPS)} ({wrong})"
        )
    groups = []
    for group in GROUPS:
        where = f"batting card {card_id}: 'hits' for batters {group}"
        entry = hits[group]
        if not isinstance(entry, Mapping):
            raise ValueError(f"{where} must be an object of colour → base (1-4)")
        for colour, base in entry.items():
            _colour(colour, where)
            if not _base(base):
                raise ValueError(f"{where}: {colour} → {base!r}; a base is 1, 2, 3 or 4")
        groups.append(tuple(sorted(entry.items())))
    return BatCard(id=card_id, hits=tuple(groups))


def _twice(ids: list[str]) -> list[str]:
    return sorted({i for i in ids if ids.count(i) > 1})


def from_data(data: Any) -> Catalogue:
    """Build a catalogue from its JSON data. Raises ``ValueError`` saying what is wrong,
    naming the card and the field."""
    if not isinstance(data, Mapping):
        raise ValueError("the catalogue must be a JSON object")
    pitches = tuple(_pitch_card(d, n) for n, d in enumerate(_list(data, "pitch"), 1))
    bats = tuple(_bat_card(d, n) for n, d in enumerate(_list(data, "bat"), 1))
    for kind, cards in (("pitching", pitches), ("batting", bats)):
        twice = _twice([c.id for c in cards])
        if twice:
            raise ValueError(f"{kind} card {', '.join(twice)}: 'id' is used by two cards")
        if not cards:
            raise ValueError(f"the catalogue needs {kind} cards")
        if len(cards) > MAX_CARDS:
            raise ValueError(f"the catalogue has {len(cards)} {kind} cards; at most {MAX_CARDS}")
    outs = [c.id for c in pitches if c.result == "pitch_out"]
    if len(outs) != 1:
        found = f"cards {', '.join(outs)} are" if outs else "no card is"
        raise ValueError(
            f"the catalogue needs exactly one Pitch Out card ('result': \"pitch_out\"); {found}"
        )
    if len(pitches) < 2:
        raise ValueError("the pitcher needs at least one card besides Pitch Out")
    leave = data.get("leave_out_colour", "blue")
    _colour(leave, "'leave_out_colour'")
    return Catalogue(pitches=pitches, bats=bats, leave_out_colour=leave)


def _list(data: Mapping, key: str) -> list:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"the catalogue needs a list '{key}'")
    return value


DEFAULT = from_data(default_catalogue("quick-baseball"))
