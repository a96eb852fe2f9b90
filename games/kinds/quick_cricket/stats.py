"""Quick Cricket stats per side, and the balls that count for net run rate.

``side_stats`` stores, for one side of a final match: its innings (runs, wickets, balls,
declared, complete, partnerships), its batting and bowling totals, wickets lost and taken by
kind (bowled, lbw, caught, big_hit_caught), Big Hits played and their runs, no balls bowled,
reviews used and won, and the margin when it won.

Choices made here:
- Run rate and economy are runs per (four-ball) over over the balls really faced or bowled;
  the all-out quota applies only to net run rate (``balls_for_run_rate``).
- A side's lowest innings is its lowest *completed* one (all out or its overs used up): a
  winning chase or a declaration is not a low score.
- A partnership still going when the innings ended is "unbroken", shown with ``*``; the best
  partnership for a wicket prefers more runs, then an unbroken one.
- No balls are counted against the bowling side; Big Hits for the batting side, every one
  played (one caught in the outfield or bowled by a yorker is still a Big Hit).
- A review is "won" when the decision was overturned.
- Highest and lowest totals in the records are single innings (in a two-innings match each
  innings counts on its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.baseball import ordinal
from games.engines.quick_cricket.state import ALL_OUT, BALLS_PER_OVER, BATTING
from games.engines.record import Replay
from games.kinds.stats.tables import (
    DEC1,
    DEC2,
    TEXT,
    Column,
    RecordList,
    StatsTable,
    TableSpec,
    add_up,
    best,
    ratio,
)


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


WICKET_KINDS = ("bowled", "lbw", "caught", "big_hit_caught")


def side_stats(replayed: Replay, side: int) -> dict[str, Any]:
    """What ``side`` did with the bat and the ball (see the module's docstring)."""
    match = replayed.final_state
    batting = [inn for inn in match.innings if inn.batting == side]
    bowling = [inn for inn in match.innings if inn.batting != side]
    lost = dict.fromkeys(WICKET_KINDS, 0)
    taken = dict.fromkeys(WICKET_KINDS, 0)
    big_hits = big_hit_runs = no_balls = used = won = 0
    for inn in match.innings:
        ours = inn.batting == side
        for ball in inn.log:
            if ball.wicket:
                (lost if ours else taken)[ball.wicket] += 1
            if ours and ball.big_hit:
                big_hits += 1
                big_hit_runs += ball.runs
            if not ours and ball.no_ball:
                no_balls += 1
            if ball.review and (ball.review == BATTING) == ours:
                used += 1
                won += ball.overturned
    return {
        "innings": [_innings(match, inn) for inn in batting],
        "runs": sum(inn.runs for inn in batting),
        "balls": sum(inn.balls for inn in batting),
        "wickets_lost": sum(inn.wickets for inn in batting),
        "conceded": sum(inn.runs for inn in bowling),
        "balls_bowled": sum(inn.balls for inn in bowling),
        "wickets_taken": sum(inn.wickets for inn in bowling),
        "dismissals": lost,
        "wickets": taken,
        "big_hits": big_hits,
        "big_hit_runs": big_hit_runs,
        "no_balls": no_balls,
        "reviews_used": used,
        "reviews_won": won,
        "won_by": list(match.margin) if match.winner == side and match.margin else None,
    }


def _innings(match: Any, inn: Any) -> dict[str, Any]:
    quota = match.overs is not None and inn.balls >= match.overs * BALLS_PER_OVER
    return {
        "runs": inn.runs,
        "wickets": inn.wickets,
        "balls": inn.balls,
        "declared": inn.declared,
        "complete": inn.all_out or quota,
        "partnerships": list(inn.partnerships),
    }


# --- totals and tables ------------------------------------------------------------------------

HEADING = "Team"
TABLES = (
    TableSpec(
        "batting",
        "Batting",
        (
            Column("games", "M", "matches"),
            Column("innings_count", "Inns", "innings"),
            Column("runs", "Runs", "runs scored"),
            Column("overs", "Overs", "overs faced (four-ball overs)", TEXT),
            Column("run_rate", "RR", "run rate (runs per over)", DEC2),
            Column("average", "Avg", "runs per innings", DEC1),
            Column("highest", "HS", "highest innings", TEXT),
            Column("lowest", "LS", "lowest completed innings", TEXT),
            Column("wickets_lost", "Wkts", "wickets lost"),
            Column("big_hits", "Big Hits", "Big Hits played"),
            Column("big_hit_runs", "BH runs", "runs from Big Hits"),
        ),
    ),
    TableSpec(
        "bowling",
        "Bowling and reviews",
        (
            Column("overs_bowled", "Overs", "overs bowled", TEXT),
            Column("conceded", "Runs", "runs conceded"),
            Column("economy", "Econ", "runs conceded per over", DEC2),
            Column("wickets_taken", "Wkts", "wickets taken"),
            Column("bowled", "Bowled", "bowled"),
            Column("lbw", "LBW", "leg before wicket"),
            Column("caught", "Ct", "caught"),
            Column("big_hit_caught", "BH Ct", "Big Hits caught in the outfield"),
            Column("no_balls", "NB", "no balls bowled"),
            Column("reviews_used", "Rev", "reviews used"),
            Column("reviews_won", "Rev won", "reviews won (decision overturned)"),
        ),
    ),
    TableSpec(
        "partnerships",
        "Best partnership by wicket",
        tuple(
            Column(f"p{n}", ordinal(n), f"best partnership for the {ordinal(n)} wicket", TEXT)
            for n in range(1, 11)
        ),
        note="* unbroken",
    ),
)


def overs_text(balls: int) -> str:
    return f"{balls // BALLS_PER_OVER}.{balls % BALLS_PER_OVER}"


def score_text(inn: dict[str, Any]) -> str:
    """``123`` all out, ``123/4``, ``123/4d`` declared."""
    text = str(inn["runs"]) if inn["wickets"] >= ALL_OUT else f"{inn['runs']}/{inn['wickets']}"
    return text + "d" if inn.get("declared") else text


def partnerships(inn: dict[str, Any]) -> list[tuple[int, int, bool]]:
    """``(wicket number, runs, unbroken)`` for each partnership of an innings."""
    return [
        (number, runs, number - 1 == inn["wickets"])
        for number, runs in enumerate(inn.get("partnerships", []), start=1)
    ]


def summarise(rows: Sequence[Any]) -> dict[str, Any]:
    sums = add_up(row.data for row in rows)
    innings = [inn for row in rows for inn in row.data.get("innings", [])]
    complete = [inn for inn in innings if inn.get("complete")]
    games = len(rows)
    wins = sum(row.result == "W" for row in rows)
    losses = sum(row.result == "L" for row in rows)
    runs, balls = sums.get("runs", 0), sums.get("balls", 0)
    conceded, bowled = sums.get("conceded", 0), sums.get("balls_bowled", 0)
    values: dict[str, Any] = {
        **{key: value for key, value in sums.items() if not isinstance(value, dict)},
        **sums.get("wickets", {}),
        "games": games,
        "wins": wins,
        "losses": losses,
        "ties": games - wins - losses,
        "innings_count": len(innings),
        "runs": runs,
        "overs": overs_text(balls),
        "run_rate": ratio(runs * BALLS_PER_OVER, balls),
        "average": ratio(runs, len(innings)),
        "highest": _pick(innings, max),
        "lowest": _pick(complete, min),
        "overs_bowled": overs_text(bowled),
        "economy": ratio(conceded * BALLS_PER_OVER, bowled),
        "dismissals": sums.get("dismissals", {}),
    }
    for number in range(1, ALL_OUT + 1):
        stands = [
            (r, unbroken) for inn in innings for n, r, unbroken in partnerships(inn) if n == number
        ]
        if stands:
            runs_, unbroken = max(stands, key=lambda s: (s[0], s[1]))
            values[f"p{number}"] = f"{runs_}*" if unbroken else str(runs_)
    return values


def _pick(innings: list[dict[str, Any]], choose: Any) -> str | None:
    if not innings:
        return None
    return score_text(choose(innings, key=lambda inn: (inn["runs"], -inn["wickets"])))


def breakdowns(summary: dict[str, Any]) -> list[StatsTable]:
    return []


# --- records ----------------------------------------------------------------------------------


def records(rows: Sequence[Any]) -> list[RecordList]:
    """Highest and lowest totals (an innings each), longest partnerships, biggest wins."""
    every = [
        (number, inn, row)
        for row in rows
        for number, inn in enumerate(row.data.get("innings", []), start=1)
    ]
    return [
        best(
            "totals",
            "Highest totals",
            "Score",
            (
                ((inn["runs"], -inn["wickets"]), row, score_text(inn), _where(inn, number, row))
                for number, inn, row in every
            ),
        ),
        best(
            "lowest",
            "Lowest totals",
            "Score",
            (
                ((inn["runs"], -inn["wickets"]), row, score_text(inn), _where(inn, number, row))
                for number, inn, row in every
                if inn.get("complete")
            ),
            lowest=True,
        ),
        best(
            "partnerships",
            "Longest partnerships",
            "Runs",
            (
                (runs, row, f"{runs}*" if unbroken else str(runs), f"{ordinal(wicket)} wicket")
                for _, inn, row in every
                for wicket, runs, unbroken in partnerships(inn)
                if runs
            ),
        ),
        best(
            "wins-runs",
            "Biggest wins by runs",
            "Margin",
            (
                ((by == "innings", value), row, str(value), _result(row), _unit(by, value))
                for row in rows
                if row.result == "W" and row.data.get("won_by")
                for by, value in [row.data["won_by"]]
                if by in ("runs", "innings")
            ),
        ),
        best(
            "wins-wickets",
            "Biggest wins by wickets",
            "Margin",
            (
                (value, row, str(value), _result(row), _unit(by, value))
                for row in rows
                if row.result == "W" and row.data.get("won_by")
                for by, value in [row.data["won_by"]]
                if by == "wickets"
            ),
        ),
    ]


def _where(inn: dict[str, Any], number: int, row: Any) -> str:
    overs = f"{overs_text(inn['balls'])} overs"
    return overs if len(row.data.get("innings", [])) == 1 else f"{ordinal(number)} innings, {overs}"


def _unit(by: str, value: int) -> str:
    """``runs``, ``wicket``, ``runs and an innings``."""
    unit = {"innings": "run", "runs": "run", "wickets": "wicket"}[by]
    unit += "" if value == 1 else "s"
    return f"{unit} and an innings" if by == "innings" else unit


def _result(row: Any) -> str:
    return f"{row.runs_for}–{row.runs_against}"
