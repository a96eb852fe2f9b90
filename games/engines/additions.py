"""What each game adds beyond its rules: its plausible player (``player.py``) and its
win-probability model (``win_probability.py``), imported on first use (a simulation loads
only the game it plays) by plain imports, one function per game (no dynamic import: see
``tests/engines/test_engines_pure.py``)."""

from __future__ import annotations

from typing import Any


def _quick_baseball() -> tuple[type, Any]:
    from .quick_baseball import player, win_probability

    return player.Table, win_probability.MODEL


def _quick_cricket() -> tuple[type, Any]:
    from .quick_cricket import player, win_probability

    return player.Table, win_probability.MODEL


def _backyard_baseball() -> tuple[type, Any]:
    from .backyard_baseball import player, win_probability

    return player.Table, win_probability.MODEL


def _bedard_baseball() -> tuple[type, Any]:
    from .bedard_baseball import player, win_probability

    return player.Table, win_probability.MODEL


def _solitaire_baseball() -> tuple[type, Any]:
    from .solitaire_baseball import player, win_probability

    return player.Table, win_probability.MODEL


def _quick_tennis() -> tuple[type, Any]:
    from .quick_tennis import player, win_probability

    return player.Table, win_probability.MODEL


_ADDITIONS = {
    "quick-baseball": _quick_baseball,
    "quick-cricket": _quick_cricket,
    "backyard-baseball": _backyard_baseball,
    "bedard-baseball": _bedard_baseball,
    "solitaire-baseball": _solitaire_baseball,
    "quick-tennis": _quick_tennis,
}


def player_table(game_id: str) -> type:
    """The game's plausible player's ``Table`` class. ``KeyError`` for a game without one."""
    return _ADDITIONS[game_id]()[0]


def win_model(game_id: str) -> Any:
    """The game's win-probability ``MODEL``. ``KeyError`` for a game without one."""
    return _ADDITIONS[game_id]()[1]
