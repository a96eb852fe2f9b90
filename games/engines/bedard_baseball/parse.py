"""Reading a Bedard play object: its shape and cards (never whether it is allowed now)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import InvalidPlay
from .deck import Card, notation_help, read_card, suit_name
from .resolution import needs_had_suit
from .state import Pitch

HAD_SUIT = "field_had_suit"
# The keys a play may have (RULES.md, "Plays"); the site refuses any other (Engine.check_play).
PLAY_KEYS = frozenset({"bat", "field", HAD_SUIT})


def parse_play(raw: Any, deck: str, *, need_had_suit: bool = True) -> Pitch:
    """The pitch ``raw`` describes. Raises ``InvalidPlay`` naming the card or field.

    With ``need_had_suit`` false a missing ``field_had_suit`` is left ``None`` (the scoring
    screen asks for it before recording).
    """
    if not isinstance(raw, Mapping):
        raise InvalidPlay("a play must be a JSON object")
    lead = _card(raw, "bat", "the batter's lead", deck)
    answer = _card(raw, "field", "the fielder's answer", deck)
    if not needs_had_suit(lead, answer):
        return Pitch(lead, answer)  # field_had_suit, if given, is ignored here
    had_suit = raw.get(HAD_SUIT)
    if had_suit is None:
        if not need_had_suit:
            return Pitch(lead, answer)
        suit = suit_name(deck, lead.suit).lower()
        raise InvalidPlay(
            f"field {answer.title_with_name(deck)} is another suit and another value than "
            f"bat {lead.title_with_name(deck)}: the play must say whether the fielder held a "
            f"{suit} card ('{HAD_SUIT}': true for a balk, false for a ball)"
        )
    if not isinstance(had_suit, bool):
        raise InvalidPlay(f"'{HAD_SUIT}' must be true or false, not {had_suit!r}")
    return Pitch(lead, answer, had_suit)


def _card(raw: Mapping, key: str, what: str, deck: str) -> Card:
    if key not in raw:
        raise InvalidPlay(f"a pitch needs {what} card '{key}'")
    card = read_card(raw[key], deck)
    if card is None:
        raise InvalidPlay(
            f"{key} {raw[key]!r} is not a card of the {deck} deck: {notation_help(deck)}"
        )
    return card
