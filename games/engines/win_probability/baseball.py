"""The win-probability model of the two-sided baseball games: innings left, half, outs, bases
and the run difference, as baseball's win-expectancy tables have them (plus the count where the
game keeps one).

One table serves every length of game: a situation is described by the innings left, not the
inning, and tables are built from nine-inning games, which pass through every situation a
shorter game can reach (longer games count their early innings as the ninth-last).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from .model import Model, NotCovered, clip

MAX_INNINGS_LEFT = 8


class BaseballModel(Model):
    build_options = {"innings": 9}

    def __init__(
        self,
        game_id: str,
        bases: Callable[[Any], tuple[bool, bool, bool]],
        count: Callable[[Any], Hashable] = lambda state: (),
        *,
        lead: int = 10,
        games: int = 20_000,
    ) -> None:
        self.game_id = game_id
        self._bases = bases
        self._count = count
        self.lead = lead  # run differences beyond this are counted as this
        self.games = games

    def table_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        validated = self.validated(options)
        if validated.get("ties_allowed"):
            raise NotCovered("win probability not available for games that may end tied")
        validated.pop("innings", None)
        return validated

    def levels(self, state: Any) -> tuple[tuple[Hashable, ...], ...]:
        innings = state.innings
        left = clip(innings.scheduled - innings.inning, 0, MAX_INNINGS_LEFT)
        visitors, home = innings.score
        lead = clip(visitors - home, -self.lead, self.lead)
        first, second, third = self._bases(state)
        bases = first + 2 * second + 4 * third
        half, outs = innings.half, innings.outs
        return (
            (left, half, outs, bases, lead, self._count(state)),
            (left, half, outs, bases, lead),
            (left, half, lead),
        )
