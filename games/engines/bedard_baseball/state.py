"""The Bedard's Universal Baseball state (immutable) and its one kind of play, the pitch."""

from __future__ import annotations

from dataclasses import dataclass

from ..baseball import EMPTY, Bases, Innings
from .deck import Card

CARDS_PER_DEAL = 11  # dealt to each player; one of each goes on every pitch


@dataclass(frozen=True)
class Pitch:
    """The batter's lead and the fielder's answer, and, for an answer of another suit and
    another value, whether the fielder held a card of the led suit."""

    lead: Card
    answer: Card
    had_suit: bool | None = None


@dataclass(frozen=True)
class State:
    deck: str
    innings: Innings
    bases: Bases = EMPTY
    balls: int = 0
    strikes: int = 0
    next_batter: tuple[int, int] = (0, 0)  # per side, 0-based index of the batter due
    deal: int = 1  # deals so far in this half-inning
    pitches: int = 0  # pitches of the current deal
    played: frozenset[Card] = frozenset()  # both players' cards of the current deal

    @property
    def batter(self) -> int:
        """The batting side's batter due up, 1-9."""
        return self.next_batter[self.innings.batting] + 1
