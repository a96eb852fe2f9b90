"""The Bedard's Universal Baseball engine: options, initial state, parse, apply, summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Engine, OptionSpec, Outcome, positive_int
from ..baseball import Innings
from .deck import COLOUR, DECKS, STANDARD, all_cards, sorted_names, suit_name
from .parse import HAD_SUIT, PLAY_KEYS, parse_play
from .resolution import needs_had_suit
from .rules import apply_play
from .state import Pitch, State


def _check_deck(value: Any) -> str:
    if value not in DECKS:
        raise ValueError(f"must be {' or '.join(repr(d) for d in DECKS)}, not {value!r}")
    return value


class BedardBaseball(Engine):
    id = "bedard-baseball"
    name = "Bedard's Universal Baseball"
    play_keys = PLAY_KEYS
    option_specs = (
        OptionSpec("innings", 9, positive_int, "3, 6 or 9 are usual", label="Scheduled innings"),
        OptionSpec(
            "deck",
            COLOUR,
            _check_deck,
            "which cards the table plays with",
            label="Deck",
            field="choice",
            choices=(
                (COLOUR, "Colour: black, red, yellow, blue, 1-13"),
                (STANDARD, "Standard: clubs, diamonds, hearts, spades, A-K"),
            ),
        ),
    )

    def initial_state(self, options: Mapping[str, Any]) -> State:
        return State(
            deck=options.get("deck", COLOUR), innings=Innings(scheduled=options.get("innings", 9))
        )

    def parse(self, raw: Any, state: State) -> Pitch:
        return parse_play(raw, state.deck)

    def apply(self, state: State, play: Pitch) -> tuple[State, Outcome]:
        return apply_play(state, play)

    def pending(self, state: State, raw: Any) -> dict[str, Any] | None:
        """Ask whether the fielder held the led suit when the answer is another suit and value
        and the play does not say; ``None`` when the play is complete or illegal anyway."""
        play = parse_play(raw, state.deck, need_had_suit=False)
        if (
            state.innings.final
            or play.lead == play.answer
            or {play.lead, play.answer} & state.played
            or not needs_had_suit(play.lead, play.answer)
            or play.had_suit is not None
        ):
            return None
        return {
            "ask": "had_suit",
            "bat": play.lead.name(state.deck),
            "field": play.answer.name(state.deck),
            "bat_title": play.lead.title(state.deck),
            "field_title": play.answer.title(state.deck),
            "suit": suit_name(state.deck, play.lead.suit),
        }

    def candidate_plays(self, state: State) -> list[dict[str, Any]]:
        deck = state.deck
        free = [card for card in all_cards(deck) if card not in state.played]
        plays: list[dict[str, Any]] = []
        for lead in free:
            for answer in free:
                if lead == answer:
                    continue
                raw = {"bat": lead.name(deck), "field": answer.name(deck)}
                if needs_had_suit(lead, answer):
                    plays += [{**raw, HAD_SUIT: False}, {**raw, HAD_SUIT: True}]
                else:
                    plays.append(raw)
        return plays

    def legal_plays(self, state: State) -> list[dict[str, Any]]:
        # Every candidate uses two different cards not yet played in this deal, which is all
        # apply checks before the game is over: trying each would be thousands of applies.
        return [] if state.innings.final else self.candidate_plays(state)

    def is_over(self, state: State) -> bool:
        return state.innings.final

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "game": self.id,
            **state.innings.summary(),
            "bases": list(state.bases),
            "balls": state.balls,
            "strikes": state.strikes,
            "batter": state.batter,
            "deck": state.deck,
            "deal": {
                "number": state.deal,
                "pitches": state.pitches,
                "played": sorted_names(state.played, state.deck),
            },
        }


ENGINE = BedardBaseball()
