"""Backyard Baseball's win probability: the baseball situations (pawns and ghosts alike count
as runners)."""

from ..baseball.pawn_runners import occupied
from ..win_probability.baseball import BaseballModel

MODEL = BaseballModel("backyard-baseball", bases=lambda state: occupied(state.runners))
