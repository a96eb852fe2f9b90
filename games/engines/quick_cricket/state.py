"""The Quick Cricket state (immutable values) and the plays."""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import Catalogue

PACE, SPIN = "pace", "spin"
OUT, NOT_OUT = "out", "not out"
BALLS_PER_OVER = 4
OVERS_PER_SPELL = 4
REVIEWS = 3
UMPIRE_CARDS = 3
ALL_OUT = 10
BATTING, BOWLING = "batting", "bowling"


@dataclass(frozen=True)
class Delivery:
    pitch: str
    path_card: str
    path: str | None = None
    move: str | None = None
    stroke: str | None = None
    big_hit: bool = False
    no_ball: bool = False
    umpire: tuple[str, ...] | None = None
    bouncer: str | None = None
    review: str | None = None


@dataclass(frozen=True)
class PlaceFielder:
    quadrant: str | None


@dataclass(frozen=True)
class Declare:
    pass


Play = Delivery | PlaceFielder | Declare


@dataclass(frozen=True)
class Ball:
    """One thing bowled, as the scorecard needs it."""

    over: int  # 0-based over of the innings it was bowled in
    runs: int
    partnership: int  # 0-based index of the partnership it belongs to
    style: str
    wicket: str | None = None  # "bowled", "lbw", "caught", "big_hit_caught"
    no_ball: bool = False
    counted: bool = True  # False once a later no ball restarted its over
    big_hit: bool = False
    appeal: str | None = None  # the umpire's decision, before any review
    review: str | None = None  # the side that reviewed: "batting" or "bowling"
    overturned: bool = False


@dataclass(frozen=True)
class Innings:
    batting: int
    runs: int = 0
    wickets: int = 0
    balls: int = 0  # deliveries that count towards the overs
    partnerships: tuple[int, ...] = (0,)
    fall_of_wickets: tuple[int, ...] = ()
    reviews_left: tuple[int, int] = (REVIEWS, REVIEWS)
    paths_used: frozenset[str] = frozenset()
    fielder: str | None = None
    spell_started: bool = False
    umpire_down: int = UMPIRE_CARDS  # face-down umpire cards; the OUT card is always one
    declared: bool = False
    closed: bool = False
    log: tuple[Ball, ...] = ()

    @property
    def bowling(self) -> int:
        return 1 - self.batting

    @property
    def completed_overs(self) -> int:
        return self.balls // BALLS_PER_OVER

    @property
    def overs_text(self) -> str:
        return f"{self.completed_overs}.{self.balls % BALLS_PER_OVER}"

    @property
    def all_out(self) -> bool:
        return self.wickets >= ALL_OUT


@dataclass(frozen=True)
class Match:
    catalogue: Catalogue
    overs: int | None
    innings_per_side: int
    first_style: str
    innings: tuple[Innings, ...]
    final: bool = False
    winner: int | None = None
    margin: tuple[str, int | None] | None = None  # ("runs"|"wickets"|"innings"|"tie", value)

    @property
    def current(self) -> Innings:
        return self.innings[-1]

    @property
    def total_innings(self) -> int:
        return 2 * self.innings_per_side

    def style(self, innings: Innings | None = None) -> str:
        """The style of the spell now being bowled in ``innings`` (the current one by default)."""
        innings = innings or self.current
        spell = innings.completed_overs // OVERS_PER_SPELL
        other = SPIN if self.first_style == PACE else PACE
        return self.first_style if spell % 2 == 0 else other

    def aggregate(self, side: int) -> int:
        return sum(inn.runs for inn in self.innings if inn.batting == side)

    @property
    def target(self) -> int | None:
        """Runs the side batting last needs, once its last innings is next or under way."""
        if len(self.innings) < self.total_innings:
            return None
        last = self.innings[-1].batting
        earlier = sum(inn.runs for inn in self.innings[:-1] if inn.batting == last)
        return self.aggregate(1 - last) - earlier + 1
