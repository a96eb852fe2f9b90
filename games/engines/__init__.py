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
    """Every game, in the order they were registered (the order pages offer them)."""
    return list(_REGISTRY.values())


def _load_builtin() -> None:
    from .backyard_baseball import ENGINE as backyard_baseball
    from .bedard_baseball import ENGINE as bedard_baseball
    from .quick_baseball import ENGINE as quick_baseball
    from .quick_cricket import ENGINE as quick_cricket
    from .quick_tennis import ENGINE as quick_tennis
    from .solitaire_baseball import ENGINE as solitaire_baseball

    register(quick_baseball)
    register(quick_cricket)
    register(backyard_baseball)
    register(bedard_baseball)
    register(solitaire_baseball)
    register(quick_tennis)


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
