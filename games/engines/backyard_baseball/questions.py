"""What an at-bat still needs from the table before it can be recorded: a bobble roll (when an
event is in play and the fielder made the out) and whether the batter extends the play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import IllegalPlay
from .parse import parse_play
from .resolve import describe
from .rules import extension_throw, play_result
from .state import AtBat, State
from .words import base, sentence


def pending(state: State, raw: Any) -> dict[str, Any] | None:
    """The next question for the scorer, or ``None`` when the play is complete (it may still
    be illegal: ``apply`` says so). Raises ``InvalidPlay`` for a malformed play.

    A bobble is asked about only when an event card has been noted for the inning; the scorer
    answers with the roll, or with ``"bobble": null`` for none. The extension is asked about
    whenever the rulings allow one, with the pitcher's subtraction already worked out (and,
    when the game has a deck, the total each of the pitcher's cards would make).
    """
    play = parse_play(raw)
    if state.innings.final or not isinstance(play, AtBat):
        return None
    try:
        result, step = play_result(state, play)
    except IllegalPlay:
        return None
    answered_bobble = isinstance(raw, Mapping) and "bobble" in raw
    if result.fielded_out and state.event and not answered_bobble:
        return {
            "ask": "bobble",
            "event": state.event,
            "choice": result.choice,
            "result": sentence(describe(result, state.at_bat)),
        }
    if play.extend is not None:
        return None
    try:
        throw = extension_throw(state, result, step)
    except IllegalPlay:
        return None
    question = {
        "ask": "extend",
        "result": " ".join(sentence(words) for words in step.words),
        "runner": throw.runner,
        "from": base(throw.base),
        "to": throw.target,
        "ball": throw.ball,
        "connections": throw.connections,
        "throw": throw.throw,
        "subtract": throw.subtract,
    }
    deck = state.field.deck
    if deck is not None:
        # Each card the pitcher may play face up, with the pitcher's total it makes.
        question["face_up"] = [
            {
                "card": card.card,
                "number": card.face.number,
                "total": card.face.number - throw.subtract,
            }
            for card in deck.pitcher
        ]
    return question
