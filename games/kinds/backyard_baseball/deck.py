"""Backyard Baseball's deck on the scoring screen: a tile per card, tapped by the label written
on it and showing its face in words; and the labels posted read back into full card faces, so
the record holds the faces (and the labels beside them, under ``cards``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from games.engines import InvalidPlay

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


# --- reading labels ---------------------------------------------------------------------------


def _deck_of(state: Any) -> Any:
    field = getattr(state, "field", None)
    deck = getattr(field, "deck", None)
    if deck is None:
        raise InvalidPlay("this game has no deck: tap each card's face")
    return deck


def pitcher_face(state: Any, label: str) -> dict[str, Any]:
    card = _deck_of(state).pitcher_card(label)
    if card is None:
        raise InvalidPlay(f"the pitcher's deck has no card {label!r}: tap one of its cards")
    face = card.face
    found: dict[str, Any] = {"number": face.number, "pitch": face.pitch, "result": face.result}
    if face.space is not None:
        found["space"] = face.space
    return found


def batter_face(state: Any, label: str) -> dict[str, Any]:
    card = _batter(state, label)
    found: dict[str, Any] = {"pitch": card.face.pitch, "result": card.face.result}
    if card.face.space is not None:
        found["space"] = card.face.space
    return found


def _batter(state: Any, label: str) -> Any:
    card = _deck_of(state).batter_card(label)
    if card is None:
        raise InvalidPlay(f"the batter's deck has no card {label!r}: tap one of its cards")
    return card


def extension(state: Any, data: QueryDict) -> tuple[dict[str, Any], dict[str, str]]:
    """The extension the labels name (the batter's card played, the pitcher's card face up
    or "none"), and the labels to keep beside it."""
    batter = data.get("extend_batter_card")
    if not batter:
        raise InvalidPlay("extend: tap the card the batter plays")
    pitcher = data.get("extend_pitcher_card")
    if not pitcher:
        raise InvalidPlay("extend: tap the card the pitcher plays face up, or No card")
    labels = {"extend_batter": batter}
    number = None
    if pitcher != "none":
        number = pitcher_face(state, pitcher)["number"]
        labels["extend_pitcher"] = pitcher
    return {"runners": _batter(state, batter).runners, "pitcher_number": number}, labels
