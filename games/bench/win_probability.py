"""Win probability in the bench: for every game, a table's build time, its calibration over
games it was not built from, and the cost of one lookup beside the cost of a tap."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from games.engines import all_engines
from games.engines.players import play_out
from games.engines.win_probability.build import build_table
from games.engines.win_probability.calibration import MIN_GAMES, calibrate

# The options each game's figures are measured on (the demo's and the usual ones).
OPTIONS = {
    "quick-baseball": {"innings": 9},
    "quick-cricket": {"overs": 8},
    "backyard-baseball": {"innings": 3},
    "bedard-baseball": {"innings": 9},
    "solitaire-baseball": {"innings": 9},
    "quick-tennis": {"sets": 3},
}
# A quick run (a smoke test of the bench) measures the short forms, whose tables build fastest.
QUICK_OPTIONS = {
    **OPTIONS,
    "quick-baseball": {"innings": 3},
    "quick-cricket": {"overs": 4},
    "bedard-baseball": {"innings": 3},
}
TARGET_GAP = 0.03
# Fresh games a table is checked against. The states of one game share its result, so a
# bucket's share won varies about as a share of games would: with 5,000 games its standard
# error is about 0.5/sqrt(5000) = 0.007 where every game passes through it, so the largest of
# ten buckets' gaps is mostly the table's own error, not the sample's (with 2,000 it was 0.011,
# and a 0.03 gap could be sampling alone).
CALIBRATION_GAMES = 5000
TARGET_LOOKUP_SHARE = 0.05


def lookup_seconds(table, game_id: str, options: dict[str, Any], games: int = 5) -> float:
    """Median seconds of one lookup (table in memory, as a request finds it) over every state
    of a few games."""
    timings = []
    for seed in range(games):
        for state in play_out(game_id, options, 10_000 + seed).states:
            started = time.perf_counter()
            table.predict(state)
            timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def measure(
    *,
    quick: bool,
    workers: int,
    taps: dict[str, float],
    say: Callable[[str], None],
    games: int | None = None,
    calibration_games: int | None = None,
) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for engine in all_engines():
        options = (QUICK_OPTIONS if quick else OPTIONS)[engine.id]
        build_games = games if games is not None else (40 if quick else None)
        say(f"win probability: building the {engine.id} table")
        table = build_table(engine.id, options, games=build_games, seed=0, workers=workers)
        check_games = calibration_games or (30 if quick else CALIBRATION_GAMES)
        say(f"win probability: calibrating {engine.id} over {check_games} fresh games")
        started = time.perf_counter()
        calibration = calibrate(
            table, games=check_games, seed=1, options=_simulation(table, options)
        )
        lookup = lookup_seconds(table, engine.id, options)
        report[engine.id] = {
            "options": options,
            "table_games": table.games,
            "build_seconds": round(table.seconds, 1),
            "build_workers": workers,
            "situations": len(table.counts),
            "calibration_games": check_games,
            "calibration_seconds": round(time.perf_counter() - started, 1),
            "largest_gap": round(calibration.largest_gap, 4),
            "largest_gap_min_games": MIN_GAMES,
            "largest_gap_any_bucket": round(calibration.largest_gap_any, 4),
            "gap_met": calibration.largest_gap <= TARGET_GAP,
            "buckets": [
                {
                    "predicted": f"{b.low:.1f}-{b.high:.1f}",
                    "situations": b.situations,
                    "games": b.games,
                    "mean_predicted": round(b.predicted, 3),
                    "share_won": round(b.won, 3),
                }
                for b in calibration.buckets
            ],
            "lookup_microseconds": round(lookup * 1e6, 1),
        }
        # Games whose tap the bench does not time are compared with the quickest tap timed.
        tap_seconds = taps.get(engine.id) or min(taps.values(), default=None)
        if tap_seconds:
            report[engine.id]["tap_microseconds"] = round(tap_seconds * 1e6, 1)
            share = lookup / tap_seconds
            report[engine.id]["lookup_share_of_tap"] = round(share, 4)
            report[engine.id]["lookup_met"] = share < TARGET_LOOKUP_SHARE
    return report


def _simulation(table, options: dict[str, Any]) -> dict[str, Any]:
    """The options calibration games are played with: the game's own (a three-inning game
    is calibrated as three innings even though its table was built from nine)."""
    return {**table.model.simulation_options(table.options), **options}
