"""Quick Tennis typed line: between points ``Q1 Q2 Q3`` (the serve, then the receiver's cards);
in a rally ``Q2 Q4`` (the hit, the receiver's card) with ``recover``, ``lob`` or ``drop``;
``outofcards``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..notation import Grammar, Notation
from .engine import ENGINE

_WORDS = {
    "recover": ("recover", True),
    "lob": ("call", "lob"),
    "drop": ("call", "drop"),
    "outofcards": ("out_of_cards", True),
}
_COMMON = {
    "words": _WORDS,
    "bools": frozenset({"recover", "out_of_cards"}),
    "upper": frozenset({"serve", "hit", "receive"}),
    "lower": frozenset({"call"}),
}
SERVE = Grammar(positional=("serve", "*receive"), lists=frozenset({"receive"}), **_COMMON)
RALLY = Grammar(positional=("hit", "receive"), **_COMMON)


def _for_state(state: Any) -> Grammar:
    return SERVE if state.rally is None else RALLY


def _for_play(play: Mapping[str, Any]) -> Grammar:
    return SERVE if "serve" in play else RALLY


NOTATION = Notation(SERVE, legal_plays=ENGINE.legal_plays, for_state=_for_state, for_play=_for_play)

# The game's typed line, as ``games.engines.notation`` reads and writes it.
parse_line = NOTATION.parse_line
format_play = NOTATION.format_play
completions = NOTATION.completions
