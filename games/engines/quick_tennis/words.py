"""Quick Tennis outcomes in words: the shot, then the umpire's call of the score.

Points are called server first, as an umpire does ("30–15", "Deuce", "Advantage
receiver"); a tie-break, a game and a set are called for the player who leads.
"""

from __future__ import annotations

from .scoring import PointWon, point_names
from .state import DROP, LOB, Match, SetScore

SHOT_VERBS = {None: "hits", LOB: "lobs", DROP: "plays a drop shot"}
SET_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def role(side: int, server: int) -> str:
    return "server" if side == server else "receiver"


def cards_text(cards: tuple[str, ...]) -> str:
    return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]


def shot_text(hitter: int, server: int, call: str | None, quadrant: str) -> str:
    """``The receiver lobs to Q3``: the shot, its player named by their part in the point."""
    return f"The {role(hitter, server)} {SHOT_VERBS[call]} to {quadrant}"


def score_call(after: Match, won: PointWon) -> str:
    """The call after a point: who won it and where the score now stands."""
    if won.game:
        return _game_call(after, won)
    if won.tiebreak:
        return f"Point to the {role(won.side, won.server)}: {_tiebreak_call(after, won.server)}."
    return f"Point to the {role(won.side, won.server)}: {_game_score(after, won.server)}."


def _game_score(match: Match, server: int) -> str:
    mine, theirs = point_names(match)[server], point_names(match)[1 - server]
    if mine == theirs == "40":
        return "deuce"
    if "Ad" in (mine, theirs):
        return "advantage server" if mine == "Ad" else "advantage receiver"
    return f"{mine}–{theirs}"


def _tiebreak_call(match: Match, server: int) -> str:
    mine, theirs = match.points[server], match.points[1 - server]
    if mine == theirs:
        return f"tie-break {mine}–{theirs}"
    leader = "server" if mine > theirs else "receiver"
    return f"tie-break {max(mine, theirs)}–{min(mine, theirs)} to the {leader}"


def _lead(mine: int, theirs: int, what: str) -> str:
    if mine > theirs:
        return f"who leads {mine}–{theirs} in {what}"
    if mine < theirs:
        return f"who trails {mine}–{theirs} in {what}"
    return f"level at {mine}–{theirs} in {what}"


def _game_call(after: Match, won: PointWon) -> str:
    side, who = won.side, role(won.side, won.server)
    if won.match:
        sets = " ".join(set_text(finished, side) for finished in after.sets)
        return f"Game, set and match to the {who}: {sets}."
    if won.set is not None:
        number = SET_ORDINALS[len(after.sets) - 1]
        mine, theirs = after.sets_won[side], after.sets_won[1 - side]
        return (
            f"Game and {number} set to the {who}, {set_text(won.set, side)}; "
            f"{_lead(mine, theirs, 'sets')}."
        )
    games = after.games  # (a tie-break always ends its set: it was called above)
    broke = " (a break of serve)" if won.broke_serve else ""
    return f"Game to the {who}{broke}, {_lead(games[side], games[1 - side], 'games')}."


def set_text(finished: SetScore, side: int) -> str:
    """A set's score for ``side`` first: ``6–4``, ``7–6(5)`` (the tie-break loser's points)."""
    mine, theirs = finished.games[side], finished.games[1 - side]
    text = f"{mine}–{theirs}"
    if finished.tiebreak is not None:
        text += f"({min(finished.tiebreak)})"
    return text
