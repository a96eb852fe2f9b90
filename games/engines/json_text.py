"""JSON text from anyone (a form field, a file): its nesting is measured before it is parsed.

``json.loads`` recurses once per level of arrays and objects, so text nested a few thousand
levels deep raises ``RecursionError`` inside it. ``loads`` counts the levels first, in one
pass over the text that skips strings and never recurses, and refuses anything deeper than
its limit with ``TooDeep``. Plays are two levels deep (a Backyard card inside its play) and a
whole record four, so what a user posts is held to ``MAX_DEPTH``; files (records, backups)
have their own, larger bound (``games.plumbing.untrusted_files``).

Standard library only, like every module here, so that every layer may use it.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 20

# A JSON string, or from an opening quote that is never closed to the end of the text (a
# string always matches, so the scan never starts again inside one: linear on any text).
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(ValueError):
    """JSON text nested deeper than the limit; the message says so, in one line."""

    def __init__(self, limit: int):
        self.limit = limit
        super().__init__(f"JSON nested too deeply (more than {limit} levels of arrays and objects)")


def nesting(text: str) -> int:
    """How many levels of arrays and objects ``text`` opens at its deepest (brackets inside
    strings aside). Text that is not JSON gets a number too; ``json.loads`` refuses it."""
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def check_nesting(text: str, limit: int = MAX_DEPTH) -> None:
    """Raise ``TooDeep`` if ``text`` is nested more than ``limit`` levels deep."""
    if nesting(text) > limit:
        raise TooDeep(limit)


def loads(text: str, *, limit: int = MAX_DEPTH, **options: Any) -> Any:
    """``json.loads(text, **options)``, once the text is known to be at most ``limit`` levels
    deep. Raises ``TooDeep``, or ``ValueError`` for text that is not JSON."""
    check_nesting(text, limit)
    return json.loads(text, **options)
