"""The 52-card deck in its two notations: colour (``R7``, ``K13``) and standard (``7D``, ``KS``).

A card is a suit letter of its deck and a value 1-13. The colour deck writes the suit first
and the value as a number; the standard deck writes the value first (A, J, Q, K or a number)
and the suit last, the usual way to write playing cards. In words (the scoring screen's
card titles and the engine's messages) a card is "Red 7" or "Ace of Hearts".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLOUR, STANDARD = "colour", "standard"
DECKS = (COLOUR, STANDARD)
VALUES = tuple(range(1, 14))

# Suits per deck, in the order the scoring screen draws them: letter and name.
SUITS: dict[str, tuple[tuple[str, str], ...]] = {
    COLOUR: (("K", "Black"), ("R", "Red"), ("Y", "Yellow"), ("B", "Blue")),
    STANDARD: (("C", "Clubs"), ("D", "Diamonds"), ("H", "Hearts"), ("S", "Spades")),
}
FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}
FACE_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
_FACE_VALUES = {face: value for value, face in FACES.items()}

_NUMBER = r"1[0-3]|[1-9]"  # 1-13, no leading zero
_PATTERNS = {
    COLOUR: re.compile(rf"([KRYB])({_NUMBER})", re.IGNORECASE),
    STANDARD: re.compile(rf"({_NUMBER}|[AJQK])([CDHS])", re.IGNORECASE),
}
_EXAMPLES = {COLOUR: "R7, K13, B1, Y10", STANDARD: "7D, KS, AH, 10C"}


@dataclass(frozen=True, order=True)
class Card:
    suit: str  # the deck's suit letter, upper case
    value: int  # 1-13

    def name(self, deck: str) -> str:
        """How the deck writes the card: ``R7`` (colour) or ``7D``, ``AH`` (standard)."""
        if deck == STANDARD:
            return f"{FACES.get(self.value, self.value)}{self.suit}"
        return f"{self.suit}{self.value}"

    def title(self, deck: str) -> str:
        """The card in words, as the scoring screen titles it: ``Red 7`` (colour) or
        ``7 of Diamonds``, ``Ace of Hearts`` (standard)."""
        suit = suit_name(deck, self.suit)
        if deck == STANDARD:
            return f"{FACE_NAMES.get(self.value, self.value)} of {suit}"
        return f"{suit} {self.value}"

    def title_with_name(self, deck: str) -> str:
        """The title with the notation in brackets, for a message about a posted card:
        ``Red 7 (R7)``, ``Ace of Hearts (AH)``."""
        return f"{self.title(deck)} ({self.name(deck)})"


def suit_name(deck: str, letter: str) -> str:
    return dict(SUITS[deck])[letter]


def suit_order(deck: str, letter: str) -> int:
    return [s for s, _ in SUITS[deck]].index(letter)


def sorted_names(cards: frozenset[Card], deck: str) -> list[str]:
    """Cards as ``deck`` writes them, in the screen's order: suit rows, then value."""
    return [c.name(deck) for c in sorted(cards, key=lambda c: (suit_order(deck, c.suit), c.value))]


def all_cards(deck: str) -> tuple[Card, ...]:
    return tuple(Card(suit, value) for suit, _ in SUITS[deck] for value in VALUES)


def read_card(text: object, deck: str) -> Card | None:
    """The card ``text`` names in ``deck`` (upper or lower case), or ``None``."""
    if not isinstance(text, str):
        return None
    match = _PATTERNS[deck].fullmatch(text)
    if match is None:
        return None
    if deck == STANDARD:
        value, suit = match.group(1).upper(), match.group(2).upper()
        return Card(suit, _FACE_VALUES.get(value) or int(value))
    return Card(match.group(1).upper(), int(match.group(2)))


def notation_help(deck: str) -> str:
    """What a card looks like in ``deck``, for error messages."""
    letters = ", ".join(f"{letter}={name.lower()}" for letter, name in SUITS[deck])
    if deck == STANDARD:
        return f"value then suit ({letters}; A=1, J=11, Q=12, K=13), e.g. {_EXAMPLES[deck]}"
    return f"suit then value 1-13 ({letters}), e.g. {_EXAMPLES[deck]}"
