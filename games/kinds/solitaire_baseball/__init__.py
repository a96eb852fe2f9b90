"""Solitaire Baseball as the site sees it (see ``games/kinds/__init__.py``): its scoring
screen (``screen.py``), its stats (``stats.py``) and what the rest of the site asks of it.

One player, so no box score or game log; its board shows the player's record over all their
games, so everybody's view of it is not cached."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.solitaire_baseball.state import State
from games.kinds import SOLITAIRE, GameKind, Summary, runs_score_text
from games.kinds.chart_axis import Axis, Stage, axis
from games.kinds.solitaire_baseball import screen, stats


def progress_text(summary: Summary) -> str:
    """The inning being played: "Inning 3"."""
    return f"Inning {summary['inning']}"


def chart_axis(states: Sequence[State]) -> Axis:
    """The player's innings along the chart's bottom, a tick at the start of each."""

    def stage(state: State) -> Stage | None:
        if state.innings.final:
            return None
        number = state.innings.inning
        return Stage(number, str(number), f"Inning {number}")

    return axis(states, "Innings", "Inning", stage)


KIND = GameKind(
    id="solitaire-baseball",
    family=SOLITAIRE,
    score_text=runs_score_text,
    progress_text=progress_text,
    screen=screen,
    stats=stats,
    public_board_cached=False,
    chart_axis=chart_axis,
)
