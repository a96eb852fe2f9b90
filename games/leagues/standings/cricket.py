"""The cricket table: P, W, L, T, NR, Pts, runs/overs for and against, NRR.

- Points are the league's: ``points_win``, ``points_tie``, ``points_loss``, and
  ``points_no_result`` for each fixture an organiser recorded as abandoned or no result (NR,
  counted in P). Ordered by points, then wins, then NRR, then name.
- NRR is runs scored per over faced less runs conceded per over bowled over the season
  (four-ball overs), exact (fractions) for ordering and shown rounded half up (away from
  zero) to three decimals with a sign (``+0.125``, ``-1.000``, ``-0.063`` for -0.0625;
  exactly nil, or nil to three decimals, is ``0.000``); ``—`` before a team has faced or
  bowled a ball. A no result's runs never count (its game has no stats rows).
- Runs for and against are shown as ``runs/overs`` (``125/20.0``).
"""

from __future__ import annotations

from fractions import Fraction

from games.kinds.stats.decimals import half_up
from games.leagues.standings.table import (
    POSITION,
    Column,
    Family,
    Record,
    Value,
    name_key,
    team_column,
)
from games.models import League

BALLS_PER_OVER = 4

COLUMNS = (
    POSITION,
    team_column("Team"),
    Column("p", "P", "Played"),
    Column("w", "W", "Won"),
    Column("l", "L", "Lost"),
    Column("t", "T", "Tied"),
    Column("nr", "NR", "No result: abandoned fixtures"),
    Column("pts", "Pts", "Points"),
    Column("for", "For", "Runs scored / overs faced"),
    Column("against", "Against", "Runs conceded / overs bowled"),
    Column("nrr", "NRR", "Net run rate"),
)


def overs_text(balls: int) -> str:
    return f"{balls // BALLS_PER_OVER}.{balls % BALLS_PER_OVER}"


def net_run_rate(
    *, runs_for: int, balls_faced: int, runs_against: int, balls_bowled: int
) -> Fraction | None:
    """Runs scored per over faced less runs conceded per over bowled (four-ball overs)."""
    if not balls_faced and not balls_bowled:
        return None
    scored = Fraction(runs_for * BALLS_PER_OVER, balls_faced) if balls_faced else Fraction(0)
    conceded = (
        Fraction(runs_against * BALLS_PER_OVER, balls_bowled) if balls_bowled else Fraction(0)
    )
    return scored - conceded


def nrr_text(nrr: Fraction | None) -> str | None:
    if nrr is None:
        return None
    text = half_up(nrr, 3)
    if text == "0.000" or text.startswith("-"):
        return text
    return f"+{text}"


def _points(league: League, record: Record) -> int:
    return (
        record.won * league.points_win
        + record.tied * league.points_tie
        + record.lost * league.points_loss
        + record.no_results * league.points_no_result
    )


def _nrr(record: Record) -> Fraction | None:
    return net_run_rate(
        runs_for=record.runs_for,
        balls_faced=record.balls_faced,
        runs_against=record.runs_against,
        balls_bowled=record.balls_bowled,
    )


def order(league: League, records: list[Record]) -> list[Record]:
    return sorted(
        records,
        key=lambda r: (-_points(league, r), -r.won, -(_nrr(r) or 0), *name_key(r)),
    )


def values(league: League, record: Record, leader: Record) -> dict[str, Value]:
    return {
        "p": record.played_with_no_results,
        "w": record.won,
        "l": record.lost,
        "t": record.tied,
        "nr": record.no_results,
        "pts": _points(league, record),
        "for": f"{record.runs_for}/{overs_text(record.balls_faced)}",
        "against": f"{record.runs_against}/{overs_text(record.balls_bowled)}",
        "nrr": nrr_text(_nrr(record)),
    }


def ordering(league: League) -> str:
    return (
        f"Points: {league.points_win} for a win, {league.points_tie} for a tie, "
        f"{league.points_loss} for a loss, {league.points_no_result} for a no result "
        "(abandoned). Ordered by points, then wins, then net run rate, then name. NRR = runs "
        "scored ÷ overs faced − runs conceded ÷ overs bowled over the season, no results left "
        "out; a side bowled out counts its full quota of overs; an over is four balls."
    )


FAMILY = Family(columns=COLUMNS, order=order, values=values, ordering=ordering)
