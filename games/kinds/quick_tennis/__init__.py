"""Quick Tennis as the site sees it (see ``games/kinds/__init__.py``): its scoring screen
(``screen.py``), its stats (``stats.py``) and what the rest of the site asks of it."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.quick_tennis.state import Match
from games.kinds import TENNIS, GameKind, Summary
from games.kinds.chart_axis import Axis, Stage, axis
from games.kinds.quick_tennis import screen, stats


def score_text(summary: Summary) -> str:
    """Finished sets, then the games and points of the set being played (side 0 first):
    "6–4 2–1 30–15"; a finished match shows its sets only."""
    parts = [f"{a}–{b}" for a, b in summary["sets"]]
    if summary.get("status") != "final":
        parts.append("–".join(str(games) for games in summary["games"]))
        parts.append("–".join(summary["points"]))
    return " ".join(parts)


def progress_text(summary: Summary) -> str:
    """The set being played, its games and points: "Set 2: 3–1 15–0"."""
    return f"Set {summary['set']}: {score_text({**summary, 'sets': []})}"


def chart_axis(states: Sequence[Match]) -> Axis:
    """The sets along the chart's bottom, each set's start labelled and marked across the
    chart, and a short mark where each game begins."""

    def stage(match: Match) -> Stage | None:
        if match.final:
            return None
        number, game = len(match.sets) + 1, sum(match.games) + 1
        where = f"Set {number}, game {game}"
        if game == 1:
            return Stage((number, game), f"Set {number}", f"Set {number}", True, where)
        return Stage((number, game), "", where)

    return axis(states, "Sets", "Game", stage)


KIND = GameKind(
    id="quick-tennis",
    family=TENNIS,
    score_text=score_text,
    progress_text=progress_text,
    screen=screen,
    stats=stats,
    chart_axis=chart_axis,
)
