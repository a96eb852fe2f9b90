"""The card catalogue a game keeps, as the site stores and names it.

Every game, league and fixture the site starts stores its catalogue pinned
(``games.engines.catalogues``): a reference by name and digest to a built-in catalogue (the
default when none was chosen), or a group's own cards inline. So a new default never changes
a game already played, its replay, its record or its standings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines import catalogues

# The catalogue each game played with before catalogues had names: what a stored game or
# league without one was started with.
BEFORE_NAMES = {
    "quick-baseball": "first-reconstruction",
    "quick-cricket": "reconstruction",
    "backyard-baseball": "reconstruction",
}


def pinned(kind: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with the catalogue pinned (unchanged for a game without catalogues).

    Raises ``ValueError`` for a catalogue name or reference the game does not have."""
    result = dict(options)
    if catalogues.has_catalogues(kind):
        result["catalogue"] = catalogues.pinned(kind, result.get("catalogue"))
    return result


def described(kind: str, options: Mapping[str, Any]) -> str:
    """The catalogue a game of ``kind`` with ``options`` plays with, in words ("" for a game
    without catalogues)."""
    if not catalogues.has_catalogues(kind):
        return ""
    try:
        name = catalogues.name_of(kind, options.get("catalogue"))
    except ValueError:
        return "cards not known to this site"
    if name is None:
        return "the group's own cards"
    return catalogues.label(kind, name)


def kept_from_before(kind: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` of a game or league stored before catalogues had names: one that names no
    catalogue was played with the one in force then (``BEFORE_NAMES``), which it keeps."""
    result = dict(options)
    if kind in BEFORE_NAMES and result.get("catalogue") is None:
        result["catalogue"] = catalogues.reference(kind, BEFORE_NAMES[kind])
    return result
