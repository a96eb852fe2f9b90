"""Game engines: the rules of every game, in pure Python (standard library only).

``get(game_id)`` returns the engine for a game id; ``all_engines()`` lists them.
"""

from __future__ import annotations

from .base import (
    Engine,
    EngineError,
    IllegalPlay,
    InvalidOptions,
    InvalidPlay,
    OptionSpec,
    Outcome,
)

_REGISTRY: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    _REGISTRY[engine.id] = engine
    return engine


def get(game_id: str) -> Engine:
    """The engine for ``game_id``. Raises ``InvalidOptions`` naming the unknown id."""
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise InvalidOptions(f"unknown game {game_id!r} (known games: {known})") from None


def all_engines() -> list[Engine]:
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]


def _load_builtin() -> None:
    from .quick_baseball import ENGINE as quick_baseball
    from .quick_cricket import ENGINE as quick_cricket

    register(quick_baseball)
    register(quick_cricket)


_load_builtin()

__all__ = [
    "Engine",
    "EngineError",
    "IllegalPlay",
    "InvalidOptions",
    "InvalidPlay",
    "OptionSpec",
    "Outcome",
    "all_engines",
    "get",
    "register",
]
