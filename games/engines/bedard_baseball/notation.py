"""Bedard's Universal Baseball typed line: 7D KD (the lead, the answer), held/void."""

from __future__ import annotations

from ..notation import Grammar, Notation
from .engine import ENGINE

GRAMMAR = Grammar(
    positional=("bat", "field"),
    words={"held": ("field_had_suit", True), "void": ("field_had_suit", False)},
    bools=frozenset({"field_had_suit"}),
    upper=frozenset({"bat", "field"}),
)
NOTATION = Notation(GRAMMAR, legal_plays=ENGINE.legal_plays)

# The game's typed line, as ``games.engines.notation`` reads and writes it.
parse_line = NOTATION.parse_line
format_play = NOTATION.format_play
completions = NOTATION.completions
