"""The Quick Baseball card catalogue: pitching and batting cards read from data.

The default lives in ``catalogues/quick-baseball.json``; a group whose printed cards differ
passes its own (same shape) as the ``catalogue`` option.
"""

from __future__ import annotations

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


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of colour names")
    return tuple(value)


def _pitch_card(data: Any) -> PitchCard:
    if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
        raise ValueError("every pitching card needs an 'id'")
    card_id = data["id"]
    if data.get("result") not in RESULTS:
        raise ValueError(f"pitching card {card_id}: 'result' must be one of {', '.join(RESULTS)}")
    return PitchCard(
        id=card_id,
        name=str(data.get("name") or card_id),
        result=data["result"],
        borders=_strings(data.get("borders", []), f"pitching card {card_id}: 'borders'"),
        inner=_strings(data.get("inner", []), f"pitching card {card_id}: 'inner'"),
    )


def _bat_card(data: Any) -> BatCard:
    if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
        raise ValueError("every batting card needs an 'id'")
    card_id = data["id"]
    hits = data.get("hits")
    if not isinstance(hits, Mapping) or set(hits) != set(GROUPS):
        raise ValueError(f"batting card {card_id}: 'hits' needs the groups {', '.join(GROUPS)}")
    groups = []
    for group in GROUPS:
        entry = hits[group]
        if not isinstance(entry, Mapping) or not all(
            isinstance(c, str) and isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 4
            for c, b in entry.items()
        ):
            raise ValueError(f"batting card {card_id}, batters {group}: colour → base 1-4")
        groups.append(tuple(sorted(entry.items())))
    return BatCard(id=card_id, hits=tuple(groups))


def from_data(data: Any) -> Catalogue:
    """Build a catalogue from its JSON data. Raises ``ValueError`` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("the catalogue must be a JSON object")
    pitches = tuple(_pitch_card(d) for d in _list(data, "pitch"))
    bats = tuple(_bat_card(d) for d in _list(data, "bat"))
    for kind, cards in (("pitching", pitches), ("batting", bats)):
        ids = [c.id for c in cards]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{kind} card ids must be unique")
        if not cards:
            raise ValueError(f"the catalogue needs {kind} cards")
    if sum(c.result == "pitch_out" for c in pitches) != 1:
        raise ValueError("the catalogue needs exactly one Pitch Out card")
    if len(pitches) < 2:
        raise ValueError("the pitcher needs at least one card besides Pitch Out")
    leave = data.get("leave_out_colour", "blue")
    if not isinstance(leave, str):
        raise ValueError("'leave_out_colour' must be a colour name")
    return Catalogue(pitches=pitches, bats=bats, leave_out_colour=leave)


def _list(data: Mapping, key: str) -> list:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"the catalogue needs a list '{key}'")
    return value


DEFAULT = from_data(default_catalogue("quick-baseball"))
