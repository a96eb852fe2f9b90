"""Quick Cricket's taps: a delivery (the Pitch, Move and Stroke quadrants or a Big Hit, the
Path card, the umpire's cards and a review), a no ball, the fielder placed, a declaration."""

from __future__ import annotations

from typing import Any

from games.engines import InvalidPlay
from games.kinds.taps import Post

# The fields a delivery posts (a selection, see games.scoring.screens); CARRIED are the answers
# to the screen's questions, which the correction form keeps as they were.
CARRIED = ("umpire_1", "umpire_2", "umpire_turned", "review", "bouncer")
FIELDS = ("pitch", "move", "stroke", "big_hit", "path_card", "path", "no_ball", *CARRIED)


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


def closed(state: Any) -> dict[str, list[str]]:
    """The controls no play can use now: the Path cards already used this over."""
    return {"path_card": sorted(state.current.paths_used)} if state.innings else {}


def play_fields(play: dict[str, Any]) -> dict[str, list[Any]] | None:
    """A delivery as the controls post it; None for a fielder's placing or a declaration."""
    if "fielder" in play or "declare" in play:
        return None
    fields: dict[str, list[Any]] = {
        key: [play.get(key)] for key in ("pitch", "move", "stroke", "path_card", "path")
    }
    fields["big_hit"] = ["1" if play.get("big_hit") else None]
    fields["no_ball"] = ["1" if play.get("no_ball") else None]
    umpire = play.get("umpire") or []
    for number, said in enumerate(umpire if isinstance(umpire, list) else [umpire], start=1):
        fields[f"umpire_{number}"] = [said]
    fields["review"] = [play.get("review")]
    fields["bouncer"] = [play.get("bouncer")]
    return fields
