"""Default card catalogues, as JSON data files named after the game id."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..base import OptionSpec

T = TypeVar("T")

_HERE = Path(__file__).parent


@cache
def _text(game_id: str) -> str:
    return (_HERE / f"{game_id}.json").read_text(encoding="utf-8")


def default_catalogue(game_id: str) -> Any:
    """A fresh copy of the default catalogue data of ``game_id``."""
    return json.loads(_text(game_id))


class CatalogueOption(Generic[T]):
    """The ``catalogue`` option of a game whose cards are data.

    A game without the option plays with ``default`` (built from the JSON file); a game
    carrying its own copy (same shape) plays with that, built once and cached.
    """

    def __init__(self, build: Callable[[Any], T], default: T):
        self._build = build
        self.default = default
        self._cached = lru_cache(maxsize=32)(lambda text: build(json.loads(text)))

    def check(self, value: Any) -> Any:
        self._build(value)  # raises ValueError saying what is wrong
        return value

    def spec(self, help_text: str) -> OptionSpec:
        return OptionSpec("catalogue", None, self.check, help_text, field="")

    def for_options(self, options: Mapping[str, Any]) -> T:
        data = options.get("catalogue")
        if data is None:
            return self.default
        return self._cached(json.dumps(data, sort_keys=True))
