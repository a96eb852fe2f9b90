"""How each game's taps become a play object: the fields a scoring screen's controls post,
read by the game's ``read_play`` into the play its engine takes.

One module per game (``games/kinds/taps/<game id with _>.py``) holds its reader. They are pure
Python, the standard library and the engines only, because the scoring page's local engine
runs them in the browser under Pyodide, where there is no Django: ``serve`` here is that
engine's one entry point, so the browser reads a tap into a play exactly as the server does.
Each game's scoring screen (``games/kinds/<game>/screen.py``) re-exports its reader for the
server's scoring form.

A reader is given the posted fields as a ``Post``: Django's ``QueryDict`` on the server,
``Fields`` in the browser (the form's fields as name and value pairs). A game whose reader
needs the board's state (Backyard Baseball reads card labels from the game's deck) sets
``READS_STATE = True`` in its module.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from games.engines import EngineError, InvalidPlay, json_text, tablet
from games.engines.notation import notation_for


class Post(Protocol):
    """What a reader needs of the posted fields (Django's ``QueryDict`` has it all): the last
    value posted under a name, every value, whether the name was posted, and the value that
    must be there (``KeyError`` when it is not)."""

    def get(self, name: str, default: Any = None) -> Any: ...

    def getlist(self, name: str) -> list[str]: ...

    def __contains__(self, name: object) -> bool: ...

    def __getitem__(self, name: str) -> Any: ...


class Fields:
    """A ``Post`` made from ``[name, value]`` pairs, as a browser form's ``FormData`` gives
    them: a name may come more than once (checkboxes), and ``get`` answers its last value, as
    ``QueryDict`` does."""

    def __init__(self, pairs: Iterable[Sequence[Any]] = ()) -> None:
        self._values: dict[str, list[str]] = {}
        for name, value in pairs:
            self._values.setdefault(str(name), []).append(str(value))

    def get(self, name: str, default: Any = None) -> Any:
        values = self._values.get(name)
        return values[-1] if values else default

    def getlist(self, name: str) -> list[str]:
        return list(self._values.get(name, ()))

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def __getitem__(self, name: str) -> str:
        values = self._values.get(name)
        if not values:
            raise KeyError(name)
        return values[-1]

    def __repr__(self) -> str:
        pairs = [[name, value] for name, values in self._values.items() for value in values]
        return f"Fields({pairs!r})"


def read_play(kind: str, post: Post, state: Any = None) -> dict[str, Any]:
    """The play ``post`` names in game ``kind``, read against ``state`` (the game's state
    before the play) by a game whose reader needs it. Raises ``InvalidPlay`` when the fields
    name no play, or when no game has a reader under that id."""
    module_name = f"{__name__}.{kind.replace('-', '_')}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise InvalidPlay(f"no game reads taps as {kind!r}") from None
    if getattr(module, "READS_STATE", False):
        return module.read_play(post, state)
    return module.read_play(post)


def read_posted(kind: str, post: Post, state: Any = None) -> dict[str, Any]:
    """The play a scoring screen posted, read as the server's scoring form reads it: a
    ``play`` field holding the JSON object, a ``typed`` line in the game's notation (read
    against ``state``), or the game's taps. Raises ``InvalidPlay`` when it names none."""
    if post.get("play"):
        try:
            play = json_text.loads(post["play"])
        except ValueError:
            raise InvalidPlay("the play is not valid JSON") from None
        if not isinstance(play, dict):
            raise InvalidPlay("a play must be a JSON object")
        return play
    if post.get("typed") and state is not None:
        return notation_for(kind).parse_line(post["typed"], state)
    return read_play(kind, post, state)


def serve(request: str) -> str:
    """The page's worker's one entry point: a request as JSON text, the answer as JSON text.

    Every request is ``games.engines.tablet.serve``'s but one: ``{"op": "tap", "fields":
    [[name, value], ...], "answered": [...]}`` reads the play from the fields of a tap on the
    open game and answers as ``{"op": "play", "play": <the play>, "answered": ...}`` does,
    with the play read under ``"play"``. Fields that name no play answer the game as it is,
    refused in the reader's words (``"play": null``). No game open: ``{"failed": "<why>"}``.
    """
    asked = json.loads(request)
    if not isinstance(asked, dict) or asked.get("op") != "tap":
        return tablet.serve(request)
    return json.dumps(_tap(asked))


def _tap(asked: dict[str, Any]) -> dict[str, Any]:
    game = tablet.current()
    if game is None:
        return {"failed": "no game is open"}
    try:
        fields = Fields(asked.get("fields") or ())
    except (TypeError, ValueError) as error:
        return {"failed": f"{type(error).__name__}: {error}"}
    try:
        play = read_posted(game.engine.id, fields, game.states[-1])
    except EngineError as error:
        return {**game.refused(error), "play": None}
    answered = asked.get("answered")
    answer = json.loads(
        tablet.serve(json.dumps({"op": "play", "play": play, "answered": answered}))
    )
    return answer if "failed" in answer else {**answer, "play": play}
