"""A table answering the tablet's questions: each play of a played-out game entered without its
answers (as taps, or as a typed line), then each question the tablet's engine asks answered
with one of the answers it draws, the one the table played. Used by the tap readers' tests and
by the browser's, which taps the same answers on the page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from games.engines import tablet
from games.engines.notation import notation_for
from games.kinds import taps


@dataclass
class Entry:
    """One play as entered: the fields posted first, and each question asked with the
    answer tapped (``[name, value]`` pairs added to the fields); ``answer`` is the engine's
    last answer (``ok``: the play applied)."""

    draft: list[list[str]] | None
    play: dict[str, Any]
    asked: list[tuple[dict[str, Any], list[list[str]]]] = field(default_factory=list)
    answer: dict[str, Any] = field(default_factory=dict)


def controls(game: str, play: dict[str, Any]) -> dict[str, list[str]] | None:
    """The play as its controls post it, the umpire's cards as the question's one tap."""
    fields = taps._module(game).play_fields(play)
    if fields is None:
        return None
    posted = {
        name: [str(value) for value in values if value not in ("", None)]
        for name, values in fields.items()
    }
    umpire = posted.pop("umpire_1", []) + posted.pop("umpire_2", [])
    if umpire:
        posted["umpire_turned"] = [",".join(umpire)]
    return {name: values for name, values in posted.items() if values}


def answer_as(asking: dict[str, Any], posted: dict[str, list[str]]) -> list[list[str]]:
    """The answer a table that played ``posted`` taps: its value among the answers, the
    groups picked as it picked them, else the answer that declines."""
    for answer in asking["answers"]:
        if answer["name"] and answer["name"] != "answered":
            if posted.get(answer["name"]) == [answer["value"]]:
                return [[answer["name"], answer["value"]]]
        elif answer["needs"] and all(group["name"] in posted for group in asking["groups"]):
            return [[group["name"], posted[group["name"]][0]] for group in asking["groups"]]
    declined = [a for a in asking["answers"] if a["name"] == "answered"]
    assert declined, f"no answer in {asking} matches {posted}"
    return [["answered", declined[0]["value"]]]


def serve(request: dict[str, Any]) -> dict[str, Any]:
    return json.loads(taps.serve(json.dumps(request)))


def entries(
    game: str, options: dict[str, Any], plays: list[dict[str, Any]], typed: bool = False
) -> Iterator[Entry]:
    """Each of ``plays`` entered on the tablet's engine (``games.kinds.taps.serve``, in this
    process) without its answers, its questions answered; a play the controls cannot post
    (a refresh, a swap) is played as it is, with ``draft`` None."""
    carried = set(getattr(taps._module(game), "CARRIED", ()))
    saved = list(tablet._open)
    try:
        serve({"op": "open", "kind": game, "options": options, "plays": []})
        for play in plays:
            posted = controls(game, play)
            if posted is None:
                yield Entry(None, play, answer=serve({"op": "play", "play": play}))
                continue
            draft = [[n, v] for n, values in posted.items() if n not in carried for v in values]
            if typed:
                state = tablet.current().states[-1]
                bare = taps.read_play(game, taps.Fields(draft), state)
                draft = [["typed", notation_for(game).format_play(bare)]]
            entry = Entry(draft, play)
            answers: list[list[str]] = []
            answered: list[str] = []
            for _ in range(4):
                entry.answer = serve({"op": "tap", "fields": draft + answers, "answered": answered})
                if not entry.answer.get("question"):
                    break
                tapped = answer_as(entry.answer["asking"], posted)
                entry.asked.append((entry.answer["asking"], tapped))
                answers += tapped
                answered += [value for name, value in tapped if name == "answered"]
            yield entry
    finally:
        tablet._open[:] = saved
