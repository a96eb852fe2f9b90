"""The Quick Cricket scoring screen and scorecard."""

from __future__ import annotations

from typing import Any

from games.engines.quick_cricket.state import OVERS_PER_SPELL
from games.kinds.quick_cricket import card
from games.kinds.screen_board import ScreenBoard
from games.kinds.taps.quick_cricket import CARRIED as CARRIED
from games.kinds.taps.quick_cricket import FIELDS as FIELDS
from games.kinds.taps.quick_cricket import play_fields as play_fields
from games.kinds.taps.quick_cricket import read_play as read_play

GRID = ("B", "C", "A", "D")  # as the cards draw the quadrants: B C on top, A D below
# Where each quadrant sits on the card, as a screen reader says it.
PLACES = {"B": "top left", "C": "top right", "A": "bottom left", "D": "bottom right"}


def context(board: ScreenBoard) -> dict[str, Any]:
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
            (
                cid,
                runs,
                cid not in innings.paths_used,
                path_card_label(cid, runs, cid not in innings.paths_used),
            )
            for cid, runs in match.catalogue.path_cards
        ],
        "spell_start": not innings.spell_started and not match.final,
        # Read only when the controls draw the spell's start (a template calls it).
        "fielder_answered": lambda: fielder_answered(board),
        "fielder_moves": fielder_moves(innings.fielder),
        "spell_number": innings.completed_overs // OVERS_PER_SPELL + 1,
        "reviews": [(sides[side], innings.reviews_left[side]) for side in (0, 1)],
        "umpire_down": innings.umpire_down,
        "quadrants": quadrant_labels(match.catalogue, innings.wickets),
    }


def fielder_answered(board: ScreenBoard) -> bool:
    """Whether the table has answered "Place the fielder?" in the spell about to start: the
    last play of the log placed the fielder. Until a ball is bowled, every play after a
    placement in the same spell is another placement (a delivery or a no ball starts the spell,
    a declaration ends the innings), so the last play tells."""
    if not len(board.lines):
        return False
    return "fielder" in board.lines[-1].payload


def fielder_moves(fielder: str | None) -> list[tuple[str | None, str]]:
    """The placements that change where the fielder stands: each quadrant but the one it is
    beside, and taking it away when it is placed, as (posted value, words)."""
    moves: list[tuple[str | None, str]] = [(q, f"Beside {q}") for q in "ABCD" if q != fielder]
    return moves + ([(None, "No fielder")] if fielder else [])


def quadrant_labels(catalogue: Any, wickets: int) -> dict[str, list[tuple[str, str]]]:
    """Each quadrant button's accessible name, per tap, in the grid's order: "Stroke into
    quadrant B (top left): 12 runs on the chart" (the runs chart at these wickets down)."""

    def runs(q: str) -> str:
        try:
            return f": {catalogue.runs(wickets, q)} runs on the chart"
        except (KeyError, ValueError):
            return ""

    said = {
        "pitch": lambda q: f"Pitch in quadrant {q} ({PLACES[q]})",
        "move": lambda q: f"Batter moves to quadrant {q} ({PLACES[q]})",
        "stroke": lambda q: f"Stroke into quadrant {q} ({PLACES[q]}){runs(q)}",
        "path": lambda q: f"Path card in quadrant {q} ({PLACES[q]})",
    }
    return {name: [(q, words(q)) for q in GRID] for name, words in said.items()}


def path_card_label(cid: str, runs: int, unused: bool) -> str:
    """ "Path card 4: adds 4 runs" (", used this over" once played)."""
    return (
        f"Path card {cid}: adds {runs} run{'s' if runs != 1 else ''}"
        f"{'' if unused else ', used this over'}"
    )
