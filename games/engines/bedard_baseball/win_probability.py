"""Bedard's win probability: the baseball model's run distributions, the half-inning described
by outs, bases, the count (balls and strikes), how far the deal has gone and how many aces are
still unplayed in it (a batter holding an ace leads it for a home run), then by outs, bases
and the deal, then by outs and bases alone.

Every half-inning's rest is played out by a fresh table while the table is built, which is
costly, so a table counts 27,000 half-innings of each side whatever the game's length: 3,000
nine-inning games, 9,000 three-inning ones. With 3,000 three-inning games the rest of a
half-inning was seen too rarely in its finer situations and 33 of 40 sampled states came within
0.03 of their play-outs; with 9,000, 37 of the same 40."""

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


MODEL = BaseballModel(
    "bedard-baseball", situation, games=3_000, half_innings=27_000, fresh_tables=True
)
