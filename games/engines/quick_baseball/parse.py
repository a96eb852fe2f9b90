"""Reading a Quick Baseball play object: shape, card ids and calls (no game situation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import InvalidPlay
from .catalogue import Catalogue
from .state import BATTER, LEAVE, PITCHER, STEAL, Pitch, Play, Refresh

# The keys a play may have (RULES.md, "Plays"); the site refuses any other (Engine.check_play).
PLAY_KEYS = frozenset({"pitch", "bat", "call", "refresh"})


def parse_play(raw: Any, catalogue: Catalogue) -> Play:
    if not isinstance(raw, Mapping):
        raise InvalidPlay("a play must be a JSON object")
    keys = PLAY_KEYS & set(raw)
    if "refresh" in keys:
        if keys != {"refresh"}:
            extra = ", ".join(sorted(keys - {"refresh"}))
            raise InvalidPlay(f"a refresh cannot also carry {extra}")
        return _refresh(raw["refresh"])
    if "pitch" not in keys:
        raise InvalidPlay("a play needs a 'pitch' card (or a 'refresh')")
    pitch = raw["pitch"]
    if not isinstance(pitch, str) or catalogue.pitch(pitch) is None:
        raise InvalidPlay(f"pitch {pitch!r} is not a pitching card ({_ids(catalogue.pitch_ids)})")
    if "call" in keys:
        call = raw["call"]
        if call not in (STEAL, LEAVE):
            raise InvalidPlay(f"call {call!r} is not a call: use 'steal' or 'leave'")
        return Pitch(pitch=pitch, call=call)  # a batting card beside a call is ignored
    if "bat" not in keys:
        raise InvalidPlay(f"pitch {pitch} needs a batting card 'bat' or a 'call'")
    bat = raw["bat"]
    if not isinstance(bat, str) or catalogue.bat(bat) is None:
        raise InvalidPlay(f"bat {bat!r} is not a batting card ({_ids(catalogue.bat_ids)})")
    return Pitch(pitch=pitch, bat=bat)


def _refresh(value: Any) -> Refresh:
    if (
        not isinstance(value, list)
        or not value
        or not all(v in (BATTER, PITCHER) for v in value)
        or len(set(value)) != len(value)
    ):
        raise InvalidPlay(
            f"refresh {value!r} must list 'batter', 'pitcher' or both, each at most once"
        )
    return Refresh(who=tuple(w for w in (BATTER, PITCHER) if w in value))


def _ids(ids: frozenset[str]) -> str:
    return ", ".join(sorted(ids))
