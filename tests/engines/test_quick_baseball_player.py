"""Quick Baseball's plausible player: legal, never a punished play when an
unpunished one is available, reproducible from its seed, and games whose figures fall inside
bands justified from the seed sheet and the rulings."""

import functools
import random
import statistics
from collections import Counter
from dataclasses import dataclass, replace

import pytest

from games.engines import get
from games.engines.baseball import Innings, steal_candidate
from games.engines.players import play_out
from games.engines.quick_baseball import State
from games.engines.quick_baseball.catalogue import DEFAULT
from games.engines.quick_baseball.player import (
    LEAVE,
    STEAL,
    Table,
    batting_options,
    mixes,
    refresh_call,
    situation_of,
    solve,
    steal_share,
    sure_outs,
    value,
)

# The simulated games are played once per worker: keep the tests that read them together
# (with pytest 9.2 and xdist 3.8 loadgroup does not group yet: each worker then plays them).
pytestmark = pytest.mark.xdist_group("quick-baseball-player")

ENGINE = get("quick-baseball")
GAMES = 200  # three-inning games (the demo's length): about 3 s on this machine
PITCH_OUT = DEFAULT.pitch_out.id


@dataclass(frozen=True)
class Game:
    plays: tuple
    states: tuple  # the state before each play, and the final one
    tags: tuple  # the outcome's tags of each play
    summary: dict


@functools.cache
def games() -> tuple[Game, ...]:
    """The games of ``GAMES`` seeds, played as ``play_out`` plays them (every play through
    ``ENGINE.play``, which raises on an illegal one), keeping the outcomes."""
    played = []
    for seed in range(GAMES):
        table = Table(random.Random(seed))
        state = ENGINE.initial_state(ENGINE.options({"innings": 3}))
        plays, states, tags = [], [state], []
        while not ENGINE.is_over(state):
            raw = table.choose(state)
            state, outcome = ENGINE.play(state, raw)
            plays.append(raw)
            states.append(state)
            tags.append(outcome.tags)
            assert len(plays) < 2000
        played.append(Game(tuple(plays), tuple(states), tuple(tags), ENGINE.summary(state)))
    return tuple(played)


def _state(**changes) -> State:
    state = ENGINE.initial_state(ENGINE.options({}))
    return replace(state, **changes)


def _first_state(**changes) -> State:
    """A state of a game played with the first reconstruction of the cards, whose B1 hits
    every pitch for batters 1-3 and B3 every pitch for batters 4-6 (sure hits)."""
    state = ENGINE.initial_state(ENGINE.options({"catalogue": "first-reconstruction"}))
    return replace(state, **changes)


def _pitches(state: State) -> frozenset[str]:
    """The pitches the pitcher can throw now (an empty hand is refreshed by the pitch)."""
    return state.pitcher_cards() or DEFAULT.pitch_ids - {PITCH_OUT}


def _relief(state: State) -> bool:
    return state.pitching_relief or not state.pitcher_cards()


def test_every_play_is_legal_and_every_game_ends():
    played = games()
    assert len(played) == GAMES
    assert all(p.summary["status"] == "final" for p in played)
    for seed in range(5):  # and through the registry's play_out, nine innings
        assert play_out("quick-baseball", {}, seed).summary["status"] == "final"
    assert play_out("quick-baseball", {"innings": 3}, 3).plays == games()[3].plays


def test_a_game_is_reproduced_from_its_seed():
    first = play_out("quick-baseball", {}, 11)
    assert play_out("quick-baseball", {}, 11).plays == first.plays
    assert play_out("quick-baseball", {}, 12).plays != first.plays
    assert Table(random.Random(5)).choose(first.states[0]) == Table(random.Random(5)).choose(
        first.states[0]
    )


def test_never_a_punished_play_when_an_unpunished_one_is_available():
    """What the rules punish in Quick Baseball, and what the player does instead:
    - a leave against a blue-bordered card is a strike out: the batter leaves only when the
      pitcher holds no blue-bordered card;
    - a revealed card that matches none of the pitches in hand is a sure out: never while the
      batter holds a card that matches one of them;
    - Pitch Out without a steal is a ball: never when no runner may steal;
    - the pitching side's first refresh brings the relief pitcher in: the pitcher never asks
      for one before its relief pitcher is in (the automatic refresh of an empty hand is the
      rules', not a choice)."""
    checked = Counter()
    for played in games():
        for state, raw in zip(played.states, played.plays, strict=False):
            if "refresh" in raw:
                if "pitcher" in raw["refresh"]:
                    assert state.pitching_relief, raw
                    checked["pitcher refresh"] += 1
                continue
            pitches = _pitches(state)
            if raw.get("call") == LEAVE:
                assert not any(DEFAULT.strikes_out_on_leave(DEFAULT.pitch(p)) for p in pitches)
                checked["leave"] += 1
            if raw["pitch"] == PITCH_OUT:
                assert steal_candidate(state.bases) is not None, raw
                checked["pitch out"] += 1
            if "call" not in raw:
                hand = tuple(sorted(state.batter_hand or DEFAULT.bat_ids))
                dead = sure_outs(
                    DEFAULT, hand, tuple(sorted(pitches)), state.batter, _relief(state)
                )
                if raw["bat"] in dead:
                    assert set(hand) == dead, (raw, hand)
                checked["revealed"] += 1
    assert min(checked.values()) > 0, checked  # each kind of choice was met


def test_two_hundred_games_look_like_games():
    """The bands, and why (the seed sheet and the rulings' default catalogue):

    - One border colour per pitch card and no batting card that hits every pitch: every
      card the batter plays is a guess, which the pitcher, who sees the batter's hand (the
      discards are public), makes harder. Hits are 45-65% of plate appearances (measured:
      about 55%).
    - Three outs end a half-inning and a batter has one chance, so a half-inning has
      3 / (1 - hit share) plate appearances: 5 to 9. Every runner moves as far as the batter,
      so a run comes home from the second or third hit of a half-inning: 1 to 2.5 runs per
      team per inning (the rulings: about 1.6 over 200 nine-inning games; the seed's example
      line score, 2-0-3 against 0-4, is of that size).
    - Strike outs: two of the six pitches strike out on a miss: 5% to 25% of plate
      appearances. Walks need four Pitch Outs without a steal, and Pitch Out is only a guess
      against a steal: under 2% of plate appearances.
    - The relief pitcher: six pitches give fewer than the three outs a half-inning needs
      only now and then, but a pitcher's hand is refreshed every few batters, so both relief
      pitchers come in nearly every game (at least 1.8 a game).
    - Calls are the seed's "very tactical" game: with runners on base more often than not
      stranded, steals are tried on at most 12% of plays, and leaves (a blue card feared)
      at most 6%.
    - Plays per three-inning game: plate appearances, plus a batter's refresh every four
      cards or so and the calls: 30 to 120.
    """
    per_inning, lengths, relief = [], [], []
    tags, calls = Counter(), Counter()
    for played in games():
        summary = played.summary
        innings = len(summary["line_score"][0])
        per_inning.append(sum(summary["score"]) / 2 / innings)
        lengths.append(len(played.plays))
        relief.append(sum(summary["relief"]))
        for raw, outcome_tags in zip(played.plays, played.tags, strict=True):
            calls[raw.get("call")] += 1
            tags.update(outcome_tags)
    plate = tags["hit"] + tags["walk"] + tags["out"] - tags["caught-stealing"]
    plays = sum(lengths)
    assert 0.45 <= tags["hit"] / plate <= 0.65
    assert 1.0 <= statistics.mean(per_inning) <= 2.5
    assert 0.05 <= tags["strikeout"] / plate <= 0.25
    assert tags["walk"] / plate <= 0.02
    assert statistics.mean(relief) >= 1.8
    assert calls[STEAL] / plays <= 0.12
    assert calls[LEAVE] / plays <= 0.06
    assert 30 <= statistics.mean(lengths) <= 120


# --- the choice functions --------------------------------------------------------------------


def test_the_batter_refreshes_at_one_card_and_the_pitcher_only_after_relief():
    assert refresh_call(_state()) == []
    one_bat = _state(batter_hand=frozenset({"B2"}))
    assert refresh_call(one_bat) == ["batter"]
    one_pitch = _state(pitcher_hand=frozenset({"SO1", PITCH_OUT}))
    assert refresh_call(one_pitch) == []  # pitches it out: a refresh would bring relief in
    relieved = replace(one_pitch, relief=(False, True), batter_hand=frozenset({"B1", "B2"}))
    assert refresh_call(relieved) == ["batter", "pitcher"]  # the batter joins for free
    both_low = replace(one_bat, pitcher_hand=frozenset({"SO1", PITCH_OUT}))
    assert refresh_call(both_low) == ["batter"]  # the pitcher does not join before relief


def test_the_batter_never_plays_a_sure_out_and_leaves_only_when_safe():
    # Without the relief pitcher B2 (red) matches nothing: a sure out for batters 1-6.
    assert sure_outs(DEFAULT, ("B2", "B3"), ("SO1", "C2"), 1, False) == {"B2"}
    assert sure_outs(DEFAULT, ("B2", "B3"), ("SO1", "C2"), 1, True) == set()  # red on C2
    state = _state(pitcher_hand=frozenset({"FLY", "C1", PITCH_OUT}))
    options = batting_options(situation_of(state))
    assert LEAVE in options and "B2" not in options
    assert LEAVE not in batting_options(situation_of(_state()))  # blue cards in hand


def test_sure_hits_are_taken_and_the_pitcher_keeps_its_best_pitches():
    bats, bat_mix, pitches, pitch_mix, hit = mixes(situation_of(_first_state()))
    assert dict(zip(bats, bat_mix, strict=True))["B1"] == 1.0  # B1 hits every pitch for 1-3
    assert abs(hit - 1.0) < 1e-9
    thrown = {p for p, share in zip(pitches, pitch_mix, strict=True) if share}
    # Throwing only the easiest pitches (C1, FLY, RUN) would invite B5's double, so the
    # pitcher spreads over every pitch rather than always the first.
    assert thrown == set(DEFAULT.pitch_ids - {PITCH_OUT})
    # Batter 4 with B3 (a sure double): the pitcher throws the easiest pitches to hit.
    bats, bat_mix, pitches, pitch_mix, hit = mixes(situation_of(_first_state(next_batter=(3, 0))))
    assert dict(zip(bats, bat_mix, strict=True))["B3"] == 1.0
    thrown = {p for p, share in zip(pitches, pitch_mix, strict=True) if share}
    assert "SO1" not in thrown and thrown


def test_the_batters_and_pitchers_guess():
    """Batter 7 with a full hand: no card hits every pitch, so both sides mix."""
    state = _state(next_batter=(6, 0))
    bats, bat_mix, pitches, pitch_mix, hit = mixes(situation_of(state))
    assert sum(1 for share in bat_mix if share) >= 2
    assert sum(1 for share in pitch_mix if share) >= 2
    assert 0.3 < hit < 1.0


def test_values_and_the_solver():
    empty = situation_of(_first_state())
    assert value(empty, "B1", "SO1") > 0  # a single
    assert value(empty, "B3", "SO1") < 0  # batter 1 misses SO1: out
    two_out = situation_of(_first_state(innings=Innings(scheduled=9, outs=2)))
    assert value(two_out, "B3", "SO2") < 0
    assert value(two_out, "B2", "FLY") == 0.0  # the FLY reprieve with two out
    rows, cols = solve([[1.0, -1.0], [-1.0, 1.0]])  # matching pennies
    assert abs(rows[0] - 0.5) < 0.05 and abs(cols[0] - 0.5) < 0.05
    rows, _ = solve([[1.0, 1.0], [0.0, 0.0]])
    assert rows[0] > 0.95


def test_steals_are_not_tried_for_third_with_two_out():
    assert steal_share(2, 2, 0.0) == 0.0
    assert steal_share(1, 2, 0.0) > steal_share(1, 2, 0.9) > 0.0
