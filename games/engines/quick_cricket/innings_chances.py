"""The rest of a limited-overs Quick Cricket match, worked out exactly from what single balls do.

Given, for each situation of a ball (wickets down, worth of a wicket, style, whether the
batting side has a review left, the face-down umpire cards), the chance of each outcome of
one ball (runs, a wicket, whether it counted towards the over, whether the batting side lost
a review, the face-down umpire cards after it), the programme works backwards from the last
ball over the innings' lasting state ``(b, w, r, d)``: balls bowled, wickets down, the
batting side's reviews left and the face-down umpire cards.

- ``chase[b][w][s][n]``: the chasing side's chance of winning from lasting state ``s``
  (``STATES``: reviews left and umpire cards down) with ``n`` runs still needed, and
  ``tie[b][w][s][n]`` of a tie (the innings ends one run short). The batter's worth of a
  wicket, and so what a ball does, depends on the runs needed, so every ``n`` is worked out
  with its own outcomes.
- ``first[b][w][s]``: the runs the first innings still adds (the worth of a wicket in a
  first innings does not depend on the runs).

Why the reviews and the pile: both last. A side with no review left loses every OUT it is
given; with one umpire card face down the next appeal is certainly OUT, so a batter guarding
the wicket blocks, no appeal comes, the pile stays as it is and the innings stalls until the
worth of a wicket falls.

Chances are kept as whole numbers of ``SCALE`` (the table stores integers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .state import ALL_OUT, REVIEWS, UMPIRE_CARDS

SCALE = 10_000  # a figure to 0.0001: far finer than the 0.03 it is checked to
# balls, wickets, reviews lost, umpire cards down after, runs, chance
Outcome = tuple[int, int, int, int, int, float]
Outcomes = Sequence[Outcome]
# balls, wickets, reviews left, umpire cards down, need (None in a first innings) -> outcomes
BallChances = Callable[[int, int, int, int, int | None], Outcomes]
Grid = list[list[list[list[float]]]]
# The lasting states (reviews left, umpire cards down), fewer reviews first: a ball that
# loses a review leads to a state already worked out.
STATES = tuple((r, d) for r in range(REVIEWS + 1) for d in range(1, UMPIRE_CARDS + 1))
STATE_INDEX = {state: index for index, state in enumerate(STATES)}


def state_index(reviews: int, down: int) -> int:
    return STATE_INDEX[(min(max(reviews, 0), REVIEWS), min(max(down, 1), UMPIRE_CARDS))]


def most_runs(balls: int) -> int:
    """Runs needed past which no chase is followed (beyond what any innings has made)."""
    return 8 * balls + 40


def _grid(balls: int, top: int) -> Grid:
    return [
        [[[0.0] * (top + 1) for _ in STATES] for _ in range(ALL_OUT + 1)] for _ in range(balls + 1)
    ]


def _after(balls: int, b: int, w: int, r: int, outcome: Outcome) -> tuple[int, int, int]:
    db, dw, dl, down, _, _ = outcome
    return min(balls, b + db), min(ALL_OUT, w + dw), state_index(r - dl, down)


def solve_chase(balls: int, ball: BallChances) -> tuple[Grid, Grid]:
    """``chase`` and ``tie`` for an innings of ``balls`` balls (``[b][w][s][n]``, ``n`` up
    to ``most_runs(balls)``)."""
    top = most_runs(balls)
    chase, tie = _grid(balls, top), _grid(balls, top)
    for b in range(balls, -1, -1):
        for w in range(ALL_OUT, -1, -1):
            for s, (r, d) in enumerate(STATES):
                won, tied = chase[b][w][s], tie[b][w][s]
                won[0] = 1.0
                if b == balls or w == ALL_OUT:
                    tied[1] = 1.0
                    continue
                settle = []
                for n in range(1, top + 1):
                    x = t = 0.0
                    for outcome in ball(b, w, r, d, n):
                        dr, p = outcome[4], outcome[5]
                        left = n - dr
                        if left <= 0:
                            x += p
                            continue
                        after_b, after_w, after_s = _after(balls, b, w, r, outcome)
                        if (after_b, after_w, after_s) == (b, w, s):
                            settle.append((n, dr, p))  # runs alone, taken as below
                            continue
                        x += p * chase[after_b][after_w][after_s][left]
                        t += p * tie[after_b][after_w][after_s][left]
                    won[n], tied[n] = x, t
                for n, dr, p in settle:  # ``n`` rises: fewer runs needed are worked out
                    won[n] += p * won[n - dr]
                    tied[n] += p * tied[n - dr]
    return chase, tie


def solve_first(balls: int, ball: BallChances) -> Grid:
    """``first[b][w][s]``: the distribution of the runs the first innings still adds."""
    top = most_runs(balls)
    first = _grid(balls, top)
    for b in range(balls, -1, -1):
        for w in range(ALL_OUT, -1, -1):
            for s, (r, d) in enumerate(STATES):
                adds = first[b][w][s]
                if b == balls or w == ALL_OUT:
                    adds[0] = 1.0
                    continue
                runs_only = []
                for outcome in ball(b, w, r, d, None):
                    dr, p = outcome[4], outcome[5]
                    after_b, after_w, after_s = _after(balls, b, w, r, outcome)
                    if (after_b, after_w, after_s) == (b, w, s):
                        runs_only.append((dr, p))  # a ball that did not count: added below
                        continue
                    rest = first[after_b][after_w][after_s]
                    for runs, q in enumerate(rest):
                        if q and runs + dr <= top:
                            adds[runs + dr] += p * q
                scoring = [(dr, p) for dr, p in runs_only if dr > 0]
                for runs in range(1, top + 1) if scoring else ():  # any number, in any order
                    adds[runs] += sum(p * adds[runs - dr] for dr, p in scoring if dr <= runs)
    return first


def scaled(values: Sequence[float]) -> tuple[int, ...]:
    """Chances as whole numbers of ``SCALE``, without the trailing zeros."""
    numbers = [round(value * SCALE) for value in values]
    while numbers and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


def unscaled(numbers: Sequence[int], index: int) -> float:
    return numbers[index] / SCALE if 0 <= index < len(numbers) else 0.0
