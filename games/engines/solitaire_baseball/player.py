"""A plausible solitaire baseball player: it plays the cards as a person at the
table would, from a hand of five drawn from the shuffled deck.

The deck is simulated (``Table``): the 95 cards less those the state says were played are
shuffled into a draw pile, and before every play the hand is drawn back up to five. Seeded
through the table's ``rng``, so a game can be reproduced. Over 500 nine-inning games: 2.2
runs an inning, 99% won, 62 plays, 4.6% called for rain, about 3 ms a game.

- **Rain** only when the draw pile has run out (the rulings' ``rain``): the cards still in
  the hand are never played.
- **A hit** whenever the hand holds the batter's number: every such card, four at most (two
  make a double, four a home run), the top one of the suit that moves the runners furthest
  (a runner of the batter's suit takes an extra base), else one that matches the runners
  left on base, else a spade, heart or club (diamonds are scarcer).
- **A walk** (four face cards) when there is no hit; the top card matches the runners.
- **A sacrifice bunt** with a ten when it moves the runners up (every runner of the ten's
  suit, fewer than two out): the seed's own use of the ten.
- **Otherwise an out**, on the card least worth keeping: a ten first, then a lone face card,
  then the number card whose batter is furthest away in the order; cards for the next few
  batters, pairs, and face cards three towards a walk are kept.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..baseball.marked_runners import Runners, advance, on_base, place
from .deck import ALL_CARDS, TEN, Card, copies
from .parse import WALK_CARDS
from .state import State

HAND = 5
BATTERS = 9
SUIT_PREFERENCE = ("S", "H", "C", "D")  # diamonds last: ace to nine of them are the lineup


class Table:
    """The draw pile and the hand of one game, dealt from what is left of the deck."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pile: list[Card] = []
        self.hand: list[Card] = []
        self.seen: tuple[Card, ...] | None = None  # the cards played when we last drew
        self.laid: tuple[Card, ...] = ()  # the cards of our last play
        self.drawn = False  # the hand has been drawn for the play in hand
        self.rained = False  # ... and the pile had run out when it was

    def sync(self, state: State) -> None:
        """Keep the hand and pile if the state follows from our last play; otherwise (a game
        taken up from any state) shuffle what is left of the deck and take a new hand."""
        played = state.played
        if self.seen is not None and played == self.seen + self.laid:
            if self.laid:
                self.seen, self.laid, self.drawn = played, (), False
            return
        gone = Counter(played)
        pile = [card for card in ALL_CARDS for _ in range(copies(card) - gone[card])]
        self.rng.shuffle(pile)
        self.pile, self.hand = pile, []
        self.seen, self.laid, self.drawn = played, (), False

    def draw(self, state: State) -> list[Card]:
        """The hand for the play in hand, drawn back up to five (as far as the pile goes)."""
        self.sync(state)
        if not self.drawn:
            self.rained = not self.pile and len(self.hand) < HAND
            while len(self.hand) < HAND and self.pile:
                self.hand.append(self.pile.pop())
            self.drawn = True
        return self.hand

    def choose(self, state: State) -> dict[str, Any]:
        """The next play object: rain when the pile has run out, else the cards laid down."""
        hand = self.draw(state)
        if self.rained:
            return {"rain": True}
        cards = lay_down(hand, state.batter, state.runners, state.innings.outs)
        for card in cards:
            hand.remove(card)
        self.laid = tuple(cards)
        return {"cards": [card.id for card in cards]}


def lay_down(hand: list[Card], batter: int, runners: Runners, outs: int) -> list[Card]:
    """The cards laid down for ``batter``, the top one last: a hit, a walk, a useful
    sacrifice bunt, or the card least worth keeping as an out."""
    hits = [card for card in hand if card.value == batter]
    if hits:
        return hit_cards(hits, runners)
    faces = [card for card in hand if card.is_face]
    if len(faces) >= WALK_CARDS:
        return walk_cards(faces, runners)
    bunt = sacrifice(hand, runners, outs)
    if bunt is not None:
        return [bunt]
    return [discard(hand, batter)]


def hit_cards(hits: list[Card], runners: Runners) -> list[Card]:
    """Every card of the batter's number (four at most: a home run), the top one of the best
    suit."""
    hits = hits[:4]
    bases = len(hits)
    suits = dict.fromkeys(card.suit for card in hits)
    if bases >= 3:  # the bases clear: the suit only marks the batter for later
        top_suit = max(suits, key=lambda s: _suit_rank(s, ()))
    else:
        top_suit = max(suits, key=lambda s: _hit_value(runners, bases, s))
    top = next(card for card in hits if card.suit == top_suit)
    rest = list(hits)
    rest.remove(top)
    return rest + [top]


def _hit_value(runners: Runners, bases: int, suit: str) -> tuple:
    moved, scored = advance(runners, lambda mark: bases + (mark == suit))
    moved, batter_scored = place(moved, bases, suit)
    advanced = sum(index + 1 for index, mark in enumerate(moved) if mark is not None)
    return (len(scored) + len(batter_scored), advanced, _suit_rank(suit, on_base(moved)))


def _suit_rank(suit: str, others: tuple[str, ...]) -> tuple[int, int]:
    """Prefer a suit that matches the runners (extra bases and bunts later), then a suit
    with more cards left to match."""
    return (sum(1 for mark in others if mark == suit), -SUIT_PREFERENCE.index(suit))


def walk_cards(faces: list[Card], runners: Runners) -> list[Card]:
    """Four face cards, the top one of a suit the runners carry if possible."""
    on = on_base(runners)
    ordered = sorted(faces, key=lambda card: _suit_rank(card.suit, on))
    chosen = ordered[-WALK_CARDS:]
    return chosen


def sacrifice(hand: list[Card], runners: Runners, outs: int) -> Card | None:
    """A ten that moves every runner up (all of its suit, fewer than two out), if held."""
    on = on_base(runners)
    if not on or outs >= 2 or len(set(on)) != 1:
        return None
    suit = on[0]
    return next((card for card in hand if card.value == TEN and card.suit == suit), None)


def keep_value(card: Card, hand: list[Card], batter: int) -> float:
    """How much a card is worth keeping in the hand while ``batter`` is up (he has no hit)."""
    if card.value == TEN:
        return 0.5
    if card.is_face:
        faces = sum(1 for other in hand if other.is_face)
        return {1: 1.0, 2: 2.0}.get(faces, 4.0)
    distance = (card.value - batter) % BATTERS  # plays until his batter is up: 1-8
    same = sum(1 for other in hand if other.value == card.value)
    return BATTERS - distance + 2 * (same - 1)


def discard(hand: list[Card], batter: int) -> Card:
    """The card least worth keeping (ties: the first in the hand)."""
    return min(hand, key=lambda card: keep_value(card, hand, batter))
