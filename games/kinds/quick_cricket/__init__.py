"""Quick Cricket as the site sees it (see ``games/kinds/__init__.py``): its scoring screen
(``screen.py``, drawing its cards with ``games/kinds/quick_cricket/card.py``), its stats
(``stats.py``) and what the rest of the site asks of it."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.quick_cricket import knockout
from games.engines.quick_cricket.state import Match
from games.kinds import CRICKET, CRICSHEET, GameKind, Summary, runs_score_text
from games.kinds.chart_axis import Axis, Stage, axis, label_step
from games.kinds.quick_cricket import screen, stats


def score_text(summary: Summary) -> str:
    """Runs/wickets of the innings being played: "45/3"."""
    innings = summary.get("innings")
    if innings:
        last = innings[-1]
        return f"{last['runs']}/{last['wickets']}"
    return runs_score_text(summary)


def progress_text(summary: Summary) -> str:
    """The innings being played: "Innings 2: 45/3 (6.2 ov)"."""
    innings = summary.get("innings")
    if innings:
        last = innings[-1]
        return f"Innings {len(innings)}: {last['runs']}/{last['wickets']} ({last['overs']} ov)"
    return ""


def chart_axis(states: Sequence[Match]) -> Axis:
    """Each innings' overs along the chart's bottom: a tick at the end of every over,
    labelled every over or every few when the match has many, and the innings break marked
    across the chart."""
    step = label_step(states[0].overs or 0)

    def stage(match: Match) -> Stage | None:
        if match.final:
            return None
        number, overs = len(match.innings), match.current.completed_overs
        where = f"Innings {number}, over {overs + 1}"
        if overs == 0:
            return Stage((number, 0), f"Inns {number}", f"Innings {number}", True, where)
        label = str(overs) if overs % step == 0 else ""
        return Stage((number, overs), label, f"Innings {number}, {overs} overs", where=where)

    return axis(states, "Overs", "Over", stage)


KIND = GameKind(
    id="quick-cricket",
    family=CRICKET,
    score_text=score_text,
    progress_text=progress_text,
    screen=screen,
    stats=stats,
    exports=(CRICSHEET,),
    league_points=True,
    two_legs=True,
    decider_options=knockout.eliminator_options,
    decider_swaps_sides=True,
    chart_axis=chart_axis,
)
