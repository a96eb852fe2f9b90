"""The solitaire baseball engine: options, initial state, parse, apply, summary."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations_with_replacement
from typing import Any

from ..base import Engine, OptionSpec, Outcome, positive_int
from ..baseball.marked_runners import occupied
from .deck import ALL_CARDS, SUITS, Card
from .innings import Innings
from .parse import PLAY_KEYS, WALK_CARDS, parse_play
from .rules import apply_play
from .state import Play, State


class SolitaireBaseball(Engine):
    id = "solitaire-baseball"
    name = "Double-deck solitaire baseball"
    play_keys = PLAY_KEYS
    default_sides = ("Player",)
    side_labels = ("Player",)
    entrant = "player"
    option_specs = (
        OptionSpec(
            "innings",
            9,
            positive_int,
            "the target is more runs than innings",
            label="Innings to play",
        ),
    )

    def initial_state(self, options: Mapping[str, Any]) -> State:
        return State(innings=Innings(scheduled=options.get("innings", 9)))

    def parse(self, raw: Any, state: State) -> Play:
        return parse_play(raw)

    def apply(self, state: State, play: Play) -> tuple[State, Outcome]:
        return apply_play(state, play)

    def is_over(self, state: State) -> bool:
        return state.innings.final

    def candidate_plays(self, state: State) -> list[dict[str, Any]]:
        """One play of every kind the cards left can make: any single card; hits of one to
        four of the batter's number with every top suit; walks with every top face card;
        rain. (Cards under the top one change nothing, so one order of them is enough.)"""
        plays: list[dict[str, Any]] = [{"cards": [card.id]} for card in ALL_CARDS]
        for count in (2, 3, 4):
            for suits in combinations_with_replacement(SUITS, count):
                cards = [Card(state.batter, suit) for suit in suits]
                for top in dict.fromkeys(cards):
                    rest = list(cards)
                    rest.remove(top)
                    plays.append({"cards": [c.id for c in rest + [top]]})
        faces = [card for card in ALL_CARDS if card.is_face]
        for top in faces:
            pool = [c for c in faces for _ in range(state.left(c) - (c == top))]
            if state.left(top) and len(pool) >= WALK_CARDS - 1:
                plays.append({"cards": [c.id for c in pool[: WALK_CARDS - 1]] + [top.id]})
        plays.append({"rain": True})
        return plays

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "game": self.id,
            **state.innings.summary(),
            "bases": list(occupied(state.runners)),
            "cards_played": len(state.played),
            "cards_left": state.cards_left,
            "batter": state.batter,
            "runners": list(state.runners),
        }


ENGINE = SolitaireBaseball()
