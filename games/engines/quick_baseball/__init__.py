"""Quick Baseball (18 cards), S.P. Stenton: rulings in ``RULES.md`` beside this file."""

from .engine import ENGINE, QuickBaseball, catalogue_for
from .rules import refresh_allowed
from .state import Pitch, Refresh, State

ORDER = 1  # where pages offer the game (games/engines/__init__.py)

__all__ = [
    "ENGINE",
    "ORDER",
    "Pitch",
    "QuickBaseball",
    "Refresh",
    "State",
    "catalogue_for",
    "refresh_allowed",
]
