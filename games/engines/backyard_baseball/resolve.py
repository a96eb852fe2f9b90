"""Resolving the two cards and the die (rulings: Resolution, rules 1-3 and 5): which card
gives the result, where the ball goes, out or hit, and a bobble."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..base import IllegalPlay
from .catalogue import Field
from .state import (
    BATTER,
    BUNT,
    FLY,
    GROUNDER,
    HOME_RUN,
    LINE_DRIVE,
    PITCHER,
    STRIKEOUT,
    AtBat,
)

OUT, HIT, HOMER = "out", "hit", "home-run"


@dataclass(frozen=True)
class Result:
    card: str  # PITCHER or BATTER: whose card gave the result
    kind: str  # the result on that card
    space: str | None  # the ball's space (None for a strikeout, a home run, a bunt)
    verdict: str  # OUT, HIT or HOMER
    runners_move: bool  # every runner moves up one base (hits, and some outs)
    pitcher_to: str | None  # where the pitcher pawn ran on this play; None: on the mound
    choice: str  # how the card was chosen, in words
    fielder: str
    bobble: int | None = None  # the bobble roll, when one was made

    @property
    def fielded_out(self) -> bool:
        """An out made by the fielder (grounder, fly, line drive): the kind a bobble can undo."""
        return self.verdict == OUT and self.kind in (GROUNDER, FLY, LINE_DRIVE)


def resolve(play: AtBat, field: Field) -> Result:
    """The result of ``play``'s cards and die, bobble included. Raises ``IllegalPlay`` for a
    bobble where the play is not an out made by the fielder."""
    result = _cards(play, field)
    if play.bobble is None:
        return result
    if not result.fielded_out:
        raise IllegalPlay(
            f"bobble {play.bobble}: only an out made by the fielder (grounder, fly, line drive) "
            f"can be bobbled, and this play is {_what(result)}"
        )
    if play.bobble <= 3:
        return replace(result, bobble=play.bobble)
    # Bobbled: a hit exactly as rule 4; on a grounder the pitcher pawn runs to the ball.
    return replace(
        result,
        verdict=HIT,
        runners_move=True,
        pitcher_to=result.space if result.kind == GROUNDER else None,
        bobble=play.bobble,
    )


def _cards(play: AtBat, field: Field) -> Result:
    pitcher, batter, fielder = play.pitcher, play.batter, play.fielder
    if batter.result == BUNT:
        return Result(BATTER, BUNT, None, OUT, True, None, "Bunt: the die is ignored", fielder)
    assert play.die is not None  # parse requires the die unless the batter bunts
    match = pitcher.pitch == batter.pitch
    total = play.die + (1 if match else 0)
    sum_words = f"Die {play.die} + 1 (both {pitcher.pitch}) = {total}" if match else f"Die {total}"
    if total < pitcher.number:
        choice = f"{sum_words} < {pitcher.number}: the pitcher's card"
        return _pitcher_result(pitcher.result, pitcher.space, fielder, field, choice)
    choice = f"{sum_words} ≥ {pitcher.number}: the batter's card"
    return _batter_result(batter.result, batter.space, fielder, choice)


def _pitcher_result(
    kind: str, space: str | None, fielder: str, field: Field, choice: str
) -> Result:
    if kind == STRIKEOUT:
        return Result(PITCHER, kind, None, OUT, False, None, choice, fielder)
    assert space is not None
    if kind == GROUNDER:
        if fielder == space:
            return Result(PITCHER, kind, space, OUT, False, None, choice, fielder)
        return Result(PITCHER, kind, space, HIT, True, space, choice, fielder)
    caught = fielder == space or field.next_to(fielder, space)
    return Result(PITCHER, FLY, space, OUT if caught else HIT, not caught, None, choice, fielder)


def _batter_result(kind: str, space: str | None, fielder: str, choice: str) -> Result:
    if kind == HOME_RUN:
        return Result(BATTER, kind, None, HOMER, False, None, choice, fielder)
    assert space is not None
    if fielder == space:  # a grounder or line drive right at the fielder: out, runners move up
        return Result(BATTER, kind, space, OUT, True, None, choice, fielder)
    pitcher_to = space if kind == GROUNDER else None
    return Result(BATTER, kind, space, HIT, True, pitcher_to, choice, fielder)


def _what(result: Result) -> str:
    if result.verdict == HOMER:
        return "a home run"
    if result.verdict == HIT:
        return "a hit"
    return {STRIKEOUT: "a strikeout", BUNT: "a bunt"}.get(result.kind, "an out")


def describe(result: Result, batter: str) -> str:
    """What the result did, in words, e.g. ``"plain lines a hit to RF (fielder at IL)"``."""
    space, fielder = result.space, result.fielder
    kind, verdict = result.kind, result.verdict
    if kind == STRIKEOUT:
        return f"{batter} strikes out"
    if kind == BUNT:
        return f"{batter} bunts: out"
    if kind == HOME_RUN:
        return f"{batter} hits a home run"
    bobble = ""
    if result.bobble is not None:
        bobble = f"; roll to bobble {result.bobble}: " + (
            "the out stands" if result.bobble <= 3 else "bobbled, a hit"
        )
    if kind == FLY:
        if verdict == OUT or result.bobble is not None:
            where = "" if fielder == space else f" from {fielder}"
            return f"{batter} flies to {space}, caught by the fielder{where}{bobble}"
        return f"{batter}'s fly ball drops in at {space} (fielder at {fielder}): a hit"
    if kind == GROUNDER:
        if verdict == OUT or result.bobble is not None:
            text = f"{batter} grounds to the fielder at {space}{bobble}"
        else:
            text = f"{batter}'s grounder to {space} gets past the fielder at {fielder}: a hit"
        if result.pitcher_to:
            text += f"; the pitcher runs to {result.pitcher_to}"
        return text
    if verdict == OUT or result.bobble is not None:
        return f"{batter} lines to the fielder at {space}{bobble}"
    return f"{batter} lines a hit to {space} (fielder at {fielder})"
