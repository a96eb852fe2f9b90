"""Game engines: the rules of every game, in pure Python (standard library only).

``get(game_id)`` returns the engine for a game id; ``all_engines()`` lists them.

Every game is a package here whose ``__init__.py`` exposes ``ENGINE`` (its ``Engine``) and
``ORDER`` (where pages offer it: the lowest first, so the first is the default game). Beside
it, by name, the modules the site loads only when it needs them: ``player.py`` (``Table``, the
plausible player), ``win_probability.py`` (``MODEL``) and ``notation.py`` (``NOTATION``).

Nothing lists the games: the first lookup imports every subpackage of this one and keeps
those that expose an ``ENGINE`` (the shared packages, ``baseball/``, ``catalogues/`` and
``win_probability/``, expose none). So this module imports no game, and a game's package may
import it (for ``get``) without importing the other games.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import pkgutil
from types import ModuleType
from typing import Any

from .base import (
    Engine,
    EngineError,
    IllegalPlay,
    InvalidOptions,
    InvalidPlay,
    OptionSpec,
    Outcome,
)

_GAMES: dict[str, ModuleType] | None = None  # game id -> the game's package, in ORDER


def get(game_id: str) -> Engine:
    """The engine for ``game_id``. Raises ``InvalidOptions`` naming the unknown id."""
    return _package(game_id).ENGINE


def all_engines() -> list[Engine]:
    """Every game, in the order pages offer them (each package's ``ORDER``)."""
    return [package.ENGINE for package in _games().values()]


def game_module(game_id: str, name: str) -> ModuleType | None:
    """The module ``name`` (``"player"``, ``"win_probability"``, ``"notation"``) of the game's
    package, imported on first use so that a simulation loads only the game it plays; ``None``
    when the game has no such module. Raises ``InvalidOptions`` for an unknown game."""
    qualified = f"{_package(game_id).__name__}.{name}"
    if importlib.util.find_spec(qualified) is None:
        return None
    return importlib.import_module(qualified)


def player_table(game_id: str) -> type:
    """The game's plausible player's ``Table`` class. ``KeyError`` for a game without one."""
    module = game_module(game_id, "player")
    if module is None:
        raise KeyError(game_id)
    return module.Table


def win_model(game_id: str) -> Any:
    """The game's win-probability ``MODEL``. ``KeyError`` for a game without one."""
    module = game_module(game_id, "win_probability")
    if module is None:
        raise KeyError(game_id)
    return module.MODEL


def _package(game_id: str) -> ModuleType:
    games = _games()
    try:
        return games[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(games))
        raise InvalidOptions(f"unknown game {game_id!r} (known games: {known})") from None


def _games() -> dict[str, ModuleType]:
    global _GAMES
    if _GAMES is None:  # built whole, then published: a thread sees all games or loads them
        _GAMES = discover()
    return _GAMES


def discover() -> dict[str, ModuleType]:
    """Every game package under this one, by game id, in ``ORDER`` (a package without one
    comes last; equal orders go by id). Raises ``ValueError`` when two packages claim one id."""
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(__path__, prefix=f"{__name__}."):
        if not info.ispkg:
            continue
        package = importlib.import_module(info.name)
        engine = getattr(package, "ENGINE", None)
        if engine is None:
            continue
        if engine.id in found:
            raise ValueError(
                f"game {engine.id!r} is declared by both {found[engine.id].__name__} "
                f"and {package.__name__}"
            )
        found[engine.id] = package
    ordered = sorted(found.items(), key=lambda item: (getattr(item[1], "ORDER", math.inf), item[0]))
    return dict(ordered)


def forget() -> None:
    """Drop what ``discover`` found, so the next lookup scans again (for tests that add a
    game package)."""
    global _GAMES
    _GAMES = None


__all__ = [
    "Engine",
    "EngineError",
    "IllegalPlay",
    "InvalidOptions",
    "InvalidPlay",
    "OptionSpec",
    "Outcome",
    "all_engines",
    "discover",
    "forget",
    "game_module",
    "get",
    "player_table",
    "win_model",
]
