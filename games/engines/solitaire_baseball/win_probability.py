"""Solitaire's win probability: the chance of a win as the rulings define it (more runs than
innings), from the innings left, outs, bases, the runs still needed and the cards left in the
draw pile (the game is called for rain when it runs out). One table per scheduled length."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..baseball.marked_runners import occupied
from ..win_probability.model import Model, clip

DECK = 104


class SolitaireModel(Model):
    game_id = "solitaire-baseball"
    # Twenty innings (the situations count at most 20 innings left): a few minutes of one core
    # for a table of 20,000 games.
    bounds = (("innings", 20, "games of more than 20 innings"),)

    def levels(self, state: Any) -> tuple[tuple[Hashable, ...], ...]:
        innings = state.innings
        left = clip(innings.scheduled - innings.inning, -1, 20)
        needed = clip(innings.scheduled + 1 - innings.runs, -2, 15)
        first, second, third = occupied(state.runners)
        bases = first + 2 * second + 4 * third
        cards = (DECK - len(state.played)) // 8
        return (
            (left, innings.outs, bases, needed, cards),
            (left, innings.outs, bases, needed),
            (left, needed),
        )


MODEL = SolitaireModel()
