"""Bedard's win probability: the baseball model's run distributions, the half-inning described
by outs, bases, the count (balls and strikes), how far the deal has gone and how many aces are
still unplayed in it (a batter holding an ace leads it for a home run), then by outs, bases
and the deal, then by outs and bases alone."""

from ..win_probability.baseball import BaseballModel
from .state import State


def situation(state: State) -> tuple[tuple[int, ...], ...]:
    bases = state.bases[0] + 2 * state.bases[1] + 4 * state.bases[2]
    outs = state.innings.outs
    aces = 4 - sum(card.value == 1 for card in state.played)
    return (
        (outs, bases, state.balls, state.strikes, state.pitches, aces),
        (outs, bases, state.pitches, aces),
        (outs, bases),
    )


MODEL = BaseballModel("bedard-baseball", situation, games=3_000, fresh_tables=True)
