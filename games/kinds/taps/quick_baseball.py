"""Quick Baseball's taps: the pitcher's card, the batter's card or a call, or a refresh."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.engines.baseball.bases import steal_candidate
from games.kinds.taps import Post

# The fields a tap posts (a selection, see games.scoring.screens); the refreshes are forms of
# their own.
FIELDS = ("pitch", "bat", "call")


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


def closed(state: Any) -> dict[str, list[str]]:
    """The controls no play can use now: the cards out of the pitcher's and the batter's
    hands (a used-up hand deals afresh, so every card but the pitch-out then plays), and the
    steal call with no runner to steal."""
    pitches = state.pitcher_cards()
    pitch_out = state.catalogue.pitch_out.id
    return {
        "pitch": [
            card.id
            for card in state.catalogue.pitches
            if card.id not in state.pitcher_hand and (pitches or card.id == pitch_out)
        ],
        "bat": [
            card.id
            for card in state.catalogue.bats
            if card.id not in state.batter_hand and state.batter_hand
        ],
        "call": [] if steal_candidate(state.bases) is not None else ["steal"],
    }


def play_fields(play: dict[str, Any]) -> dict[str, list[Any]] | None:
    """The play as the controls post it; None for a refresh (a button of its own)."""
    if "refresh" in play:
        return None
    return {key: [play.get(key)] for key in FIELDS}
