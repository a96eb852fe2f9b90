"""Each game as the rest of the site sees it: one declaration per game.

The rules of a game live in its engine (``games/engines/<game>/``, standard library only);
everything else the site asks of a game, it asks the game's ``GameKind``, declared as ``KIND``
in ``games/kinds/<game id with _>/__init__.py``. A game declares:

- ``id``: its engine's id (``"quick-cricket"``);
- ``family``: the shape of its standings table (``baseball``, ``cricket``, ``solitaire`` or
  ``tennis``, see ``games/leagues/standings/``);
- ``score_text(summary)``: the score after a play, for the play-by-play ("45/3", "3–2");
- ``progress_text(summary)``: where a live game stands, for lists ("Top 3", "Set 2: 3–1 15–0");
- ``screen``: its scoring screen module (``screen.py`` beside the declaration): ``context(board)``
  for its templates, ``read_play(post_data)`` for its scoring form (the game's tap reader from
  ``games/kinds/taps/``, which the browser runs too), and optionally ``FIELDS``, ``defaults``,
  ``selected`` and ``play_fields`` (see ``games/scoring/screens/__init__.py``);
- ``stats``: its stats module (``stats.py``): ``side_stats(replayed, side)`` and its stats
  tables (see ``games/leagues/stats/__init__.py`` and ``games/leagues/stats_selectors.py``);
- ``exports``: the exports that apply beside the JSON record (``"cricsheet"``, ``"retrosheet"``);
- ``public_board_cached``: whether everybody's view of its board may be cached (not when the
  board shows more than its own game, as the solitaire board shows the player's record);
- ``league_points``: whether a league of it gives points for a win, a tie and a loss;
- ``two_legs``: whether a cup tie may be two games decided on aggregate runs;
- ``decider_options(options)``: the options of the game that settles a knockout tie left
  level (a tied game, a level aggregate, level solitaire scores); by default the same game
  again; ``decider_swaps_sides``: whether that game swaps who bats first (cricket) instead of
  the higher seed batting second;
- ``chart_axis(states)``: what its win-probability chart marks along the bottom (innings,
  overs, sets) and where each play was made, read from the replay's states (see
  ``games/kinds/chart_axis.py``); by default the plays counted.

A declaration also answers ``engine`` and ``name`` (its engine's, from ``games.engines``).

Nothing lists the games: the first ``kind()`` or ``all_kinds()`` call imports every subpackage
of this one and keeps those that expose a ``KIND`` (the shared ``stats/`` exposes none), so
adding a game means an engine package, a ``games/kinds/<game>/`` package (its declaration,
``screen.py`` and ``stats.py``) and its templates under ``templates/games/<game id>/``
(``docs/adding-a-game.md``). This module imports no game, so a game's package may import it
without importing the other games, and the site's modules may import it at their top.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games import engines
from games.kinds.chart_axis import Axis, plays_axis

BASEBALL, CRICKET, SOLITAIRE, TENNIS = "baseball", "cricket", "solitaire", "tennis"
FAMILIES = (BASEBALL, CRICKET, SOLITAIRE, TENNIS)
CRICSHEET, RETROSHEET = "cricsheet", "retrosheet"
EXPORTS = (CRICSHEET, RETROSHEET)

Summary = dict[str, Any]


@dataclass(frozen=True)
class GameKind:
    """What the site asks of one game (see the module's docstring)."""

    id: str
    family: str
    score_text: Callable[[Summary], str]
    progress_text: Callable[[Summary], str]
    screen: ModuleType
    stats: ModuleType
    exports: tuple[str, ...] = ()
    public_board_cached: bool = True
    league_points: bool = False
    two_legs: bool = False
    decider_options: Callable[[dict[str, Any]], dict[str, Any]] = dict
    decider_swaps_sides: bool = False
    chart_axis: Callable[[Sequence[Any]], Axis] = plays_axis

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"{self.id}: unknown family {self.family!r}")
        unknown = set(self.exports) - set(EXPORTS)
        if unknown:
            raise ValueError(f"{self.id}: unknown exports {sorted(unknown)}")

    @property
    def engine(self) -> engines.Engine:
        """The game's rules (``InvalidOptions`` if no engine plays this id)."""
        return engines.get(self.id)

    @property
    def name(self) -> str:
        """The game's name, as its engine gives it."""
        return self.engine.name


class UnknownKind(LookupError):
    """No game is declared under that id."""


_REGISTRY: dict[str, GameKind] | None = None


def kind(game_id: str) -> GameKind:
    """The declaration of ``game_id``. Raises ``UnknownKind`` naming the unknown id."""
    registry = _registry()
    try:
        return registry[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(registry))
        raise UnknownKind(f"no game kind {game_id!r} (known: {known})") from None


def all_kinds() -> list[GameKind]:
    """Every declared game, in the order of their engines (``all_engines()``)."""
    return list(_registry().values())


def _registry() -> dict[str, GameKind]:
    global _REGISTRY
    if _REGISTRY is None:  # built whole, then published: a thread sees all games or loads them
        _REGISTRY = discover()
    return _REGISTRY


def discover() -> dict[str, GameKind]:
    """Every ``KIND`` declared by a subpackage of this one, by game id, in the order of the
    engines. Raises ``ValueError`` when two packages declare one id, when a declaration names
    a game no engine plays, or when an engine has no declaration."""
    declared: dict[str, GameKind] = {}
    for info in pkgutil.iter_modules(__path__, prefix=f"{__name__}."):
        if not info.ispkg:
            continue
        found = getattr(importlib.import_module(info.name), "KIND", None)
        if found is None:
            continue
        if found.id in declared:
            raise ValueError(f"game kind {found.id!r} is declared twice (again in {info.name})")
        declared[found.id] = found
    order = [engine.id for engine in engines.all_engines()]
    if set(declared) != set(order):
        raise ValueError(
            f"kinds without an engine: {sorted(set(declared) - set(order))}; "
            f"engines without a kind: {sorted(set(order) - set(declared))}"
        )
    return {game_id: declared[game_id] for game_id in order}


def forget() -> None:
    """Drop what ``discover`` found, so the next lookup scans again (for tests that add a
    game package)."""
    global _REGISTRY
    _REGISTRY = None


# Texts shared by the games whose summaries read as innings of runs (every baseball game).


def runs_score_text(summary: Summary) -> str:
    """Each side's runs: "3–2" (one side: "4")."""
    return "–".join(str(runs) for runs in summary.get("score", []))


def one_inning_decider(options: dict[str, Any]) -> dict[str, Any]:
    """A baseball knockout's decider: one inning (extra innings where the game has them)."""
    return {**options, "innings": 1}


def half_inning_text(summary: Summary) -> str:
    """The half-inning being played: "Top 3", "Bottom 9"."""
    if "half" in summary:
        return f"{summary['half'].title()} {summary['inning']}"
    return ""


__all__ = [
    "BASEBALL",
    "CRICKET",
    "CRICSHEET",
    "RETROSHEET",
    "SOLITAIRE",
    "TENNIS",
    "GameKind",
    "UnknownKind",
    "all_kinds",
    "discover",
    "forget",
    "half_inning_text",
    "kind",
    "one_inning_decider",
    "runs_score_text",
]
