"""The Quick Baseball engine: options, initial state, parse, apply, summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Engine, OptionSpec, Outcome, positive_int
from ..baseball import Innings
from ..catalogues import CatalogueOption
from . import catalogue as cards
from .parse import PLAY_KEYS, parse_play
from .rules import apply_play
from .state import BATTER, PITCHER, Play, State

CATALOGUE = CatalogueOption("quick-baseball", cards.from_data)
catalogue_for = CATALOGUE.for_options


class QuickBaseball(Engine):
    id = "quick-baseball"
    name = "Quick Baseball"
    play_keys = PLAY_KEYS
    option_specs = (
        OptionSpec("innings", 9, positive_int, "3, 6 or 9 are usual", label="Scheduled innings"),
        CATALOGUE.spec("the card catalogue, when the printed cards differ from the default"),
    )

    def initial_state(self, options: Mapping[str, Any]) -> State:
        catalogue = catalogue_for(options)
        return State(
            catalogue=catalogue,
            innings=Innings(scheduled=options.get("innings", 9)),
            batter_hand=catalogue.bat_ids,
            pitcher_hand=catalogue.pitch_ids,
        )

    def parse(self, raw: Any, state: State) -> Play:
        return parse_play(raw, state.catalogue)

    def apply(self, state: State, play: Play) -> tuple[State, Outcome]:
        return apply_play(state, play)

    def candidate_plays(self, state: State) -> list[dict[str, Any]]:
        catalogue = state.catalogue
        plays: list[dict[str, Any]] = [
            {"refresh": who} for who in (["batter"], ["pitcher"], ["batter", "pitcher"])
        ]
        for pitch in sorted(catalogue.pitch_ids):
            plays += [{"pitch": pitch, "call": call} for call in ("steal", "leave")]
            plays += [{"pitch": pitch, "bat": bat} for bat in sorted(catalogue.bat_ids)]
        return plays

    def is_over(self, state: State) -> bool:
        return state.innings.final

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "game": self.id,
            **state.innings.summary(),
            "bases": list(state.bases),
            "batter": state.batter,
            "balls": state.balls,
            "relief": list(state.relief),
            "hands": {
                BATTER: sorted(state.batter_hand),
                PITCHER: sorted(state.pitcher_hand),
            },
        }


ENGINE = QuickBaseball()
