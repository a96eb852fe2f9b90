"""The Quick Tennis scoring screen: a television scoreboard (sets, games, points, the server),
the two half-courts as 2x2 quadrant grids for the cards, and the match statistics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.quick_tennis import Match, legal_plays, point_names
from games.engines.quick_tennis.scoring import win_point
from games.engines.quick_tennis.words import set_text
from games.kinds.quick_tennis.stats import side_stats
from games.kinds.screen_board import ScreenBoard
from games.kinds.taps.quick_tennis import FIELDS as FIELDS
from games.kinds.taps.quick_tennis import play_fields as play_fields
from games.kinds.taps.quick_tennis import read_play as read_play

# Each half as the scorer sees the court from behind side 1's baseline: the top player's
# half is turned round (back row at the top), the bottom player's net row comes first.
HALF_QUADRANTS = (("Q4", "Q3", "Q2", "Q1"), ("Q1", "Q2", "Q3", "Q4"))
POSITIONS = ("top", "bottom")
SERVE, RALLY, OUT_OF_CARDS, OVER = "serve", "rally", "out_of_cards", "over"
# Where a quadrant is, and what a tap on it means, as a screen reader says them.
ROWS = {"Q1": "at the net", "Q2": "at the net", "Q3": "back court", "Q4": "back court"}
SAID = {
    "serve": "{name}'s serve card: {q}, {row}",
    "receive": "{name}'s card: {q}, {row}",
    "hit": "{name}'s shot card: {q}, {row}",
    "moves": "{name} moves to {q}, {row}",
}


@dataclass(frozen=True)
class SetCell:
    games: int
    tiebreak: int | None  # the tie-break points, shown on the loser's score
    won: bool


@dataclass(frozen=True)
class Line:
    """One player's row of the scoreboard."""

    side: int
    name: str
    serving: bool
    sets: tuple[SetCell, ...]
    games: int | None  # in the set being played; None when the match is over
    points: str | None
    won: bool


@dataclass(frozen=True)
class Half:
    """One player's half-court on the scoring screen and what the scorer taps on it."""

    side: int
    name: str
    position: str
    role: str
    cards: int
    card_marks: tuple[bool, ...]
    quadrants: tuple[str, ...]
    choices: tuple[tuple[str, str], ...]  # each quadrant and its accessible name
    field: str | None  # the form field a tap fills: "serve", "receive" or "hit"
    multiple: bool  # checkboxes (the receiver's one to three cards against a serve)
    prompt: str
    ball: str | None  # the quadrant where this player stands with the ball


def context(board: ScreenBoard) -> dict[str, Any]:
    match: Match = board.state
    names = list(board.game.sides)
    phase = _phase(match)
    return {
        "lines": _lines(match, names),
        "set_numbers": list(range(1, len(match.sets) + 1)),
        "current_set": None if match.final else len(match.sets) + 1,
        "call": _call(match, names),
        "result": _result(match, names),
        "phase": phase,
        "halves": _halves(match, names, phase),
        "hitter_name": names[match.rally.hitter] if match.rally else names[match.point_server],
        "loser_name": _out_of_cards_loser(match, names),
        "can_recover": phase == RALLY and _recovery_possible(match),
        "rally": match.rally,
        "names": names,
        "stats": _stats(board, names),
    }


def _phase(match: Match) -> str:
    if match.final:
        return OVER
    if match.rally is None:
        return SERVE
    return OUT_OF_CARDS if 0 in match.rally.cards else RALLY


def _lines(match: Match, names: list[str]) -> list[Line]:
    lines = []
    for side in (0, 1):
        cells = tuple(
            SetCell(
                games=finished.games[side],
                tiebreak=finished.tiebreak[side]
                if finished.tiebreak and finished.games[side] < finished.games[1 - side]
                else None,
                won=finished.games[side] > finished.games[1 - side],
            )
            for finished in match.sets
        )
        lines.append(
            Line(
                side=side,
                name=names[side],
                serving=not match.final and match.point_server == side,
                sets=cells,
                games=None if match.final else match.games[side],
                points=None if match.final else point_names(match)[side],
                won=match.winner == side,
            )
        )
    return lines


def _call(match: Match, names: list[str]) -> str:
    """What an umpire would say now: Deuce, Advantage Ann, Break point, Set point, …"""
    if match.final:
        return ""
    a, b = match.points
    words = []
    if match.tiebreak:
        words.append("Tie-break")
    elif a >= 3 and b >= 3:
        words.append("Deuce" if a == b else f"Advantage {names[0 if a > b else 1]}")
    chance = _big_point(match, names)
    if chance:
        words.append(chance)
    return " · ".join(words)


def _big_point(match: Match, names: list[str]) -> str:
    """Match, set or break point for a player who would win it with the next point."""
    for side in (0, 1):
        _, won = win_point(match, side)
        if won.match:
            return f"Match point {names[side]}"
        if won.set is not None:
            return f"Set point {names[side]}"
        if won.broke_serve:
            return f"Break point {names[side]}"
    return ""


def _result(match: Match, names: list[str]) -> str:
    """'Ann wins 6–4 3–6 7–6(5)' when the match is over; '' before."""
    if not match.final:
        return ""
    side = match.winner
    assert side is not None
    return f"{names[side]} wins {' '.join(set_text(finished, side) for finished in match.sets)}"


def _halves(match: Match, names: list[str], phase: str) -> list[Half]:
    rally = match.rally
    server = match.point_server
    halves = []
    for side in (0, 1):
        cards = match.cards[side]
        if phase == SERVE:
            field, multiple = ("serve", False) if side == server else ("receive", True)
            role = "serves" if side == server else "receives"
            prompt = "the serve card" if side == server else "one to three cards"
        elif phase == RALLY and rally is not None:
            hitting = side == rally.hitter
            field, multiple = ("hit" if hitting else "receive"), False
            role = "hits" if hitting else "receives the shot"
            prompt = "the shot card" if hitting else "the card played (where they move)"
        else:
            field, multiple, prompt = None, False, ""
            role = _still_role(match, side)
        halves.append(
            Half(
                side=side,
                name=names[side],
                position=POSITIONS[side],
                role=role,
                cards=cards,
                card_marks=tuple(i < cards for i in range(6)),
                quadrants=HALF_QUADRANTS[side],
                choices=tuple(
                    (q, _said(field, phase, names[side], q)) for q in HALF_QUADRANTS[side]
                ),
                field=field,
                multiple=multiple,
                prompt=prompt,
                ball=rally.ball if rally and rally.hitter == side else None,
            )
        )
    return halves


def _said(field: str | None, phase: str, name: str, q: str) -> str:
    """A quadrant's accessible name: "Ann's serve card: Q2, at the net"."""
    if field is None:
        return ""
    key = "moves" if field == "receive" and phase == RALLY else field
    return SAID[key].format(name=name, q=q, row=ROWS.get(q, ""))


def _still_role(match: Match, side: int) -> str:
    if match.final:
        return "won the match" if match.winner == side else "lost the match"
    rally = match.rally
    assert rally is not None
    return "has the ball" if rally.hitter == side else "waits for the shot"


def _out_of_cards_loser(match: Match, names: list[str]) -> str:
    rally = match.rally
    if rally is None or 0 not in rally.cards:
        return ""
    loser = rally.hitter if rally.cards[rally.hitter] == 0 else rally.receiver
    return names[loser]


def _recovery_possible(match: Match) -> bool:
    """A recovery can be legal in this rally (the receiver holds a card to spare)."""
    return any(play.get("recover") for play in legal_plays(match))


@dataclass(frozen=True)
class StatLine:
    label: str
    values: tuple[str, str]


def _stats(board: ScreenBoard, names: list[str]) -> list[StatLine]:
    per_side = [side_stats(board.replay, side) for side in (0, 1)]

    def both(key: str) -> tuple[str, str]:
        return str(per_side[0][key]), str(per_side[1][key])

    def held(side: int) -> str:
        data = per_side[side]
        return f"{data['service_games_held']}/{data['service_games']}"

    return [
        StatLine("Points won", both("points_won")),
        StatLine("Aces", both("aces")),
        StatLine("Service games held", (held(0), held(1))),
        StatLine("Breaks of serve", both("breaks")),
        StatLine("Tie-breaks won", both("tiebreaks_won")),
        StatLine("Lobs called", both("lobs")),
        StatLine("Drop shots called", both("drops")),
        StatLine("Recoveries", both("recoveries")),
        StatLine("Points lost out of cards", both("out_of_cards")),
        StatLine("Longest rally (shots)", both("longest_rally")),
    ]
