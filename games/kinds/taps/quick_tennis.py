"""Quick Tennis's taps: a serve and the receiver's cards, a shot and the card played against
it (with a call or a recovery), or a player out of cards."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post

FIELDS = ("serve", "receive", "hit", "call", "recover")  # what a tap posts: a selection


def read_play(data: Post) -> dict[str, Any]:
    if data.get("out_of_cards"):
        return {"out_of_cards": True}
    receive = [card for card in data.getlist("receive") if card]
    if data.get("serve"):
        if not receive:
            raise InvalidPlay("tap one to three quadrants for the receiver's cards")
        return {"serve": data["serve"], "receive": receive}
    if data.get("hit"):
        if not receive:
            raise InvalidPlay("tap the receiver's card")
        play: dict[str, Any] = {"hit": data["hit"], "receive": receive[0]}
        if len(receive) > 1:
            play["receive"] = receive
        if data.get("recover"):
            play["recover"] = True
        if data.get("call"):
            play["call"] = data["call"]
        return play
    if receive:
        raise InvalidPlay("tap the card of the player with the ball first")
    raise InvalidPlay("no play was entered: tap the cards first")


def play_fields(play: dict[str, Any]) -> dict[str, list[Any]] | None:
    """A serve or a shot as the controls post it (Out of cards is the button alone)."""
    receive = play.get("receive")
    return {
        "serve": [play.get("serve")],
        "receive": receive if isinstance(receive, list) else [receive],
        "hit": [play.get("hit")],
        "call": [play.get("call")],
        "recover": ["1" if play.get("recover") else None],
    }
