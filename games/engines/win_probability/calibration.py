"""Calibration: over games the table was not built from, for each tenth of predicted
probability, the share of those situations whose side actually went on to win.

Every situation of a game shares that game's result, so a bucket's share won is only as sure
as the number of games passing through it: its standard error is about 0.5/sqrt(games). The
largest gap is taken over buckets that at least ``MIN_GAMES`` games pass through (standard
error at most 0.035 there, far less in most buckets); a bucket fewer games reach (solitaire's
low chances, where nearly every game is won) is reported with its count but cannot measure a
gap of 0.03.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..players import play_out
from .build import CHUNK, game_seed
from .model import label_of
from .table import Table

BUCKETS = 10
MIN_GAMES = 200


@dataclass(frozen=True)
class Bucket:
    low: float
    high: float
    situations: int
    predicted: float  # mean predicted chance of the first side winning
    won: float  # share of those situations the first side went on to win
    games: int = 0  # games with at least one situation here

    @property
    def gap(self) -> float:
        return abs(self.predicted - self.won)


@dataclass(frozen=True)
class Calibration:
    game_id: str
    games: int
    buckets: tuple[Bucket, ...]

    @property
    def largest_gap(self) -> float:
        """Over the buckets at least ``MIN_GAMES`` games pass through."""
        return max(
            (bucket.gap for bucket in self.buckets if bucket.games >= MIN_GAMES), default=0.0
        )

    @property
    def largest_gap_any(self) -> float:
        """Over every bucket with a situation in it, however few games reach it."""
        return max((bucket.gap for bucket in self.buckets if bucket.situations), default=0.0)


Sums = list[list[float]]  # per bucket: situations, predicted sum, won, games
_worker_table: Table | None = None


def _sums(table: Table, simulation: Mapping[str, Any], seed: int, first: int, last: int) -> Sums:
    sums: Sums = [[0, 0.0, 0, 0] for _ in range(BUCKETS)]
    for index in range(first, last):
        played = play_out(table.game_id, simulation, game_seed(seed, index))
        won = label_of(played.summary) == 0
        reached = set()
        for state in played.states[:-1]:
            chance = table.predict(state)[0]
            number = min(int(chance * BUCKETS), BUCKETS - 1)
            bucket = sums[number]
            bucket[0] += 1
            bucket[1] += chance
            bucket[2] += won
            reached.add(number)
        for number in reached:
            sums[number][3] += 1
    return sums


def _start_worker(text: str) -> None:
    global _worker_table
    _worker_table = Table.from_json(text)


def _worker_sums(simulation: Mapping[str, Any], seed: int, first: int, last: int) -> Sums:
    assert _worker_table is not None
    return _sums(_worker_table, simulation, seed, first, last)


def calibrate(
    table: Table,
    *,
    games: int = 2000,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
) -> Calibration:
    """Plays ``games`` fresh games (seeds the table's build never used: a different seed
    stream) and buckets every situation before the end by the first side's predicted chance.
    The same on any number of ``workers``."""
    if seed == table.seed:
        raise ValueError("calibration needs games the table was not built from (another seed)")
    model = table.model
    simulation = dict(options) if options is not None else model.simulation_options(table.options)
    chunks = [(first, min(first + CHUNK, games)) for first in range(0, games, CHUNK)]
    if workers <= 1:
        parts = [_sums(table, simulation, seed, first, last) for first, last in chunks]
    else:
        with ProcessPoolExecutor(
            max_workers=workers, initializer=_start_worker, initargs=(table.to_json(),)
        ) as pool:
            parts = list(
                pool.map(
                    _worker_sums,
                    [simulation] * len(chunks),
                    [seed] * len(chunks),
                    [first for first, _ in chunks],
                    [last for _, last in chunks],
                )
            )
    sums = [[sum(part[i][j] for part in parts) for j in range(4)] for i in range(BUCKETS)]
    buckets = tuple(
        Bucket(
            low=i / BUCKETS,
            high=(i + 1) / BUCKETS,
            situations=int(n),
            predicted=total / n if n else 0.0,
            won=wins / n if n else 0.0,
            games=int(reached),
        )
        for i, (n, total, wins, reached) in enumerate(sums)
    )
    return Calibration(table.game_id, games, buckets)
