"""A plausible Quick Baseball player for both sides: it chooses each pitch, batting
card, call and refresh as people at the table would, with what they can know.

Nothing is dealt in Quick Baseball: each side holds its whole set of cards and discards face
up, so both hands are public (the state's ``batter_hand`` and ``pitcher_hand``). What neither
player knows is the card the other lays face down, so each pitch is a guessing game. Each side
plays the mixed strategy of that one-pitch game (solved by fictitious play over the cards in
hand, cached) and the table draws both cards from those mixes with its ``rng``. A result is
worth the runs it scores plus the change in run expectancy (outs and bases). Calls are rare
side bets drawn on top (a steal, and the Pitch Out that guards against it).

- **Batter**: reveals a card from the mix; never a card that can match none of the pitches
  in hand while another can (a sure out). **Leave** only when the pitcher holds no
  blue-bordered card, so a leave is never a strike out; it burns one of the pitcher's cards.
  **Steal** only when a runner may steal (Pitch Out is always in the
  pitcher's hand, so it is a gamble the pitcher can guess): about a third of the time when
  the batter's cards are unlikely to hit, rarely otherwise, never for third with two out.
- **Pitcher**: plays from the mix the pitch the batter's hand is least likely to hit well;
  against a batter holding a sure hit, the pitch easiest to hit anyway (the best pitches are
  kept). **Pitch Out** only when a runner may steal (the seed's use for it: against a
  steal), a guess: a quarter of the time when the batter's cards are weak, else 8%; never as
  a deliberate ball.
- **Refresh**: the batter takes the discards back as soon as the hand is down to one card
  (a full hand holds that card too, and it costs nothing). The pitcher refreshes at one card
  only once its relief pitcher is in; before that it pitches the hand out (a refresh would
  bring the relief pitcher in early) and the engine's automatic refresh takes over. A player
  joins the other's refresh when that is free for them.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..baseball import advance_all, steal_candidate
from .catalogue import Catalogue
from .state import BATTER, PITCHER, State

# Run expectancy by outs and bases (first, second, third as bits 1, 2, 4): major-league
# figures, used only to weigh one result against another.
RUN_EXPECTANCY = (
    (0.48, 0.86, 1.10, 1.44, 1.35, 1.78, 1.96, 2.29),
    (0.25, 0.51, 0.66, 0.88, 0.95, 1.13, 1.35, 1.54),
    (0.10, 0.22, 0.32, 0.43, 0.35, 0.48, 0.57, 0.75),
)
# What burning one of the pitcher's cards is worth to the batting side (a step towards the
# relief pitcher and a thinner hand to guess from).
BURN = 0.05
# Fictitious-play rounds per pitch; mixes below MIN_SHARE are dropped (noise of the method).
ROUNDS = 400
MIN_SHARE = 0.03
LEAVE, STEAL = "leave", "steal"
# With a runner who may steal: the pitcher's Pitch Out guess, and the batter's steal calls
# (when the best mix of cards hits less than WEAK_HAND of the time, and otherwise).
WEAK_HAND = 0.5
PITCH_OUT_WHEN_WEAK, PITCH_OUT_OTHERWISE = 0.25, 0.08
STEAL_WHEN_WEAK, STEAL_OTHERWISE = 0.35, 0.04


def _bits(bases: tuple[bool, bool, bool]) -> int:
    return bases[0] | bases[1] << 1 | bases[2] << 2


def _re(outs: int, bases: tuple[bool, bool, bool]) -> float:
    return 0.0 if outs >= 3 else RUN_EXPECTANCY[outs][_bits(bases)]


class Table:
    """Both players of one game. Hands are public, so the table keeps nothing of its own but
    the seeded ``rng`` that draws each side's card from its mix."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State) -> dict[str, Any]:
        """The next play object (a refresh, or a pitch with a batting card or a call)."""
        refresh = refresh_call(state)
        if refresh:
            return {"refresh": refresh}
        situation = situation_of(state)
        bats, bat_mix, pitches, pitch_mix, hit_chance = mixes(situation)
        bat = self.rng.choices(bats, bat_mix)[0]
        pitch = self.rng.choices(pitches, pitch_mix)[0]
        runner = steal_candidate(state.bases)
        if runner is not None:
            if self.rng.random() < steal_share(runner, state.innings.outs, hit_chance):
                bat = STEAL
            if self.rng.random() < pitch_out_share(hit_chance):
                pitch = state.catalogue.pitch_out.id
        if bat in (LEAVE, STEAL):
            return {"pitch": pitch, "call": bat}
        return {"pitch": pitch, "bat": bat}


def choice_chances(state: State) -> list[tuple[dict[str, Any], float]]:
    """Every play ``Table.choose`` can make from ``state`` with its chance (they add up to
    one): a refresh for sure, or each pairing of a batting card or call with a pitch."""
    refresh = refresh_call(state)
    if refresh:
        return [({"refresh": refresh}, 1.0)]
    bats, bat_mix, pitches, pitch_mix, hit_chance = mixes(situation_of(state))
    runner = steal_candidate(state.bases)
    steal = steal_share(runner, state.innings.outs, hit_chance) if runner is not None else 0.0
    pitch_out = pitch_out_share(hit_chance) if runner is not None else 0.0
    bat_chances = [(bat, p * (1 - steal)) for bat, p in zip(bats, bat_mix, strict=True) if p]
    pitch_chances = [
        (pitch, p * (1 - pitch_out)) for pitch, p in zip(pitches, pitch_mix, strict=True) if p
    ]
    if steal:
        bat_chances.append((STEAL, steal))
    if pitch_out:
        pitch_chances.append((state.catalogue.pitch_out.id, pitch_out))
    chances: dict[tuple[str, str], float] = {}
    for bat, p in bat_chances:
        for pitch, q in pitch_chances:
            chances[(pitch, bat)] = chances.get((pitch, bat), 0.0) + p * q
    return [
        (
            {"pitch": pitch, "call": bat}
            if bat in (LEAVE, STEAL)
            else {"pitch": pitch, "bat": bat},
            p,
        )
        for (pitch, bat), p in chances.items()
    ]


def pitch_out_share(hit_chance: float) -> float:
    """How often the pitcher guesses a steal with Pitch Out when a runner may steal: more
    often when the batter's cards are weak (the batter is then likelier to steal)."""
    return PITCH_OUT_WHEN_WEAK if hit_chance < WEAK_HAND else PITCH_OUT_OTHERWISE


def steal_share(runner: int, outs: int, hit_chance: float) -> float:
    """How often the batter calls a steal when the runner on ``runner`` may steal: mostly
    when the pitch is unlikely to be hit (a steal then gains a base and burns a pitch), and
    never for third with two out (little gain: the runner still needs a hit to score; a
    Pitch Out ends the inning)."""
    if runner == 2 and outs == 2:
        return 0.0
    return STEAL_WHEN_WEAK if hit_chance < WEAK_HAND else STEAL_OTHERWISE


def refresh_call(state: State) -> list[str]:
    """Who refreshes before the next pitch (empty: nobody). The batter as soon as the hand
    is down to one card; the pitcher at one card only once its relief pitcher is in (before,
    a refresh would bring the relief pitcher in); each joins the other's refresh when that is
    free for them. A player with nothing discarded has nothing to take back."""
    relief_in = state.pitching_relief
    batter_can = len(state.batter_hand) < len(state.catalogue.bat_ids)
    pitcher_can = relief_in and state.pitcher_hand != state.catalogue.pitch_ids
    batter_low = batter_can and state.hand_size(BATTER) <= 1
    pitcher_low = pitcher_can and state.hand_size(PITCHER) <= 1
    if not (batter_low or pitcher_low):
        return []
    return [who for who, can in ((BATTER, batter_can), (PITCHER, pitcher_can)) if can]


def situation_of(state: State) -> tuple:
    """What the one-pitch game depends on (hashable, for the cache)."""
    catalogue = state.catalogue
    pitches = state.pitcher_cards()
    relief = state.pitching_relief
    if not pitches:  # a pitch now refreshes the hand first (and brings relief in)
        pitches = catalogue.pitch_ids - {catalogue.pitch_out.id}
        relief = True
    bats = state.batter_hand or catalogue.bat_ids
    return (
        catalogue,
        tuple(sorted(bats)),
        tuple(sorted(pitches)),
        (state.batter - 1) // 3 * 3 + 1,  # the batter's group is all that matters
        relief,
        state.innings.outs,
        state.bases,
    )


def sure_outs(
    catalogue: Catalogue, bats: tuple[str, ...], pitches: tuple[str, ...], batter: int, relief: bool
) -> set[str]:
    """Batting cards that match none of ``pitches`` (each would be a sure out)."""
    out = set()
    for bat_id in bats:
        bat = catalogue.bat(bat_id)
        assert bat is not None
        if all(
            bat.best_base(batter, catalogue.pitch(p).active_colours(relief)) is None
            for p in pitches
        ):
            out.add(bat_id)
    return out


def batting_options(situation: tuple) -> list[str]:
    """The batter's options in the guessing game: the cards that can hit (all of them if
    none can), and a leave only against a hand with no blue-bordered card (a steal is a
    separate call, ``Table.choose``)."""
    catalogue, bats, pitches, batter, relief, outs, bases = situation
    dead = sure_outs(catalogue, bats, pitches, batter, relief)
    options = [b for b in bats if b not in dead] or list(bats)
    if not any(catalogue.strikes_out_on_leave(catalogue.pitch(p)) for p in pitches):
        options.append(LEAVE)
    return options


def pitching_options(situation: tuple) -> list[str]:
    """The pitcher's options in the guessing game: the pitches in hand (Pitch Out is a
    separate guess against a steal, ``Table.choose``)."""
    return list(situation[2])


def value(situation: tuple, bat: str, pitch: str) -> float:
    """What one pitch is worth to the batting side: runs plus the change in run expectancy."""
    catalogue, _, _, batter, relief, outs, bases = situation
    before = _re(outs, bases)
    card = catalogue.pitch(pitch)
    if bat == LEAVE:
        return BURN  # only offered against a hand with no blue-bordered card
    hit = catalogue.bat(bat).best_base(batter, card.active_colours(relief))
    if hit is not None:
        after, runs = advance_all(bases, hit)
        return runs + _re(outs, after) - before
    if card.result == "fly" and outs == 2:
        return 0.0
    return _re(outs + 1, bases) - before


def solve(matrix: list[list[float]], rounds: int = ROUNDS) -> tuple[list[float], list[float]]:
    """Approximate optimal mixes of a zero-sum game (rows maximise) by fictitious play."""
    rows, cols = len(matrix), len(matrix[0])
    row_counts, col_counts = [0] * rows, [0] * cols
    row_payoff = [0.0] * rows  # each row against the columns played so far
    col_payoff = [0.0] * cols  # each column against the rows played so far
    r, c = 0, 0
    for _ in range(rounds):
        row_counts[r] += 1
        col_counts[c] += 1
        line = matrix[r]
        for j in range(cols):
            col_payoff[j] += line[j]
        for i in range(rows):
            row_payoff[i] += matrix[i][c]
        r = max(range(rows), key=row_payoff.__getitem__)
        c = min(range(cols), key=col_payoff.__getitem__)
    return [n / rounds for n in row_counts], [n / rounds for n in col_counts]


def _trim(mix: list[float]) -> list[float]:
    kept = [p if p >= MIN_SHARE else 0.0 for p in mix]
    total = sum(kept)
    return [p / total for p in kept] if total else mix


def spread(
    situation: tuple, matrix: list[list[float]], bat_mix: list[float], pitch_mix: list[float]
) -> list[float]:
    """Against a batter who plays one card for sure, the pitcher gives up the least: among
    the pitches equally good against that card it throws the ones easiest to hit anyway
    (keeping its best pitches for later), or else all of them, evenly, as long as the
    batter's card stays the best answer to that. Otherwise the mix of the guessing game
    (fictitious play alone would always throw the first of the equal pitches)."""
    if max(bat_mix) < 1.0:
        return pitch_mix
    row = bat_mix.index(1.0)
    least = min(matrix[row])
    catalogue, _, pitches, _, relief, *_ = situation
    tied = [abs(v - least) < 1e-9 for v in matrix[row]]
    ease = [hittable(catalogue, p, relief) if t else -1 for p, t in zip(pitches, tied, strict=True)]
    for chosen in ([e == max(ease) for e in ease], tied):
        even = [1.0 / sum(chosen) if c else 0.0 for c in chosen]
        against = [sum(v * p for v, p in zip(line, even, strict=True)) for line in matrix]
        if against[row] >= max(against) - 1e-9:
            return even
    return pitch_mix


@lru_cache(maxsize=64)
def hittable(catalogue: Catalogue, pitch: str, relief: bool) -> int:
    """How many (batting card, batter group) pairs hit ``pitch``: how easy it is to hit."""
    colours = catalogue.pitch(pitch).active_colours(relief)
    return sum(
        bat.best_base(batter, colours) is not None for bat in catalogue.bats for batter in (1, 4, 7)
    )


@lru_cache(maxsize=200_000)
def mixes(
    situation: tuple,
) -> tuple[tuple[str, ...], tuple[float, ...], tuple[str, ...], tuple[float, ...], float]:
    """Both sides' options and mixed strategies for one pitch, and the chance of a hit when
    both play their mixes (cached, so tuples)."""
    bats = batting_options(situation)
    pitches = pitching_options(situation)
    matrix = [[value(situation, b, p) for p in pitches] for b in bats]
    bat_mix, pitch_mix = solve(matrix)
    bat_mix, pitch_mix = _trim(bat_mix), spread(situation, matrix, _trim(bat_mix), _trim(pitch_mix))
    catalogue, _, _, batter, relief, *_ = situation
    hit_chance = sum(
        pb * pp
        for b, pb in zip(bats, bat_mix, strict=True)
        if b not in (LEAVE, STEAL)
        for p, pp in zip(pitches, pitch_mix, strict=True)
        if catalogue.bat(b).best_base(batter, catalogue.pitch(p).active_colours(relief))
    )
    return tuple(bats), tuple(bat_mix), tuple(pitches), tuple(pitch_mix), hit_chance
