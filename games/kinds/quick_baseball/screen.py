"""The Quick Baseball scoring screen: both hands as cards, the calls, refreshes, RP boxes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.baseball import ordinal
from games.engines.baseball.bases import steal_candidate
from games.engines.quick_baseball import refresh_allowed
from games.kinds.baseball_screen import line_rows, result_words
from games.kinds.screen_board import ScreenBoard
from games.kinds.taps.quick_baseball import FIELDS as FIELDS
from games.kinds.taps.quick_baseball import play_fields as play_fields
from games.kinds.taps.quick_baseball import read_play as read_play

GROUP_NAMES = ("1-3", "4-6", "7-9")
BASE_LABELS = {1: "1B", 2: "2B", 3: "3B", 4: "HR"}
# What a screen reader says a hit is.
BASE_WORDS = {1: "single", 2: "double", 3: "triple", 4: "home run"}


@dataclass(frozen=True)
class CardView:
    id: str
    name: str
    label: str  # the card's accessible name: "C2: Caught, yellow border, red inner border"
    borders: tuple[str, ...]
    inner: tuple[str, ...]
    inner_active: bool
    in_hand: bool
    playable: bool


@dataclass(frozen=True)
class BatView:
    id: str
    label: str  # the card's accessible name: "B3: batters 1-3 single on yellow; …"
    groups: tuple[tuple[str, tuple[tuple[str, str], ...], bool], ...]  # name, hits, current
    # What it hits for the batter now up, as a phone shows it: ("red", "home run"), or
    # ("green or yellow", "single"); empty when it hits nothing for this batter.
    now: tuple[tuple[str, str], ...]
    in_hand: bool
    playable: bool


def context(board: ScreenBoard) -> dict[str, Any]:
    state = board.state
    summary = board.summary
    innings, rows = line_rows(board)
    batting = 0 if summary["half"] == "top" else 1
    over = summary["status"] == "final"
    return {
        "innings": innings,
        "rows": rows,
        "result": result_words(board),
        "batting_name": board.game.sides[batting],
        "pitching_name": board.game.sides[1 - batting],
        "half_words": f"{summary['half'].title()} of the {ordinal(summary['inning'])}",
        "pitches": _pitch_cards(state),
        "bats": _bat_cards(state),
        # A used-up hand is not a row of dead cards: any tap deals a fresh hand first.
        "pitcher_empty": not over and not state.pitcher_cards(),
        "batter_empty": not over and not state.batter_hand,
        "can_steal": not over and steal_candidate(state.bases) is not None,
        "refreshes": [] if over else _refreshes(state),
        "relief": summary["relief"],
        "relief_key": relief_key(state, board.game.sides, summary["relief"]),
        "outs_marks": [i < summary["outs"] for i in range(3)],
        "balls_marks": [i < summary["balls"] for i in range(3)],
    }


def _pitch_cards(state: Any) -> list[CardView]:
    empty = not state.pitcher_cards()
    pitch_out = state.catalogue.pitch_out.id
    return [
        CardView(
            id=card.id,
            name=card.name,
            label=_pitch_label(card),
            borders=card.borders,
            inner=card.inner,
            inner_active=state.pitching_relief,
            in_hand=card.id in state.pitcher_hand,
            playable=card.id in state.pitcher_hand or (empty and card.id != pitch_out),
        )
        for card in state.catalogue.pitches
    ]


def _bat_cards(state: Any) -> list[BatView]:
    empty = not state.batter_hand
    group = (state.batter - 1) // 3
    return [
        BatView(
            id=card.id,
            label=_bat_label(card),
            groups=tuple(
                (
                    GROUP_NAMES[i],
                    tuple((colour, BASE_LABELS[base]) for colour, base in hits),
                    i == group,
                )
                for i, hits in enumerate(card.hits)
            ),
            now=_hits_now(card.hits[group]),
            in_hand=card.id in state.batter_hand,
            playable=card.id in state.batter_hand or empty,
        )
        for card in state.catalogue.bats
    ]


def _hits_now(hits: Any) -> tuple[tuple[str, str], ...]:
    """One group's hits by base, best first: (("red", "home run"), ("blue", "single"))."""
    by_base: dict[int, list[str]] = {}
    for colour, base in hits:
        by_base.setdefault(base, []).append(colour)
    return tuple(
        (_colours(tuple(colours)), BASE_WORDS[base])
        for base, colours in sorted(by_base.items(), reverse=True)
    )


def relief_key(state: Any, sides: Any, relief: Any) -> str:
    """The line under the scoreboard that says what an X in the RP box means, while one is on
    show, from the game's catalogue: "X in RP: the Mets' relief pitcher is in: C2's inner red
    border now matches when they pitch." Empty while no relief pitcher is in."""
    names = [sides[side] for side in (0, 1) if relief[side]]
    if not names:
        return ""
    inner = [
        f"{card.id}'s inner {' and '.join(card.inner)} border"
        for card in state.catalogue.pitches
        if card.inner
    ]
    matches = (
        f": {' and '.join(inner)} now match{'es' if len(inner) == 1 else ''} when they pitch"
        if inner
        else ""
    )
    return f"X in RP: relief pitcher in for {' and '.join(names)}{matches}."


def _colours(colours: tuple[str, ...]) -> str:
    """ "red", "red or blue", "red, blue or green"."""
    return " or ".join([", ".join(colours[:-1]), colours[-1]] if len(colours) > 1 else colours)


def _pitch_label(card: Any) -> str:
    """A pitching card as a screen reader says it, from the catalogue: its id, name and border
    colours (a batting card hits on those colours)."""
    words = [f"{card.id}: {card.name}"]
    if card.borders:
        words.append(f"{' and '.join(card.borders)} border{'s' if len(card.borders) > 1 else ''}")
    if card.inner:
        words.append(f"{' and '.join(card.inner)} inner border (relief pitcher)")
    if not card.borders and not card.inner:
        words.append("no border")
    return ", ".join(words)


def _bat_label(card: Any) -> str:
    """A batting card as a screen reader says it, from the catalogue: for each group of
    batters, the hit against each pitch colour ("B3: batters 1-3 single on yellow; 4-6 double
    on yellow, green or blue; 7-9 single on green")."""
    groups = []
    for name, hits in zip(GROUP_NAMES, card.hits, strict=True):
        by_base: dict[int, list[str]] = {}
        for colour, base in hits:
            by_base.setdefault(base, []).append(colour)
        said = " and ".join(
            f"{BASE_WORDS[base]} on {_colours(tuple(colours))}"
            for base, colours in sorted(by_base.items())
        )
        groups.append(f"{name} {said or 'no hit'}")
    return f"{card.id}: batters " + "; ".join(groups)


def _refreshes(state: Any) -> list[tuple[str, list[str]]]:
    options = [
        ("Refresh batter", ["batter"]),
        ("Refresh pitcher", ["pitcher"]),
        ("Refresh both", ["batter", "pitcher"]),
    ]
    return [(label, who) for label, who in options if refresh_allowed(state, tuple(who))]
