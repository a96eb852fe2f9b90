"""Quick Baseball typed line: ``SO1 B3`` (pitch, bat), ``PO steal``, ``refresh:batter,pitcher``."""

from __future__ import annotations

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

# The game's typed line, as ``games.engines.notation`` reads and writes it.
parse_line = NOTATION.parse_line
format_play = NOTATION.format_play
completions = NOTATION.completions
