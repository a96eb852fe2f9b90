"""Quick Cricket's win probability, as cricket's win predictors have it: in the first innings
the balls left, wickets down and runs so far; in the chase the balls left, wickets down and
runs still needed. Limited-overs matches of one innings a side, one table per length."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ..win_probability.model import Model, NotCovered, clip
from .state import BALLS_PER_OVER, Match


class CricketModel(Model):
    game_id = "quick-cricket"
    games = 20_000
    # One-day cricket's 50 overs, the longest limited-overs format: about 12 minutes of one
    # core for a table of 20,000 matches.
    bounds = (("overs", 50, "matches of more than 50 overs a side"),)

    def table_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        validated = self.validated(options)
        if validated.get("overs") is None:
            raise NotCovered("win probability not available for unlimited-overs matches")
        if validated.get("innings", 1) != 1:
            raise NotCovered("win probability not available for two-innings matches")
        return self.within_bounds(validated)

    def levels(self, state: Match) -> tuple[tuple[Hashable, ...], ...]:
        """Finest first. Every level keeps the balls left exactly (a coarse band of balls would
        jump at its edges: 74 needed off 16 balls and off 15 are nearly the same chase, the
        bands 16-23 and 8-15 are not); the coarsest is the rate needed per ball."""
        balls = (state.overs or 0) * BALLS_PER_OVER
        current = state.current
        first_done = current.all_out or current.closed or current.balls >= balls
        if len(state.innings) == 1 and not first_done:
            left, wickets, runs = balls - current.balls, current.wickets, current.runs
            return (
                (0, left, wickets, runs // 2),
                (0, left, wickets // 2, runs // 6),
                (0, left, runs // 12),
                (0, left // BALLS_PER_OVER, runs // 20),
            )
        if len(state.innings) == 1:  # between the innings: the chase is next
            left, wickets, needed = balls, 0, current.runs + 1
        else:
            left, wickets = balls - current.balls, current.wickets
            needed = (state.target or 0) - current.runs
        needed = clip(needed, -1, 400)
        rate = clip(round(2 * needed / max(left, 1)), 0, 40)  # runs needed a ball, in halves
        return (
            (1, left, wickets, needed),
            (1, left, wickets // 2, needed // 3),
            (1, left, needed // 6),
            (1, rate, wickets // 4),
        )


MODEL = CricketModel()
