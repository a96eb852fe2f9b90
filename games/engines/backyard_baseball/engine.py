"""The Backyard Baseball engine: options, initial state, parse, apply, summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Engine, OptionSpec, Outcome, positive_int
from ..baseball import Innings
from ..baseball.pawn_runners import occupied
from ..catalogues import CatalogueOption
from . import catalogue as fields
from .parse import PLAY_KEYS, PLAY_OBJECTS, parse_play
from .plays import candidate_plays
from .questions import pending
from .rules import apply_play, swap_allowed
from .state import Play, State

INNINGS = 3


CATALOGUE = CatalogueOption("backyard-baseball", fields.from_data)
field_for = CATALOGUE.for_options


class BackyardBaseball(Engine):
    id = "backyard-baseball"
    name = "Backyard Baseball"
    play_keys, play_objects = PLAY_KEYS, PLAY_OBJECTS
    option_specs = (
        OptionSpec(
            "innings",
            INNINGS,
            positive_int,
            "every half-inning is played in full; a tie stands",
            label="Innings",
        ),
        CATALOGUE.spec("the field's connections and the throw table, when the board differs"),
    )

    def initial_state(self, options: Mapping[str, Any]) -> State:
        innings = Innings(
            scheduled=options.get("innings", INNINGS), ties_allowed=True, walk_offs=False
        )
        return State(field=field_for(options), innings=innings)

    def parse(self, raw: Any, state: State) -> Play:
        return parse_play(raw)

    def apply(self, state: State, play: Play) -> tuple[State, Outcome]:
        return apply_play(state, play)

    def pending(self, state: State, raw: Any) -> dict[str, Any] | None:
        return pending(state, raw)

    def candidate_plays(self, state: State) -> list[dict[str, Any]]:
        return candidate_plays(state)

    def is_over(self, state: State) -> bool:
        return state.innings.final

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "game": self.id,
            **state.innings.summary(),
            "bases": list(occupied(state.runners)),
            "at_bat": state.at_bat,
            "runners": list(state.runners),
            "swap": swap_allowed(state),
            "event": state.event,
        }


ENGINE = BackyardBaseball()
