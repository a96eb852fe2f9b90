"""Each game's scoring screen: what its scoreboard draws and how its taps become a play.

One module per game, named after the game id (``quick-cricket`` → ``quick_cricket.py``),
with ``context(board)`` for the templates ``games/<game id>/_scoreboard.html``,
``_controls.html`` and ``_details.html``, and ``read_play(post_data)`` for the scoring form.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from django.http import QueryDict

from ..engines import InvalidPlay
from ..selectors import Scoreboard


def screen(kind: str) -> ModuleType:
    return import_module(f"{__name__}.{kind.replace('-', '_')}")


def context(board: Scoreboard) -> dict[str, Any]:
    return screen(board.game.kind).context(board)


def read_play(kind: str, data: QueryDict) -> dict[str, Any]:
    reader = getattr(screen(kind), "read_play", None)
    if reader is None:
        raise InvalidPlay("post the play as a JSON object in the 'play' field")
    return reader(data)
