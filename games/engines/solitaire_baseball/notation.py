"""Solitaire baseball typed line: the cards laid down, top card last (``6H 6S``), or ``rain``."""

from __future__ import annotations

from typing import Any

from ..notation import Grammar, Notation
from .engine import ENGINE

GRAMMAR = Grammar(
    positional=("*cards",),
    words={"rain": ("rain", True)},
    bools=frozenset({"rain"}),
    upper=frozenset({"cards"}),
)
NOTATION = Notation(GRAMMAR, legal_plays=ENGINE.legal_plays)


def parse_line(text: str, state: Any) -> dict[str, Any]:
    return NOTATION.parse_line(text, state)


def format_play(play: dict[str, Any]) -> str:
    return NOTATION.format_play(play)


def completions(state: Any, prefix: str = "") -> list[str]:
    return NOTATION.completions(state, prefix)
