"""Backyard Baseball, Jeff Warrender: rulings in ``RULES.md`` beside this file."""

from .catalogue import FIELD_SPACES, MOUND, OUTFIELD, Field
from .engine import ENGINE, BackyardBaseball, field_for
from .rules import swap_allowed
from .state import DOT, GHOST, PLAIN, State

ORDER = 3  # where pages offer the game (games/engines/__init__.py)

__all__ = [
    "DOT",
    "ENGINE",
    "FIELD_SPACES",
    "GHOST",
    "MOUND",
    "OUTFIELD",
    "PLAIN",
    "BackyardBaseball",
    "Field",
    "State",
    "field_for",
    "swap_allowed",
]
