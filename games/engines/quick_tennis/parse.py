"""Reading a Quick Tennis play object: its shape, quadrants and calls (no match situation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import InvalidPlay
from .state import CALLS, MAX_RECEIVE, QUADRANTS, Hit, OutOfCards, Play, Serve

KINDS = ("serve", "hit", "out_of_cards")
# The keys a play may have (RULES.md, "Plays"); the site refuses any other (Engine.check_play).
PLAY_KEYS = frozenset({*KINDS, "receive", "recover", "call"})


def parse_play(raw: Any) -> Play:
    if not isinstance(raw, Mapping):
        raise InvalidPlay("a play must be a JSON object")
    kinds = [kind for kind in KINDS if kind in raw]
    if not kinds:
        raise InvalidPlay("a play needs a 'serve', a 'hit' or 'out_of_cards'")
    if len(kinds) > 1:
        raise InvalidPlay(f"a play is one of 'serve', 'hit' or 'out_of_cards', not {kinds}")
    kind = kinds[0]
    if kind == "out_of_cards":
        return _out_of_cards(raw)
    if kind == "serve":
        return _serve(raw)
    return _hit(raw)


def _out_of_cards(raw: Mapping) -> OutOfCards:
    if raw["out_of_cards"] is not True:
        raise InvalidPlay("'out_of_cards' must be true")
    extra = [key for key in ("receive", "recover", "call") if key in raw]
    if extra:
        raise InvalidPlay(f"out_of_cards is a play of its own and cannot carry {', '.join(extra)}")
    return OutOfCards()


def _serve(raw: Mapping) -> Serve:
    serve = _quadrant(raw["serve"], "serve")
    for key, why in (
        ("recover", "a serve that is not covered is an ace: there is no recovery"),
        ("call", "lob and drop shot are called on a rally hit, not on a serve"),
    ):
        if key in raw:
            raise InvalidPlay(f"serve {serve}: {why}")
    if "receive" not in raw:
        raise InvalidPlay(f"serve {serve} needs the receiver's cards 'receive' (one to three)")
    cards = raw["receive"]
    if not isinstance(cards, list) or not 1 <= len(cards) <= MAX_RECEIVE:
        raise InvalidPlay(
            f"receive {_short(cards)} must list between 1 and {MAX_RECEIVE} of the receiver's "
            'cards against the serve, e.g. ["Q1", "Q2"]'
        )
    receive = tuple(_quadrant(card, "receive") for card in cards)
    twice = sorted({card for card in receive if receive.count(card) > 1})
    if twice:
        raise InvalidPlay(
            f"receive names {', '.join(twice)} twice: the receiver's cards cover different "
            "quadrants"
        )
    return Serve(serve=serve, receive=receive)


def _hit(raw: Mapping) -> Hit:
    hit = _quadrant(raw["hit"], "hit")
    if "receive" not in raw:
        raise InvalidPlay(f"hit {hit} needs the receiver's card 'receive'")
    if isinstance(raw["receive"], list):
        raise InvalidPlay(
            f'receive {_short(raw["receive"])}: in a rally the receiver plays one card, e.g. "Q3"'
        )
    receive = _quadrant(raw["receive"], "receive")
    recover = raw.get("recover", False)
    if not isinstance(recover, bool):
        raise InvalidPlay(f"recover {_short(recover)} must be true or false")
    call = raw.get("call")
    if call is not None and call not in CALLS:
        raise InvalidPlay(f"call {_short(call)} is not a call: use 'lob' or 'drop'")
    return Hit(hit=hit, receive=receive, recover=recover, call=call)


def _quadrant(value: Any, field: str) -> str:
    if not isinstance(value, str) or value not in QUADRANTS:
        raise InvalidPlay(f"{field} {_short(value)} is not a quadrant (Q1, Q2, Q3 or Q4)")
    return value


def _short(value: Any) -> str:
    """A value for a message, cut short so that a huge one cannot flood it."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
