"""The Quick Baseball state (immutable) and the two kinds of play."""

from __future__ import annotations

from dataclasses import dataclass

from ..baseball import EMPTY, Bases, Innings
from .catalogue import Catalogue

BATTER, PITCHER = "batter", "pitcher"
STEAL, LEAVE = "steal", "leave"


@dataclass(frozen=True)
class Pitch:
    """Both players' face-down cards: the pitch, and the batting card or a call."""

    pitch: str
    bat: str | None = None
    call: str | None = None


@dataclass(frozen=True)
class Refresh:
    """Players taking their discard piles back (``who`` holds "batter" and/or "pitcher")."""

    who: tuple[str, ...]


Play = Pitch | Refresh


@dataclass(frozen=True)
class State:
    catalogue: Catalogue
    innings: Innings
    bases: Bases = EMPTY
    next_batter: tuple[int, int] = (0, 0)  # per side, 0-based index of the batter due
    balls: int = 0
    relief: tuple[bool, bool] = (False, False)
    batter_hand: frozenset[str] = frozenset()
    pitcher_hand: frozenset[str] = frozenset()

    @property
    def batter(self) -> int:
        """The batting side's batter due up, 1-9."""
        return self.next_batter[self.innings.batting] + 1

    @property
    def pitching_relief(self) -> bool:
        return self.relief[self.innings.fielding]

    def pitcher_cards(self) -> frozenset[str]:
        """The pitcher's hand without Pitch Out: what counts for refreshes."""
        return self.pitcher_hand - {self.catalogue.pitch_out.id}

    def hand_size(self, who: str) -> int:
        return len(self.batter_hand) if who == BATTER else len(self.pitcher_cards())
