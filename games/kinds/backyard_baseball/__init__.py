"""Backyard Baseball as the site sees it (see ``games/kinds/__init__.py``): its scoring screen
(``screen.py``), its stats (``stats.py``) and what the rest of the site asks of it."""

from __future__ import annotations

from games.kinds import (
    BASEBALL,
    RETROSHEET,
    GameKind,
    half_inning_text,
    one_inning_decider,
    runs_score_text,
)
from games.kinds.backyard_baseball import screen, stats
from games.kinds.chart_axis import innings_axis

KIND = GameKind(
    id="backyard-baseball",
    family=BASEBALL,
    score_text=runs_score_text,
    progress_text=half_inning_text,
    screen=screen,
    stats=stats,
    exports=(RETROSHEET,),
    two_legs=True,
    decider_options=one_inning_decider,
    chart_axis=innings_axis,
)
