"""Bedard's Universal Baseball's taps: the batter's lead, the fielder's answer, and the
answer to "held the led suit?"."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post

# The fields a pitch posts (a selection, see games.scoring.screens); CARRIED is the answer to the
# screen's question, which the correction form keeps as it was.
CARRIED = ("field_had_suit",)
FIELDS = ("bat", "field", *CARRIED)


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


def closed(state: Any) -> dict[str, list[str]]:
    """The controls no play can use now: the cards played in this deal, as lead or answer."""
    played = sorted(card.name(state.deck) for card in state.played)
    return {"bat": played, "field": played}


def play_fields(play: dict[str, Any]) -> dict[str, list[Any]] | None:
    """A pitch as the controls post it."""
    had_suit = play.get("field_had_suit")
    words = {True: "true", False: "false"}
    return {
        "bat": [play.get("bat")],
        "field": [play.get("field")],
        "field_had_suit": [
            words.get(had_suit, had_suit) if isinstance(had_suit, bool) else had_suit
        ],
    }
