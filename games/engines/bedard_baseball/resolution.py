"""What one pitch is: the rulings' resolution table, first rule that applies (rules 1-7)."""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Card

FLY_OUT = "fly_out"
HOME_RUN = "home_run"
FOUL = "foul"
FOUL_FLY_OUT = "foul_fly_out"
STRIKE = "strike"
HIT = "hit"
BALL = "ball"
BALK = "balk"


@dataclass(frozen=True)
class Call:
    kind: str
    rule: int  # the number of the ruling that decided it
    base: int = 0  # for a hit: 1 single, 2 double, 3 triple


def needs_had_suit(lead: Card, answer: Card) -> bool:
    """Only an answer of another suit and another value asks whether the fielder could follow."""
    return lead.suit != answer.suit and lead.value != answer.value


def hit_base(value: int) -> int:
    """The fielder's low card: 2-5 a single, 6-9 a double, 11-12 a triple."""
    if 2 <= value <= 5:
        return 1
    if 6 <= value <= 9:
        return 2
    if value in (11, 12):
        return 3
    raise ValueError(f"a fielder's {value} is never a hit")


def resolve(lead: Card, answer: Card, had_suit: bool | None) -> Call:
    """The call for the batter's ``lead`` and the fielder's ``answer`` (two different cards).

    ``had_suit`` is read only when ``needs_had_suit`` (rule 7).
    """
    if lead.suit == answer.suit:
        if answer.value == 1:
            return Call(FLY_OUT, 1)
        if lead.value == 1:
            if answer.value == 10:
                return Call(FOUL, 2)
            if answer.value == 13:
                return Call(FLY_OUT, 2)
            return Call(HOME_RUN, 2)
        if answer.value == 10:
            return Call(FOUL_FLY_OUT, 3) if 2 <= lead.value <= 9 else Call(FOUL, 3)
        if answer.value > lead.value:
            return Call(STRIKE, 4)
        return Call(HIT, 5, base=hit_base(answer.value))
    if answer.value == lead.value:
        return Call(FOUL, 6)
    if had_suit is None:
        raise ValueError("rule 7 needs to know whether the fielder held the led suit")
    return Call(BALK, 7) if had_suit else Call(BALL, 7)
