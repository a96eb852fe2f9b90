"""Backyard Baseball's card faces: the pitches and results the rulings name, and a pitcher's
and a batter's card as a play (or the deck) gives them."""

from __future__ import annotations

from dataclasses import dataclass

PITCHES = ("heater", "curve", "knuckler", "slow")
STRIKEOUT, GROUNDER, FLY = "strikeout", "grounder", "fly"
LINE_DRIVE, HOME_RUN, BUNT = "line-drive", "home-run", "bunt"
PITCHER_RESULTS = (STRIKEOUT, GROUNDER, FLY)
BATTER_RESULTS = (GROUNDER, LINE_DRIVE, HOME_RUN, BUNT)


@dataclass(frozen=True)
class PitcherCard:
    number: int
    pitch: str
    result: str
    space: str | None  # None only for a strikeout


@dataclass(frozen=True)
class BatterCard:
    pitch: str
    result: str
    space: str | None  # for a grounder or a line drive
