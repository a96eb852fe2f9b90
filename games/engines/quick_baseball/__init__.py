"""Quick Baseball (18 cards), S.P. Stenton: rulings in ``RULES.md`` beside this file."""

from .engine import ENGINE, QuickBaseball, catalogue_for
from .rules import refresh_allowed
from .state import Pitch, Refresh, State

__all__ = [
    "ENGINE",
    "Pitch",
    "QuickBaseball",
    "Refresh",
    "State",
    "catalogue_for",
    "refresh_allowed",
]
