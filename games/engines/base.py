"""The common interface every game engine implements, and the errors it raises.

Borrowed from python-chess: a malformed play (syntax) and an illegal play (not allowed in
this state) are different exception types, both ``ValueError``; messages name the card or
field and say why.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from . import state_json
from .json_text import MAX_DEPTH

# Keys any game's play may carry beside its own: a scorer's note and a time (the game record,
# README.md beside this file). The rules ignore them.
NOTE_KEYS = frozenset({"note", "at"})

# The largest play the site takes in, in bytes of compact JSON (UTF-8). The largest play a
# game defines is about 210 bytes (a Backyard at-bat with both cards and an extension): 1 KiB
# is five times that, with room for a note. A game of 4,259 plays (the longest measured, a
# random Bedard game) with every play at the limit is 4.2 MiB, so it still fits the 8 MiB a
# record file may be (games.plumbing.untrusted_files): it can be imported and restored.
PLAY_LIMIT = 1024


class EngineError(ValueError):
    """Base class of every error an engine raises."""


class InvalidOptions(EngineError):
    """The game's options are unknown or out of range."""


class InvalidPlay(EngineError):
    """A play that is malformed: wrong shape, unknown card or call."""


class IllegalPlay(EngineError):
    """A well-formed play that is not allowed in the current state."""


@dataclass(frozen=True)
class Outcome:
    """What a play did, in words (``text``) and as tags a page can style (``tags``)."""

    text: str
    tags: tuple[str, ...] = ()
    runs: int = 0

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default and a function that validates (and may normalise) a value.

    ``check`` raises ``ValueError`` with the reason when the value is wrong. ``field`` tells
    a form how to ask for it: ``"int"``, ``"optional_int"`` (empty means ``None``),
    ``"choice"`` (from ``choices``), or ``""`` for options no form asks for.
    """

    name: str
    default: Any
    check: Callable[[Any], Any]
    help: str = ""
    label: str = ""
    field: str = "int"
    choices: tuple[tuple[Any, str], ...] = ()


def check_play(
    raw: Any,
    keys: frozenset[str],
    objects: Mapping[str, frozenset[str]] | None = None,
    *,
    game: str,
) -> None:
    """Refuse a play object that is more than ``game`` defines: a key not in ``keys`` (nor
    ``NOTE_KEYS``), a key not in ``objects[key]`` inside the object a key holds, nesting past
    ``MAX_DEPTH`` or more than ``PLAY_LIMIT`` bytes as JSON. Raises ``InvalidPlay`` naming the
    key or the limit. A value that is not an object where one belongs is ``parse``'s to name.
    """
    if not isinstance(raw, Mapping):
        return
    notes = f"; any play may add {', '.join(sorted(NOTE_KEYS))}"
    _known_keys(raw, keys | NOTE_KEYS, f"a {game} play", sorted(keys), notes)
    for key, inner in (objects or {}).items():
        if isinstance(raw.get(key), Mapping):
            _known_keys(raw[key], inner, f"{key} of a {game} play", sorted(inner))
    if _depth(raw) > MAX_DEPTH:
        raise InvalidPlay(
            f"the play is nested too deeply (more than {MAX_DEPTH} levels of arrays and objects)"
        )
    text = json.dumps(raw, ensure_ascii=False, separators=(",", ":"), default=repr)
    size = len(text.encode("utf-8"))
    if size > PLAY_LIMIT:
        raise InvalidPlay(
            f"the play is {size:,} bytes as JSON: a play may be at most {PLAY_LIMIT:,} bytes"
        )


def _known_keys(
    value: Mapping, keys: frozenset[str], where: str, listed: list[str], also: str = ""
) -> None:
    for key in value:
        if key not in keys:
            text = repr(key) if len(repr(key)) <= 40 else repr(key)[:37] + "..."
            raise InvalidPlay(
                f"unknown key {text} in {where} (its keys: {', '.join(listed)}{also})"
            )


def _depth(value: Any) -> int:
    """How many levels of lists and objects ``value`` has, walked without recursion (one
    iterator per level open, so a wide value costs no memory) and no further than one past
    ``MAX_DEPTH``."""
    deepest, open_ = 0, [iter((value,))]
    while open_ and deepest <= MAX_DEPTH:
        for item in open_[-1]:
            if isinstance(item, (Mapping, list, tuple)):
                open_.append(iter(item.values() if isinstance(item, Mapping) else item))
                deepest = max(deepest, len(open_) - 1)
                break
        else:
            open_.pop()
    return deepest


def positive_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("must be a whole number")
    if value < 1:
        raise ValueError("must be at least 1")
    return value


class Engine(ABC):
    """One game's rules. Engines are stateless; every state is an immutable value."""

    id: ClassVar[str]
    name: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    default_sides: ClassVar[tuple[str, ...]] = ("Visitors", "Home")
    side_labels: ClassVar[tuple[str, ...]] = ("Visitors (bat first)", "Home")
    # What a league of this game calls the sides it enters: "team", or "player" for games
    # one person plays.
    entrant: ClassVar[str] = "team"
    # The keys a play of this game may have (its RULES.md, "Plays"), and for a key that holds
    # an object, that object's keys; any play may add NOTE_KEYS. Declared next to each game's
    # parse, checked by ``check_play``.
    play_keys: ClassVar[frozenset[str]] = frozenset()
    play_objects: ClassVar[Mapping[str, frozenset[str]]] = {}

    def options(self, raw: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validate ``raw`` options and fill in defaults. Raises ``InvalidOptions``."""
        raw = {} if raw is None else raw
        if not isinstance(raw, Mapping):
            raise InvalidOptions("options must be a JSON object")
        known = {spec.name: spec for spec in self.option_specs}
        for name in raw:
            if name not in known:
                raise InvalidOptions(f"unknown option {name!r} for {self.id}")
        result: dict[str, Any] = {}
        for name, spec in known.items():
            if name not in raw or (raw[name] is None and spec.default is None):
                # An option whose default is None (e.g. "use the default catalogue") is left
                # out, so a written record reads back exactly.
                if spec.default is not None:
                    result[name] = spec.default
                continue
            try:
                result[name] = spec.check(raw[name])
            except ValueError as exc:
                raise InvalidOptions(f"option {name!r}: {exc}") from None
        return result

    @abstractmethod
    def initial_state(self, options: Mapping[str, Any]) -> Any:
        """The state before the first play, from options already validated by ``options``."""

    @abstractmethod
    def parse(self, raw: Any, state: Any) -> Any:
        """Turn a play object from a record into a play value. Raises ``InvalidPlay``.

        The state is consulted only for what the game is played with (its card catalogue),
        never for whether the play is allowed now: that is ``apply``'s job.
        """

    @abstractmethod
    def apply(self, state: Any, play: Any) -> tuple[Any, Outcome]:
        """Return the new state and the outcome. Raises ``IllegalPlay``; ``state`` is untouched."""

    @abstractmethod
    def summary(self, state: Any) -> dict[str, Any]:
        """The summary object of ``README.md`` beside this file (JSON-serialisable)."""

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """True once the game is final."""

    def pending(self, state: Any, raw: Any) -> dict[str, Any] | None:
        """A question the table must answer before ``raw`` can be applied (``{"ask": …}``),
        or ``None``. Raises ``InvalidPlay`` for a malformed play."""
        self.parse(raw, state)
        return None

    def check_play(self, raw: Any) -> None:
        """Refuse a play the site is asked to take in (a tap, a typed line, a correction, an
        imported or restored record) that is more than this game defines: a key it does not
        declare (``play_keys``, ``play_objects``, ``NOTE_KEYS``) or more than ``PLAY_LIMIT``
        bytes. Raises ``InvalidPlay`` naming the key or the limit.

        ``parse`` and ``play`` do not call it: a log stored before keeps what it holds and
        still replays, its unknown keys ignored as the game record describes.
        """
        check_play(raw, self.play_keys, self.play_objects, game=self.name)

    def candidate_plays(self, state: Any) -> list[dict[str, Any]]:
        """Play objects worth trying in ``state`` (a superset of the legal ones)."""
        return []

    def legal_plays(self, state: Any) -> list[dict[str, Any]]:
        """The candidate plays that ``apply`` accepts in ``state``, like python-chess's moves."""
        legal = []
        for raw in self.candidate_plays(state):
            try:
                self.play(state, raw)
            except EngineError:
                continue
            legal.append(raw)
        return legal

    def play(self, state: Any, raw: Any) -> tuple[Any, Outcome]:
        """Parse and apply in one step."""
        return self.apply(state, self.parse(raw, state))

    def state_to_json(self, state: Any) -> Any:
        """``state`` as JSON data, the form a stored board keeps it in (``state_json``: every
        engine's state is frozen dataclasses, tuples, frozensets and scalars)."""
        return state_json.state_to_json(state)

    def state_from_json(self, data: Any) -> Any:
        """The state ``state_to_json`` gave ``data`` for. Raises ``StateJSONError``."""
        return state_json.state_from_json(data)
