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

A game whose half-innings depend on what a side carries from its last one (Quick Baseball:
who leads off, and whether the relief pitcher, in for the rest of the game, pitches to it)
gives a ``Carry``; the inning then says nothing more, and instead of per-inning runs the
table counts **how a half-inning goes from each start state** (``k:<state>``: its runs and
the start state it leaves the side in) and **how the rest of a half-inning moves the
state** (``e<level>:<situation>``: runs and move together, by ``Carry.ending``). Each side's
half-innings are then a chain of their own, and the programme (``StatefulInnings``) is worked
out for every pair of start states: a big inning that brings the relief pitcher in and turns
the order over is followed by the halves that really follow it, not by the inning's average.
Solving it takes seconds, so the table keeps it (``worked_out``) and a lookup reads it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import get
from ..baseball.innings import BOTTOM, TOP
from ..players import plausible
from .innings_dp import Innings, Outcome, StatefulInnings
from .model import SMOOTHING, Model, Probabilities, distribution, key_text

RUNS = 40  # a histogram's entries: 0 to 39 runs, then 40 or more
MOST_INNINGS = 20
Situation = Callable[[Any], tuple[tuple[Hashable, ...], ...]]
SMALLEST = 1e-5  # a half-inning's outcomes less likely than this are left out of the programme


@dataclass(frozen=True)
class Carry:
    """What a side carries from one of its half-innings to the next (who leads off, who
    pitches to it), for a game whose half-innings depend on it more than on the inning.

    A side's start state is a number below ``states``; how a stretch of a half-inning moves
    it is a number below ``moves``, told relative to where it started so that stretches from
    different states can be counted together."""

    states: int
    moves: int
    # The side's start state for its next half-inning, from any state before that half.
    start: Callable[[Any, int], int]
    # How the batting side's start state moved from the first state to the second (later in
    # the same half-inning, or the first state after it).
    move: Callable[[Any, Any, int], int]
    moved: Callable[[int, int], int]  # (start state, move) -> the start state it leads to
    # What the way the rest of a half-inning moves the state depends on, finest first.
    ending: Situation


def half_key(inning: int, half: int) -> str:
    return f"h:{inning},{half}"


def kernel_key(start: int | str) -> str:
    return f"k:{start}"


def ending_key(level: int, key: Sequence[Hashable]) -> str:
    return "e" + key_text(level, key)


def half_end(states: Sequence[Any], index: int) -> int:
    """The index of the first state after the half-inning of ``states[index]`` (or of the
    final state, if the game ended in it)."""
    innings = states[index].innings
    half = (innings.inning, innings.half)
    return next(
        later
        for later in range(index + 1, len(states))
        if (states[later].innings.inning, states[later].innings.half) != half
        or states[later].innings.final
    )


class BaseballModel(Model):
    bounds = (("innings", MOST_INNINGS, f"games of more than {MOST_INNINGS} innings"),)

    def __init__(
        self,
        game_id: str,
        situation: Situation,
        *,
        carry: Carry | None = None,
        games: int = 20_000,
        half_innings: int | None = None,
        smoothing: float = SMOOTHING,
        fresh_tables: bool = False,
    ) -> None:
        self.game_id = game_id
        # When given, a table counts this many half-innings of each side whatever the length
        # of game (a short game's table is built from more games): what a half-inning does is
        # what the table learns, and a 3-inning game has a third as many.
        self.half_innings = half_innings
        self.carry = carry
        self.smoothing = smoothing
        # Each start state and move, the start state it leads to (a lookup reads it often).
        self._moved = (
            [
                [carry.moved(start, move) for move in range(carry.moves)]
                for start in range(carry.states)
            ]
            if carry is not None
            else []
        )
        # The game's player remembers what it dealt: count the rest of a half-inning as a
        # fresh table plays it from the state, as play-outs from that state do.
        self.fresh_tables = fresh_tables
        self._situation = situation
        self.games = games
        self._solved: dict[tuple[int, int, bool], tuple[Mapping[str, Sequence[int]], Any]] = {}
        self._endings: dict[tuple[int, str], tuple[Mapping[str, Sequence[int]], Any]] = {}

    def games_for(self, table_options: Mapping[str, Any]) -> int:
        if self.half_innings is None:
            return self.games
        return max(1, self.half_innings // max(1, int(table_options.get("innings") or 9)))

    def table_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return self.within_bounds(self.validated(options))

    def simulation_options(self, table_options: Mapping[str, Any]) -> dict[str, Any]:
        return dict(table_options)

    def levels(self, state: Any) -> tuple[tuple[Hashable, ...], ...]:
        """The half-inning's situation, finest first: with the inning, then without. With a
        ``carry`` the start state says all the inning would (a half-inning goes the same
        from the same state in any inning), so the inning is left out."""
        situation = self._situation(state)
        if self.carry is not None:
            return situation
        innings = state.innings
        inning = min(innings.inning, innings.scheduled + 1)
        return ((inning, *situation[0]), *situation)

    def samples(
        self, states: Sequence[Any], summary: Mapping[str, Any], seed: int = 0
    ) -> Iterable[tuple[str, int]]:
        """(key, runs) for every state of a half-inning that was played to three outs: the
        runs still to come in it, and at its start the runs of the whole half. With a
        ``carry``, runs and how the state moved count together (``runs * moves + move``):
        from each half's start state, and for the rest of a half by ``carry.ending``."""
        final = states[-1].innings
        scheduled = final.scheduled
        carry = self.carry
        previous = None
        end = len(states) - 1
        for index, state in enumerate(states[:-1]):
            innings = state.innings
            half = (innings.inning, innings.half)
            starts = half != previous
            previous = half
            if innings.walk_offs and innings.half == BOTTOM and innings.inning >= scheduled:
                continue  # may stop at a walk-off
            total = final.line[innings.half][innings.inning - 1]
            if self.fresh_tables:
                rest = self.rest_by_fresh_table(state, seed * 100_003 + index)
            else:
                rest = total - innings.line[innings.half][-1]
            for level, key in enumerate(self.levels(state)):
                yield key_text(level, key), min(rest, RUNS)
            if carry is None:
                if starts:
                    yield (
                        half_key(min(innings.inning, scheduled + 1), innings.half),
                        min(total, RUNS),
                    )
                continue
            if starts:
                end = half_end(states, index)
            yield from self.carried(state, states[end], rest, total if starts else None)

    def carried(
        self, state: Any, end: Any, rest: int, total: int | None
    ) -> Iterable[tuple[str, int]]:
        """For a ``carry``: from ``state`` (a half's start when ``total`` is its runs) to
        ``end``, the first state after that half, the runs and how the state moved."""
        carry = self.carry
        assert carry is not None
        moved = carry.move(state, end, state.innings.half)
        if total is not None:
            outcome = min(total, RUNS) * carry.moves + moved
            yield kernel_key(carry.start(state, state.innings.half)), outcome
            yield kernel_key("*"), outcome
        for level, key in enumerate(carry.ending(state)):
            yield ending_key(level, key), min(rest, RUNS) * carry.moves + moved

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

    def innings(
        self, counts: Mapping[str, Sequence[int]], scheduled: int, ties: bool
    ) -> Innings | StatefulInnings:
        """The game's programme from this table's half-inning runs (solved once a table)."""
        solved = self._solved.get((id(counts), scheduled, ties))
        if solved is not None and solved[0] is counts:
            return solved[1]
        programme: Innings | StatefulInnings | None
        if self.carry is not None:
            programme = StatefulInnings.from_kept(
                counts, scheduled, self.carry.states, ties=ties
            ) or StatefulInnings.solve(scheduled, self.kernel(counts), ties=ties)
        else:
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
        self._solved[(id(counts), scheduled, ties)] = (counts, programme)
        return programme

    def worked_out(
        self, counts: Mapping[str, tuple[int, ...]], options: Mapping[str, Any]
    ) -> dict[str, tuple[int, ...]]:
        """With a ``carry``, the programme (slow to solve: every lead for every pair of start
        states), kept in the table for lookups to read."""
        if self.carry is None:
            return {}
        engine = get(self.game_id)
        innings = engine.initial_state(engine.options(dict(options))).innings
        kernel = self.kernel(counts)
        return StatefulInnings.solve(innings.scheduled, kernel, ties=innings.ties_allowed).kept()

    def kernel(self, counts: Mapping[str, Sequence[int]]) -> list[list[Outcome]]:
        """How a half-inning goes from each start state: its runs and the start state it
        leaves the side in, counted from that state, leaning on all states pooled."""
        carry = self.carry
        assert carry is not None
        size = (RUNS + 1) * carry.moves
        kernel = []
        for start in range(carry.states):
            shares = distribution((kernel_key(start), kernel_key("*")), counts, size)
            kernel.append(
                [
                    (index // carry.moves, carry.moved(start, index % carry.moves), p)
                    for index, p in enumerate(shares)
                    if p > SMALLEST
                ]
            )
        return kernel

    def endings(
        self, state: Any, counts: Mapping[str, Sequence[int]]
    ) -> list[list[tuple[int, float]]]:
        """Per runs still to come in the half-inning, how the batting side's start state
        moves by its end: (move, chance) pairs, from ``carry.ending``'s situations finest
        first (each leaning on the coarser), else from all runs of the coarsest."""
        carry = self.carry
        assert carry is not None
        keys = [ending_key(level, key) for level, key in enumerate(carry.ending(state))]
        cached = self._endings.get((id(counts), keys[0]))
        if cached is not None and cached[0] is counts:
            return cached[1]
        moves = carry.moves
        counted = [counts.get(key) or () for key in keys]
        coarsest = next((count for count in reversed(counted) if count), ())
        pooled = [0] * moves
        for index, seen in enumerate(coarsest):
            pooled[index % moves] += seen
        total = sum(pooled) or 1
        anyhow = [(move, seen / total) for move, seen in enumerate(pooled) if seen] or [(0, 1.0)]
        out = []
        for runs in range(RUNS + 1):
            part = {
                key: count[runs * moves : (runs + 1) * moves]
                for key, count in zip(keys, counted, strict=True)
            }
            if not any(sum(count) for count in part.values()):
                out.append(anyhow)  # never seen with this many runs: all runs of the coarsest
                continue
            shares = distribution(keys, part, moves)
            out.append([(move, p) for move, p in enumerate(shares) if p > SMALLEST])
        if len(self._endings) > 4096:
            self._endings.clear()
        self._endings[(id(counts), keys[0])] = (counts, out)
        return out

    def predict(self, state: Any, counts: Mapping[str, Sequence[int]]) -> Probabilities:
        if get(self.game_id).is_over(state):
            return super().predict(state, counts)
        keys = [key_text(level, key) for level, key in enumerate(self.levels(state))]
        return self.chances_from(
            state, counts, distribution(keys, counts, RUNS + 1, self.smoothing)
        )

    def chances_from(
        self, state: Any, counts: Mapping[str, Sequence[int]], rest: Sequence[float]
    ) -> Probabilities:
        """The chances from ``state`` given ``rest``, the batting side's runs still to come
        in the half-inning under way."""
        innings = state.innings
        programme = self.innings(counts, innings.scheduled, innings.ties_allowed)
        visitors, home = innings.score
        lead = visitors - home
        if isinstance(programme, Innings):
            return programme.chances(innings.inning, innings.half, lead, rest)
        carry = self.carry
        assert carry is not None
        side = innings.half
        moved = self._moved[carry.start(state, side)]
        endings = self.endings(state, counts)
        outcomes = [
            (runs, moved[move], p * q)
            for runs, p in enumerate(rest)
            if p > SMALLEST
            for move, q in endings[runs]
        ]
        return programme.chances(innings.inning, side, lead, outcomes, carry.start(state, 1 - side))
