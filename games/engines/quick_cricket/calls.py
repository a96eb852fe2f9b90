"""What the table says about a delivery, before the umpire: the outcome table, yorkers,
bouncers and Big Hits. Pure functions of the match situation and the cards."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import IllegalPlay
from .state import PACE, Delivery, Match

FIELDER_TAKES = 4
BIG_HIT_BONUS = 6
BOUNCER_RUNS = 2
BOUNCER_QUADRANTS = ("B", "C")
WIDE_FIELD = ("A", "D")  # a fielder beside these makes a caught appeal turn two cards

DOT, RUNS, FOUR, LBW, CAUGHT, BOWLED = "dot", "runs", "four", "lbw", "caught", "bowled"
# stroke class (row) → move class (column) → outcome
TABLE = {
    "pitch": {"pitch": DOT, "path": RUNS, "empty": CAUGHT},
    "path": {"pitch": RUNS, "path": RUNS, "empty": FOUR},
    "empty": {"pitch": LBW, "path": RUNS, "empty": BOWLED},
}


@dataclass(frozen=True)
class Result:
    """A settled outcome: runs (0 is a dot ball) or a wicket of some kind."""

    runs: int = 0
    wicket: str | None = None
    words: str = ""


@dataclass(frozen=True)
class Appeal:
    """An outcome the umpire decides: ``cards`` to turn, a wicket if OUT, ``not_out`` if not."""

    cards: int
    wicket: str
    not_out: Result
    words: str


Call = Result | Appeal


def is_bouncer(match: Match, d: Delivery) -> bool:
    return match.style() == PACE and d.pitch == d.path and d.pitch in BOUNCER_QUADRANTS


def is_yorker(match: Match, d: Delivery) -> bool:
    return d.pitch == d.path and not is_bouncer(match, d)


def classify(d: Delivery, quadrant: str) -> str:
    if quadrant == d.path:
        return "path"
    return "pitch" if quadrant == d.pitch else "empty"


def table_cell(d: Delivery) -> str:
    return TABLE[classify(d, d.stroke or "")][classify(d, d.move or "")]


def call_for(match: Match, d: Delivery) -> Call:
    """The table's outcome for a (non-no-ball) delivery. Raises ``IllegalPlay`` for a
    ``bouncer`` choice that is missing or out of place."""
    if is_bouncer(match, d):
        return _bouncer(match, d)
    if d.bouncer is not None:
        raise IllegalPlay(
            f"bouncer {d.bouncer!r}: only a Pace bouncer (Pitch and Path both in B or both in C) "
            "met by a batter moving to A or D asks to duck or Big Hit"
        )
    if d.big_hit:
        if is_yorker(match, d):
            return Result(wicket=BOWLED, words=f"Big Hit against a yorker in {d.pitch}: bowled!")
        return _big_hit(match, d)
    return _table(match, d)


def _bouncer(match: Match, d: Delivery) -> Call:
    path_runs = match.catalogue.path_runs(d.path_card)
    if d.big_hit or d.move not in BOUNCER_QUADRANTS:
        if d.big_hit and d.bouncer is not None:
            raise IllegalPlay("bouncer: a Big Hit was played already; no duck-or-hit choice")
        if not d.big_hit and d.bouncer is None:
            raise IllegalPlay(
                f"bouncer: the batter moved to {d.move} under a bouncer: choose 'duck' or 'big_hit'"
            )
        if d.big_hit or d.bouncer == "big_hit":
            return _big_hit(match, d, prefix="Bouncer! ")
        return Result(words=f"Bouncer in {d.pitch}: the batter ducks. Dot ball")
    if d.bouncer is not None:
        raise IllegalPlay(
            f"bouncer: the batter moved to {d.move}, into the bouncer: the umpire decides a catch"
        )
    total = BOUNCER_RUNS + path_runs
    return Appeal(
        cards=1,
        wicket=CAUGHT,
        not_out=Result(runs=total, words=f"{BOUNCER_RUNS} + {path_runs} = {total}"),
        words=f"Bouncer in {d.pitch}, the batter in {d.move}: appeal for a catch",
    )


def _big_hit(match: Match, d: Delivery, prefix: str = "") -> Appeal:
    chart = match.catalogue.runs(match.current.wickets, d.pitch)
    path_runs = match.catalogue.path_runs(d.path_card)
    total = chart + path_runs + BIG_HIT_BONUS
    return Appeal(
        cards=1,
        wicket="big_hit_caught",
        not_out=Result(
            runs=total,
            words=f"Big Hit over {d.pitch}: {chart} + {path_runs} + {BIG_HIT_BONUS} = {total}",
        ),
        words=f"{prefix}Big Hit: appeal for a catch in the outfield",
    )


def _table(match: Match, d: Delivery) -> Call:
    innings = match.current
    stroke = d.stroke or ""
    path_runs = match.catalogue.path_runs(d.path_card)
    fielder_there = innings.fielder == stroke
    cell = table_cell(d)
    yorker = "Yorker! " if is_yorker(match, d) else ""
    if cell == DOT:
        return Result(words=f"{yorker}Defended: dot ball")
    if cell == RUNS:
        chart = match.catalogue.runs(innings.wickets, stroke)
        if fielder_there:
            total = max(0, chart + path_runs - FIELDER_TAKES)
            sums = f"{chart} + {path_runs} − {FIELDER_TAKES} (fielder) = {total}"
        else:
            total = chart + path_runs
            sums = f"{chart} + {path_runs} = {total}"
        return Result(runs=total, words=f"{yorker}Runs through {stroke}: {sums}")
    if cell == FOUR:
        if fielder_there:
            return Result(words=f"{yorker}Four stopped by the fielder at {stroke}: dot ball")
        total = FIELDER_TAKES + path_runs
        return Result(runs=total, words=f"{yorker}Four through {stroke}: 4 + {path_runs} = {total}")
    if cell == LBW:
        if match.style() != PACE:
            return Result(wicket=LBW, words=f"{yorker}Pad! Out LBW")
        return Appeal(1, LBW, Result(words="dot ball"), f"{yorker}Pad! Appeal for LBW")
    if cell == CAUGHT:
        cards = 2 if innings.fielder in WIDE_FIELD else 1
        return Appeal(
            cards, CAUGHT, Result(words="dot ball"), f"{yorker}Edge! Appeal for caught behind"
        )
    return Result(wicket=BOWLED, words=f"{yorker}Bowled!")
