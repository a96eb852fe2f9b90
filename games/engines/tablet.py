"""One game's engine as a scoring screen runs it on the tablet (in the browser, under
Pyodide): the game's plays so far, the next play applied or refused, the last taken back.

Everything goes in and comes out as plain JSON values (dicts, lists, strings, numbers), so
the page's script and this module share nothing but JSON; the server runs the same class in
the parity test, and the answers on both sides must be equal, play by play.

An answer (``Tablet.play``, ``Tablet.undo``, ``Tablet.view``) is a dict:

- ``ok``: the play was applied (``False``: refused, the game unchanged);
- ``refusal``: the engine's words when it was refused (``""`` otherwise) and ``error``,
  ``"InvalidPlay"`` or ``"IllegalPlay"``;
- ``outcome``: what the play did, in the engine's words, and ``tags``;
- ``question``: what the table must answer before the play can be applied (the engine's
  ``pending``), or ``None``; nothing is applied while a question waits;
- ``length``: plays in the log, ``over``, ``summary`` (the summary keys of the record
  format) and ``state`` (the state as JSON, as a stored board keeps it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from . import get
from .base import EngineError, InvalidPlay, Outcome


class Tablet:
    """The log of one game of ``kind`` with ``options``, replayed from ``plays``.

    Raises ``EngineError`` when the options are unknown or a play of the log is refused (a
    log the server holds is always legal: the page then falls back to the server)."""

    def __init__(
        self, kind: str, options: Mapping[str, Any] | None = None, plays: Iterable[Any] = ()
    ) -> None:
        self.engine = get(kind)
        self.options = self.engine.options(options)
        self.states = [self.engine.initial_state(self.options)]
        self.outcomes: list[Outcome | None] = [None]
        for raw in plays:
            state, outcome = self.engine.play(self.states[-1], raw)
            self.states.append(state)
            self.outcomes.append(outcome)

    @property
    def length(self) -> int:
        return len(self.states) - 1

    def play(self, raw: Any, answered: Iterable[str] = ()) -> dict[str, Any]:
        """Apply ``raw`` (a play object, or its JSON text) after the last play, or say why
        not, as the server's tap does: a key the game does not define or a play over the size
        limit, a question the table has not answered yet (``answered``: the questions it
        has), a malformed or illegal play."""
        try:
            raw = _play_object(raw)
            self.engine.check_play(raw)
            question = self.engine.pending(self.states[-1], raw)
            if question is not None and question["ask"] not in set(answered):
                return {**self.view(), "ok": False, "question": question}
            state, outcome = self.engine.play(self.states[-1], raw)
        except EngineError as error:
            return self.refused(error)
        self.states.append(state)
        self.outcomes.append(outcome)
        return self.view()

    def refused(self, error: EngineError) -> dict[str, Any]:
        """The game unchanged, with ``error`` as the refusal: the engine's words as a
        sentence, and the kind of error."""
        return {**self.view(), "ok": False, "refusal": _sentence(error), "error": _kind(error)}

    def undo(self) -> dict[str, Any]:
        """Take back the last play; refused (``ok`` false) when there is none."""
        if not self.length:
            return {**self.view(), "ok": False, "refusal": "There is no play to undo."}
        self.states.pop()
        self.outcomes.pop()
        return self.view()

    def view(self) -> dict[str, Any]:
        """The game as the last play left it."""
        state = self.states[-1]
        outcome = self.outcomes[-1]
        return {
            "ok": True,
            "refusal": "",
            "error": "",
            "question": None,
            "outcome": str(outcome) if outcome else "",
            "tags": list(outcome.tags) if outcome else [],
            "length": self.length,
            "over": self.engine.is_over(state),
            "summary": self.engine.summary(state),
            "state": self.engine.state_to_json(state),
        }


# The game the page's worker has open: one scoring screen, one game.
_open: list[Tablet] = []


def current() -> Tablet | None:
    """The game the page's worker has open (``serve``'s "open"), or None."""
    return _open[0] if _open else None


def serve(request: str) -> str:
    """The page's worker's one entry point: a request as JSON text, the answer as JSON text.

    ``{"op": "open", "kind", "options", "plays"}`` opens a game (its ``view``); ``{"op":
    "play", "play", "answered"}``, ``{"op": "undo"}`` and ``{"op": "view"}`` act on it;
    ``{"op": "run", "kind", "options", "plays", "tries"}`` is ``run``. A request that fails
    (no game open, a log that does not replay) answers ``{"failed": "<why>"}``.
    """
    asked = json.loads(request)
    op = asked.get("op")
    try:
        if op == "open":
            _open[:] = [Tablet(asked["kind"], asked.get("options"), asked.get("plays", ()))]
            return json.dumps(_open[0].view())
        if op == "run":
            return run(asked["kind"], asked.get("options"), asked.get("plays", ()), asked["tries"])
        if not _open:
            return json.dumps({"failed": "no game is open"})
        tablet = _open[0]
        if op == "play":
            return json.dumps(tablet.play(asked.get("play"), asked.get("answered") or ()))
        if op == "undo":
            return json.dumps(tablet.undo())
        if op == "view":
            return json.dumps(tablet.view())
    except (EngineError, KeyError, TypeError) as error:
        return json.dumps({"failed": f"{type(error).__name__}: {error}"})
    return json.dumps({"failed": f"unknown request {op!r}"})


def run(kind: str, options: Any, plays: Any, tries: Any) -> str:
    """A tablet replaying ``plays``, then each of ``tries`` in turn, a pair of a play and the
    questions the table has answered (a try refused leaves the game as it was): the answers
    as one JSON text. What the parity test asks of both sides; every argument may be JSON
    text (as a page passes it) or the value."""
    tablet = Tablet(kind, _value(options), _value(plays))
    answers = [tablet.play(raw, answered) for raw, answered in _value(tries)]
    return json.dumps(answers, sort_keys=True)


def _play_object(raw: Any) -> dict[str, Any]:
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            raise InvalidPlay("the play is not valid JSON") from None
    if not isinstance(raw, dict):
        raise InvalidPlay("a play must be a JSON object")
    return raw


def _value(data: Any) -> Any:
    return json.loads(data) if isinstance(data, str) else data


def _sentence(error: EngineError) -> str:
    """The engine's words as the server's refusal says them: a sentence."""
    text = str(error)
    return text[:1].upper() + text[1:]


def _kind(error: EngineError) -> str:
    return type(error).__name__
