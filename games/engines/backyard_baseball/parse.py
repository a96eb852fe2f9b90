"""Reading a Backyard Baseball play object: its shape and the card faces (no game situation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import InvalidPlay
from .catalogue import FIELD_SPACES, OUTFIELD
from .state import (
    BATTER_RESULTS,
    BUNT,
    GROUNDER,
    LINE_DRIVE,
    PITCHER_RESULTS,
    PITCHES,
    STRIKEOUT,
    AtBat,
    BatterCard,
    Event,
    Extend,
    PitcherCard,
    Play,
    Swap,
)

# The keys a play may have, and those of the card and extension objects in it (RULES.md,
# "Plays"); the site refuses any other (Engine.check_play). ``cards`` holds the labels of the
# deck's cards a play was entered by: kept in the record, ignored here (the faces rule).
CARD_LABELS = frozenset({"pitcher", "batter", "extend_batter", "extend_pitcher"})
AT_BAT_KEYS = frozenset({"fielder", "pitcher", "batter", "die", "extend", "bobble", "cards"})
PLAY_KEYS = AT_BAT_KEYS | {"swap", "event"}
PLAY_OBJECTS = {
    "pitcher": frozenset({"number", "pitch", "result", "space"}),
    "batter": frozenset({"pitch", "result", "space"}),
    "extend": frozenset({"runners", "pitcher_number"}),
    "cards": CARD_LABELS,
}


def parse_play(raw: Any) -> Play:
    if not isinstance(raw, Mapping):
        raise InvalidPlay("a play must be a JSON object")
    keys = PLAY_KEYS & set(raw)
    for special, article in (("swap", "a"), ("event", "an")):
        if special in keys and keys != {special}:
            extra = ", ".join(sorted(keys - {special}))
            raise InvalidPlay(f"{article} {special} cannot also carry {extra}")
    if "swap" in keys:
        if raw["swap"] is not True:
            raise InvalidPlay(f"swap {raw['swap']!r} must be true")
        return Swap()
    if "event" in keys:
        name = raw["event"]
        if not isinstance(name, str) or not name.strip():
            raise InvalidPlay('event must name the event card, e.g. "Mom wants to pitch"')
        return Event(name=name.strip())
    if not keys:
        raise InvalidPlay("a play needs 'fielder', 'pitcher', 'batter' and 'die' (or a 'swap')")
    for key in ("fielder", "pitcher", "batter"):
        if key not in keys:
            raise InvalidPlay(f"the play has no '{key}'")
    fielder = raw["fielder"]
    if fielder not in FIELD_SPACES:
        raise InvalidPlay(f"fielder {fielder!r} must stand on one of {', '.join(FIELD_SPACES)}")
    batter = _batter(raw["batter"])
    die = _number(raw.get("die"), "die", 1, 6, optional=batter.result == BUNT)
    return AtBat(
        fielder=fielder,
        pitcher=_pitcher(raw["pitcher"]),
        batter=batter,
        die=die,
        extend=_extend(raw.get("extend")),
        bobble=_number(raw.get("bobble"), "bobble", 1, 6, optional=True),
    )


def _pitcher(data: Any) -> PitcherCard:
    if not isinstance(data, Mapping):
        raise InvalidPlay("pitcher must be the pitch card: number, pitch, result and space")
    number = _number(data.get("number"), "pitcher: number", 1, 9)
    pitch = _pitch(data.get("pitch"), "pitcher")
    result = data.get("result")
    if result not in PITCHER_RESULTS:
        raise InvalidPlay(
            f"pitcher: result {result!r} is not on the pitch card ({', '.join(PITCHER_RESULTS)})"
        )
    space = _space(data.get("space"), "pitcher", result, needs_space=result != STRIKEOUT)
    assert number is not None
    return PitcherCard(number=number, pitch=pitch, result=result, space=space)


def _batter(data: Any) -> BatterCard:
    if not isinstance(data, Mapping):
        raise InvalidPlay("batter must be the batting card: pitch, result and space")
    pitch = _pitch(data.get("pitch"), "batter")
    result = data.get("result")
    if result not in BATTER_RESULTS:
        raise InvalidPlay(
            f"batter: result {result!r} is not on the batting card ({', '.join(BATTER_RESULTS)})"
        )
    space = _space(
        data.get("space"), "batter", result, needs_space=result in (GROUNDER, LINE_DRIVE)
    )
    if result == LINE_DRIVE and space not in OUTFIELD:
        raise InvalidPlay(f"batter: a line drive goes only to {', '.join(OUTFIELD)}, not {space}")
    return BatterCard(pitch=pitch, result=result, space=space)


def _extend(data: Any) -> Extend | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise InvalidPlay("extend must be an object with 'runners' (and 'pitcher_number')")
    runners = _number(data.get("runners"), "extend: runners", 0, 9)
    assert runners is not None
    number = _number(data.get("pitcher_number"), "extend: pitcher_number", 1, 9, optional=True)
    return Extend(runners=runners, pitcher_number=number)


def _pitch(value: Any, who: str) -> str:
    if value not in PITCHES:
        raise InvalidPlay(f"{who}: pitch {value!r} must be one of {', '.join(PITCHES)}")
    return value


def _space(value: Any, who: str, result: str, *, needs_space: bool) -> str | None:
    if not needs_space:
        if value is not None:
            raise InvalidPlay(f"{who}: a {result} card has no space (got {value!r})")
        return None
    if value not in FIELD_SPACES:
        raise InvalidPlay(
            f"{who}: the {result} needs a space, one of {', '.join(FIELD_SPACES)} (got {value!r})"
        )
    return value


def _number(value: Any, what: str, low: int, high: int, *, optional: bool = False) -> int | None:
    if value is None:
        if optional:
            return None
        raise InvalidPlay(f"{what} is missing: a whole number {low}-{high}")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidPlay(f"{what} must be a whole number {low}-{high} (got {value!r})")
    return value
