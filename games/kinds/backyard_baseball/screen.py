"""The Backyard Baseball scoring screen: the field to place the fielder, the two cards (by
label from the game's deck, or by their faces), the die, the extension and bobble questions,
the swap, events, and pawns on the diamond."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.backyard_baseball import FIELD_SPACES, MOUND, OUTFIELD, swap_allowed
from games.engines.baseball import ordinal
from games.kinds.backyard_baseball import deck as decks
from games.kinds.baseball_screen import line_rows, result_words
from games.kinds.screen_board import ScreenBoard
from games.kinds.taps.backyard_baseball import CARRIED as CARRIED
from games.kinds.taps.backyard_baseball import FIELDS as FIELDS
from games.kinds.taps.backyard_baseball import play_fields as play_fields
from games.kinds.taps.backyard_baseball import read_play as read_play

# Where the spaces are drawn on the field (viewBox 0 0 400 300): presentation, not rules.
POSITIONS = {
    "LF": (70, 88),
    "CF": (200, 46),
    "RF": (330, 88),
    "IL": (132, 176),
    "IR": (268, 176),
    MOUND: (200, 226),
}
FIELD_W, FIELD_H = 400, 300
# Where the pawns stand on the diamond (viewBox 0 0 200 170): first, second, third, home.
BASE_SPOTS = ((160, 92), (100, 32), (40, 92), (100, 150))
PITCHES = (("heater", "Heater"), ("curve", "Curve"), ("knuckler", "Knuckler"), ("slow", "Slow"))
PITCHER_RESULTS = (("strikeout", "Strikeout"), ("grounder", "Grounder"), ("fly", "Pop up / fly"))
BATTER_RESULTS = (
    ("grounder", "Grounder"),
    ("line-drive", "Line drive"),
    ("home-run", "Home run"),
    ("bunt", "Bunt"),
)
BASE_WORDS = ("1st", "2nd", "3rd")
# read_play is given the board's state: the deck the labels are read from.
READS_STATE = True


@dataclass(frozen=True)
class SpaceView:
    id: str
    name: str
    left: float  # percent of the field's width
    top: float  # percent of the field's height
    outfield: bool


@dataclass(frozen=True)
class PawnView:
    kind: str  # "dot", "plain" or "ghost"
    base: int  # 1-3, or 4 for the pawn at bat at home
    x: int
    y: int


def defaults(board: ScreenBoard) -> dict[str, tuple[str, ...]]:
    """The fielder pawn stays where it was placed until the sides change."""
    fielder = board.state.fielder
    return {"fielder": (fielder,)} if fielder and not board.is_over else {}


def context(board: ScreenBoard) -> dict[str, Any]:
    state = board.state
    summary = board.summary
    innings, rows = line_rows(board)
    batting = 0 if summary["half"] == "top" else 1
    over = summary["status"] == "final"
    field = state.field
    return {
        "innings": innings,
        "rows": rows,
        "result": result_words(board),
        "batting": batting,
        "batting_name": board.game.sides[batting],
        "pitching_name": board.game.sides[1 - batting],
        "half_words": f"{summary['half'].title()} of the {ordinal(summary['inning'])}",
        "outs_marks": [i < summary["outs"] for i in range(3)],
        "at_bat": summary["at_bat"],
        "pawns": _pawns(summary, over),
        "bags": [
            (index + 1, *BASE_SPOTS[index], occupied)
            for index, occupied in enumerate(summary["bases"])
        ],
        "runner_words": _runner_words(summary["runners"]),
        "event": summary.get("event"),
        "spaces": [_space(space, field.name(space)) for space in FIELD_SPACES],
        "mound": _space(MOUND, field.name(MOUND)),
        "lines": [(*POSITIONS[a], *POSITIONS[b]) for a, b in field.connections],
        "field_size": (FIELD_W, FIELD_H),
        "numbers": list(range(1, 10)),
        "icons": list(range(0, 10)),
        "dice": list(range(1, 7)),
        "pitches": PITCHES,
        "pitcher_results": PITCHER_RESULTS,
        "batter_results": BATTER_RESULTS,
        "outfield": OUTFIELD,
        "swap": None if over or not swap_allowed(state) else _swap_words(state),
        "deck": decks.tiles(field.deck) if field.deck is not None else None,
    }


def selected(selection: Any) -> dict[str, Any]:
    """What the chosen cards say of the screen: a deck game shows the faces one by one when
    the scorer switched to them, or when a play drawn chosen (a correction) was entered so."""
    by_faces = bool(selection["faces"]) or (
        bool(selection["pitcher_number"]) and not selection["pitcher_card"]
    )
    return {"faces_chosen": by_faces}


def _space(space: str, name: str) -> SpaceView:
    x, y = POSITIONS[space]
    return SpaceView(
        id=space,
        name=name,
        left=round(100 * x / FIELD_W, 2),
        top=round(100 * y / FIELD_H, 2),
        outfield=space in OUTFIELD,
    )


def _pawns(summary: dict[str, Any], over: bool) -> list[PawnView]:
    pawns = [
        PawnView(kind=runner, base=index + 1, x=BASE_SPOTS[index][0], y=BASE_SPOTS[index][1])
        for index, runner in enumerate(summary["runners"])
        if runner is not None
    ]
    if not over:
        x, y = BASE_SPOTS[3]
        pawns.append(PawnView(kind=summary["at_bat"], base=4, x=x, y=y))
    return pawns


def _runner_words(runners: list[str | None]) -> str:
    on = [f"{BASE_WORDS[i]}: {runner}" for i, runner in enumerate(runners) if runner is not None]
    return ", ".join(on) if on else "bases empty"


def _swap_words(state: Any) -> str:
    pawn = state.swap_pawn
    where = state.runners.index(pawn)
    return f"Swap {pawn} ({BASE_WORDS[where]}) and the ghost ({BASE_WORDS[state.new_ghost]})"
