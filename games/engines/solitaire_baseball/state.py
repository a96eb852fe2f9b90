"""The solitaire state (immutable) and the two kinds of play."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..baseball.marked_runners import NO_RUNNERS, Runners
from .deck import DECK_SIZE, Card, copies
from .innings import Innings


@dataclass(frozen=True)
class AtBat:
    """The cards laid down for the batter due, in order: the last one is on top."""

    cards: tuple[Card, ...]

    @property
    def top(self) -> Card:
        return self.cards[-1]


@dataclass(frozen=True)
class Rain:
    """The draw pile has run out (the player's word): the game is called."""


Play = AtBat | Rain


@dataclass(frozen=True)
class State:
    innings: Innings
    runners: Runners = NO_RUNNERS  # each runner is the suit of the top card of its stack
    next_batter: int = 0  # 0-based: batters 1-9 bat in order, round and round
    played: tuple[Card, ...] = ()  # every card laid down so far, in order

    @property
    def batter(self) -> int:
        """The batter due, 1-9 (the value of the lineup card: ace is 1)."""
        return self.next_batter + 1

    @property
    def cards_left(self) -> int:
        return DECK_SIZE - len(self.played)

    def left(self, card: Card) -> int:
        """Copies of ``card`` not yet played."""
        return copies(card) - self.played.count(card)

    def counts(self) -> Counter[Card]:
        return Counter(self.played)
