"""Quick Baseball's win-probability situations: what a side carries from one half-inning to
the next (who leads off, whether the relief pitcher is in against it) moves as the games do,
and a hand the player is about to refresh counts as the full hand."""

from dataclasses import replace

from games.engines import get
from games.engines.players import play_out
from games.engines.quick_baseball.win_probability import (
    CARRY,
    MODEL,
    ending,
    ready_hands,
    situation,
)

ENGINE = get("quick-baseball")


def _games(count: int = 20):
    return [play_out("quick-baseball", {"innings": 3}, seed) for seed in range(count)]


def test_a_half_inning_moves_the_batting_side_to_where_its_next_half_starts():
    """From any state of a half-inning, the start state plus how the rest of the half moved
    it is the start state the side bats from next (order and relief both)."""
    checked = relief_came_in = 0
    for played in _games():
        states = played.states
        for index, state in enumerate(states[:-1]):
            side, half = state.innings.half, (state.innings.inning, state.innings.half)
            end = next(
                later
                for later in range(index + 1, len(states))
                if (states[later].innings.inning, states[later].innings.half) != half
                or states[later].innings.final
            )
            after = states[end]
            moved = CARRY.moved(CARRY.start(state, side), CARRY.move(state, after, side))
            assert moved == CARRY.start(after, side)
            assert 0 <= moved < CARRY.states
            checked += 1
            relief_came_in += after.relief[1 - side] and not state.relief[1 - side]
    assert checked > 1000 and relief_came_in > 100


def test_the_other_side_is_not_moved_by_a_half_it_does_not_bat_in():
    for played in _games(5):
        for before, after in zip(played.states, played.states[1:], strict=False):
            if (before.innings.inning, before.innings.half) == (
                after.innings.inning,
                after.innings.half,
            ):
                other = 1 - before.innings.half
                assert CARRY.start(before, other) == CARRY.start(after, other)


def test_a_hand_about_to_be_refreshed_counts_as_the_full_hand():
    played = play_out("quick-baseball", {"innings": 3}, 7)
    state = next(s for s in played.states if not s.innings.final and s.innings.outs == 1)
    full = replace(state, batter_hand=state.catalogue.bat_ids)
    one_card = replace(state, batter_hand=frozenset(sorted(state.catalogue.bat_ids)[:1]))
    assert ready_hands(one_card) == ready_hands(full)
    assert situation(one_card) == situation(full)
    assert ending(one_card) == ending(full)
    two_cards = replace(state, batter_hand=frozenset(sorted(state.catalogue.bat_ids)[:2]))
    assert situation(two_cards) != situation(full)


def test_the_situation_leaves_the_inning_out():
    """A half-inning goes the same from the same state in any inning: the levels of two
    states that differ only in the inning are the same."""
    played = play_out("quick-baseball", {"innings": 3}, 3)
    state = next(s for s in played.states if s.innings.inning == 2)
    earlier = replace(state, innings=replace(state.innings, inning=1))
    assert MODEL.levels(state) == MODEL.levels(earlier)
