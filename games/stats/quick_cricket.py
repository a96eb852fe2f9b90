"""Quick Cricket stats per side, and the balls that count for net run rate."""

from __future__ import annotations

from typing import Any

from ..engines.quick_cricket.state import BALLS_PER_OVER
from ..engines.record import Replay


def balls_for_run_rate(replayed: Replay, side: int) -> tuple[int, int]:
    """Balls faced and bowled by ``side``; a side bowled out counts its full quota of overs."""
    match = replayed.final_state

    def used(innings: Any) -> int:
        if innings.wickets >= 10 and match.overs is not None:
            return match.overs * BALLS_PER_OVER
        return innings.balls

    faced = sum(used(inn) for inn in match.innings if inn.batting == side)
    bowled = sum(used(inn) for inn in match.innings if inn.batting != side)
    return faced, bowled


def side_stats(replayed: Replay, side: int) -> dict[str, Any]:
    return {}
