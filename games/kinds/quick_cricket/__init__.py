"""Quick Cricket as the site sees it (see ``games/kinds/__init__.py``): its scoring screen
(``screen.py``, drawing its cards with ``games/kinds/quick_cricket/card.py``), its stats
(``stats.py``) and what the rest of the site asks of it."""

from __future__ import annotations

from games.engines.quick_cricket import knockout
from games.kinds import CRICKET, CRICSHEET, GameKind, Summary, runs_score_text
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
)
