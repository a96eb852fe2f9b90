"""Default card catalogues, as JSON data files named after the game id."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_HERE = Path(__file__).parent


@cache
def _text(game_id: str) -> str:
    return (_HERE / f"{game_id}.json").read_text(encoding="utf-8")


def default_catalogue(game_id: str) -> Any:
    """A fresh copy of the default catalogue data of ``game_id``."""
    return json.loads(_text(game_id))
