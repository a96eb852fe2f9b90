"""Settling a knockout tie that ends level: the one-over eliminator (see RULES.md,
"Knockout ties that end level").

A level knockout match (or a level aggregate over two legs) is settled by an eliminator: a
Quick Cricket match of one four-ball over a side, with the match's own cards. The side that
batted second in the level match bats first in the eliminator; a level eliminator is followed
by another, the sides swapping again, until one side wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

ELIMINATOR_OVERS = 1
ELIMINATOR_INNINGS = 1


def eliminator_options(match_options: Mapping[str, Any]) -> dict[str, Any]:
    """The eliminator's options: the match's cards and first spell, one over, one innings."""
    options = dict(match_options)
    options["overs"] = ELIMINATOR_OVERS
    options["innings"] = ELIMINATOR_INNINGS
    return options


def eliminator_sides(level_match_sides: Sequence[str]) -> list[str]:
    """The eliminator's batting order: the side that batted second bats first."""
    first, second = level_match_sides
    return [second, first]
