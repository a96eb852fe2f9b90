"""Tennis scoring: a point won moves the game, the game the set, the set the match.

Points count 0, 15, 30, 40; at 40-40 (deuce) a game needs two points in a row (advantage,
then game). Six games win a set by two; at 6-6 a tie-break to 7 by two decides it (7-6).
The server changes every game, the tie-break included; in the tie-break the game's server
serves the first point, then the players serve two points each in turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .state import (
    GAMES_FOR_A_SET,
    POINTS_FOR_A_GAME,
    POINTS_FOR_A_TIEBREAK,
    Match,
    SetScore,
)

POINT_NAMES = ("0", "15", "30", "40")
ADVANTAGE = "Ad"


@dataclass(frozen=True)
class PointWon:
    """What a point decided, for the words: who won it, who served it, what it ended."""

    side: int
    server: int  # served the point
    tiebreak: bool
    game: bool = False  # the point ended a game (or the tie-break)
    set: SetScore | None = None  # the set it ended
    match: bool = False

    @property
    def broke_serve(self) -> bool:
        return self.game and not self.tiebreak and self.side != self.server


def _add(pair: tuple[int, int], side: int) -> tuple[int, int]:
    return (pair[0] + 1, pair[1]) if side == 0 else (pair[0], pair[1] + 1)


def _won_by_two(pair: tuple[int, int], side: int, needed: int) -> bool:
    return pair[side] >= needed and pair[side] - pair[1 - side] >= 2


def win_point(match: Match, side: int) -> tuple[Match, PointWon]:
    """``side`` wins the point being played. The rally is over."""
    tiebreak = match.tiebreak
    won = PointWon(side, match.point_server, tiebreak)
    points = _add(match.points, side)
    match = replace(match, rally=None, points=points, points_won=_add(match.points_won, side))
    needed = POINTS_FOR_A_TIEBREAK if tiebreak else POINTS_FOR_A_GAME
    if not _won_by_two(points, side, needed):
        return match, won
    return _win_game(match, replace(won, game=True))


def _win_game(match: Match, won: PointWon) -> tuple[Match, PointWon]:
    side = won.side
    games = _add(match.games, side)
    tiebreak = match.points if won.tiebreak else None
    match = replace(match, games=games, points=(0, 0))
    if not (_won_by_two(games, side, GAMES_FOR_A_SET) or games[side] == GAMES_FOR_A_SET + 1):
        return replace(match, server=1 - match.server), won
    finished = SetScore(games=games, tiebreak=tiebreak)
    match = replace(match, sets=(*match.sets, finished))
    won = replace(won, set=finished)
    if match.sets_won[side] >= match.sets_needed:
        # The match is over: the last set's games stay on the board, the server stays put.
        return replace(match, winner=side), replace(won, match=True)
    return replace(match, games=(0, 0), server=1 - match.server), won


def point_names(match: Match) -> tuple[str, str]:
    """The points as a scoreboard shows them, per side: "0"-"40", "Ad", or tie-break counts."""
    a, b = match.points
    if match.tiebreak:
        return str(a), str(b)
    if a >= 3 and b >= 3:
        if a == b:
            return POINT_NAMES[3], POINT_NAMES[3]
        return (ADVANTAGE, POINT_NAMES[3]) if a > b else (POINT_NAMES[3], ADVANTAGE)
    return POINT_NAMES[a], POINT_NAMES[b]
