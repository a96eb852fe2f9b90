"""Quick Baseball's win probability: the baseball situations and the ball count."""

from ..win_probability.baseball import BaseballModel

MODEL = BaseballModel("quick-baseball", bases=lambda state: state.bases, count=lambda s: s.balls)
