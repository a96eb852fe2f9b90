"""Quick Cricket (18 cards), S.P. Stenton: rulings in ``RULES.md`` beside this file."""

from .engine import ENGINE, QuickCricket, catalogue_for
from .state import Ball, Innings, Match

ORDER = 2  # where pages offer the game (games/engines/__init__.py)

__all__ = ["ENGINE", "ORDER", "Ball", "Innings", "Match", "QuickCricket", "catalogue_for"]
