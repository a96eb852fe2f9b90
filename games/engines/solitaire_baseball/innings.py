"""Innings of a one-sided game: outs, the line score, extra innings, rain and the result.

The target is "more runs than innings": after the scheduled innings more runs than innings
win and fewer lose; exactly as many send the game into extra innings, one at a time, where
the second run of an inning wins at once, a scoreless inning loses and one run plays on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..baseball import ordinal

WIN, LOSS = "win", "loss"
RAIN_MIN_INNINGS = 5  # a called game needs this many completed innings to be a win
RUNS_TO_WIN_EXTRA = 2


@dataclass(frozen=True)
class Innings:
    """Where the game stands. ``line`` holds the runs of every inning started so far."""

    scheduled: int
    inning: int = 1
    outs: int = 0
    line: tuple[int, ...] = (0,)
    result: str | None = None
    called: bool = False

    @property
    def final(self) -> bool:
        return self.result is not None

    @property
    def runs(self) -> int:
        return sum(self.line)

    @property
    def extra(self) -> bool:
        return self.inning > self.scheduled

    def describe(self) -> str:
        return f"the {ordinal(self.inning)}"

    def add_runs(self, runs: int) -> Innings:
        """Credit ``runs``; the second run of an extra inning wins at once (all of them count)."""
        if runs == 0:
            return self
        moved = replace(self, line=self.line[:-1] + (self.line[-1] + runs,))
        if moved.extra and moved.line[-1] >= RUNS_TO_WIN_EXTRA:
            return replace(moved, result=WIN)
        return moved

    def add_out(self) -> Innings:
        """One more out; the third ends the inning (and perhaps the game)."""
        moved = replace(self, outs=self.outs + 1)
        return moved.end_inning() if moved.outs >= 3 else moved

    def end_inning(self) -> Innings:
        if self.inning == self.scheduled and self.runs != self.scheduled:
            return replace(self, result=WIN if self.runs > self.scheduled else LOSS)
        if self.extra and self.line[-1] == 0:
            return replace(self, result=LOSS)
        return replace(self, inning=self.inning + 1, outs=0, line=self.line + (0,))

    def call_for_rain(self, untouched: bool) -> Innings:
        """The game is called. ``untouched``: nothing has happened yet in the current inning,
        which is then dropped, so the game stands as it was after the last third out."""
        completed = self.inning - 1
        won = completed >= RAIN_MIN_INNINGS and self.runs > completed
        called = replace(self, result=WIN if won else LOSS, called=True)
        if untouched and self.inning > 1:
            return replace(called, inning=completed, outs=3, line=self.line[:-1])
        return called

    def summary(self) -> dict[str, Any]:
        return {
            "status": "final" if self.final else "in_progress",
            "winner": 0 if self.result == WIN else None,
            "score": [self.runs],
            "inning": self.inning,
            "half": "top",
            "outs": self.outs,
            "line_score": [list(self.line)],
            "result": self.result,
            "called": self.called,
        }
