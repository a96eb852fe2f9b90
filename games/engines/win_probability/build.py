"""Building a table: plausible players play many games of the table's options; every
situation they pass through is counted with the game's result."""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

from ..players import play_out
from .model import LABELS, key_text, label_of, model_for
from .table import Table

Progress = Callable[[int, int], None]  # (games done, games in all)


def build_table(
    game_id: str,
    options: Mapping[str, Any],
    *,
    games: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Table:
    """A table for ``options`` of ``game_id`` from ``games`` simulated games (the model's
    default when ``None``) from seeds ``seed`` onwards. Raises ``NotCovered``."""
    model = model_for(game_id)
    table_options = model.table_options(options)
    simulation = model.simulation_options(table_options)
    games = model.games if games is None else games
    started = time.perf_counter()
    counts: dict[str, list[int]] = defaultdict(lambda: [0] * LABELS)
    seeds = random.Random(seed)
    for done in range(games):
        played = play_out(game_id, simulation, seeds.getrandbits(64))
        overall = counts["*"]
        overall[label_of(played.summary)] += 1
        for key, label in model.samples(played.states, played.summary):
            counts[key][label] += 1
        if progress is not None:
            progress(done + 1, games)
    return Table(
        game_id=game_id,
        options=table_options,
        version=model.version(),
        games=games,
        seed=seed,
        seconds=time.perf_counter() - started,
        counts={key: (v[0], v[1], v[2]) for key, v in counts.items()},
    )


__all__ = ["build_table", "key_text"]
