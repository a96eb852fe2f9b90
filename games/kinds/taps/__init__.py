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

from games.engines import EngineError, InvalidPlay, get, json_text, tablet
from games.engines.notation import notation_for
from games.kinds.taps.questions import asking


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
    module = _module(kind)
    if getattr(module, "READS_STATE", False):
        return module.read_play(post, state)
    return module.read_play(post)


def closed(kind: str, state: Any) -> dict[str, list[str]]:
    """The scoring screen's controls no play can use in ``state`` (the game's state before
    the next play), as the values each field name must not post: the cards used up. The
    server's board draws them off; the page's local engine takes them off as it plays, so the
    board's cards follow the game while the server's board is behind. A game without such
    controls answers ``{}``; so does a final game, which has no controls."""
    reader = getattr(_module(kind), "closed", None)
    if reader is None or get(kind).is_over(state):
        return {}
    return reader(state)


def _module(kind: str) -> Any:
    """The module holding game ``kind``'s reader. Raises ``InvalidPlay`` when there is none."""
    module_name = f"{__name__}.{kind.replace('-', '_')}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise InvalidPlay(f"no game reads taps as {kind!r}") from None


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
        return read_typed(kind, post, state)
    return read_play(kind, post, state)


def read_typed(kind: str, post: Post, state: Any) -> dict[str, Any]:
    """The play a typed line (the ``typed`` field) names, read with the game's notation
    against ``state``. Answers to the screen's questions, posted beside the line as the
    controls post them (the umpire's cards, a review, the held suit), are read into it as a
    tap's would be: the line is written as the controls' fields (``play_fields``), the
    answers put in, and the whole read by the game's reader. Raises ``InvalidPlay``."""
    raw = notation_for(kind).parse_line(post["typed"], state)
    module = _module(kind)
    answers = [name for name in getattr(module, "FIELDS", ()) if name in post]
    writer = getattr(module, "play_fields", None)
    drawn = writer(raw) if answers and writer else None
    if drawn is None:
        return raw
    pairs = [
        (name, str(value))
        for name, values in drawn.items()
        if name not in answers
        for value in values
        if value not in ("", None)
    ]
    pairs += [(name, value) for name in answers for value in post.getlist(name)]
    return read_play(kind, Fields(pairs), state)


def serve(request: str) -> str:
    """The page's worker's one entry point: a request as JSON text, the answer as JSON text.

    Every request is ``games.engines.tablet.serve``'s but one: ``{"op": "tap", "fields":
    [[name, value], ...], "answered": [...]}`` reads the play from the fields of a tap on the
    open game and answers as ``{"op": "play", "play": <the play>, "answered": ...}`` does,
    with the play read under ``"play"``. Fields that name no play answer the game as it is,
    refused in the reader's words (``"play": null``). No game open: ``{"failed": "<why>"}``.
    """
    asked = json.loads(request)
    if isinstance(asked, dict) and asked.get("op") == "tap":
        answer = _tap(asked)
    else:
        answer = json.loads(tablet.serve(request))
    game = tablet.current()
    if game is not None and isinstance(answer, dict) and "failed" not in answer:
        answer["closed"] = closed(game.engine.id, game.states[-1])
    return json.dumps(answer)


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
    if "failed" in answer:
        return answer
    if answer.get("question"):
        answer["asking"] = asking(answer["question"], game.states[-1])
    return {**answer, "play": play}
