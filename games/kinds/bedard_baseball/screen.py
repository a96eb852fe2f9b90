"""The Bedard's Universal Baseball scoring screen: a 4×13 card picker for the batter's lead
and the fielder's answer, the count, the deal, and the "held the led suit?" question."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.baseball import ordinal
from games.engines.bedard_baseball import CARDS_PER_DEAL, Card
from games.engines.bedard_baseball.deck import COLOUR, FACES, STANDARD, SUITS, VALUES, read_card
from games.kinds.baseball_screen import line_rows, result_words
from games.kinds.screen_board import ScreenBoard
from games.kinds.taps.bedard_baseball import CARRIED as CARRIED
from games.kinds.taps.bedard_baseball import FIELDS as FIELDS
from games.kinds.taps.bedard_baseball import play_fields as play_fields
from games.kinds.taps.bedard_baseball import read_play as read_play

# The colour a suit's row is drawn in (a class in bedard-baseball.css).
SUIT_COLOURS = {
    "K": "black",
    "R": "red",
    "Y": "yellow",
    "B": "blue",
    "C": "black",
    "D": "red",
    "H": "red",
    "S": "black",
}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@dataclass(frozen=True)
class CardCell:
    id: str  # as the deck writes it, what the form posts
    label: str  # the value as printed on the card: 7, or A, J, Q, K in a standard deck
    title: str  # "Red 7", "Queen of Hearts"
    gone: bool  # played in this deal


@dataclass(frozen=True)
class SuitRow:
    letter: str
    name: str
    symbol: str  # ♣ ♦ ♥ ♠ in a standard deck, else empty
    colour: str
    cells: tuple[CardCell, ...]


def context(board: ScreenBoard) -> dict[str, Any]:
    state = board.state
    summary = board.summary
    innings, rows = line_rows(board)
    batting = 0 if summary["half"] == "top" else 1
    deal = summary["deal"]
    suits = picker_rows(state.deck, state.played)
    # The suit a phone's pickers show first (the tabs of _suit_tabs.html): the first with a
    # card still to play; a tap's selection shows the suits of its cards instead (selected).
    first = next((row.letter for row in suits if not all(c.gone for c in row.cells)), "")
    return {
        "innings": innings,
        "rows": rows,
        "result": result_words(board),
        "batting_name": board.game.sides[batting],
        "fielding_name": board.game.sides[1 - batting],
        "half_words": f"{summary['half'].title()} of the {ordinal(summary['inning'])}",
        "outs_marks": [i < summary["outs"] for i in range(3)],
        "balls_marks": [i < summary["balls"] for i in range(3)],
        "strikes_marks": [i < summary["strikes"] for i in range(2)],
        "suits": suits,
        "lead_suit": first or suits[0].letter,
        "answer_suit": first or suits[0].letter,
        "deal_number": deal["number"],
        "pitch_number": deal["pitches"] + 1,
        "cards_per_deal": CARDS_PER_DEAL,
        "standard": state.deck == STANDARD,
    }


def picker_rows(deck: str, played: frozenset[Card]) -> list[SuitRow]:
    """One row per suit, values 1-13 across; cards played in this deal are gone."""
    rows = []
    for letter, name in SUITS[deck]:
        cells = []
        for value in VALUES:
            card = Card(letter, value)
            cells.append(
                CardCell(
                    id=card.name(deck),
                    label=_label(deck, value),
                    title=card.title(deck),
                    gone=card in played,
                )
            )
        rows.append(
            SuitRow(
                letter=letter,
                name=name,
                symbol=SUIT_SYMBOLS.get(letter, ""),
                colour=SUIT_COLOURS[letter],
                cells=tuple(cells),
            )
        )
    return rows


def selected(selection: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """The suits a phone's pickers show for a selection: the lead's, and the answer's (the
    lead's when no answer is chosen: the fielder answers in the led suit when it can)."""
    lead = _suit(selection.get("bat", ()))
    answer = _suit(selection.get("field", ())) or lead
    return {name: suit for name, suit in (("lead_suit", lead), ("answer_suit", answer)) if suit}


def _suit(posted: tuple[str, ...]) -> str:
    """The suit letter of the card posted, as either deck writes it; "" for none."""
    for deck in (COLOUR, STANDARD):
        card = read_card(posted[0], deck) if posted else None
        if card is not None:
            return card.suit
    return ""


def _label(deck: str, value: int) -> str:
    return FACES.get(value, str(value)) if deck == STANDARD else str(value)
