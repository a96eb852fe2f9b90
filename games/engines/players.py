"""Plausible players: for each game, a ``Table`` that chooses the next play as sensible people
at the table would, with what they can know (hands dealt from what is left of the deck).

Each game's package holds its own ``player.py`` with a ``Table(rng)`` whose ``choose(state)``
returns a complete play object (answers to the table's questions included) that the engine
accepts. One ``Table`` plays one game: it may remember the hands it dealt. Seeded through
``rng``, so a game, a season or a win-probability table is reproduced from its seed.

The uniform random player (``games/bench/players.py``) stays for fuzzing: it reaches the rare
paths a sensible player avoids.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from . import get, player_table

# A game longer than this is a player's bug, not a game: the simulation stops with an error.
MAX_PLAYS = 20_000


class Player(Protocol):
    def choose(self, state: Any) -> dict[str, Any]: ...


def plausible(game_id: str, rng: random.Random) -> Player:
    """A new plausible table for one game of ``game_id``."""
    get(game_id)  # InvalidOptions for an unknown game
    return player_table(game_id)(rng)


@dataclass(frozen=True)
class Played:
    """One simulated game: its plays, the state after each play (``states[0]`` is the state
    before the first) and its summary."""

    plays: tuple[dict[str, Any], ...]
    states: tuple[Any, ...]
    summary: dict[str, Any]


def steps(game_id: str, options: Mapping[str, Any], rng: random.Random) -> Iterator[Any]:
    """The states of one game played out by plausible players, the first state included."""
    engine = get(game_id)
    state = engine.initial_state(engine.options(dict(options)))
    table = plausible(game_id, rng)
    yield state
    for _ in range(MAX_PLAYS):
        if engine.is_over(state):
            return
        state, _ = engine.play(state, table.choose(state))
        yield state
    raise RuntimeError(f"{game_id}: no end after {MAX_PLAYS} plays")


def play_out(game_id: str, options: Mapping[str, Any], seed: int) -> Played:
    """One game of ``game_id`` played to its end by plausible players, from ``seed``."""
    engine = get(game_id)
    state = engine.initial_state(engine.options(dict(options)))
    table = plausible(game_id, random.Random(seed))
    plays: list[dict[str, Any]] = []
    states = [state]
    while not engine.is_over(state):
        if len(plays) >= MAX_PLAYS:
            raise RuntimeError(f"{game_id}: no end after {MAX_PLAYS} plays (seed {seed})")
        raw = table.choose(state)
        state, _ = engine.play(state, raw)
        plays.append(raw)
        states.append(state)
    return Played(tuple(plays), tuple(states), engine.summary(state))
