"""Backyard Baseball's win probability: the baseball model's run distributions, the
half-inning described by outs and who stands on each base (pawns and ghosts told apart),
then by outs and the bases occupied."""

from ..baseball.pawn_runners import occupied
from ..win_probability.baseball import BaseballModel
from .state import State


def situation(state: State) -> tuple[tuple[object, ...], ...]:
    first, second, third = occupied(state.runners)
    outs = state.innings.outs
    return (
        (outs, *(runner or "-" for runner in state.runners), state.at_bat),
        (outs, first + 2 * second + 4 * third),
        (outs,),
    )


MODEL = BaseballModel("backyard-baseball", situation)
