"""The win-probability chart as inline SVG geometry (no chart library, no script): the first
side's chance across the game, 100% at the top, the second side's at the bottom."""

from __future__ import annotations

from dataclasses import dataclass

from games.win.chances import WinChances

WIDTH, HEIGHT = 600, 160


@dataclass(frozen=True)
class Mark:
    x: float
    y: float
    number: int  # 1-based turning point


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str  # the polyline's points
    area: str  # the polygon between the line and the even-chance line
    middle: float
    marks: tuple[Mark, ...]


def _x(seq: int, plays: int) -> float:
    return round(WIDTH * seq / max(plays, 1), 1)


def _y(chance: float) -> float:
    return round(HEIGHT * (1 - chance), 1)


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
    return Chart(WIDTH, HEIGHT, line, area, middle, marks)
