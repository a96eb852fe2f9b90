"""The solitaire baseball scoring screen: a card picker for the batter due, the lineup, the
runners' suits on the diamond, rain, and the player's record of wins and losses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.baseball import ordinal
from games.engines.solitaire_baseball import (
    ALL_CARDS,
    DECK_SIZE,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    VALUES,
    State,
    read_card,
)
from games.kinds.baseball_screen import line_rows, result_words
from games.kinds.screen_board import ScreenBoard
from games.kinds.solitaire_baseball.win_loss import solitaire_record
from games.kinds.taps.solitaire_baseball import FIELDS as FIELDS
from games.kinds.taps.solitaire_baseball import play_fields as play_fields
from games.kinds.taps.solitaire_baseball import read_play as read_play

RED_SUITS = frozenset({"D", "H"})
VALUE_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


@dataclass(frozen=True)
class PickCard:
    id: str
    value: str
    suit: str
    symbol: str
    red: bool
    left: int  # copies not yet played
    due: bool  # of the batter due's number
    label: str = ""  # the accessible name: "7 of hearts (7H), the batter due's number, 2 left"


def context(board: ScreenBoard) -> dict[str, Any]:
    state: State = board.state
    summary = board.summary
    innings, rows = line_rows(board)
    scheduled = state.innings.scheduled
    inning = summary["inning"]
    extra = " (extra)" if inning > scheduled else f" of {scheduled}"
    over = summary["status"] == "final"
    return {
        "innings": innings,
        "rows": rows,
        "result": result_words(board),
        "result_note": _result_note(summary, scheduled),
        "batting_name": board.game.sides[0],
        "half_words": f"{ordinal(inning)}{extra}",
        "outs_marks": [i < summary["outs"] for i in range(3)],
        "base_marks": [_mark(suit) for suit in summary["runners"]],
        "batter": state.batter,
        "lineup": [(VALUES[n - 1], n == state.batter and not over) for n in range(1, 10)],
        "picker": _picker(state),
        "target": scheduled,
        "cards_played": summary["cards_played"],
        "cards_left": summary["cards_left"],
        "deck_size": DECK_SIZE,
        "record": solitaire_record(board.game.created_by),
        "player": board.game.created_by.get_username(),
    }


def _mark(suit: str | None) -> dict[str, str] | None:
    if suit is None:
        return None
    css = "red" if suit in RED_SUITS else "black"
    return {"symbol": SUIT_SYMBOLS[suit], "name": SUIT_NAMES[suit], "css": css}


def _picker(state: State) -> list[tuple[str, list[PickCard]]]:
    """One row per suit, ace to king, with the copies of each card still in the deck."""
    rows = []
    for suit in SUITS:
        cards = [
            PickCard(
                id=card.id,
                value=VALUES[card.value - 1],
                suit=suit,
                symbol=SUIT_SYMBOLS[suit],
                red=suit in RED_SUITS,
                left=state.left(card),
                due=card.value == state.batter,
                label=_pick_label(
                    card.id,
                    VALUES[card.value - 1],
                    suit,
                    state.left(card),
                    state.batter,
                    card.value,
                ),
            )
            for card in ALL_CARDS
            if card.suit == suit
        ]
        rows.append((SUIT_NAMES[suit], cards))
    return rows


def _pick_label(card_id: str, value: str, suit: str, left: int, batter: int, number: int) -> str:
    """A picker card as a screen reader says it: "7 of hearts (7H), the batter due's number,
    2 left"."""
    words = [f"{VALUE_NAMES.get(value, value)} of {SUIT_NAMES[suit]} ({card_id})"]
    if number == batter:
        words.append("the batter due's number")
    words.append(f"{left} left" if left else "none left")
    return ", ".join(words)


def _result_note(summary: dict[str, Any], scheduled: int) -> str:
    if summary["status"] != "final":
        return ""
    runs = summary["score"][0]
    said = f"{runs} run{'s' if runs != 1 else ''}"
    innings = len(summary["line_score"][0])
    if summary["called"]:
        completed = innings if summary["outs"] == 3 else innings - 1
        return f"{said}, called for rain after {completed} completed inning{'s' * (completed != 1)}"
    return f"{said} in {innings} inning{'s' * (innings != 1)} (target: more than {scheduled})"


def selected(selection: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """The cards a selection laid down, drawn in the tray as solitaire-baseball.js lays them."""
    laid = []
    for posted in selection.get("cards", ()):
        card = read_card(posted)  # what was posted goes back as it was, drawn as the picker does
        face = card.face if card else posted
        laid.append(
            {"id": posted, "face": face, "red": card is not None and card.suit in RED_SUITS}
        )
    return {"laid": laid}
