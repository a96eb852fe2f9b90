"""Each game's scoring screen: what its scoreboard draws and how its taps become a play.

One module per game, declared as its ``GameKind``'s ``screen`` (``games/kinds/<game>/screen.py``),
with ``context(board)`` for the templates ``games/<game id>/_scoreboard.html``,
``_controls.html`` and ``_details.html``, and ``read_play(post_data)`` for the scoring form
(``read_play(post_data, state)`` when the module sets ``READS_STATE``: a game whose taps name
things the game's options hold, such as Backyard Baseball's cards by label).

A *selection* is what a controls template shows chosen: the form fields a tap posts
(``FIELDS`` of the screen module), name → the values posted. A refused tap comes back with
its selection still chosen; a fresh board shows the screen's ``defaults``; the correction
form draws the play being corrected as one
(``play_fields(play)`` of the screen module, the inverse of ``read_play``).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from django.http import QueryDict

from games.engines import InvalidPlay
from games.kinds import kind as game_kind
from games.scoring.selectors import Scoreboard


def screen(kind: str) -> ModuleType:
    """The scoring screen module the game ``kind`` declares."""
    return game_kind(kind).screen


class Selection(dict):
    """Field name → the values chosen (strings); a field not chosen is ``()``."""

    def __missing__(self, key: str) -> tuple[str, ...]:
        return ()


def context(board: Scoreboard, selection: Selection | None = None) -> dict[str, Any]:
    module = screen(board.game.kind)
    drawn = module.context(board)
    if selection and hasattr(module, "selected"):
        drawn.update(module.selected(selection))
    return drawn


def defaults(board: Scoreboard) -> Selection:
    """What the controls show chosen before the scorer taps: what stays the same on the table
    from one play to the next (``defaults(board)`` of the screen module, where it has one)."""
    chooser = getattr(screen(board.game.kind), "defaults", None)
    return Selection(chooser(board)) if chooser else Selection()


def selection(kind: str, data: QueryDict) -> Selection:
    """The choices a posted tap made, as its game's controls draw them."""
    fields = getattr(screen(kind), "FIELDS", ())
    chosen = {name: tuple(v for v in data.getlist(name) if v) for name in fields}
    return Selection({name: values for name, values in chosen.items() if values})


def play_selection(kind: str, play: dict[str, Any]) -> Selection | None:
    """``play`` as its game's controls draw it chosen; None when the controls cannot."""
    writer = getattr(screen(kind), "play_fields", None)
    fields = writer(play) if writer else None
    if fields is None:
        return None
    chosen = {
        name: tuple(str(v) for v in values if v not in ("", None))
        for name, values in fields.items()
    }
    return Selection({name: values for name, values in chosen.items() if values})


def read_play(kind: str, data: QueryDict, state: Any = None) -> dict[str, Any]:
    """The play a game's controls posted, read against ``state`` (the board's) when the
    game's screen reads one."""
    module = screen(kind)
    reader = getattr(module, "read_play", None)
    if reader is None:
        raise InvalidPlay("post the play as a JSON object in the 'play' field")
    if getattr(module, "READS_STATE", False):
        return reader(data, state)
    return reader(data)
