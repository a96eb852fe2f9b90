"""Helpers for the organisers' and import tests: complete game records made by the engines
alone (no database), and records written to files."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.engines import get


def random_record(
    kind: str = "quick-baseball",
    options: dict[str, Any] | None = None,
    sides: list[str] | None = None,
    seed: int = 0,
    finish: bool = True,
    plays: int | None = None,
) -> dict[str, Any]:
    """A record of random legal plays: the whole game, or its first ``plays`` plays."""
    engine = get(kind)
    options = {"innings": 1} if options is None else options
    state = engine.initial_state(engine.options(options))
    rng = random.Random(seed)
    made: list[dict[str, Any]] = []
    while not engine.is_over(state) and (plays is None or len(made) < plays):
        legal = [
            p
            for p in engine.legal_plays(state)
            if "declare" not in p and "rain" not in p and "fielder" not in p
        ]
        play = rng.choice(legal)
        state, _ = engine.play(state, play)
        made.append(play)
    assert not finish or engine.is_over(state)
    return {
        "game": kind,
        "options": options,
        "sides": sides or list(engine.default_sides),
        "plays": made,
    }


def write(folder: Path, name: str, record: Any) -> Path:
    path = folder / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path
