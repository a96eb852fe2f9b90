"""Bedard's Universal Baseball typed line: 7D KD (the lead, the answer), held/void."""

from __future__ import annotations

from typing import Any

from ..notation import Grammar, Notation
from .engine import ENGINE

GRAMMAR = Grammar(
    positional=("bat", "field"),
    words={"held": ("field_had_suit", True), "void": ("field_had_suit", False)},
    bools=frozenset({"field_had_suit"}),
    upper=frozenset({"bat", "field"}),
)
NOTATION = Notation(GRAMMAR, legal_plays=ENGINE.legal_plays)


def parse_line(text: str, state: Any) -> dict[str, Any]:
    return NOTATION.parse_line(text, state)


def format_play(play: dict[str, Any]) -> str:
    return NOTATION.format_play(play)


def completions(state: Any, prefix: str = "") -> list[str]:
    return NOTATION.completions(state, prefix)
