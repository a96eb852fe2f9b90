"""Extending a play (rulings: Extending a play): when it is allowed, and the pitcher's sum."""

from __future__ import annotations

from dataclasses import dataclass

from ..baseball.pawn_runners import Runners, lead
from .catalogue import MOUND, TARGETS, Field
from .resolve import HIT, HOMER, Result
from .state import BUNT, FLY, GHOST, STRIKEOUT
from .words import base


@dataclass(frozen=True)
class Throw:
    """The lead runner's try for the next base, and what the pitcher subtracts."""

    runner: str  # the lead runner (a pawn)
    base: int  # where it stands, 0-2
    target: str  # "second", "third" or "home"
    ball: str
    connections: int  # fewest connections from a pitching pawn to the ball
    throw: int  # the throw-table number

    @property
    def subtract(self) -> int:
        return self.connections + self.throw

    def total(self, pitcher_number: int) -> int:
        return pitcher_number - self.connections - self.throw


def why_not(
    result: Result, runners_before: Runners, runners_after: Runners, half_over: bool
) -> str | None:
    """Why the play cannot be extended, or ``None`` when it can."""
    if half_over:
        return "three outs end the half-inning at once, so the play cannot be extended"
    if result.verdict == HOMER or result.kind in (STRIKEOUT, BUNT):
        what = {STRIKEOUT: "a strikeout", BUNT: "a bunt"}.get(result.kind, "a home run")
        return f"{what} cannot be extended"
    if result.verdict != HIT and result.kind != FLY and runners_before[0] is not None:
        return (
            f"a {result.kind} out can be extended only when nobody was on first base "
            f"before the play ({_who(runners_before[0])} was)"
        )
    index = lead(runners_after)
    if index is None:
        return "there is no runner to send on"
    if runners_after[index] == GHOST:
        return f"the lead runner, on {base(index)}, is a ghost runner, not a pawn"
    return None


def throw_for(result: Result, runners_after: Runners, field: Field) -> Throw:
    """The lead runner's try, for a play that ``why_not`` allows."""
    index = lead(runners_after)
    assert index is not None and result.space is not None
    ball = result.space
    pitcher = result.pitcher_to or MOUND
    connections = min(field.distance(result.fielder, ball), field.distance(pitcher, ball))
    target = TARGETS[index]
    runner = runners_after[index]
    assert runner is not None
    return Throw(
        runner=runner,
        base=index,
        target=target,
        ball=ball,
        connections=connections,
        throw=field.throw(ball, target),
    )


def _who(runner: str) -> str:
    return "a ghost runner" if runner == GHOST else runner
