"""Bedard's win probability: the baseball situations and the count (balls and strikes). Runs
come in bunches in Bedard's, so leads are told apart up to 15 runs."""

from ..win_probability.baseball import BaseballModel

MODEL = BaseballModel(
    "bedard-baseball",
    bases=lambda state: state.bases,
    count=lambda state: (state.balls, state.strikes),
    lead=15,
)
