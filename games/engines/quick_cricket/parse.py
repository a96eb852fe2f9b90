"""Reading a Quick Cricket play object: shape, quadrants, cards (no match situation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import InvalidPlay
from .catalogue import QUADRANTS, Catalogue
from .state import NOT_OUT, OUT, Declare, Delivery, PlaceFielder, Play

# The keys a play may have (RULES.md, "Plays"); the site refuses any other (Engine.check_play).
PLAY_KEYS = frozenset(
    {
        "fielder",
        "declare",
        "pitch",
        "path_card",
        "path",
        "move",
        "stroke",
        "big_hit",
        "no_ball",
        "umpire",
        "bouncer",
        "review",
    }
)
BOUNCER_CHOICES = ("duck", "big_hit")


def parse_play(raw: Any, catalogue: Catalogue) -> Play:
    if not isinstance(raw, Mapping):
        raise InvalidPlay("a play must be a JSON object")
    keys = PLAY_KEYS & set(raw)
    for alone in ("fielder", "declare"):
        if alone in keys and keys != {alone}:
            extra = ", ".join(sorted(keys - {alone}))
            raise InvalidPlay(f"'{alone}' is a play of its own and cannot carry {extra}")
    if "fielder" in keys:
        quadrant = raw["fielder"]
        if quadrant is not None:
            _quadrant(quadrant, "fielder")
        return PlaceFielder(quadrant)
    if "declare" in keys:
        if raw["declare"] is not True:
            raise InvalidPlay("'declare' must be true")
        return Declare()
    return _delivery(raw, catalogue)


def _delivery(raw: Mapping, catalogue: Catalogue) -> Delivery:
    if "pitch" not in raw:
        raise InvalidPlay(
            "a delivery needs a 'pitch' quadrant (or the play is 'fielder'/'declare')"
        )
    pitch = _quadrant(raw["pitch"], "pitch")
    path_card = _path_card(raw.get("path_card"), catalogue)
    no_ball = _flag(raw, "no_ball")
    big_hit = _flag(raw, "big_hit")
    extras = {
        "umpire": _umpire(raw["umpire"]) if "umpire" in raw else None,
        "bouncer": _choice(raw, "bouncer", BOUNCER_CHOICES),
        "review": _choice(raw, "review", (OUT, NOT_OUT)),
    }
    if no_ball:  # path, move, stroke and big_hit do not matter on a no ball
        return Delivery(pitch=pitch, path_card=path_card, no_ball=True, **extras)
    if "path" not in raw:
        raise InvalidPlay(f"the delivery with Path card {path_card} needs its 'path' quadrant")
    path = _quadrant(raw["path"], "path")
    if big_hit:
        if "move" in raw or "stroke" in raw:
            raise InvalidPlay("a Big Hit plays both Stroke cards: no 'move' or 'stroke'")
        return Delivery(pitch=pitch, path_card=path_card, path=path, big_hit=True, **extras)
    if "move" not in raw or "stroke" not in raw:
        raise InvalidPlay("the batter plays a 'move' and a 'stroke' quadrant, or 'big_hit'")
    return Delivery(
        pitch=pitch,
        path_card=path_card,
        path=path,
        move=_quadrant(raw["move"], "move"),
        stroke=_quadrant(raw["stroke"], "stroke"),
        **extras,
    )


def _quadrant(value: Any, field: str) -> str:
    if value not in QUADRANTS:
        raise InvalidPlay(f"{field} {value!r} is not a quadrant (A, B, C or D)")
    return value


def _path_card(value: Any, catalogue: Catalogue) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value not in catalogue.path_ids:
        raise InvalidPlay(
            f"path_card {value!r} is not a Path card ({', '.join(catalogue.path_ids)})"
        )
    return value


def _flag(raw: Mapping, key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise InvalidPlay(f"'{key}' must be true or false")
    return value


def _choice(raw: Mapping, key: str, choices: tuple[str, ...]) -> str | None:
    if key not in raw:
        return None
    value = raw[key]
    if value not in choices:
        raise InvalidPlay(f"{key} {value!r} must be one of: {', '.join(choices)}")
    return value


def _umpire(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(v in (OUT, NOT_OUT) for v in value):
        raise InvalidPlay(f"umpire {value!r} must list the turned cards: 'out' or 'not out'")
    return tuple(value)
