"""Backyard Baseball's win probability: the baseball model's run distributions, the
half-inning described by outs, who stands on each base (pawns and ghosts told apart), the pawn
at bat and a ghost that has just come in (the batting side may still swap it with its pawn);
then by outs and the bases occupied.

The player deals each half-inning's hands from freshly shuffled decks and remembers them; a
state does not record the hands (they are hidden at the table), so from a state within a
half-inning the rest of it is counted as a fresh table plays it: hands dealt anew, as a
play-out from that state deals them. Counted from the hands the game itself held, the rest of
a half-inning ran about a run richer or poorer than play-outs from the same state, and ties
at the end of the last inning came out up to 6 points too often."""

from ..baseball.pawn_runners import occupied
from ..win_probability.baseball import BaseballModel
from .state import State


def situation(state: State) -> tuple[tuple[object, ...], ...]:
    first, second, third = occupied(state.runners)
    outs = state.innings.outs
    ghost = -1 if state.new_ghost is None else state.new_ghost
    return (
        (outs, *(runner or "-" for runner in state.runners), state.at_bat, ghost),
        (outs, first + 2 * second + 4 * third),
        (outs,),
    )


MODEL = BaseballModel("backyard-baseball", situation, fresh_tables=True)
