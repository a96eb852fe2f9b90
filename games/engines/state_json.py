"""Engine states as JSON data, and back: the form the site stores a board in.

Every engine's state is an immutable value built of frozen dataclasses, tuples, frozensets
and plain scalars, so one codec serves them all (``Engine.state_to_json`` and
``Engine.state_from_json`` call it; an engine with another kind of state overrides those).

- ``None``, booleans, integers, floats and strings are themselves;
- a tuple is a JSON array;
- a dataclass is an object: ``"@"`` names its class (its module under ``games.engines``
  and its name), the other keys are its fields;
- a frozenset is ``{"@frozenset": [...]}``, its items in a fixed order (the order of their
  JSON text), so the same state always gives the same JSON;
- a list is ``{"@list": [...]}`` and a dict ``{"@dict": [[key, value], ...]}``.

Reading builds only dataclasses defined in the engines' own modules (``games.engines.…``),
found among the modules already loaded (an engine's modules are, once it is used), so it
imports nothing: any other name, a missing field or a value of another shape raises
``StateJSONError``. The
JSON is data, never code: a state read back is one of the engines' own values.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any

PACKAGE = "games.engines."
CLASS = "@"
FROZENSET, LIST, DICT = "@frozenset", "@list", "@dict"
_SCALARS = frozenset({str, int, float, bool, type(None)})
# Per dataclass of the engines: its tag and the names of its fields, in order.
_SHAPES: dict[type, tuple[str, tuple[str, ...]]] = {}


class StateJSONError(ValueError):
    """JSON data that is no engine state."""


def state_to_json(state: Any) -> Any:
    """``state`` as JSON data (``json.dumps`` takes it as it is)."""
    return _encode(state)


def state_from_json(data: Any) -> Any:
    """The state ``state_to_json`` gave ``data`` for. Raises ``StateJSONError``."""
    try:
        return _decode(data)
    except StateJSONError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
        raise StateJSONError(f"not an engine state: {exc}") from None


def _encode(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        return [_encode(item) for item in value]
    shape = _SHAPES.get(kind) or _shape(kind)
    if shape is not None:
        tag, names = shape
        encoded = {CLASS: tag}
        for name in names:
            encoded[name] = _encode(getattr(value, name))
        return encoded
    if kind is frozenset:
        return {FROZENSET: sorted((_encode(item) for item in value), key=_sort_key)}
    if kind is list:
        return {LIST: [_encode(item) for item in value]}
    if kind is dict:
        return {DICT: [[_encode(key), _encode(item)] for key, item in value.items()]}
    raise StateJSONError(f"a {kind.__name__} has no JSON form here")


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


def _decode(data: Any) -> Any:
    kind = type(data)
    if kind in _SCALARS:
        return data
    if kind is list:
        return tuple([_decode(item) for item in data])
    if kind is not dict:
        raise StateJSONError(f"a {kind.__name__} is no state")
    tag = data.get(CLASS)
    if tag is not None:
        cls = _CLASSES.get(tag) or _class(tag)
        names = _SHAPES[cls][1]
        if len(data) != len(names) + 1:
            raise StateJSONError(f"{cls.__qualname__} has fields {list(names)}")
        return cls(*[_decode(data[name]) for name in names])
    if len(data) == 1:
        if FROZENSET in data:
            return frozenset([_decode(item) for item in _array(data[FROZENSET])])
        if LIST in data:
            return [_decode(item) for item in _array(data[LIST])]
        if DICT in data:
            return {_decode(key): _decode(item) for key, item in _array(data[DICT])}
    raise StateJSONError(f"an object with keys {sorted(data)} is no state")


def _array(data: Any) -> list:
    if not isinstance(data, list):
        raise StateJSONError("a tagged value must hold an array")
    return data


_CLASSES: dict[str, type] = {}


def _shape(cls: type) -> tuple[str, tuple[str, ...]] | None:
    """The tag and field names of the engines' dataclass ``cls`` (None: not a dataclass)."""
    if not dataclasses.is_dataclass(cls):
        return None
    if not cls.__module__.startswith(PACKAGE):
        raise StateJSONError(f"{cls.__qualname__} is not an engine's class")
    fields = dataclasses.fields(cls)
    if any(not field.init or field.kw_only is True for field in fields):
        raise StateJSONError(f"{cls.__qualname__} has a field its constructor does not take")
    shape = (
        f"{cls.__module__.removeprefix(PACKAGE)}:{cls.__qualname__}",
        tuple(f.name for f in fields),
    )
    _SHAPES[cls] = shape
    return shape


def _class(name: Any) -> type:
    """The engines' dataclass ``name`` names (``module:QualName`` under ``games.engines``)."""
    if not isinstance(name, str):
        raise StateJSONError("a class name must be a string")
    if name not in _CLASSES:
        module, _, qualname = name.partition(":")
        if (
            not module
            or not qualname
            or not all(part.isidentifier() for part in [*module.split("."), *qualname.split(".")])
        ):
            raise StateJSONError(f"no engine class {name!r}")
        # Only among the modules already loaded (an engine's are, once it is used): reading
        # a state imports nothing.
        found: Any = sys.modules.get(PACKAGE + module)
        for part in qualname.split("."):
            found = getattr(found, part, None)
        if not (isinstance(found, type) and dataclasses.is_dataclass(found)):
            raise StateJSONError(f"{name!r} is not an engine's state class")
        if _shape(found) is None or _SHAPES[found][0] != name:
            raise StateJSONError(f"{name!r} is not an engine's class")
        _CLASSES[name] = found
    return _CLASSES[name]
