"""Quick Baseball's win probability: the baseball model's run distributions, the half-inning
described by outs, bases and the ball count, then also by the batter's group in the order
(the batting cards hit by group) and whether the fielding side's relief pitcher is in."""

from ..win_probability.baseball import BaseballModel
from .state import State


def _bits(bases: tuple[bool, bool, bool]) -> int:
    return bases[0] + 2 * bases[1] + 4 * bases[2]


def situation(state: State) -> tuple[tuple[int, ...], ...]:
    outs, bases = state.innings.outs, _bits(state.bases)
    group = (state.batter - 1) // 3
    return (
        (outs, bases, state.balls, group, int(state.pitching_relief)),
        (outs, bases, state.balls),
        (outs, bases),
    )


MODEL = BaseballModel("quick-baseball", situation)
