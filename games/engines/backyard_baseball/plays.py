"""Play objects worth trying in a position: every kind of result from every fielder's space,
with and without an extension (for ``legal_plays``, random games and demos)."""

from __future__ import annotations

from typing import Any

from .catalogue import FIELD_SPACES, OUTFIELD
from .rules import swap_allowed
from .state import BUNT, FLY, GROUNDER, HOME_RUN, LINE_DRIVE, STRIKEOUT, State

PITCHER_NUMBER = 5
PITCHER_WINS, BATTER_WINS = 1, 6  # die rolls below and at least the pitcher's number


def _pitcher(result: str, space: str | None = None) -> dict[str, Any]:
    card = {"number": PITCHER_NUMBER, "pitch": "curve", "result": result}
    return card if space is None else {**card, "space": space}


def _batter(result: str, space: str | None = None) -> dict[str, Any]:
    card = {"pitch": "heater", "result": result}
    return card if space is None else {**card, "space": space}


def _at_bats(fielder: str) -> list[dict[str, Any]]:
    plain = _batter(HOME_RUN)
    pitcher_results = [_pitcher(STRIKEOUT)] + [
        _pitcher(result, space) for result in (GROUNDER, FLY) for space in FIELD_SPACES
    ]
    plays = [
        {"fielder": fielder, "pitcher": card, "batter": plain, "die": PITCHER_WINS}
        for card in pitcher_results
    ]
    batter_results = (
        [_batter(GROUNDER, space) for space in FIELD_SPACES]
        + [_batter(LINE_DRIVE, space) for space in OUTFIELD]
        + [_batter(HOME_RUN)]
    )
    plays += [
        {"fielder": fielder, "pitcher": _pitcher(STRIKEOUT), "batter": card, "die": BATTER_WINS}
        for card in batter_results
    ]
    plays.append({"fielder": fielder, "pitcher": _pitcher(STRIKEOUT), "batter": _batter(BUNT)})
    return plays


def candidate_plays(state: State) -> list[dict[str, Any]]:
    if state.innings.final:
        return []
    plays: list[dict[str, Any]] = [{"swap": True}] if swap_allowed(state) else []
    for fielder in FIELD_SPACES:
        for raw in _at_bats(fielder):
            plays.append(raw)
            plays.append({**raw, "extend": {"runners": 1, "pitcher_number": 9}})
            plays.append({**raw, "extend": {"runners": 3, "pitcher_number": None}})
    return plays
