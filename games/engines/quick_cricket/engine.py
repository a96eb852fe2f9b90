"""The Quick Cricket engine: options, initial state, parse, apply, summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Engine, OptionSpec, Outcome
from ..catalogues import CatalogueOption
from . import catalogue as cards
from .parse import PLAY_KEYS, parse_play
from .plays import candidate_plays
from .questions import pending
from .rules import apply_play
from .state import PACE, SPIN, Innings, Match, Play


def _overs(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("must be a whole number of overs (at least 1) or null for unlimited")
    return value


def _innings(value: Any) -> int:
    if value not in (1, 2) or isinstance(value, bool):
        raise ValueError("must be 1 (limited overs) or 2 (a Test)")
    return value


def _style(value: Any) -> str:
    if value not in (PACE, SPIN):
        raise ValueError("must be 'pace' or 'spin'")
    return value


CATALOGUE = CatalogueOption("quick-cricket", cards.from_data)
catalogue_for = CATALOGUE.for_options


class QuickCricket(Engine):
    id = "quick-cricket"
    name = "Quick Cricket"
    play_keys = PLAY_KEYS
    default_sides = ("Side 1", "Side 2")
    side_labels = ("Batting first", "Bowling first")
    option_specs = (
        OptionSpec(
            "overs",
            16,
            _overs,
            "four-ball overs; leave empty for unlimited",
            label="Overs per innings",
            field="optional_int",
        ),
        OptionSpec(
            "innings",
            1,
            _innings,
            label="Innings per side",
            field="choice",
            choices=((1, "1 (limited overs)"), (2, "2 (a Test)")),
        ),
        OptionSpec(
            "first_style",
            PACE,
            _style,
            "the style of the first spell of every innings",
            label="First spell",
            field="choice",
            choices=((PACE, "Pace"), (SPIN, "Spin")),
        ),
        CATALOGUE.spec(
            "the runs charts and Path cards, when the printed cards differ from the default"
        ),
    )

    def initial_state(self, options: Mapping[str, Any]) -> Match:
        return Match(
            catalogue=catalogue_for(options),
            overs=options.get("overs", 16),
            innings_per_side=options.get("innings", 1),
            first_style=options.get("first_style", PACE),
            innings=(Innings(batting=0),),
        )

    def parse(self, raw: Any, state: Match) -> Play:
        return parse_play(raw, state.catalogue)

    def apply(self, state: Match, play: Play) -> tuple[Match, Outcome]:
        return apply_play(state, play)

    def pending(self, state: Match, raw: Any) -> dict[str, Any] | None:
        return pending(state, raw, state.catalogue)

    def is_over(self, state: Match) -> bool:
        return state.final

    def candidate_plays(self, state: Match) -> list[dict[str, Any]]:
        return candidate_plays(state)

    def legal_plays(self, state: Match) -> list[dict[str, Any]]:
        # The candidates are built legal (see plays.py): trying each through apply would be
        # thousands of applies per position.
        return [] if state.final else candidate_plays(state)

    def summary(self, state: Match) -> dict[str, Any]:
        current = state.current
        return {
            "game": self.id,
            "status": "final" if state.final else "in_progress",
            "winner": state.winner,
            "score": [state.aggregate(0), state.aggregate(1)],
            "innings": [_innings_summary(inn) for inn in state.innings],
            "style": state.style(),
            "umpire_cards": current.umpire_down,
            "target": state.target,
            "fielder": current.fielder,
            "path_cards_left": sorted(set(state.catalogue.path_ids) - current.paths_used),
            "margin": ({"by": state.margin[0], "value": state.margin[1]} if state.margin else None),
        }


def _innings_summary(innings: Innings) -> dict[str, Any]:
    return {
        "batting": innings.batting,
        "runs": innings.runs,
        "wickets": innings.wickets,
        "overs": innings.overs_text,
        "partnerships": list(innings.partnerships),
        "fall_of_wickets": list(innings.fall_of_wickets),
        "reviews_left": list(innings.reviews_left),
        "declared": innings.declared,
        "closed": innings.closed,
    }


ENGINE = QuickCricket()
