"""A tiny game (one coin toss) dropped into ``games/engines/`` and ``games/kinds/`` for the
length of a test, the way a contributor adds one: an engine package with its player, a kind
package with its declaration, screen and stats, and no list edited anywhere.

The packages are written under a temporary folder added to the two packages' ``__path__``,
so the real source tree is left alone; on the way out they are removed from ``sys.modules``
and both registries scan again.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import games.engines
import games.kinds

GAME_ID = "coin-toss"
PACKAGE = "coin_toss"

ENGINE_INIT = '''
    """Coin toss: one play, heads or tails."""

    from typing import Any

    from games.engines.base import Engine, InvalidPlay, Outcome


    class CoinToss(Engine):
        id = "coin-toss"
        name = "Coin Toss"
        default_sides = ("Caller",)
        play_keys = frozenset({"toss"})

        def initial_state(self, options: Any) -> tuple[str, ...]:
            return ()

        def parse(self, raw: Any, state: Any) -> str:
            if raw.get("toss") not in ("heads", "tails"):
                raise InvalidPlay("toss: heads or tails")
            return raw["toss"]

        def apply(self, state: Any, play: str) -> tuple[tuple[str, ...], Outcome]:
            return (*state, play), Outcome(f"It lands {play}.")

        def summary(self, state: Any) -> dict[str, Any]:
            won = state == ("heads",)
            return {
                "game": self.id,
                "status": "final" if state else "in_progress",
                "winner": 0 if won else None,
                "score": [int(won)],
            }

        def is_over(self, state: Any) -> bool:
            return bool(state)


    ENGINE = CoinToss()
    ORDER = 99
'''

ENGINE_PLAYER = """
    class Table:
        def __init__(self, rng):
            self.rng = rng

        def choose(self, state):
            return {"toss": self.rng.choice(["heads", "tails"])}
"""

KIND_INIT = """
    from games.kinds import SOLITAIRE, GameKind, runs_score_text

    from . import screen, stats

    KIND = GameKind(
        id="coin-toss",
        family=SOLITAIRE,
        score_text=runs_score_text,
        progress_text=lambda summary: "",
        screen=screen,
        stats=stats,
    )
"""

KIND_SCREEN = """
    def context(board):
        return {}


    def read_play(post_data):
        return {"toss": post_data.get("toss")}
"""

KIND_STATS = """
    def side_stats(replayed, side):
        return {}
"""


def _write(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


@contextmanager
def dropped_in_game(root: Path, *, with_kind: bool = True) -> Iterator[None]:
    """The coin-toss game is found by both registries inside the ``with`` block."""
    engines_dir, kinds_dir = root / "engines", root / "kinds"
    _write(engines_dir / PACKAGE, {"__init__.py": ENGINE_INIT, "player.py": ENGINE_PLAYER})
    if with_kind:
        kind_files = {"__init__.py": KIND_INIT, "screen.py": KIND_SCREEN, "stats.py": KIND_STATS}
        _write(kinds_dir / PACKAGE, kind_files)
    importlib.invalidate_caches()
    games.engines.__path__.append(str(engines_dir))
    games.kinds.__path__.append(str(kinds_dir))
    games.engines.forget()
    games.kinds.forget()
    try:
        yield
    finally:
        games.engines.__path__.remove(str(engines_dir))
        games.kinds.__path__.remove(str(kinds_dir))
        for name in list(sys.modules):
            if name.startswith((f"games.engines.{PACKAGE}", f"games.kinds.{PACKAGE}")):
                del sys.modules[name]
        for package in (games.engines, games.kinds):
            if hasattr(package, PACKAGE):
                delattr(package, PACKAGE)
        games.engines.forget()
        games.kinds.forget()
