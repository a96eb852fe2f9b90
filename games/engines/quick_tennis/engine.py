"""The Quick Tennis engine: options, initial state, parse, apply, summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Engine, OptionSpec, Outcome
from .parse import PLAY_KEYS, parse_play
from .plays import candidate_plays, legal_plays
from .rules import apply_play
from .scoring import point_names
from .state import SETS_CHOICES, Match, Play


def _sets(value: Any) -> int:
    if type(value) is not int or value not in SETS_CHOICES:
        raise ValueError("must be 3 or 5 (best of three or best of five sets)")
    return value


class QuickTennis(Engine):
    id = "quick-tennis"
    name = "Quick Tennis"
    play_keys = PLAY_KEYS
    default_sides = ("Player 1", "Player 2")
    side_labels = ("Serves first", "Receives first")
    entrant = "player"
    option_specs = (
        OptionSpec(
            "sets",
            3,
            _sets,
            "six games win a set by two; at 6-6 a tie-break to 7",
            label="Match",
            field="choice",
            choices=((3, "Best of 3 sets"), (5, "Best of 5 sets")),
        ),
    )

    def initial_state(self, options: Mapping[str, Any]) -> Match:
        return Match(best_of=options.get("sets", 3))

    def parse(self, raw: Any, state: Match) -> Play:
        return parse_play(raw)

    def apply(self, state: Match, play: Play) -> tuple[Match, Outcome]:
        return apply_play(state, play)

    def is_over(self, state: Match) -> bool:
        return state.final

    def candidate_plays(self, state: Match) -> list[dict[str, Any]]:
        return candidate_plays(state)

    def legal_plays(self, state: Match) -> list[dict[str, Any]]:
        return legal_plays(state)

    def summary(self, state: Match) -> dict[str, Any]:
        rally = state.rally
        return {
            "game": self.id,
            "status": "final" if state.final else "in_progress",
            "winner": state.winner,
            "score": list(state.sets_won),
            "points": list(point_names(state)),
            "games": list(state.games),
            "sets": [list(finished.games) for finished in state.sets],
            "server": state.point_server,
            "best_of": state.best_of,
            "set": len(state.sets) if state.final else len(state.sets) + 1,
            "tiebreak": state.tiebreak,
            "tiebreaks": [
                list(finished.tiebreak) if finished.tiebreak else None for finished in state.sets
            ],
            "hitter": rally.hitter if rally else None,
            "cards": list(state.cards),
            "shots": rally.shots if rally else 0,
            "ball": rally.ball if rally else None,
            "points_won": list(state.points_won),
        }


ENGINE = QuickTennis()
