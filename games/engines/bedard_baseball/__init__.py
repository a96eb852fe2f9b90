"""Bedard's Universal Baseball (52 cards): rulings in ``RULES.md`` beside this file."""

from .deck import Card, read_card
from .engine import ENGINE, BedardBaseball
from .resolution import Call, needs_had_suit, resolve
from .state import CARDS_PER_DEAL, Pitch, State

ORDER = 4  # where pages offer the game (games/engines/__init__.py)

__all__ = [
    "CARDS_PER_DEAL",
    "ENGINE",
    "BedardBaseball",
    "Call",
    "Card",
    "Pitch",
    "State",
    "needs_had_suit",
    "read_card",
    "resolve",
]
