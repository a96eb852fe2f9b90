"""What the baseball games share: bases and runners, the line score, innings and the end."""

from .bases import EMPTY, Bases, advance_all, base_name, steal_candidate, walk
from .innings import BOTTOM, TOP, Innings, ordinal

__all__ = [
    "BOTTOM",
    "EMPTY",
    "TOP",
    "Bases",
    "Innings",
    "advance_all",
    "base_name",
    "ordinal",
    "steal_candidate",
    "walk",
]
