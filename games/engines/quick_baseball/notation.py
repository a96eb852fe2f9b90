"""Quick Baseball typed line: ``SO1 B3`` (pitch, bat), ``PO steal``, ``refresh:batter,pitcher``."""

from __future__ import annotations

from typing import Any

from ..notation import Grammar, Notation
from .engine import ENGINE

GRAMMAR = Grammar(
    positional=("pitch", "bat"),
    words={"steal": ("call", "steal"), "leave": ("call", "leave")},
    lists=frozenset({"refresh"}),
    upper=frozenset({"pitch", "bat"}),
    lower=frozenset({"call", "refresh"}),
)
NOTATION = Notation(GRAMMAR, legal_plays=ENGINE.legal_plays)


def parse_line(text: str, state: Any) -> dict[str, Any]:
    return NOTATION.parse_line(text, state)


def format_play(play: dict[str, Any]) -> str:
    return NOTATION.format_play(play)


def completions(state: Any, prefix: str = "") -> list[str]:
    return NOTATION.completions(state, prefix)
