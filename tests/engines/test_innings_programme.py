"""The baseball games' dynamic programme over the run difference (``innings_dp.py``), checked
against chances worked out by hand and against simulated games played from the same run
distributions."""

import functools
import random

import pytest

from games.engines.win_probability.innings_dp import (
    SCALE,
    Innings,
    StatefulInnings,
    below,
    exactly,
)

# A half-inning scores 0 runs half the time, 1 run a quarter, 2 runs a quarter (the last
# entry, "3 or more", never happens).
HALF = (0.5, 0.25, 0.25, 0.0)


def test_below_and_exactly_read_the_last_entry_as_that_many_or_more():
    dist = (0.5, 0.3, 0.2)  # 2 is "two or more"
    assert below(dist, 0) == 0 and below(dist, 1) == 0.5 and below(dist, 2) == 0.8
    assert below(dist, 3) == 1.0
    assert exactly(dist, 1) == 0.3 and exactly(dist, 2) == 0.0 and exactly(dist, -1) == 0.0


def test_the_last_bottom_by_hand():
    """A one-inning game: the home side, one run down, scores two (a quarter) to win, exactly
    one (a quarter) to go to extras, where the visitors win a / (1 - b)."""
    innings = Innings.solve(1, [(HALF, HALF), (HALF, HALF)], ties=False)
    a = sum(p * below(HALF, r) for r, p in enumerate(HALF))
    b = sum(p * exactly(HALF, r) for r, p in enumerate(HALF))
    extras = a / (1 - b)
    won, lost, tied = innings.chances(1, 1, 1, HALF)
    assert won == pytest.approx(0.5 + 0.25 * extras)
    assert lost == pytest.approx(0.25 + 0.25 * (1 - extras))
    assert tied == 0.0


def test_ties_stand_where_the_game_allows_them():
    innings = Innings.solve(1, [(HALF, HALF), (HALF, HALF)], ties=True)
    won, lost, tied = innings.chances(1, 1, 1, HALF)
    assert (won, lost, tied) == pytest.approx((0.5, 0.25, 0.25))


def _simulated(scheduled: int, lead: int, ties: bool, games: int, rng: random.Random) -> float:
    """The visitors' share of games from the start of the top of the 2nd with ``lead``,
    every half-inning's runs drawn from ``HALF``."""
    won = 0
    for _ in range(games):
        score = lead
        inning = 2
        while True:
            score += rng.choices((0, 1, 2, 3), HALF)[0]
            if inning >= scheduled and score < 0:
                break
            score -= rng.choices((0, 1, 2, 3), HALF)[0]
            if inning >= scheduled and (score != 0 or ties):
                break
            inning += 1
        won += score > 0
    return won / games


@pytest.mark.parametrize(("lead", "ties"), [(0, False), (1, False), (-2, False), (0, True)])
def test_a_three_inning_game_agrees_with_games_simulated_from_the_same_runs(lead, ties):
    innings = Innings.solve(3, [(HALF, HALF)] * 4, ties=ties)
    worked_out = innings.win.at_top(2, lead)
    simulated = _simulated(3, lead, ties, 40_000, random.Random(lead))
    assert worked_out == pytest.approx(simulated, abs=0.01)  # 4 standard errors of 40,000


def test_no_lead_is_clipped():
    """A 25-run lead and a 10-run lead are not the same cell: with half-innings that score
    up to 30 runs, a 10-run lead is far less safe."""
    wild = tuple([1 / 31] * 31)
    innings = Innings.solve(3, [(wild, wild)] * 4, ties=False)
    assert innings.win.at_top(2, 25) > innings.win.at_top(2, 10) + 0.1


# --- half-innings that carry state (``StatefulInnings``) -----------------------------------

# Two start states: "cold" (0) scores nothing and stays cold half the time, or scores one run
# and turns hot; "hot" (1) scores one or two runs and stays hot.
CARRIED = [[(0, 0, 0.5), (1, 1, 0.5)], [(1, 1, 0.5), (2, 1, 0.5)]]


def test_a_lasting_state_by_hand():
    """A one-inning game, the home side one run down in the bottom half, about to score
    nothing (and stay cold) or one run (and turn hot), the visitors cold. One run ties it:
    in the 10th the cold visitors score nothing half the time (the hot home side then
    scores, and wins), else one run, which the hot home side matches half the time (hot
    against hot then comes out even: each wins a quarter of the innings)."""
    innings = StatefulInnings.solve(1, CARRIED, ties=False)
    extras_cold_hot = 0.5 * 0.5 * 0.5
    won, lost, tied = innings.chances(1, 1, 1, CARRIED[0], 0)
    assert won == pytest.approx(0.5 + 0.5 * extras_cold_hot, abs=1e-6)
    assert lost == pytest.approx(0.5 * (1 - extras_cold_hot), abs=1e-6)
    assert tied == 0.0


def _game_tree(kernel, scheduled, ties):
    """The chances (visitors win, tie) from the start of a half, by walking every way the
    game can go (extras cut off after twelve innings, as even)."""

    @functools.cache
    def walk(inning, half, lead, visitors, home):
        if inning > scheduled + 12:
            return 0.5, 0.0
        won = tied = 0.0
        for runs, after, p in kernel[home if half else visitors]:
            if half == 0:
                new = lead + runs
                if inning >= scheduled and new < 0:
                    continue
                w, t = walk(inning, 1, new, after, home)
            else:
                new = lead - runs
                if inning >= scheduled and new != 0:
                    w, t = (1.0 if new > 0 else 0.0), 0.0
                elif inning >= scheduled and ties:
                    w, t = 0.0, 1.0
                else:
                    w, t = walk(inning + 1, 0, new, visitors, after)
            won += p * w
            tied += p * t
        return won, tied

    return walk


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize(
    ("inning", "half", "lead", "visitors", "home"),
    [(1, 0, 0, 0, 0), (2, 0, -1, 1, 0), (2, 1, 1, 0, 1), (3, 1, 2, 1, 0), (3, 0, 0, 0, 1)],
)
def test_a_stateful_programme_agrees_with_every_way_the_game_can_go(
    ties, inning, half, lead, visitors, home
):
    innings = StatefulInnings.solve(3, CARRIED, ties=ties)
    batting, other = (visitors, home) if half == 0 else (home, visitors)
    won, _, tied = innings.chances(inning, half, lead, CARRIED[batting], other)
    expected_won, expected_tied = _game_tree(CARRIED, 3, ties)(inning, half, lead, visitors, home)
    assert won == pytest.approx(expected_won, abs=1e-6)
    assert tied == pytest.approx(expected_tied, abs=1e-6)


def test_a_kept_programme_reads_back_to_its_scale():
    innings = StatefulInnings.solve(3, CARRIED, ties=False)
    again = StatefulInnings.from_kept(innings.kept(), 3, 2, ties=False)
    assert again is not None
    for lead in range(-6, 7):
        for other in (0, 1):
            exact = innings.chances(2, 0, lead, CARRIED[1], other)
            kept = again.chances(2, 0, lead, CARRIED[1], other)
            assert kept == pytest.approx(exact, abs=2 / SCALE)
    assert StatefulInnings.from_kept({}, 3, 2, ties=False) is None
