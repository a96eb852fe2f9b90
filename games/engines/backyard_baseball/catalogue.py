"""The Backyard Baseball field: its spaces, the dashed connections and the throw table, read
from data; and, when a group lists it, its deck: each card's face under the label the scorer
taps.

The default lives in ``catalogues/backyard-baseball.json``; a group whose board differs passes
its own (same shape) as the ``catalogue`` option. The space ids are fixed by the rulings. The
deck (``deck.py``) is optional: without one the scorer enters each card's face.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..catalogues import default_catalogue
from .cards import (
    BATTER_RESULTS,
    GROUNDER,
    LINE_DRIVE,
    PITCHER_RESULTS,
    PITCHES,
    STRIKEOUT,
    BatterCard,
    PitcherCard,
)

FIELD_SPACES = ("IL", "IR", "LF", "CF", "RF")
OUTFIELD = ("LF", "CF", "RF")
MOUND = "MOUND"
SPACES = (*FIELD_SPACES, MOUND)
TARGETS = ("second", "third", "home")  # where a runner is going, for the throw table


@dataclass(frozen=True)
class PitcherDeckCard:
    card: str  # the label the scorer taps: what is written on the physical card
    face: PitcherCard


@dataclass(frozen=True)
class BatterDeckCard:
    card: str
    face: BatterCard
    runners: int  # runner icons, read when the card is played to extend


@dataclass(frozen=True)
class Deck:
    """The two decks' cards, each under its label (unique within its deck), in list order."""

    pitcher: tuple[PitcherDeckCard, ...]
    batter: tuple[BatterDeckCard, ...]

    def pitcher_card(self, label: str) -> PitcherDeckCard | None:
        return next((c for c in self.pitcher if c.card == label), None)

    def batter_card(self, label: str) -> BatterDeckCard | None:
        return next((c for c in self.batter if c.card == label), None)


@dataclass(frozen=True)
class Field:
    names: tuple[tuple[str, str], ...]  # (space id, name)
    connections: tuple[tuple[str, str], ...]
    throws: tuple[tuple[str, tuple[int, int, int]], ...]  # ball's space -> second, third, home
    distances: tuple[tuple[str, str, int], ...]  # every pair, computed from the connections
    deck: Deck | None = None  # the cards by label, when the catalogue lists them

    def name(self, space: str) -> str:
        return dict(self.names)[space]

    def distance(self, a: str, b: str) -> int:
        """The fewest connections (dashed lines) between two spaces."""
        if a == b:
            return 0
        return next(d for x, y, d in self.distances if (x, y) == (a, b))

    def next_to(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def throw(self, ball: str, target: str) -> int:
        """The throw-table number for a ball in ``ball`` and a runner going to ``target``."""
        return dict(self.throws)[ball][TARGETS.index(target)]


def _names(data: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(data, Mapping) or set(data) != set(SPACES):
        raise ValueError(f"'spaces' must name exactly the spaces {', '.join(SPACES)}")
    if not all(isinstance(name, str) and name.strip() for name in data.values()):
        raise ValueError("every space needs a name")
    return tuple((space, data[space].strip()) for space in SPACES)


def _connections(data: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(data, list):
        raise ValueError("'connections' must be a list of [space, space] pairs")
    pairs = []
    for pair in data:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(space in SPACES for space in pair)
            or pair[0] == pair[1]
        ):
            raise ValueError(f"connection {pair!r} must join two different spaces of {SPACES}")
        key = tuple(sorted(pair))
        if key in pairs:
            raise ValueError(f"connection {pair[0]}–{pair[1]} is listed twice")
        pairs.append(key)
    return tuple((a, b) for a, b in pairs)


def _throws(data: Any) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    if not isinstance(data, Mapping) or set(data) != set(FIELD_SPACES):
        raise ValueError(f"'throws' needs a row for each of {', '.join(FIELD_SPACES)}")
    rows = []
    for space in FIELD_SPACES:
        row = data[space]
        if (
            not isinstance(row, Mapping)
            or set(row) != set(TARGETS)
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in row.values()
            )
        ):
            raise ValueError(
                f"throw table row {space}: whole numbers (0 or more) for second, third and home"
            )
        rows.append((space, (row["second"], row["third"], row["home"])))
    return tuple(rows)


def _distances(connections: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str, int], ...]:
    neighbours: dict[str, set[str]] = {space: set() for space in SPACES}
    for a, b in connections:
        neighbours[a].add(b)
        neighbours[b].add(a)
    found = []
    for start in SPACES:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(neighbours[here]):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        if len(seen) != len(SPACES):
            cut = ", ".join(s for s in SPACES if s not in seen)
            raise ValueError(f"the connections leave {cut} cut off from {start}")
        found += [(start, there, d) for there, d in seen.items() if there != start]
    return tuple(found)


# --- the deck ------------------------------------------------------------------------------

DECK_LIMIT = 100  # cards a deck may list
LABEL_LIMIT = 12  # characters of a card's label
DECK_FIELDS = {
    "pitcher": ("card", "number", "pitch", "result", "space"),
    "batter": ("card", "pitch", "result", "space", "runners"),
}


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _deck_cards(data: Any, who: str) -> list[tuple[str, Mapping]]:
    """Each card of the ``who`` deck with its label, its fields checked for shape."""
    if not isinstance(data, list) or not data:
        raise ValueError(f"the {who} deck must be a list of cards (at least one)")
    if len(data) > DECK_LIMIT:
        raise ValueError(f"the {who} deck lists {len(data)} cards: at most {DECK_LIMIT}")
    cards, seen = [], set()
    for index, card in enumerate(data, start=1):
        where = f"{who} card #{index} in the list"
        if not isinstance(card, Mapping):
            raise ValueError(f"{where} must be an object with {', '.join(DECK_FIELDS[who])}")
        label = card.get("card")
        if (
            not isinstance(label, str)
            or not label.strip()
            or len(label.strip()) > LABEL_LIMIT
            or not label.isprintable()
        ):
            raise ValueError(
                f"{where}: 'card' must be the card's label, 1-{LABEL_LIMIT} characters"
            )
        label = label.strip()
        if label in seen:
            raise ValueError(f"{who} card {label}: 'card' {label!r} is listed twice in the deck")
        seen.add(label)
        unknown = sorted(str(key) for key in card if key not in DECK_FIELDS[who])
        if unknown:
            raise ValueError(
                f"{who} card {label}: unknown field {unknown[0]!r}"
                f" (its fields: {', '.join(DECK_FIELDS[who])})"
            )
        cards.append((label, card))
    return cards


def _face_space(card: Mapping, who: str, label: str, needs: bool, allowed: tuple) -> str | None:
    space = card.get("space")
    result = card["result"]
    if not needs:
        if space is not None:
            raise ValueError(f"{who} card {label}: 'space' must be left out for a {result}")
        return None
    if space not in allowed:
        raise ValueError(f"{who} card {label}: 'space' must be one of {', '.join(allowed)}")
    return space


def _face(card: Mapping, who: str, label: str, results: tuple[str, ...]) -> tuple[str, str]:
    if card.get("pitch") not in PITCHES:
        raise ValueError(f"{who} card {label}: 'pitch' must be one of {', '.join(PITCHES)}")
    if card.get("result") not in results:
        raise ValueError(f"{who} card {label}: 'result' must be one of {', '.join(results)}")
    return card["pitch"], card["result"]


def _pitcher_deck(data: Any) -> tuple[PitcherDeckCard, ...]:
    found = []
    for label, card in _deck_cards(data, "pitcher"):
        if not _whole(card.get("number"), 1, 9):
            raise ValueError(f"pitcher card {label}: 'number' must be a whole number 1-9")
        pitch, result = _face(card, "pitcher", label, PITCHER_RESULTS)
        space = _face_space(card, "pitcher", label, result != STRIKEOUT, FIELD_SPACES)
        face = PitcherCard(number=card["number"], pitch=pitch, result=result, space=space)
        found.append(PitcherDeckCard(card=label, face=face))
    return tuple(found)


def _batter_deck(data: Any) -> tuple[BatterDeckCard, ...]:
    found = []
    for label, card in _deck_cards(data, "batter"):
        pitch, result = _face(card, "batter", label, BATTER_RESULTS)
        allowed = OUTFIELD if result == LINE_DRIVE else FIELD_SPACES
        space = _face_space(card, "batter", label, result in (GROUNDER, LINE_DRIVE), allowed)
        if not _whole(card.get("runners"), 0, 9):
            raise ValueError(f"batter card {label}: 'runners' must be a whole number 0-9")
        face = BatterCard(pitch=pitch, result=result, space=space)
        found.append(BatterDeckCard(card=label, face=face, runners=card["runners"]))
    return tuple(found)


def deck_from_data(data: Any) -> Deck:
    """The deck from its JSON data. Raises ``ValueError`` naming the deck, card and field."""
    if not isinstance(data, Mapping) or set(data) != {"pitcher", "batter"}:
        raise ValueError("'deck' must be an object with the 'pitcher' and 'batter' card lists")
    return Deck(pitcher=_pitcher_deck(data["pitcher"]), batter=_batter_deck(data["batter"]))


def from_data(data: Any) -> Field:
    """Build the field (and its deck, when listed) from its JSON data. Raises ``ValueError``
    saying what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("the catalogue must be a JSON object")
    connections = _connections(data.get("connections"))
    return Field(
        names=_names(data.get("spaces")),
        connections=connections,
        throws=_throws(data.get("throws")),
        distances=_distances(connections),
        deck=deck_from_data(data["deck"]) if data.get("deck") is not None else None,
    )


DEFAULT = from_data(default_catalogue("backyard-baseball"))
