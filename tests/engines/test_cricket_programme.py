"""Quick Cricket's programme over the innings (``innings_chances.py``), checked against
chances worked out by hand: runs needed, a tie one run short, and the state that lasts from
ball to ball (the batting side's reviews left, the umpire cards face down)."""

import pytest

from games.engines.quick_cricket.innings_chances import (
    STATES,
    solve_chase,
    solve_first,
    state_index,
)

FULL = 3  # umpire cards face down in a fresh pile


def coin(b, w, r, d, need):
    """Every ball counts and scores one run or none, evens; nothing else changes."""
    return [(1, 0, 0, d, 1, 0.5), (1, 0, 0, d, 0, 0.5)]


def test_a_two_ball_chase_by_hand():
    chase, tie = solve_chase(2, coin)
    s = state_index(3, FULL)
    assert chase[0][0][s][2] == pytest.approx(0.25)  # both balls score
    assert tie[0][0][s][2] == pytest.approx(0.5)  # exactly one run: one short
    assert chase[0][0][s][1] == pytest.approx(0.75)
    assert chase[0][0][s][3] == 0.0
    assert chase[1][0][s][0] == 1.0  # nothing needed: won


def test_the_first_innings_adds_runs_by_hand():
    first = solve_first(2, coin)
    assert first[0][0][state_index(3, FULL)][:3] == pytest.approx([0.25, 0.5, 0.25])


def test_a_lost_review_is_read_in_the_state_with_one_fewer():
    """With a review left the ball costs it and scores nothing; with none it scores one."""

    def ball(b, w, r, d, need):
        return [(1, 0, 1, d, 0, 1.0)] if r else [(1, 0, 0, d, 1, 1.0)]

    chase, _ = solve_chase(2, ball)
    assert chase[0][0][state_index(1, FULL)][1] == 1.0  # loses it, then scores
    assert chase[0][0][state_index(2, FULL)][1] == 0.0  # loses two, no run
    assert chase[0][0][state_index(0, FULL)][2] == 1.0


def test_the_umpire_pile_lasts_until_an_appeal_changes_it():
    """With one card face down the batter blocks and the pile stays; a fresh pile scores."""

    def ball(b, w, r, d, need):
        return [(1, 0, 0, 1, 0, 1.0)] if d == 1 else [(1, 0, 0, d, 1, 1.0)]

    chase, tie = solve_chase(3, ball)
    assert chase[0][0][state_index(3, 1)][1] == 0.0
    assert tie[0][0][state_index(3, 1)][1] == 1.0  # three dot balls: one run short
    assert chase[0][0][state_index(3, FULL)][3] == 1.0


def test_a_ball_that_does_not_count_scores_and_is_bowled_again():
    """A no ball (five runs, not counted) one time in four, else a dot ball."""

    def ball(b, w, r, d, need):
        return [(0, 0, 0, d, 5, 0.25), (1, 0, 0, d, 0, 0.75)]

    chase, _ = solve_chase(1, ball)
    s = state_index(3, FULL)
    # Needing 6 off one ball: two or more no balls before the dot ball.
    assert chase[0][0][s][6] == pytest.approx(0.25**2)
    first = solve_first(1, ball)
    assert first[0][0][s][5] == pytest.approx(0.25 * 0.75)
    assert first[0][0][s][10] == pytest.approx(0.25**2 * 0.75)
    assert sum(first[0][0][s]) == pytest.approx(1.0, abs=1e-5)  # ten no balls: off the end


def test_every_lasting_state_is_worked_out():
    chase, _ = solve_chase(1, coin)
    assert len(chase[0][0]) == len(STATES) == 4 * 3
