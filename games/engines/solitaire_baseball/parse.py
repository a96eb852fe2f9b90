"""Reading a solitaire play object: its shape, the card names, and whether the cards can
ever make a play (not whether they make one for the batter due: that is ``rules.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import InvalidPlay
from .deck import Card, copies, read_card
from .state import AtBat, Play, Rain

# The keys a play may have (RULES.md, "Plays"); the site refuses any other (Engine.check_play).
PLAY_KEYS = frozenset({"cards", "rain"})
MAX_CARDS = 4
WALK_CARDS = 4
CARD_HELP = "value A, 2-10, J, Q or K, then suit C, D, H or S, e.g. 6H, 10S, AD"


def parse_play(raw: Any) -> Play:
    if not isinstance(raw, Mapping):
        raise InvalidPlay("a play must be a JSON object")
    keys = PLAY_KEYS & set(raw)
    if keys == PLAY_KEYS:
        raise InvalidPlay("a play is either 'cards' or 'rain', not both")
    if not keys:
        raise InvalidPlay("a play needs 'cards' (one to four cards for the batter) or 'rain'")
    if "rain" in keys:
        if raw["rain"] is not True:
            raise InvalidPlay(f"rain {raw['rain']!r} must be true")
        return Rain()
    return AtBat(_cards(raw["cards"]))


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidPlay(f'cards {value!r} must be a list of card names like ["6H", "6S"]')
    if not value:
        raise InvalidPlay("no cards were laid down: a batter takes one to four cards")
    if len(value) > MAX_CARDS:
        raise InvalidPlay(f"{len(value)} cards were laid down: a batter takes one to four")
    cards = tuple(_card(text) for text in value)
    for card, count in Counter(cards).items():
        if count > copies(card):
            held = "once" if copies(card) == 1 else "twice"
            raise InvalidPlay(
                f"card {card.face_and_id} is laid down {count} times: the deck holds it {held}"
            )
    if len(cards) > 1 and not _may_be_a_play(cards):
        names = ", ".join(c.face for c in cards)
        raise InvalidPlay(
            f"cards {names} make no play: several cards must all be of the batter's number "
            "(a hit) or be four face cards (a walk)"
        )
    return cards


def _card(text: Any) -> Card:
    card = read_card(text) if isinstance(text, str) else None
    if card is None:
        if isinstance(text, str) and text.strip()[:1] == "1" and text.strip()[1:2] != "0":
            raise InvalidPlay(f"card {text!r} is not a card: an ace is A ({CARD_HELP})")
        raise InvalidPlay(f"card {text!r} is not a card ({CARD_HELP})")
    return card


def _may_be_a_play(cards: tuple[Card, ...]) -> bool:
    """Several cards are a hit for some batter (all one value, ace to nine) or a walk."""
    values = {card.value for card in cards}
    if len(values) == 1 and next(iter(values)) <= 9:
        return True
    return len(cards) == WALK_CARDS and all(card.is_face for card in cards)
