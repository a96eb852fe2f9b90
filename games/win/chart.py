"""The win-probability chart as inline SVG geometry (no chart library): the first side's chance
across the game, 100% at the top, the second side's at the bottom; 0, 50 and 100% marked up
the side, the game's innings, overs or sets along the bottom (each game's kind says where they
begin, ``GameKind.chart_axis``), and the figures after every play as rows for the table of
chances, which ``static/games/win-chart.js`` also reads to show the figure at the play under
the pointer or the keyboard's focus.

The line is drawn in a plot of ``WIDTH`` × ``HEIGHT`` units stretched to the chart's box; the
labels are placed in percent of that box, so their text is never stretched."""

from __future__ import annotations

from dataclasses import dataclass

from games.kinds.chart_axis import Axis, Tick, plays_axis
from games.win.chances import WinChances

WIDTH, HEIGHT = 600, 160
TICK = 8  # a tick mark's height at the bottom of the plot
LABEL_GAP = 40  # the least distance between two labels' middles (about 22 px on a phone)
LEVELS = ((1.0, "top"), (0.5, "middle"), (0.0, "bottom"))


@dataclass(frozen=True)
class Mark:
    x: float
    y: float
    number: int  # 1-based turning point


@dataclass(frozen=True)
class Level:
    """A gridline across the chart and its label up the side."""

    y: float
    label: str  # "50%"
    place: str  # "top", "middle" or "bottom": where the label goes


@dataclass(frozen=True)
class XTick:
    """A mark along the bottom where an inning, over or set begins."""

    x: float  # in the plot's units
    percent: float  # across the chart's box, for the label
    label: str  # "" when there is none, or no room for it
    name: str  # the mark in words: "Inning 3"
    major: bool  # drawn across the whole chart (an innings break, a set)
    anchor: str  # the label's text-anchor: kept inside the chart at either end


@dataclass(frozen=True)
class Row:
    """The figures after one play, for the table of chances."""

    seq: int  # 0: before the first play
    where: str  # "Top 3", "Innings 2, over 5"
    text: str  # what the play did
    percents: tuple[int, ...]  # each side's chance (one side: its chance of a win)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str  # the polyline's points
    area: str  # the polygon between the line and the even-chance line
    middle: float
    marks: tuple[Mark, ...]
    levels: tuple[Level, ...] = ()
    ticks: tuple[XTick, ...] = ()
    tick_top: float = HEIGHT - TICK
    axis_title: str = ""  # what the bottom counts: "Innings", "Overs", "Sets"
    column: str = ""  # the table's heading for where each play was made
    rows: tuple[Row, ...] = ()


def _x(seq: int, plays: int) -> float:
    return round(WIDTH * seq / max(plays, 1), 1)


def _y(chance: float) -> float:
    return round(HEIGHT * (1 - chance), 1)


def _anchor(x: float) -> str:
    if x < LABEL_GAP / 2:
        return "start"
    if x > WIDTH - LABEL_GAP / 2:
        return "end"
    return "middle"


def _ticks(ticks: tuple[Tick, ...], plays: int) -> tuple[XTick, ...]:
    """The ticks placed, each label kept only where it is at least ``LABEL_GAP`` from every
    label kept before it: the major ticks' first, then the others', each in order."""
    kept: list[float] = []
    labelled: set[int] = set()
    for index, tick in sorted(enumerate(ticks), key=lambda pair: not pair[1].major):
        x = _x(tick.seq, plays)
        if tick.label and all(abs(x - other) >= LABEL_GAP for other in kept):
            kept.append(x)
            labelled.add(index)
    placed = []
    for index, tick in enumerate(ticks):
        x = _x(tick.seq, plays)
        label = tick.label if index in labelled else ""
        percent = round(100 * x / WIDTH, 2)
        placed.append(XTick(x, percent, label, tick.name, tick.major, _anchor(x)))
    return tuple(placed)


def _rows(chances: WinChances, axis: Axis) -> tuple[Row, ...]:
    sides = len(chances.sides[:2])
    rows = []
    for point in chances.points:
        where = axis.stages[point.seq - 1] if 0 < point.seq <= len(axis.stages) else ""
        percents = tuple(point.percent(side) for side in range(sides))
        rows.append(Row(point.seq, where, point.text, percents))
    return tuple(rows)


def chart(chances: WinChances) -> Chart | None:
    if not chances.available:
        return None
    plays = chances.points[-1].seq
    coordinates = [(_x(p.seq, plays), _y(p.first)) for p in chances.points]
    line = " ".join(f"{x},{y}" for x, y in coordinates)
    middle = HEIGHT / 2
    area = f"0,{middle} {line} {coordinates[-1][0]},{middle}"
    marks = tuple(
        Mark(_x(turn.point.seq, plays), _y(turn.point.first), number)
        for number, turn in enumerate(chances.turns, start=1)
    )
    axis = chances.axis or plays_axis(range(plays + 1))
    levels = tuple(Level(_y(chance), f"{round(100 * chance)}%", place) for chance, place in LEVELS)
    return Chart(
        WIDTH,
        HEIGHT,
        line,
        area,
        middle,
        marks,
        levels=levels,
        ticks=_ticks(axis.ticks, plays),
        axis_title=axis.title,
        column=axis.column,
        rows=_rows(chances, axis),
    )
