"""Quick Tennis (the fragment at the end of seed 000): rulings in ``RULES.md`` beside this file."""

from .engine import ENGINE, QuickTennis
from .plays import legal_plays
from .scoring import point_names
from .state import (
    DIAGONALS,
    HAND,
    MAX_RECEIVE,
    QUADRANTS,
    Hit,
    Match,
    OutOfCards,
    Rally,
    Serve,
    SetScore,
    diagonal,
)

ORDER = 6  # where pages offer the game (games/engines/__init__.py)

__all__ = [
    "DIAGONALS",
    "ENGINE",
    "HAND",
    "MAX_RECEIVE",
    "QUADRANTS",
    "Hit",
    "Match",
    "OutOfCards",
    "QuickTennis",
    "Rally",
    "Serve",
    "SetScore",
    "diagonal",
    "legal_plays",
    "point_names",
]
