"""Innings, outs, the line score and the end of a two-sided baseball game.

Side 0 bats first (visitors, top halves); side 1 is home (bottom halves).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

TOP, BOTTOM = 0, 1
HALF_NAMES = ("top", "bottom")


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class Innings:
    """Where the game stands: inning, half, outs, runs per half-inning, and whether it is over.

    ``line`` holds, per side, the runs of every half-inning started so far (the current one
    included), so the score is derived, never stored twice.
    """

    scheduled: int
    inning: int = 1
    half: int = TOP
    outs: int = 0
    line: tuple[tuple[int, ...], tuple[int, ...]] = ((0,), ())
    final: bool = False
    ties_allowed: bool = False  # a game level after the scheduled innings ends tied
    walk_offs: bool = True  # skip a bottom half the home side leads, end when it goes ahead

    @property
    def batting(self) -> int:
        return self.half

    @property
    def fielding(self) -> int:
        return 1 - self.half

    @property
    def score(self) -> tuple[int, int]:
        return sum(self.line[0]), sum(self.line[1])

    @property
    def winner(self) -> int | None:
        if not self.final:
            return None
        visitors, home = self.score
        if visitors == home:
            return None
        return 0 if visitors > home else 1

    @property
    def last_scheduled_or_extra(self) -> bool:
        return self.inning >= self.scheduled

    def describe_half(self) -> str:
        return f"the {HALF_NAMES[self.half]} of the {ordinal(self.inning)}"

    def add_runs(self, runs: int) -> Innings:
        """Credit ``runs`` to the batting side; a home side taking the lead late walks off."""
        if runs == 0:
            return self
        side = self.batting
        runs_line = self.line[side][:-1] + (self.line[side][-1] + runs,)
        line = (runs_line, self.line[1]) if side == 0 else (self.line[0], runs_line)
        moved = replace(self, line=line)
        visitors, home = moved.score
        if (
            self.walk_offs
            and self.half == BOTTOM
            and self.last_scheduled_or_extra
            and home > visitors
        ):
            return replace(moved, final=True)
        return moved

    def add_out(self) -> Innings:
        """One more out; the third ends the half-inning (and perhaps the game)."""
        moved = replace(self, outs=self.outs + 1)
        return moved.end_half() if moved.outs >= 3 else moved

    def end_half(self) -> Innings:
        """Close the current half-inning: the game ends or the next half starts."""
        visitors, home = self.score
        if self.half == TOP:
            if self.walk_offs and self.last_scheduled_or_extra and home > visitors:
                return replace(self, final=True)
            return replace(self, half=BOTTOM, outs=0, line=(self.line[0], self.line[1] + (0,)))
        if self.last_scheduled_or_extra and (visitors != home or self.ties_allowed):
            return replace(self, final=True)
        return replace(
            self, inning=self.inning + 1, half=TOP, outs=0, line=(self.line[0] + (0,), self.line[1])
        )

    def summary(self) -> dict[str, Any]:
        return {
            "status": "final" if self.final else "in_progress",
            "winner": self.winner,
            "score": list(self.score),
            "inning": self.inning,
            "half": HALF_NAMES[self.half],
            "outs": self.outs,
            "line_score": [list(self.line[0]), list(self.line[1])],
        }
