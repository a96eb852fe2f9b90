"""Bedard's Universal Baseball's taps: the batter's lead, the fielder's answer, and the
answer to "held the led suit?"."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post

TRUE_WORDS, FALSE_WORDS = ("true", "yes", "1", "on"), ("false", "no", "0", "off")


def read_play(data: Post) -> dict[str, Any]:
    lead, answer = data.get("bat"), data.get("field")
    if not lead and not answer:
        raise InvalidPlay("no play was entered: tap the batter's lead, then the fielder's answer")
    if not lead:
        raise InvalidPlay("tap the batter's lead card first")
    if not answer:
        raise InvalidPlay("tap the fielder's answer card")
    play: dict[str, Any] = {"bat": lead, "field": answer}
    had_suit = data.get("field_had_suit", "")
    if had_suit:
        word = had_suit.lower()
        # An answer the screen does not know goes through as it is, for the engine to name.
        play["field_had_suit"] = (
            True if word in TRUE_WORDS else False if word in FALSE_WORDS else had_suit
        )
    return play
