"""Card catalogues: the faces the scans lost, as versioned data a game keeps.

Each game whose printed cards are data has built-in catalogues, one JSON file each under
``<game id>/<name>.json``; ``index.json`` names them, says which is the default for new games
and holds each one's digest. A named catalogue never changes: loading checks the file against
its digest, so an edit shows up as an error instead of quietly changing games already played.
A new version of the cards is a new file with a new name (and, to make it the default, a new
``default`` in the index).

The ``catalogue`` option of a game is one of:

- absent: the current default (a record from elsewhere that does not say);
- a reference ``{"name": ..., "digest": ...}`` to a built-in catalogue: what the site stores,
  so a game keeps the cards it was started with whatever the default becomes;
- the catalogue's data itself (inline), for a group whose printed cards differ.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..base import OptionSpec

T = TypeVar("T")

_HERE = Path(__file__).parent
REFERENCE_KEYS = frozenset({"name", "digest"})


@cache
def _index() -> dict[str, Any]:
    return json.loads((_HERE / "index.json").read_text(encoding="utf-8"))


def _entry(game_id: str) -> dict[str, Any]:
    try:
        return _index()[game_id]
    except KeyError:
        raise ValueError(f"{game_id} has no card catalogues") from None


def digest(data: Any) -> str:
    """The digest of catalogue data: its canonical JSON text, hashed (SHA-256, 16 hex)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def has_catalogues(game_id: str) -> bool:
    return game_id in _index()


def names(game_id: str) -> tuple[str, ...]:
    """The built-in catalogues of ``game_id``, the default first (none for a game without)."""
    if not has_catalogues(game_id):
        return ()
    entry = _entry(game_id)
    rest = sorted(name for name in entry["catalogues"] if name != entry["default"])
    return (entry["default"], *rest)


def default_name(game_id: str) -> str | None:
    return _entry(game_id)["default"] if has_catalogues(game_id) else None


def label(game_id: str, name: str) -> str:
    """A built-in catalogue's name in words."""
    return _known(game_id, name)["label"]


def _known(game_id: str, name: str) -> dict[str, Any]:
    found = _entry(game_id)["catalogues"].get(name)
    if found is None:
        known = ", ".join(names(game_id))
        raise ValueError(f"no {game_id} catalogue named {name!r} (built in: {known})")
    return found


@cache
def _text(game_id: str, name: str) -> str:
    expected = _known(game_id, name)["digest"]
    text = (_HERE / game_id / f"{name}.json").read_text(encoding="utf-8")
    found = digest(json.loads(text))
    if found != expected:
        raise ValueError(
            f"the {game_id} catalogue {name!r} has changed (digest {found}, recorded "
            f"{expected}): a named catalogue never changes; give the new cards a new name"
        )
    return text


def named(game_id: str, name: str) -> Any:
    """A fresh copy of the data of the built-in catalogue ``name``."""
    return json.loads(_text(game_id, name))


def default_catalogue(game_id: str) -> Any:
    """A fresh copy of the data of ``game_id``'s default catalogue."""
    return named(game_id, _entry(game_id)["default"])


def reference(game_id: str, name: str) -> dict[str, str]:
    """What a game stores to keep the built-in catalogue ``name``."""
    return {"name": name, "digest": _known(game_id, name)["digest"]}


def is_reference(value: Any) -> bool:
    return isinstance(value, Mapping) and set(value) == REFERENCE_KEYS


def resolve(game_id: str, value: Any) -> Any:
    """The catalogue data a ``catalogue`` option stands for (``None``: the default).

    Raises ``ValueError`` for an unknown name or a reference whose digest is not the named
    catalogue's."""
    if value is None:
        return default_catalogue(game_id)
    if isinstance(value, str):
        return named(game_id, value)
    if is_reference(value):
        name, wanted = value["name"], value["digest"]
        if not isinstance(name, str) or not isinstance(wanted, str):
            raise ValueError("a catalogue reference is a name and a digest, both text")
        data = named(game_id, name)
        if digest(data) != wanted:
            raise ValueError(
                f"the {game_id} catalogue {name!r} has digest {digest(data)}, not {wanted}"
            )
        return data
    return value


def pinned(game_id: str, value: Any) -> Any:
    """What a new game stores for the ``catalogue`` option ``value``: a reference to the
    built-in it names or equals (the default when ``value`` is ``None``), else the data
    itself."""
    if not has_catalogues(game_id):
        return value
    if value is None:
        return reference(game_id, _entry(game_id)["default"])
    if isinstance(value, str):
        return reference(game_id, value)
    if is_reference(value):
        resolve(game_id, value)
        return dict(value)
    wanted = digest(value)
    for name in names(game_id):
        if _known(game_id, name)["digest"] == wanted:
            return reference(game_id, name)
    return value


def name_of(game_id: str, value: Any) -> str | None:
    """The built-in catalogue ``value`` stands for (``None``: the default), or ``None`` for
    cards of a group's own."""
    if value is None:
        return default_name(game_id)
    pinned_value = pinned(game_id, value)
    return pinned_value["name"] if is_reference(pinned_value) else None


class CatalogueOption(Generic[T]):
    """The ``catalogue`` option of a game whose cards are data.

    A game without the option plays with the default; a game with a reference or a name
    plays with that built-in catalogue; a game carrying its own copy (same shape) plays with
    that. Each is built once and cached.
    """

    def __init__(self, game_id: str, build: Callable[[Any], T]):
        self.game_id = game_id
        self._build = build
        self._cached = lru_cache(maxsize=32)(lambda text: build(json.loads(text)))

    @property
    def default(self) -> T:
        return self.for_options({})

    def check(self, value: Any) -> Any:
        """``value`` if it is a catalogue of this game; ``ValueError`` saying what is wrong."""
        if isinstance(value, str):
            value = reference(self.game_id, value)
        self._build(resolve(self.game_id, value))  # raises ValueError saying what is wrong
        return value

    def spec(self, help_text: str) -> OptionSpec:
        return OptionSpec("catalogue", None, self.check, help_text, field="")

    def for_options(self, options: Mapping[str, Any]) -> T:
        data = resolve(self.game_id, options.get("catalogue"))
        return self._cached(json.dumps(data, sort_keys=True))
