"""Quick Cricket (18 cards), S.P. Stenton: rulings in ``RULES.md`` beside this file."""

from .engine import ENGINE, QuickCricket, catalogue_for
from .state import Ball, Innings, Match

__all__ = ["ENGINE", "Ball", "Innings", "Match", "QuickCricket", "catalogue_for"]
