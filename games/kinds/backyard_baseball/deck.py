"""Backyard Baseball's deck on the scoring screen: a tile per card, tapped by the label written
on it and showing its face in words. The labels posted are read back into full card faces
(``pitcher_face``, ``batter_face``, ``extension``) by the game's tap reader,
``games/kinds/taps/backyard_baseball.py``, so the record holds the faces (and the labels
beside them, under ``cards``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.kinds.taps.backyard_baseball import batter_face as batter_face
from games.kinds.taps.backyard_baseball import extension as extension
from games.kinds.taps.backyard_baseball import pitcher_face as pitcher_face

PITCH_WORDS = {"heater": "Heater", "curve": "Curve", "knuckler": "Knuckler", "slow": "Slow"}
RESULT_WORDS = {
    "strikeout": "Strikeout",
    "grounder": "Grounder",
    "fly": "Pop up / fly",
    "line-drive": "Line drive",
    "home-run": "Home run",
    "bunt": "Bunt",
}


@dataclass(frozen=True)
class Tile:
    card: str  # the label tapped and posted
    number: int | None  # the pitcher's number
    pitch: str
    result: str
    face: str  # the face in words, shown on the tile
    said: str  # the tile's accessible name
    runners: int | None = None  # the batter's runner icons


def _result(result: str, space: str | None) -> str:
    return f"{RESULT_WORDS[result]} to {space}" if space else RESULT_WORDS[result]


def _icons(runners: int) -> str:
    return f"{runners} runner icon{'' if runners == 1 else 's'}"


def tiles(deck: Any) -> dict[str, list[Tile]]:
    """The deck's cards as the screen draws them, in the deck's order."""
    pitcher = [
        Tile(
            card=c.card,
            number=c.face.number,
            pitch=c.face.pitch,
            result=c.face.result,
            face=f"{c.face.number} · {PITCH_WORDS[c.face.pitch]} · "
            f"{_result(c.face.result, c.face.space)}",
            said=f"Pitcher's card {c.card}: number {c.face.number}, "
            f"{PITCH_WORDS[c.face.pitch]}, {_result(c.face.result, c.face.space)}",
        )
        for c in deck.pitcher
    ]
    batter = [
        Tile(
            card=c.card,
            number=None,
            pitch=c.face.pitch,
            result=c.face.result,
            face=f"{PITCH_WORDS[c.face.pitch]} · {_result(c.face.result, c.face.space)}",
            said=f"Batter's card {c.card}: {PITCH_WORDS[c.face.pitch]}, "
            f"{_result(c.face.result, c.face.space)}, {_icons(c.runners)}",
            runners=c.runners,
        )
        for c in deck.batter
    ]
    return {"pitcher": pitcher, "batter": batter}
