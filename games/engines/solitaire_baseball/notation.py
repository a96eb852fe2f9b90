"""Solitaire baseball typed line: the cards laid down, top card last (``6H 6S``), or ``rain``."""

from __future__ import annotations

from ..notation import Grammar, Notation
from .engine import ENGINE

GRAMMAR = Grammar(
    positional=("*cards",),
    words={"rain": ("rain", True)},
    bools=frozenset({"rain"}),
    upper=frozenset({"cards"}),
)
NOTATION = Notation(GRAMMAR, legal_plays=ENGINE.legal_plays)

# The game's typed line, as ``games.engines.notation`` reads and writes it.
parse_line = NOTATION.parse_line
format_play = NOTATION.format_play
completions = NOTATION.completions
