"""The Backyard Baseball state (immutable) and its plays: an at-bat, a swap, an event note."""

from __future__ import annotations

from dataclasses import dataclass

from ..baseball import Innings
from ..baseball.pawn_runners import NOBODY, Runners
from .cards import (
    BATTER_RESULTS,
    BUNT,
    FLY,
    GROUNDER,
    HOME_RUN,
    LINE_DRIVE,
    PITCHER_RESULTS,
    PITCHES,
    STRIKEOUT,
    BatterCard,
    PitcherCard,
)
from .catalogue import Field

__all__ = [
    "BATTER_RESULTS",
    "BUNT",
    "FLY",
    "GROUNDER",
    "HOME_RUN",
    "LINE_DRIVE",
    "PITCHER_RESULTS",
    "PITCHES",
    "STRIKEOUT",
    "BatterCard",
    "PitcherCard",
]

DOT, PLAIN, GHOST = "dot", "plain", "ghost"
PAWNS = (DOT, PLAIN)
PITCHER, BATTER = "pitcher", "batter"


def other(pawn: str) -> str:
    return PLAIN if pawn == DOT else DOT


@dataclass(frozen=True)
class Extend:
    runners: int  # runner icons on the batter's card
    pitcher_number: int | None  # None: the pitcher plays no card


@dataclass(frozen=True)
class AtBat:
    fielder: str
    pitcher: PitcherCard
    batter: BatterCard
    die: int | None  # may be left out on a bunt, which ignores it
    extend: Extend | None = None
    bobble: int | None = None


@dataclass(frozen=True)
class Swap:
    """The batting side's pawn on base trades places with the ghost that just came on."""


@dataclass(frozen=True)
class Event:
    """The event card drawn for the inning: kept in the record, no effect on the rules."""

    name: str


Play = AtBat | Swap | Event


@dataclass(frozen=True)
class State:
    field: Field
    innings: Innings
    runners: Runners = NOBODY  # each None, DOT, PLAIN or GHOST
    at_bat: str = DOT
    new_ghost: int | None = None  # base (0-2) of a ghost that just replaced the pawn at bat
    event: str | None = None  # the event noted for the current inning, for the scoreboard
    fielder: str | None = None  # where the fielder pawn stands this half-inning, once placed

    @property
    def swap_pawn(self) -> str:
        """The pawn a swap would move: the batting side's pawn that is not at bat."""
        return other(self.at_bat)
