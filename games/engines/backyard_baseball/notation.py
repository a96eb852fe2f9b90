"""Backyard Baseball typed line: the fielder's space, the pitch card's faces, the batting
card's faces, the die (- for a face the card does not have), e.g.
IL 3 heater grounder IR heater line_drive CF 4; swap; extend.runners:1."""

from __future__ import annotations

from ..notation import Grammar, Notation
from .engine import ENGINE

GRAMMAR = Grammar(
    positional=(
        "fielder",
        "pitcher.number",
        "pitcher.pitch",
        "pitcher.result",
        "pitcher.space",
        "batter.pitch",
        "batter.result",
        "batter.space",
        "die",
    ),
    words={"swap": ("swap", True)},
    ints=frozenset({"pitcher.number", "die", "bobble", "extend.runners", "extend.pitcher_number"}),
    bools=frozenset({"swap"}),
    spaced=frozenset({"pitcher.result", "batter.result", "event"}),
    upper=frozenset({"fielder", "pitcher.space", "batter.space"}),
    lower=frozenset({"pitcher.pitch", "batter.pitch", "pitcher.result", "batter.result"}),
)
NOTATION = Notation(GRAMMAR, legal_plays=ENGINE.legal_plays)

# The game's typed line, as ``games.engines.notation`` reads and writes it.
parse_line = NOTATION.parse_line
format_play = NOTATION.format_play
completions = NOTATION.completions
