"""Solitaire baseball's taps: the cards laid down for the batter due, or rain."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.engines.solitaire_baseball import ALL_CARDS
from games.kinds.taps import Post

FIELDS = ("cards",)  # what a tap posts: the cards laid down, the top card last


def read_play(data: Post) -> dict[str, Any]:
    if data.get("rain"):
        return {"rain": True}
    cards = [card for card in data.getlist("cards") if card]
    if not cards:
        raise InvalidPlay("no cards were laid down: tap one to four cards for the batter")
    return {"cards": cards}


def closed(state: Any) -> dict[str, list[str]]:
    """The controls no play can use now: the cards whose every copy has been played."""
    return {"cards": [card.id for card in ALL_CARDS if not state.left(card)]}


def play_fields(play: dict[str, Any]) -> dict[str, list[Any]] | None:
    """The cards as the controls post them; None for a rain-out (a form of its own)."""
    if play.get("rain"):
        return None
    cards = play.get("cards")
    return {"cards": cards if isinstance(cards, list) else [cards]}
