"""Quick Baseball's win-probability situations: what a side carries from one half-inning to
the next (who leads off, whether the relief pitcher is in against it) moves as the games do,
and a hand the player is about to refresh counts as the full hand."""

import json
import random
from collections import Counter
from dataclasses import replace

from games.engines import get
from games.engines.baseball import steal_candidate
from games.engines.players import play_out
from games.engines.quick_baseball.player import Table, choice_chances, refresh_call
from games.engines.quick_baseball.win_probability import (
    CARRY,
    MODEL,
    ending,
    ready_hands,
    situation,
)
from games.engines.win_probability.build import build_table

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


def _with_runner(seed: int = 3):
    """A state of a 3-inning game with a runner who may steal (every kind of choice open)."""
    for state in play_out("quick-baseball", {"innings": 3}, seed).states:
        if (
            not state.innings.final
            and steal_candidate(state.bases) is not None
            and not refresh_call(state)
        ):
            return state
    raise AssertionError("no state with a runner who may steal")


def test_the_players_choice_chances_are_what_the_table_draws():
    """``choice_chances`` lists every play the plausible table makes from a state, with the
    share it makes it: 4,000 draws of ``Table.choose`` agree within five standard errors."""
    state = _with_runner()
    chances = {json.dumps(play, sort_keys=True): p for play, p in choice_chances(state)}
    assert abs(sum(chances.values()) - 1) < 1e-9
    assert any('"steal"' in play for play in chances)  # the calls are among them
    draws = 4000
    table = Table(random.Random(11))
    seen = Counter(json.dumps(table.choose(state), sort_keys=True) for _ in range(draws))
    assert set(seen) <= set(chances)
    for play, p in chances.items():
        error = (p * (1 - p) / draws) ** 0.5
        assert abs(seen[play] / draws - p) <= 5 * error + 1e-9, (play, seen[play], p)


def test_a_rarely_seen_situation_is_looked_at_one_pitch_ahead():
    """Below the threshold the rest of the half-inning is the players' chances of each play
    followed by the table's runs from where it leads (a distribution); above it, the table's
    own figure."""
    table = build_table("quick-baseball", {"innings": 3}, games=40)
    state = _with_runner()
    ahead = MODEL.rest_one_pitch_ahead(state, table.counts)
    assert abs(sum(ahead) - 1) < 1e-9 and min(ahead) >= 0
    rest, seen = MODEL.table_rest(state, table.counts)
    assert seen < MODEL.look_ahead_below  # 40 games see few of any pair of hands
    assert ahead != rest
    assert table.predict(state) == MODEL.chances_from(state, table.counts, ahead)
    try:
        MODEL.look_ahead_below = 0
        assert table.predict(state) == MODEL.chances_from(state, table.counts, rest)
    finally:
        MODEL.look_ahead_below = type(MODEL).look_ahead_below
