"""Engine replay throughput: plays per second replaying long generated games, beside the
same machine's rate for a trivial loop (one dict copy per play)."""

from __future__ import annotations

import time
from typing import Any

from games.bench.players import Generated, generate
from games.engines.record import Record, replay

# Long games of every game: (options, play limit) in full and quick runs.
LONG_GAMES: dict[str, tuple[dict[str, Any], int, int]] = {
    "quick-baseball": ({"innings": 2000}, 10**6, 2000),
    "quick-cricket": ({"overs": None, "innings": 2}, 10**6, 10**6),  # a Test, unlimited overs
    "backyard-baseball": ({"innings": 2000}, 20000, 1000),
    "bedard-baseball": ({"innings": 9}, 5000, 500),
    "solitaire-baseball": ({"innings": 9}, 10**6, 10**6),
    "quick-tennis": ({"sets": 5}, 10**6, 10**6),
}


def baseline_rate(plays: int, min_seconds: float) -> float:
    """Plays per second of a loop that copies a small dict per play."""
    template = {"inning": 1, "half": "top", "outs": 0, "score": [0, 0], "bases": [0, 0, 0]}
    done, elapsed = 0, 0.0
    while elapsed < min_seconds:
        start = time.perf_counter()
        state = template
        for _ in range(plays):
            state = dict(state)
            state["outs"] += 1
        elapsed += time.perf_counter() - start
        done += plays
    return done / elapsed


def replay_rate(game: Generated, min_seconds: float) -> tuple[float, int]:
    """Plays per second replaying ``game`` (whole replays until ``min_seconds`` passed)."""
    record = Record(game.kind, game.options, ("A", "B"), game.plays)
    done, elapsed, rounds = 0, 0.0, 0
    while elapsed < min_seconds or not rounds:
        start = time.perf_counter()
        replay(record)
        elapsed += time.perf_counter() - start
        done += len(game.plays)
        rounds += 1
    return done / elapsed, rounds


def throughput(*, quick: bool, min_seconds: float) -> dict[str, Any]:
    results = {}
    for kind, (options, full_limit, quick_limit) in LONG_GAMES.items():
        started = time.perf_counter()
        game = generate(kind, options, limit=quick_limit if quick else full_limit, seed=7)
        generated_in = time.perf_counter() - started
        rate, rounds = replay_rate(game, min_seconds)
        base = baseline_rate(len(game.plays), min_seconds)
        results[kind] = {
            "options": options,
            "plays": len(game.plays),
            "game_over": game.over,
            "replays": rounds,
            "plays_per_second": round(rate),
            "baseline_plays_per_second": round(base),
            "ratio_to_baseline": round(rate / base, 5),
            "generation_seconds": round(generated_in, 2),
        }
    return results
