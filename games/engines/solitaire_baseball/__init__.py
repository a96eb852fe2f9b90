"""Double-deck solitaire baseball: rulings in ``RULES.md`` beside this file."""

from .deck import (
    ALL_CARDS,
    DECK_SIZE,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    VALUES,
    Card,
    copies,
    read_card,
)
from .engine import ENGINE, SolitaireBaseball
from .rules import what_the_cards_make
from .state import AtBat, Rain, State

ORDER = 5  # where pages offer the game (games/engines/__init__.py)

__all__ = [
    "ALL_CARDS",
    "DECK_SIZE",
    "ENGINE",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "VALUES",
    "AtBat",
    "Card",
    "Rain",
    "SolitaireBaseball",
    "State",
    "copies",
    "read_card",
    "what_the_cards_make",
]
