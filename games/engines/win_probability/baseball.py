"""The win-probability model of the two-sided baseball games: run distributions, then the
rest of the game worked out exactly (``innings_dp.py``).

A table for a game of N innings is built from games of N innings and counts two things:

- **each half-inning's runs**, per inning and half (``h:<inning>,<half>``; extra innings
  pooled as inning N + 1): a first inning, with every hand full and the top of the order up,
  scores more than the later ones;
- **the runs still to come in the half-inning under way** from every state, by the state's
  situation, finest first: the inning, outs, bases and what the game adds (the count, the
  batter's place in the order, ...), then without the inning, then outs and bases alone. A
  rarely seen situation leans on the coarser one in proportion to how rarely it was seen.

A bottom half that can end in a walk-off (the last inning's, an extra one's) stops early, so
its runs say only "at least this many": those halves are not counted, and the top of the
same inning stands for them (the players are the same on both sides).

From a state, the visitors' chance is the rest of the half-inning's runs run through the
dynamic programme of the innings to come, with no run difference clipped.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from .. import get
from ..baseball.innings import BOTTOM, TOP
from ..players import plausible
from .innings_dp import Innings
from .model import Model, Probabilities, distribution, key_text

RUNS = 40  # a histogram's entries: 0 to 39 runs, then 40 or more
MOST_INNINGS = 20
Situation = Callable[[Any], tuple[tuple[Hashable, ...], ...]]
# What a half-inning's runs depend on at its start, for the side ``side`` to bat (who leads
# off, who pitches to them), from any state before that half starts.
HalfStart = Callable[[Any, int], Hashable]


def half_key(inning: int, half: int) -> str:
    return f"h:{inning},{half}"


def start_key(start: Hashable) -> str:
    return (
        "s:" + ",".join(str(part) for part in start) if isinstance(start, tuple) else f"s:{start}"
    )


class BaseballModel(Model):
    bounds = (("innings", MOST_INNINGS, f"games of more than {MOST_INNINGS} innings"),)

    def __init__(
        self,
        game_id: str,
        situation: Situation,
        *,
        half_start: HalfStart | None = None,
        games: int = 20_000,
        fresh_tables: bool = False,
    ) -> None:
        self.game_id = game_id
        self._half_start = half_start
        # The game's player remembers what it dealt: count the rest of a half-inning as a
        # fresh table plays it from the state, as play-outs from that state do.
        self.fresh_tables = fresh_tables
        self._situation = situation
        self.games = games
        self._solved: dict[tuple[int, int], tuple[Mapping[str, Sequence[int]], Innings]] = {}

    def table_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return self.within_bounds(self.validated(options))

    def simulation_options(self, table_options: Mapping[str, Any]) -> dict[str, Any]:
        return dict(table_options)

    def levels(self, state: Any) -> tuple[tuple[Hashable, ...], ...]:
        """The half-inning's situation, finest first: with the inning, then without."""
        innings = state.innings
        inning = min(innings.inning, innings.scheduled + 1)
        situation = self._situation(state)
        return ((inning, *situation[0]), *situation)

    def samples(
        self, states: Sequence[Any], summary: Mapping[str, Any], seed: int = 0
    ) -> Iterable[tuple[str, int]]:
        """(key, runs) for every state of a half-inning that was played to three outs: the
        runs still to come in it, and at its start the runs of the whole half."""
        final = states[-1].innings
        scheduled = final.scheduled
        previous = None
        for index, state in enumerate(states[:-1]):
            innings = state.innings
            half = (innings.inning, innings.half)
            starts = half != previous
            previous = half
            if innings.walk_offs and innings.half == BOTTOM and innings.inning >= scheduled:
                continue  # may stop at a walk-off
            total = final.line[innings.half][innings.inning - 1]
            if starts:
                yield half_key(min(innings.inning, scheduled + 1), innings.half), min(total, RUNS)
                if self._half_start is not None:
                    start = self._half_start(state, innings.half)
                    yield start_key(start), min(total, RUNS)
            if self.fresh_tables:
                rest = self.rest_by_fresh_table(state, seed * 100_003 + index)
            else:
                rest = total - innings.line[innings.half][-1]
            for level, key in enumerate(self.levels(state)):
                yield key_text(level, key), min(rest, RUNS)

    def rest_by_fresh_table(self, state: Any, seed: int) -> int:
        """The runs a fresh plausible table scores in the rest of the half-inning from
        ``state`` (for a player that remembers what it dealt: from a state, the hands are
        dealt anew from what is left, as a play-out from that state deals them)."""
        engine = get(self.game_id)
        table = plausible(self.game_id, random.Random(seed))
        innings = state.innings
        half, side = (innings.inning, innings.half), innings.half
        before = innings.score[side]
        while not engine.is_over(state) and (state.innings.inning, state.innings.half) == half:
            state, _ = engine.play(state, table.choose(state))
        return state.innings.score[side] - before

    def innings(self, counts: Mapping[str, Sequence[int]], scheduled: int, ties: bool) -> Innings:
        """The game's programme from this table's half-inning runs (solved once a table)."""
        solved = self._solved.get((id(counts), scheduled))
        if solved is not None and solved[0] is counts:
            return solved[1]
        halves = []
        for inning in range(1, scheduled + 2):
            top = distribution((half_key(inning, TOP),), counts, RUNS + 1)
            bottom = distribution((half_key(inning, BOTTOM),), counts, RUNS + 1)
            halves.append(
                (top, bottom if sum(bottom) and counts.get(half_key(inning, BOTTOM)) else top)
            )
        programme = Innings.solve(scheduled, halves, ties=ties)
        if len(self._solved) > 64:
            self._solved.clear()
        self._solved[(id(counts), scheduled)] = (counts, programme)
        return programme

    def predict(self, state: Any, counts: Mapping[str, Sequence[int]]) -> Probabilities:
        if get(self.game_id).is_over(state):
            return super().predict(state, counts)
        keys = [key_text(level, key) for level, key in enumerate(self.levels(state))]
        return self.chances_from(state, counts, distribution(keys, counts, RUNS + 1))

    def chances_from(
        self, state: Any, counts: Mapping[str, Sequence[int]], rest: Sequence[float]
    ) -> Probabilities:
        """The chances from ``state`` given ``rest``, the batting side's runs still to come
        in the half-inning under way."""
        innings = state.innings
        programme = self.innings(counts, innings.scheduled, innings.ties_allowed)
        visitors, home = innings.score
        lead = visitors - home
        if self._half_start is None:
            return programme.chances(innings.inning, innings.half, lead, rest)
        # The next half-inning is the other side's, from its own start: who leads off and who
        # pitches are known now, and its runs depend on them more than on the inning.
        other = 1 - innings.half
        following_inning = innings.inning + innings.half
        keys = (
            start_key(self._half_start(state, other)),
            half_key(min(following_inning, innings.scheduled + 1), other),
        )
        following = distribution(keys, counts, RUNS + 1)
        return programme.chances_with_next(innings.inning, innings.half, lead, rest, following)
