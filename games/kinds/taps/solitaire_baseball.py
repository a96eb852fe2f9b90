"""Solitaire baseball's taps: the cards laid down for the batter due, or rain."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post


def read_play(data: Post) -> dict[str, Any]:
    if data.get("rain"):
        return {"rain": True}
    cards = [card for card in data.getlist("cards") if card]
    if not cards:
        raise InvalidPlay("no cards were laid down: tap one to four cards for the batter")
    return {"cards": cards}
