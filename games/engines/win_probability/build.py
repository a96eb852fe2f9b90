"""Building a table: plausible players play many games of the table's options; every
situation they pass through is counted with the game's result.

Game ``i`` of a build is played from a seed drawn from ``(seed, i)`` alone, so a table is the
same whether one process builds it or several share the games (``workers``).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from ..players import play_out
from .model import LABELS, label_of, model_for
from .table import Table

Progress = Callable[[int, int], None]  # (games done, games in all)
Counts = dict[str, list[int]]
CHUNK = 100  # games per unit of work (and per progress step)


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}:{index}").getrandbits(64)


def count_games(
    game_id: str, options: Mapping[str, Any], seed: int, first: int, last: int
) -> Counts:
    """The situation counts of games ``first`` to ``last - 1`` of a build from ``seed``."""
    model = model_for(game_id)
    counts: Counts = defaultdict(lambda: [0] * LABELS)
    for index in range(first, last):
        played_seed = game_seed(seed, index)
        played = play_out(game_id, options, played_seed)
        counts["*"][label_of(played.summary)] += 1
        for key, label in model.samples(played.states, played.summary, played_seed):
            count = counts[key]
            if label >= len(count):
                count.extend([0] * (label + 1 - len(count)))
            count[label] += 1
    return dict(counts)


def _trimmed(values: list[int]) -> tuple[int, ...]:
    """A count without its trailing zeros past the labels (a run histogram's long tail)."""
    end = len(values)
    while end > LABELS and values[end - 1] == 0:
        end -= 1
    return tuple(values[:end])


def _merge(total: Counts, part: Counts) -> None:
    for key, values in part.items():
        into = total.setdefault(key, [0] * LABELS)
        if len(values) > len(into):
            into.extend([0] * (len(values) - len(into)))
        for i, value in enumerate(values):
            into[i] += value


def build_table(
    game_id: str,
    options: Mapping[str, Any],
    *,
    games: int | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
) -> Table:
    """A table for ``options`` of ``game_id`` from ``games`` simulated games (the model's
    default when ``None``). Raises ``NotCovered``."""
    model = model_for(game_id)
    table_options = model.table_options(options)
    simulation = model.simulation_options(table_options)
    games = model.games_for(table_options) if games is None else games
    started = time.perf_counter()
    chunks = [(first, min(first + CHUNK, games)) for first in range(0, games, CHUNK)]
    counts: Counts = {}
    done = 0
    if workers <= 1:
        for first, last in chunks:
            _merge(counts, count_games(game_id, simulation, seed, first, last))
            done += last - first
            if progress is not None:
                progress(done, games)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(count_games, game_id, simulation, seed, first, last): last - first
                for first, last in chunks
            }
            for future in as_completed(futures):
                _merge(counts, future.result())
                done += futures[future]
                if progress is not None:
                    progress(done, games)
    kept = {key: _trimmed(values) for key, values in counts.items()}
    kept.update(model.worked_out(kept, simulation))
    return Table(
        game_id=game_id,
        options=table_options,
        version=model.version(),
        games=games,
        seed=seed,
        seconds=round(time.perf_counter() - started, 3),
        counts=dict(sorted(kept.items())),
    )
