"""A question the engine asks before a play can be applied (its ``pending``: the umpire's
cards, a review, a bouncer, Backyard Baseball's bobble and extension, Bedard's "held the
suit?"), put as the answers a tablet can tap when it asks the table itself.

The server's board asks with its own templates. The page's local engine, scoring without the
server (offline, or with plays waiting), asks with this: a title, a few lines of words,
groups of choices to pick (each a field name and its values) and the answer buttons, each a
field name and value. An answer posts the play's fields again with the answer's field added
(and the groups' picks, for an answer that ``needs`` them), exactly as the server's question
form posts them, so the same tap reader reads the answered play on either side.
"""

from __future__ import annotations

from typing import Any


def asking(question: dict[str, Any], state: Any) -> dict[str, Any]:
    """The question ``question`` (an engine's ``pending``, in ``state``) as answers to tap:
    ``{"ask", "title", "words": [...], "groups": [{"name", "legend", "options": [[value,
    label], ...]}], "answers": [{"label", "name", "value", "needs"}]}``."""
    ask = question["ask"]
    put = _ASKED.get(ask)
    if put is None:
        return {
            "ask": ask,
            "title": f"The table must answer: {ask}",
            "words": [],
            "groups": [],
            "answers": [],
        }
    return {"ask": ask, "groups": [], "words": [], **put(question, state)}


def _answer(label: str, name: str, value: str, needs: bool = False) -> dict[str, Any]:
    return {"label": label, "name": name, "value": value, "needs": needs}


def _bouncer(question: dict[str, Any], state: Any) -> dict[str, Any]:
    return {
        "title": f"Bouncer! The batter moved to {question['move']}: duck or Big Hit?",
        "answers": [_answer("Duck", "bouncer", "duck"), _answer("Big Hit", "bouncer", "big_hit")],
    }


def _umpire(question: dict[str, Any], state: Any) -> dict[str, Any]:
    turn, down = question["turn"], question["down"]
    cards = "card" if down == 1 else "cards"
    words = [
        f"Turn {turn} of the {down} face-down umpire {cards} and tap what "
        f"{'it says' if turn == 1 else 'each says'}."
    ]
    if turn == down:
        words.append("The OUT card is among them, so this is out.")

    def label(way: list[str]) -> str:
        if turn == 1:
            return way[0].upper()
        return " · ".join(f"{('1st', '2nd')[n]} {said.upper()}" for n, said in enumerate(way))

    answers = [_answer(label(way), "umpire_turned", ",".join(way)) for way in question["answers"]]
    return {"title": f"{question['appeal']}!", "words": words, "answers": answers}


def _review(question: dict[str, Any], state: Any) -> dict[str, Any]:
    left = question["reviews_left"]
    return {
        "title": f"{question['appeal']}: {question['decision'].upper()}",
        "words": [
            f"The {question['side_name']} side may review: {left} "
            f"review{'' if left == 1 else 's'} left. Shuffle the cards that were face "
            "down and draw one."
        ],
        "answers": [
            _answer("No review", "answered", "review"),
            _answer("Review: drew OUT", "review", "out"),
            _answer("Review: drew NOT OUT", "review", "not out"),
        ],
    }


def _bobble(question: dict[str, Any], state: Any) -> dict[str, Any]:
    return {
        "title": "Roll to bobble?",
        "words": [
            f"{question['choice']}. {question['result']}",
            f"If this inning's event, “{question['event']}”, has the fielders roll to bobble "
            "on this play, tap the roll: 1-3 the out stands, 4-6 it is bobbled and a hit.",
        ],
        "answers": [_answer(str(n), "bobble", str(n)) for n in range(1, 7)]
        + [_answer("No roll", "bobble", "none")],
    }


def _extend(question: dict[str, Any], state: Any) -> dict[str, Any]:
    runner, subtract = question["runner"], question["subtract"]
    deck = getattr(state.field, "deck", None)
    words = [question["result"]]
    if deck is not None and question.get("face_up"):
        words.append(
            f"{runner[:1].upper()}{runner[1:]} is out if the batter's card shows "
            f"the pitcher's number − {subtract} runner icons or fewer."
        )
        groups = [
            _group(
                "extend_batter_card",
                "The card the batter plays",
                [[c.card, f"{c.card}: {c.runners} runner icons"] for c in deck.batter],
            ),
            _group(
                "extend_pitcher_card",
                "The card the pitcher plays face up",
                [
                    [sum["card"], f"{sum['card']}: {sum['number']} − {subtract} = {sum['total']}"]
                    for sum in question["face_up"]
                ]
                + [["none", "No card"]],
            ),
        ]
    else:
        words.append(
            f"The pitcher's card − {subtract}: {runner} is out if that is at least "
            "the runner icons on the batter's card."
        )
        groups = [
            _group(
                "extend_runners",
                "Runner icons on the batter's card",
                [[str(n), str(n)] for n in range(10)],
            ),
            _group(
                "extend_pitcher",
                "The pitcher's card, played face up",
                [[str(n), str(n)] for n in range(1, 10)] + [["none", "No card"]],
            ),
        ]
    return {
        "title": f"Extend the play? {runner[:1].upper()}{runner[1:]} goes for {question['to']}.",
        "words": words,
        "groups": groups,
        "answers": [
            _answer("Extend", "", "", needs=True),
            _answer("Don't extend", "answered", "extend"),
        ],
    }


def _group(name: str, legend: str, options: list[list[Any]]) -> dict[str, Any]:
    return {"name": name, "legend": legend, "options": [[str(v), str(w)] for v, w in options]}


def _had_suit(question: dict[str, Any], state: Any) -> dict[str, Any]:
    return {
        "title": f"{question['bat_title']} led, {question['field_title']} answered: another "
        "suit and another value.",
        "words": [f"Did the fielding side hold a {question['suit'].lower()} card?"],
        "answers": [
            _answer("Yes: balk, the batter takes first", "field_had_suit", "true"),
            _answer("No: ball", "field_had_suit", "false"),
        ],
    }


_ASKED = {
    "bouncer": _bouncer,
    "umpire": _umpire,
    "review": _review,
    "bobble": _bobble,
    "extend": _extend,
    "had_suit": _had_suit,
}
