"""A plausible Bedard's player for both sides: it chooses among the
legal pitches as a person at the table would, with what that person can know.

The deal is simulated (``Table``): eleven cards each from a shuffled deck when a deal begins,
kept until it ends, each pitch taking one card from each hand (a table that takes over in the
middle of a deal deals each hand what it still holds from the cards not yet played). Seeded
through the table's ``rng``, so a season can be reproduced. Over 200 nine-inning games: about
3.4 runs per team per inning and about 300 pitches a game (``tests/engines/test_bedard_player.py``).

- The batter leads a 1 when holding one (the seed's home-run attempt: only the fielder's 10
  or 13 of that suit, or another 1, stops it), else the highest card held, which the fielder
  can top only with a higher card of the suit.
- The fielder follows the led suit whenever it can (never a balk), with the answer that
  hurts least: a 1 (fly out), a 10 against a lead of 2-9 (foul fly out), the lowest card
  above the lead (strike), a 10 (foul), else the lowest card (the shortest hit). Without the
  suit, a card of the lead's value (foul) if held, else its lowest card (a ball).
"""

from __future__ import annotations

import random
from typing import Any

from .deck import Card, all_cards
from .resolution import needs_had_suit
from .state import CARDS_PER_DEAL, State


class Table:
    """The two hands of the current deal, dealt from a shuffled deck when a deal begins and
    kept until it ends (a player remembers what they hold)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.key: tuple | None = None
        self.batter: list[Card] = []
        self.fielder: list[Card] = []

    def hands(self, state: State) -> tuple[list[Card], list[Card]]:
        key = (state.innings.inning, state.innings.batting, state.deal)
        if key != self.key or state.pitches == 0:
            # A table taking over mid-deal (a play-out from a state) holds what is left of
            # the deal: the cards not yet played, as many as each hand still has.
            deck = [card for card in all_cards(state.deck) if card not in state.played]
            self.rng.shuffle(deck)
            size = CARDS_PER_DEAL - state.pitches
            self.batter, self.fielder = deck[:size], deck[size : 2 * size]
            self.key = key
        return self.batter, self.fielder

    def choose(self, state: State) -> dict[str, Any]:
        """The next pitch as a play object, chosen by the two plausible players."""
        batter, fielder = self.hands(state)
        lead_card = lead(batter)
        answer_card = answer(lead_card, fielder)
        batter.remove(lead_card)
        fielder.remove(answer_card)
        play: dict[str, Any] = {
            "bat": lead_card.name(state.deck),
            "field": answer_card.name(state.deck),
        }
        if needs_had_suit(lead_card, answer_card):
            play["field_had_suit"] = any(card.suit == lead_card.suit for card in fielder)
        return play


def lead(hand: list[Card]) -> Card:
    ones = [card for card in hand if card.value == 1]
    return ones[0] if ones else max(hand, key=lambda card: card.value)


def answer(lead_card: Card, hand: list[Card]) -> Card:
    suit = sorted((c for c in hand if c.suit == lead_card.suit), key=lambda c: c.value)
    if suit:
        by_value = {card.value: card for card in suit}
        if lead_card.value == 1:
            return by_value.get(13) or by_value.get(10) or suit[0]
        if 1 in by_value:
            return by_value[1]
        if 10 in by_value and 2 <= lead_card.value <= 9:
            return by_value[10]
        above = [card for card in suit if card.value > lead_card.value and card.value != 10]
        if above:
            return above[0]
        if 10 in by_value:
            return by_value[10]
        return suit[0]
    same_value = [card for card in hand if card.value == lead_card.value]
    if same_value:
        return same_value[0]
    return min(hand, key=lambda card: card.value)
