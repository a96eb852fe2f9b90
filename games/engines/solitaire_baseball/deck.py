"""The double deck without the lineup cards: card names, values, suits and copies.

A card is written value then suit (``6H``, ``10S``, ``AD``, ``KC``); in words (the scoring
screen's card picker and the engine's messages) it is its value and suit symbol (``6♥``,
``10♠``, ``A♦``, ``K♣``). The deck is two standard decks less one ace-to-nine of diamonds,
which lie on the table as the lineup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

VALUES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
FACE_VALUES = frozenset({11, 12, 13})
TEN = 10
LINEUP_SUIT = "D"
LINEUP = range(1, 10)  # ace to nine of the lineup suit: one copy of each is the lineup

_CARD = re.compile(r"(A|[2-9]|10|J|Q|K)([CDHS])", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Card:
    value: int  # ace 1 … king 13
    suit: str

    @property
    def id(self) -> str:
        """The card's notation, as a play posts it: ``6H``, ``AD``."""
        return f"{VALUES[self.value - 1]}{self.suit}"

    @property
    def face(self) -> str:
        """The card as the scoring screen's picker draws it: ``6♥``, ``A♦``."""
        return f"{VALUES[self.value - 1]}{SUIT_SYMBOLS[self.suit]}"

    @property
    def face_and_id(self) -> str:
        """The face with the notation in brackets, for a refusal naming one posted card:
        ``6♥ (6H)``."""
        return f"{self.face} ({self.id})"

    @property
    def is_face(self) -> bool:
        return self.value in FACE_VALUES

    def __str__(self) -> str:
        return self.id


def read_card(text: str) -> Card | None:
    """``"6h"`` → ``Card(6, "H")``; ``None`` for anything that is not a card."""
    match = _CARD.fullmatch(text.strip())
    if match is None:
        return None
    return Card(VALUES.index(match.group(1).upper()) + 1, match.group(2).upper())


def copies(card: Card) -> int:
    """How many times ``card`` is in the deck."""
    return 1 if card.suit == LINEUP_SUIT and card.value in LINEUP else 2


ALL_CARDS: tuple[Card, ...] = tuple(
    Card(value, suit) for suit in SUITS for value in range(1, len(VALUES) + 1)
)
DECK_SIZE = sum(copies(card) for card in ALL_CARDS)  # 95


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def value_word(value: int) -> str:
    """``1`` → ``"ace"``, ``6`` → ``"6"``, ``12`` → ``"queen"``."""
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(value, str(value))


def value_name(value: int, count: int = 1) -> str:
    """``value_name(6, 2)`` → ``"two 6s"``; ``value_name(1)`` → ``"an ace"``."""
    name = value_word(value)
    if count == 1:
        return f"an {name}" if name[0] in "a8" else f"a {name}"
    return f"{NUMBER_WORDS[count]} {name}s"
