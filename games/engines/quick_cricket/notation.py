"""Quick Cricket typed line: ``B 4 C A D`` (pitch, Path card, path, move, stroke), ``A 2 noball``,
``B 6 C bighit``, ``umpire:out,not_out``, ``review:out``, ``fielder:A``, ``declare``."""

from __future__ import annotations

from ..notation import Grammar, Notation
from .engine import ENGINE

GRAMMAR = Grammar(
    positional=("pitch", "path_card", "path", "move", "stroke"),
    words={
        "noball": ("no_ball", True),
        "bighit": ("big_hit", True),
        "declare": ("declare", True),
        "duck": ("bouncer", "duck"),
    },
    bools=frozenset({"no_ball", "big_hit", "declare"}),
    lists=frozenset({"umpire"}),
    spaced=frozenset({"umpire", "review"}),
    upper=frozenset({"pitch", "path", "move", "stroke", "fielder"}),
    lower=frozenset({"umpire", "review", "bouncer"}),
)
NOTATION = Notation(GRAMMAR, legal_plays=ENGINE.legal_plays)

# The game's typed line, as ``games.engines.notation`` reads and writes it.
parse_line = NOTATION.parse_line
format_play = NOTATION.format_play
completions = NOTATION.completions
