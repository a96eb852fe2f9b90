"""Quick Baseball's win probability: the baseball model's run distributions, the half-inning
described by what its runs depend on. Hands are public and shrink through a half-inning, so
beside outs, bases and the ball count a situation says how many cards each player still holds
and how likely the pitch in hand is to be hit (the plausible players' own one-pitch game,
``player.mixes``); then the batter's group in the order (the batting cards hit by group) and
whether the fielding side's relief pitcher is in; coarser levels drop these in turn."""

from ..win_probability.baseball import BaseballModel
from .player import mixes, situation_of
from .state import State


def _bits(bases: tuple[bool, bool, bool]) -> int:
    return bases[0] + 2 * bases[1] + 4 * bases[2]


def _hand(cards: frozenset[str], ids: tuple[str, ...]) -> int:
    return sum(1 << i for i, card in enumerate(ids) if card in cards)


def situation(state: State) -> tuple[tuple[int, ...], ...]:
    outs, bases = state.innings.outs, _bits(state.bases)
    catalogue = state.catalogue
    group = (state.batter - 1) // 3
    hit = round(10 * mixes(situation_of(state))[4])
    hands = (
        _hand(state.batter_hand, tuple(sorted(catalogue.bat_ids))),
        _hand(state.pitcher_cards(), tuple(sorted(catalogue.pitch_ids))),
    )
    return (
        (outs, bases, state.balls, *hands, group, int(state.pitching_relief)),
        (outs, bases, *hands),
        (outs, bases, hit),
        (outs, bases),
    )


def half_start(state: State, side: int) -> tuple[int, int]:
    """For ``side``'s next half-inning: who leads off and whether the relief pitcher is in
    against them (neither changes until that half starts; hands are full at every start)."""
    return state.next_batter[side], int(state.relief[1 - side])


MODEL = BaseballModel("quick-baseball", situation, half_start=half_start, games=10_000)
