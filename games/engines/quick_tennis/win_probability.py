"""Quick Tennis's win probability: exact tennis from the point-win probabilities.

A point of Quick Tennis does not depend on the score: the plausible players pick up six cards
at every point and play it the same way whoever leads. So the table does not count matches
from compact match situations, as the baseball tables do; it counts **points**:

- ``samples`` walks each simulated match and, for every state before the end, records the
  point in progress and whether its server went on to win it (label 0) or lost it (label 1):
  the point's end is found by walking forward to where ``points_won`` changes. Between points
  the key is the serve, tie-break or not (``serve,1``); during a rally it is the rally:
  tie-break or not, whether the hitter is the point's server, and the cards left in the
  server's and the receiver's hands (the quadrant of the ball does not matter: the players
  choose quadrants uniformly). Keys are given finest first (tie-break told apart) and
  coarser (pooled over tie-breaks; for a rally also by the card difference only), and a fine
  count leans on the coarser estimate in proportion to how rarely it was seen, as the other
  games' tables do.
- ``predict`` reads two chances from the counts: ``p``, that the server wins a point from
  the serve (``q`` for tie-break points), and, when a rally is under way, that the point's
  server wins the point in progress (exact when a player has no card left). It then runs an
  exact dynamic programme over the score as ``scoring.py`` keeps it: points in the game with
  deuce and advantage (in closed form), the tie-break to seven by two with its serve rotation
  (the game's server serves the first point, then two each), games in the set with the
  tie-break at 6-6, who serves every game (it changes every game, across sets too, so a set
  is followed by who serves the next one), and sets to the match's ``best_of``. A point under
  way is the weighted mean of the two scores ``scoring.win_point`` leads to. Every piece is
  memoised on integers and the two chances (``functools.lru_cache``), so a lookup costs a few
  microseconds once warm.

A final state is exact (the winner). There are no ties: the third chance is always 0.

The one assumption is the players': points independent of the score, with the same chance
whoever serves (the plausible players are the same on both sides). Real people at the table
may press at 30-40; the chances are then those of players who do not.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from ..win_probability.model import SMOOTHING, Model, Probabilities, clip, key_text
from .scoring import win_point
from .state import (
    GAMES_FOR_A_SET,
    POINTS_FOR_A_GAME,
    POINTS_FOR_A_TIEBREAK,
    Match,
    SetScore,
)

SERVE, RALLY = "serve", "rally"
CACHE = 1 << 16  # memoised entries per piece of the programme


def point_levels(state: Match) -> tuple[tuple[Hashable, ...], ...]:
    """The point in progress, finest first: the serve (tie-break or not), or the rally
    (tie-break or not, the hitter is the point's server, the server's and the receiver's
    cards; then pooled over tie-breaks; then by the card difference only)."""
    tiebreak = int(state.tiebreak)
    rally = state.rally
    if rally is None:
        return (SERVE, tiebreak), (SERVE,)
    server = state.point_server
    return _rally_levels(
        tiebreak, int(rally.hitter == server), rally.cards[server], rally.cards[1 - server]
    )


def _rally_levels(
    tiebreak: int, by_server: int, mine: int, theirs: int
) -> tuple[tuple[Hashable, ...], ...]:
    return (
        (RALLY, tiebreak, by_server, mine, theirs),
        (RALLY, by_server, mine, theirs),
        (RALLY, by_server, clip(mine - theirs, -3, 3)),
    )


def point_keys(state: Match) -> tuple[str, ...]:
    """The keys ``samples`` counts and ``predict`` reads for ``state``, finest first."""
    rally = state.rally
    if rally is None:
        return _keys(int(state.tiebreak), -1, 0, 0)
    server = state.point_server
    return _keys(
        int(state.tiebreak),
        int(rally.hitter == server),
        rally.cards[server],
        rally.cards[1 - server],
    )


@cache  # a few hundred keys at most
def _keys(tiebreak: int, by_server: int, mine: int, theirs: int) -> tuple[str, ...]:
    if by_server < 0:
        levels: tuple[tuple[Hashable, ...], ...] = ((SERVE, tiebreak), (SERVE,))
    else:
        levels = _rally_levels(tiebreak, by_server, mine, theirs)
    return tuple(key_text(level, key) for level, key in enumerate(levels))


def server_share(keys: Sequence[str], counts: Mapping[str, Sequence[int]], prior: float) -> float:
    """The share of points the server won from ``keys`` (finest first), each leaning on the
    coarser estimate in proportion to how rarely it was seen."""
    estimate = prior
    for key in reversed(keys):
        count = counts.get(key)
        if count:
            estimate = (count[0] + SMOOTHING * estimate) / (count[0] + count[1] + SMOOTHING)
    return estimate


# The dynamic programme. ``p``: the server wins a point of a game; ``q``: of a tie-break.


@lru_cache(maxsize=CACHE)
def game_chance(p: float, a: int, b: int) -> float:
    """The server wins the game from ``a`` points to the receiver's ``b``."""
    while a > POINTS_FOR_A_GAME - 1 and b > POINTS_FOR_A_GAME - 1:
        a, b = a - 1, b - 1
    if a >= POINTS_FOR_A_GAME and a - b >= 2:
        return 1.0
    if b >= POINTS_FOR_A_GAME and b - a >= 2:
        return 0.0
    if a == b == POINTS_FOR_A_GAME - 1:  # deuce: two points in a row win
        return p * p / (p * p + (1 - p) * (1 - p))
    return p * game_chance(p, a + 1, b) + (1 - p) * game_chance(p, a, b + 1)


def _first_server_serves(played: int) -> bool:
    """In a tie-break the game's server serves the first point, then two each in turn."""
    return (played + 1) // 2 % 2 == 0


@lru_cache(maxsize=CACHE)
def tiebreak_chance(q: float, a: int, b: int) -> float:
    """The tie-break's first server wins it from ``a`` points to the other's ``b``."""
    while a >= POINTS_FOR_A_TIEBREAK + 1 and b >= POINTS_FOR_A_TIEBREAK + 1:
        a, b = a - 2, b - 2  # four points fewer: the same place in the serve rotation
    if a >= POINTS_FOR_A_TIEBREAK and a - b >= 2:
        return 1.0
    if b >= POINTS_FOR_A_TIEBREAK and b - a >= 2:
        return 0.0
    played = a + b
    u = q if _first_server_serves(played) else 1 - q
    if a == b >= POINTS_FOR_A_TIEBREAK - 1:
        # Tied from 6-6: two points in a row win; every pair from a tie is served one each.
        v = q if _first_server_serves(played + 1) else 1 - q
        ended = u * v + (1 - u) * (1 - v)
        return u * v / ended if ended else 0.5  # q of 0 or 1: every pair is split, forever
    return u * tiebreak_chance(q, a + 1, b) + (1 - u) * tiebreak_chance(q, a, b + 1)


Outcomes = tuple[float, float, float, float]  # side 0 wins the set: next server 0, 1; side 1


def _set_won(games: tuple[int, int], side: int) -> bool:
    won, lost = games[side], games[1 - side]
    return (won >= GAMES_FOR_A_SET and won - lost >= 2) or won == GAMES_FOR_A_SET + 1


@lru_cache(maxsize=CACHE)
def set_outcomes(p: float, q: float, g0: int, g1: int, server: int) -> Outcomes:
    """From the start of a game at ``g0``-``g1`` in games served by ``server``: the chance of
    each (winner of the set, server of the next set's first game)."""
    for side in (0, 1):
        if _set_won((g0, g1), side):
            out = [0.0, 0.0, 0.0, 0.0]
            out[2 * side + server] = 1.0
            return out[0], out[1], out[2], out[3]
    if g0 == g1 == GAMES_FOR_A_SET:
        won = tiebreak_chance(q, 0, 0)
        return _tiebreak_outcomes(won, server)
    won = game_chance(p, 0, 0)
    return _after_game(p, q, g0, g1, server, won)


def _tiebreak_outcomes(won: float, server: int) -> Outcomes:
    """``server`` (the tie-break's first server) wins it with chance ``won``; the other player
    serves the next set's first game."""
    out = [0.0, 0.0, 0.0, 0.0]
    out[2 * server + (1 - server)] += won
    out[2 * (1 - server) + (1 - server)] += 1 - won
    return out[0], out[1], out[2], out[3]


def _after_game(p: float, q: float, g0: int, g1: int, server: int, won: float) -> Outcomes:
    """The set's outcomes when ``server`` wins the game in progress with chance ``won``."""
    side0 = won if server == 0 else 1 - won
    a = set_outcomes(p, q, g0 + 1, g1, 1 - server)
    b = set_outcomes(p, q, g0, g1 + 1, 1 - server)
    return (
        side0 * a[0] + (1 - side0) * b[0],
        side0 * a[1] + (1 - side0) * b[1],
        side0 * a[2] + (1 - side0) * b[2],
        side0 * a[3] + (1 - side0) * b[3],
    )


@lru_cache(maxsize=CACHE)
def match_chance(p: float, q: float, needed: int, s0: int, s1: int, server: int) -> float:
    """Side 0 wins the match from the start of a set, ``s0``-``s1`` in sets, ``needed`` sets
    to win, ``server`` serving the set's first game."""
    if s0 >= needed:
        return 1.0
    if s1 >= needed:
        return 0.0
    return _after_set(p, q, needed, s0, s1, set_outcomes(p, q, 0, 0, server))


def _after_set(p: float, q: float, needed: int, s0: int, s1: int, out: Outcomes) -> float:
    return (
        out[0] * match_chance(p, q, needed, s0 + 1, s1, 0)
        + out[1] * match_chance(p, q, needed, s0 + 1, s1, 1)
        + out[2] * match_chance(p, q, needed, s0, s1 + 1, 0)
        + out[3] * match_chance(p, q, needed, s0, s1 + 1, 1)
    )


@lru_cache(maxsize=CACHE)
def between_points(
    p: float,
    q: float,
    needed: int,
    sets: tuple[int, int],
    games: tuple[int, int],
    points: tuple[int, int],
    server: int,
) -> float:
    """Side 0 wins the match from a score between points (``server`` serves the game, or the
    tie-break's first point)."""
    if max(sets) >= needed:
        return 1.0 if sets[0] >= needed else 0.0
    mine, theirs = points[server], points[1 - server]
    if games == (GAMES_FOR_A_SET, GAMES_FOR_A_SET):
        out = _tiebreak_outcomes(tiebreak_chance(q, mine, theirs), server)
    else:
        out = _after_game(p, q, games[0], games[1], server, game_chance(p, mine, theirs))
    return _after_set(p, q, needed, sets[0], sets[1], out)


def _normal(match: Match) -> tuple[int, int]:
    """The points, long deuces and tie-breaks shortened to the same place in the game."""
    a, b = match.points
    if match.tiebreak:
        while a >= POINTS_FOR_A_TIEBREAK + 1 and b >= POINTS_FOR_A_TIEBREAK + 1:
            a, b = a - 2, b - 2
    else:
        while a >= POINTS_FOR_A_GAME and b >= POINTS_FOR_A_GAME:
            a, b = a - 1, b - 1
    return a, b


def match_chance_at(match: Match, p: float, q: float, point: float | None = None) -> float:
    """Side 0 wins the match from ``match``: ``p`` and ``q`` the server's chance of a point
    from the serve (in a game, in a tie-break); ``point`` the chance that the point's server
    wins the point under way (``match.rally``; when ``None``, from the serve)."""
    if match.final:
        return 1.0 if match.winner == 0 else 0.0
    if match.rally is not None:
        if point is None:
            raise ValueError("a rally is under way: give the point's chance")
        score = (match.best_of, match.sets_won, match.games, _normal(match), match.server)
        server = match.point_server
        won = after_point(p, q, *score, server)
        lost = after_point(p, q, *score, 1 - server)
        return point * won + (1 - point) * lost
    needed = match.sets_needed
    return between_points(p, q, needed, match.sets_won, match.games, _normal(match), match.server)


@lru_cache(maxsize=CACHE)
def after_point(
    p: float,
    q: float,
    best_of: int,
    sets: tuple[int, int],
    games: tuple[int, int],
    points: tuple[int, int],
    server: int,
    side: int,
) -> float:
    """Side 0 wins the match once ``side`` has won the point under way at this score (the
    next score is the rules' own: ``scoring.win_point``)."""
    finished = (SetScore((GAMES_FOR_A_SET, 0)),) * sets[0] + (
        SetScore((0, GAMES_FOR_A_SET)),
    ) * sets[1]
    match = Match(best_of, sets=finished, games=games, points=points, server=server)
    return match_chance_at(win_point(match, side)[0], p, q)


class QuickTennisModel(Model):
    game_id = "quick-tennis"
    # A best of three is about 6 ms to play and 0.5 ms to count (a best of five about 10 ms):
    # 3,000 matches build in about 20 s (30 s) and hold about 500,000 points (850,000), so
    # the serve's chance is known to about 0.0006. More would not help the calibration: its
    # gaps come from the test matches' own luck (5,000 gave the same figures).
    games = 3_000

    def table_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return self.validated(options)

    def simulation_options(self, table_options: Mapping[str, Any]) -> dict[str, Any]:
        return dict(table_options)

    def levels(self, state: Any) -> tuple[tuple[Hashable, ...], ...]:
        return point_levels(state)

    def samples(
        self, states: Sequence[Any], summary: Mapping[str, Any], seed: int = 0
    ) -> Iterable[tuple[str, int]]:
        """(point key, 0 if the point's server won it else 1) for every state before the end.
        A point ends where ``points_won`` changes; one pass from the end gives every state
        the result of the next point to end (the same as walking forward from each)."""
        out: list[tuple[str, int]] = []
        label = 0
        for i in range(len(states) - 2, -1, -1):
            before, after = states[i], states[i + 1]
            if after.points_won != before.points_won:
                winner = 0 if after.points_won[0] > before.points_won[0] else 1
                label = 0 if winner == before.point_server else 1
            out.extend((key, label) for key in point_keys(before))
        return reversed(out)

    def chances(self, counts: Mapping[str, Sequence[int]]) -> tuple[float, float]:
        """The server's chance of a point from the serve: in a game, in a tie-break."""
        game, pooled = _keys(0, -1, 0, 0)
        tiebreak = _keys(1, -1, 0, 0)[0]
        pooled_chance = server_share((pooled,), counts, 0.5)
        return (
            server_share((game,), counts, pooled_chance),
            server_share((tiebreak,), counts, pooled_chance),
        )

    def point_chance(self, state: Match, counts: Mapping[str, Sequence[int]]) -> float:
        """The chance that the point's server wins the rally under way."""
        rally = state.rally
        assert rally is not None
        server = state.point_server
        if rally.cards[rally.hitter] == 0:
            return 0.0 if rally.hitter == server else 1.0
        if rally.cards[rally.receiver] == 0:
            return 1.0 if rally.hitter == server else 0.0
        return server_share(point_keys(state), counts, 0.5)

    def predict(self, state: Any, counts: Mapping[str, Sequence[int]]) -> Probabilities:
        if state.final:
            return super().predict(state, counts)
        p, q = self.chances(counts)
        point = self.point_chance(state, counts) if state.rally is not None else None
        chance = match_chance_at(state, p, q, point)
        return chance, 1.0 - chance, 0.0


MODEL = QuickTennisModel()
