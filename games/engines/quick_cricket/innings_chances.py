"""The rest of a limited-overs Quick Cricket match, worked out exactly from what single balls do.

Given, for each (wickets down, worth of a wicket, style), the chance of each outcome of one
ball (runs, a wicket, whether it counted towards the over), the programme works backwards
from the last ball:

- ``chase[b][w][n]``: the chasing side's chance of winning with ``b`` balls bowled, ``w``
  wickets down and ``n`` runs still needed, and ``tie[b][w][n]`` of a tie (the innings ends
  one run short). The batter's worth of a wicket, and so what a ball does, depends on the
  runs needed, so every ``n`` is worked out with its own outcomes.
- ``first[b][w]``: the runs the first innings still adds from ``b`` balls bowled and ``w``
  wickets down (the worth of a wicket in a first innings does not depend on the runs).

Chances are kept as whole numbers of ``SCALE`` (the table stores integers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .state import ALL_OUT

SCALE = 100_000
Outcomes = Sequence[tuple[int, int, int, float]]  # balls, wickets, runs, chance
BallChances = Callable[[int, int, int | None], Outcomes]  # balls, wickets, need -> outcomes


def most_runs(balls: int) -> int:
    """Runs needed past which no chase is followed (beyond what any innings has made)."""
    return 8 * balls + 40


def solve_chase(
    balls: int, ball: BallChances
) -> tuple[list[list[list[float]]], list[list[list[float]]]]:
    """``chase`` and ``tie`` for an innings of ``balls`` balls (``[b][w][n]``, ``n`` up to
    ``most_runs(balls)``)."""
    top = most_runs(balls)
    chase = [[[0.0] * (top + 1) for _ in range(ALL_OUT + 1)] for _ in range(balls + 1)]
    tie = [[[0.0] * (top + 1) for _ in range(ALL_OUT + 1)] for _ in range(balls + 1)]
    for b in range(balls, -1, -1):
        for w in range(ALL_OUT, -1, -1):
            won, tied = chase[b][w], tie[b][w]
            won[0] = 1.0
            if b == balls or w == ALL_OUT:
                tied[1] = 1.0
                continue
            for n in range(1, top + 1):
                x = t = 0.0
                for db, dw, dr, p in ball(b, w, n):
                    left = n - dr
                    if left <= 0:
                        x += p
                        continue
                    after_b, after_w = min(balls, b + db), min(ALL_OUT, w + dw)
                    if after_b == b and after_w == w:
                        continue  # runs alone off a ball that did not count: taken as below
                    x += p * chase[after_b][after_w][left]
                    t += p * tie[after_b][after_w][left]
                won[n], tied[n] = x, t
            _settle_runs_only(b, w, top, ball, won, tied)
    return chase, tie


def _settle_runs_only(
    b: int, w: int, top: int, ball: BallChances, won: list[float], tied: list[float]
) -> None:
    """Add what a ball that scores but does not count leads to (same balls and wickets, fewer
    runs needed: already worked out, since ``n`` rises)."""
    for n in range(1, top + 1):
        for db, dw, dr, p in ball(b, w, n):
            if db == 0 and dw == 0 and 0 < dr < n:
                won[n] += p * won[n - dr]
                tied[n] += p * tied[n - dr]


def solve_first(balls: int, ball: BallChances) -> list[list[list[float]]]:
    """``first[b][w]``: the distribution of the runs the first innings still adds."""
    top = most_runs(balls)
    first = [[[0.0] * (top + 1) for _ in range(ALL_OUT + 1)] for _ in range(balls + 1)]
    for b in range(balls, -1, -1):
        for w in range(ALL_OUT, -1, -1):
            adds = first[b][w]
            if b == balls or w == ALL_OUT:
                adds[0] = 1.0
                continue
            for db, dw, dr, p in ball(b, w, None):
                after_b, after_w = min(balls, b + db), min(ALL_OUT, w + dw)
                if after_b == b and after_w == w:
                    continue  # a ball that did not count: its runs are added below
                rest = first[after_b][after_w]
                for runs, q in enumerate(rest):
                    if q and runs + dr <= top:
                        adds[runs + dr] += p * q
            for db, dw, dr, p in ball(b, w, None):
                if db == 0 and dw == 0 and dr > 0:
                    for runs in range(top - dr, -1, -1):
                        adds[runs + dr] += p * adds[runs]
    return first


def scaled(values: Sequence[float]) -> tuple[int, ...]:
    """Chances as whole numbers of ``SCALE``, without the trailing zeros."""
    numbers = [round(value * SCALE) for value in values]
    while numbers and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


def unscaled(numbers: Sequence[int], index: int) -> float:
    return numbers[index] / SCALE if 0 <= index < len(numbers) else 0.0
