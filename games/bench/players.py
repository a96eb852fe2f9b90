"""A random legal player for every game, built on the engines alone, so generated games stay
legal as the rules change: each play is a uniformly random choice among the legal ones."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.engines import Engine, EngineError, get


@dataclass(frozen=True)
class Generated:
    kind: str
    options: dict[str, Any]
    plays: tuple[dict[str, Any], ...]
    over: bool  # the game ended (rather than reaching the play limit)


def random_legal_play(
    engine: Engine, state: Any, rng: random.Random, *, unasked: bool = False
) -> dict[str, Any] | None:
    """A random legal play (the first legal one of the candidates, shuffled), or ``None``.

    With ``unasked``, only a play the scoring screen records without first asking the table
    a question (``Engine.pending``).
    """
    candidates = engine.candidate_plays(state)
    rng.shuffle(candidates)
    for raw in candidates:
        try:
            engine.play(state, raw)
            if unasked and engine.pending(state, raw) is not None:
                continue
        except EngineError:
            continue
        return raw
    return None


def generate(kind: str, options: dict[str, Any], *, limit: int, seed: int = 0) -> Generated:
    """Up to ``limit`` random legal plays of a new game of ``kind``."""
    engine = get(kind)
    options = engine.options(options)
    state = engine.initial_state(options)
    rng = random.Random(seed)
    plays = []
    while len(plays) < limit and not engine.is_over(state):
        raw = random_legal_play(engine, state, rng)
        if raw is None:
            break
        state, _ = engine.play(state, raw)
        plays.append(raw)
    return Generated(kind, options, tuple(plays), engine.is_over(state))
