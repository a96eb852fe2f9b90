"""The baseball games' dynamic programme over the run difference (``innings_dp.py``), checked
against chances worked out by hand and against simulated games played from the same run
distributions."""

import random

import pytest

from games.engines.win_probability.innings_dp import Innings, below, exactly

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
