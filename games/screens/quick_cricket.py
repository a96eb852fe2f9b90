"""The Quick Cricket scoring screen and scorecard."""

from __future__ import annotations

from typing import Any

from ..engines.quick_cricket.state import OVERS_PER_SPELL
from ..selectors import Scoreboard
from . import cricket_card as card

GRID = ("B", "C", "A", "D")  # as the cards draw the quadrants: B C on top, A D below


def context(board: Scoreboard) -> dict[str, Any]:
    match = board.state
    sides = list(board.game.sides)
    innings = match.current
    return {
        "grid": GRID,
        "cards": [card.innings_card(match, n, sides) for n in range(len(match.innings))],
        "worm": card.worm(match, sides),
        "result": card.result_words(match, sides),
        "chase": card.chase(match),
        "batting_name": sides[innings.batting],
        "bowling_name": sides[innings.bowling],
        "current": innings,
        "style": match.style(),
        "path_cards": [
            (cid, runs, cid not in innings.paths_used) for cid, runs in match.catalogue.path_cards
        ],
        "spell_start": not innings.spell_started and not match.final,
        "spell_number": innings.completed_overs // OVERS_PER_SPELL + 1,
        "reviews": [(sides[side], innings.reviews_left[side]) for side in (0, 1)],
        "umpire_down": innings.umpire_down,
    }
