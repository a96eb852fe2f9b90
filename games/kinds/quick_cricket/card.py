"""The Quick Cricket scorecard: partnerships, fall of wickets, the overs grid, rates, the
result in words, and the Manhattan and worm charts as inline SVG data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.quick_cricket import Ball, Innings, Match
from games.engines.quick_cricket.state import BALLS_PER_OVER

CHART_W, CHART_H, PAD = 320, 140, 24


@dataclass(frozen=True)
class Mark:
    text: str
    css: str
    title: str


@dataclass(frozen=True)
class InningsCard:
    number: int
    batting: int
    side: str
    runs: int
    wickets: int
    overs: str
    run_rate: str
    partnerships: list[tuple[int, list[str], int, bool]]  # number, runs, total, unbroken
    fall_of_wickets: list[str]
    overs_grid: list[tuple[int, list[Mark], int]]  # over number, marks, runs in the over
    reviews: list[tuple[str, int]]
    status: str
    manhattan: dict[str, Any]


def run_rate(runs: int, balls: int) -> str:
    return f"{runs / (balls / BALLS_PER_OVER):.2f}" if balls else "–"


def mark(ball: Ball) -> Mark:
    if ball.no_ball:
        return Mark("nb", "nb", f"no ball: {ball.runs} runs")
    if ball.wicket:
        return Mark(
            "W", "wicket" + ("" if ball.counted else " void"), ball.wicket.replace("_", " ")
        )
    css = ("dot" if ball.runs == 0 else "runs") + ("" if ball.counted else " void")
    title = "dot ball" if ball.runs == 0 else f"{ball.runs} runs"
    if not ball.counted:
        title += " (over restarted by a no ball)"
    return Mark("." if ball.runs == 0 else str(ball.runs), css, title)


def innings_card(match: Match, number: int, sides: list[str]) -> InningsCard:
    innings = match.innings[number]
    return InningsCard(
        number=number + 1,
        batting=innings.batting,
        side=sides[innings.batting],
        runs=innings.runs,
        wickets=innings.wickets,
        overs=innings.overs_text,
        run_rate=run_rate(innings.runs, innings.balls),
        partnerships=_partnerships(innings),
        fall_of_wickets=[
            f"{score}/{wicket}" for wicket, score in enumerate(innings.fall_of_wickets, start=1)
        ],
        overs_grid=_overs_grid(innings),
        reviews=[(sides[side], innings.reviews_left[side]) for side in (0, 1)],
        status=_innings_status(innings, match, number),
        manhattan=manhattan(innings),
    )


def _partnerships(innings: Innings) -> list[tuple[int, list[str], int, bool]]:
    rows = []
    for index, total in enumerate(innings.partnerships):
        runs = [
            f"{b.runs}nb" if b.no_ball else str(b.runs)
            for b in innings.log
            if b.partnership == index and b.runs and not b.wicket
        ]
        unbroken = index == len(innings.partnerships) - 1 and innings.wickets < 10
        rows.append((index + 1, runs, total, unbroken))
    return rows


def _overs_grid(innings: Innings) -> list[tuple[int, list[Mark], int]]:
    overs: dict[int, list[Ball]] = {}
    for ball in innings.log:
        overs.setdefault(ball.over, []).append(ball)
    return [
        (over + 1, [mark(b) for b in balls], sum(b.runs for b in balls))
        for over, balls in sorted(overs.items())
    ]


def _innings_status(innings: Innings, match: Match, number: int) -> str:
    if innings.declared:
        return "declared"
    if innings.wickets >= 10:
        return "all out"
    if match.overs is not None and innings.completed_overs >= match.overs:
        return "all overs bowled"
    if match.final and number == len(match.innings) - 1:
        return "target passed" if match.winner == innings.batting else "match over"
    return "batting"


def runs_by_over(innings: Innings) -> list[tuple[int, int]]:
    """(runs, wickets) for every over slot bowled, in order."""
    last = max((b.over for b in innings.log), default=-1)
    totals = [[0, 0] for _ in range(last + 1)]
    for ball in innings.log:
        totals[ball.over][0] += ball.runs
        totals[ball.over][1] += 1 if ball.wicket else 0
    return [(runs, wickets) for runs, wickets in totals]


def manhattan(innings: Innings) -> dict[str, Any]:
    """Bars of runs per over, with a dot on top for each wicket in that over."""
    overs = runs_by_over(innings)
    top = max([runs for runs, _ in overs] + [10])
    width = (CHART_W - 2 * PAD) / max(len(overs), 1)
    bars, wickets = [], []
    for index, (runs, fallen) in enumerate(overs):
        height = (CHART_H - 2 * PAD) * runs / top
        x = PAD + index * width
        y = CHART_H - PAD - height
        bars.append(
            {
                "x": round(x + 1, 1),
                "y": round(y, 1),
                "w": round(max(width - 2, 1), 1),
                "h": round(height, 1),
                "runs": runs,
                "over": index + 1,
            }
        )
        wickets += [
            {"cx": round(x + width / 2, 1), "cy": round(y - 6 - 9 * n, 1)} for n in range(fallen)
        ]
    return {
        "w": CHART_W,
        "h": CHART_H,
        "pad": PAD,
        "top": top,
        "bars": bars,
        "wickets": wickets,
        "base": CHART_H - PAD,
        "overs": len(overs),
    }


def worm(match: Match, sides: list[str]) -> dict[str, Any]:
    """Cumulative runs at the end of each over, one line per innings."""
    series = []
    for number, innings in enumerate(match.innings):
        total, points = 0, [(0, 0)]
        for over, (runs, _) in enumerate(runs_by_over(innings), start=1):
            total += runs
            points.append((over, total))
        series.append((number, innings.batting, points))
    most_overs = max([p[-1][0] for _, _, p in series] + [match.overs or 1, 1])
    top = max([p[-1][1] for _, _, p in series] + [10])
    lines = []
    for number, side, points in series:
        coords = " ".join(
            f"{PAD + (CHART_W - 2 * PAD) * o / most_overs:.1f},"
            f"{CHART_H - PAD - (CHART_H - 2 * PAD) * r / top:.1f}"
            for o, r in points
        )
        lines.append(
            {
                "points": coords,
                "side": side,
                "label": f"{sides[side]} ({number + 1})",
                "dashed": number >= 2,
            }
        )
    return {
        "w": CHART_W,
        "h": CHART_H,
        "pad": PAD,
        "top": top,
        "overs": most_overs,
        "lines": lines,
        "base": CHART_H - PAD,
    }


def result_words(match: Match, sides: list[str]) -> str:
    if not match.final or match.margin is None:
        return ""
    by, value = match.margin
    if by == "tie":
        return "Match tied"
    winner = sides[match.winner] if match.winner is not None else ""
    if by == "wickets":
        return f"{winner} won by {value} wicket{'s' if value != 1 else ''}"
    if by == "innings":
        return f"{winner} won by an innings and {value} run{'s' if value != 1 else ''}"
    return f"{winner} won by {value} run{'s' if value != 1 else ''}"


def chase(match: Match) -> dict[str, Any] | None:
    """Target, runs needed, balls left and the required rate while the last innings is on."""
    target = match.target
    if target is None:
        return None
    innings = match.current
    need = max(target - innings.runs, 0)
    info: dict[str, Any] = {"target": target, "need": need, "balls_left": None, "rate": None}
    if match.overs is not None:
        left = match.overs * BALLS_PER_OVER - innings.balls
        info["balls_left"] = left
        info["rate"] = f"{need * BALLS_PER_OVER / left:.2f}" if left else "–"
    return info
