"""Quick Baseball's taps: the pitcher's card, the batter's card or a call, or a refresh."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post


def read_play(data: Post) -> dict[str, Any]:
    refresh = [value for value in data.getlist("refresh") if value]
    if refresh:
        return {"refresh": refresh}
    play = {key: data[key] for key in ("pitch", "bat", "call") if data.get(key)}
    if not play:
        raise InvalidPlay("no play was entered: tap the cards first")
    if "pitch" not in play:
        raise InvalidPlay("choose the pitcher's card first")
    if "bat" not in play and "call" not in play:
        raise InvalidPlay("choose the batter's card, or call steal or leave")
    return play
