"""Quick Cricket's taps: a delivery (the Pitch, Move and Stroke quadrants or a Big Hit, the
Path card, the umpire's cards and a review), a no ball, the fielder placed, a declaration."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post


def read_play(data: Post) -> dict[str, Any]:
    if "fielder" in data:
        return {"fielder": data["fielder"] or None}
    if data.get("declare"):
        return {"declare": True}
    play: dict[str, Any] = {
        key: data[key] for key in ("pitch", "path_card", "path", "bouncer") if data.get(key)
    }
    if "pitch" not in play:
        raise InvalidPlay("tap the quadrant of the Pitch card first")
    if "path_card" not in play:
        raise InvalidPlay("choose the Path card")
    if data.get("no_ball"):
        return {"pitch": play["pitch"], "path_card": play["path_card"], "no_ball": True}
    if data.get("big_hit"):
        play["big_hit"] = True
    else:
        play.update({key: data[key] for key in ("move", "stroke") if data.get(key)})
        if "move" not in play or "stroke" not in play:
            raise InvalidPlay("tap the batter's Move and Stroke quadrants, or Big Hit")
    # The umpire question's one-tap answers post every card turned, in order ("not out,out");
    # the correction form posts them card by card.
    turned = (data.get("umpire_turned") or "").split(",")
    if not any(turned):
        turned = [data.get(f"umpire_{n}") for n in (1, 2)]
    if any(turned):
        play["umpire"] = [card for card in turned if card]
    if data.get("review") in ("out", "not out"):
        play["review"] = data["review"]
    return play
