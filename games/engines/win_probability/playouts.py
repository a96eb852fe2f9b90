"""Play-outs from an exact state: the reference a win-probability figure is checked against.

From a state taken from a real game, many games are played to their end by fresh plausible
players (``games/engines/players.py``); the share each side won is what the figure should be.
Play-out ``i`` from a state is seeded from ``(seed, i)`` alone, so a check is reproduced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import get
from ..players import MAX_PLAYS, plausible, play_out
from .build import game_seed
from .model import LABELS, Probabilities, label_of


def finish(game_id: str, state: Any, seed: int) -> int:
    """The label of one game played on from ``state`` by fresh plausible players."""
    engine = get(game_id)
    table = plausible(game_id, random.Random(seed))
    for _ in range(MAX_PLAYS):
        if engine.is_over(state):
            return label_of(engine.summary(state))
        state, _ = engine.play(state, table.choose(state))
    raise RuntimeError(f"{game_id}: no end after {MAX_PLAYS} plays (seed {seed})")


def play_outs(game_id: str, state: Any, games: int = 2000, seed: int = 0) -> Probabilities:
    """Each outcome's share over ``games`` play-outs from ``state``."""
    won = [0] * LABELS
    for index in range(games):
        won[finish(game_id, state, game_seed(seed, index))] += 1
    return won[0] / games, won[1] / games, won[2] / games


@dataclass(frozen=True)
class Sampled:
    """A state taken from a game: which game (its seed) and which play."""

    game_seed: int
    play: int  # plays made before the state
    state: Any


def sample_states(
    game_id: str, options: Mapping[str, Any], games: int, seed: int = 0
) -> list[Sampled]:
    """One state from each of ``games`` games played by plausible players, at any moment
    before the end (the first state included), every moment equally likely."""
    rng = random.Random(f"states:{seed}")
    out = []
    for _ in range(games):
        played_seed = rng.getrandbits(64)
        played = play_out(game_id, options, played_seed)
        play = rng.randrange(len(played.states) - 1)
        out.append(Sampled(played_seed, play, played.states[play]))
    return out


@dataclass(frozen=True)
class Checked:
    """One state's figure against its play-outs."""

    sampled: Sampled
    predicted: Probabilities
    played_out: Probabilities

    @property
    def gap(self) -> float:
        """The largest difference over the outcomes (each side winning, a tie)."""
        return max(abs(a - b) for a, b in zip(self.predicted, self.played_out, strict=True))


def check_states(
    table: Any, states: list[Sampled], games: int = 2000, seed: int = 0
) -> list[Checked]:
    """Each state's figure from ``table`` against ``games`` play-outs from it."""
    return [
        Checked(
            sampled,
            table.predict(sampled.state),
            play_outs(table.game_id, sampled.state, games, seed),
        )
        for sampled in states
    ]


def within(checked: list[Checked], bound: float) -> float:
    """The share of ``checked`` states whose figure is within ``bound`` of their play-outs."""
    return sum(item.gap <= bound for item in checked) / len(checked) if checked else 1.0
