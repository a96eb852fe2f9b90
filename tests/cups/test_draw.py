"""The draw's arithmetic: bracket places, byes to the top seeds, the random draw, groups."""

from hypothesis import given
from hypothesis import strategies as st

from games.leagues.cups import draw


def test_eight_seeds_take_the_usual_places():
    assert draw.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert draw.first_round(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_byes_go_to_the_top_seeds():
    assert draw.first_round(6) == [(1, None), (4, 5), (2, None), (3, 6)]
    assert draw.first_round(5) == [(1, None), (4, 5), (2, None), (3, None)]
    assert draw.first_round(3) == [(1, None), (2, 3)]
    assert draw.first_round(2) == [(1, 2)]


@given(st.integers(min_value=2, max_value=64))
def test_every_seed_once_and_byes_only_for_the_top(entrants):
    pairs = draw.first_round(entrants)
    seeds = [s for pair in pairs for s in pair if s is not None]
    assert sorted(seeds) == list(range(1, entrants + 1))
    byes = sorted(top for top, bottom in pairs if bottom is None)
    assert byes == list(range(1, draw.bracket_size(entrants) - entrants + 1))
    # The two top seeds are in different halves, so they can meet only in the final.
    half = len(pairs) // 2
    if half:
        top_half = {s for pair in pairs[:half] for s in pair}
        assert 1 in top_half and 2 not in top_half


def test_the_random_draw_is_reproducible_from_its_seed():
    teams = list("ABCDEF")
    assert draw.random_order(teams, 42) == draw.random_order(teams, 42)
    assert draw.random_order(teams, 42) != draw.random_order(teams, 43)
    assert sorted(draw.random_order(teams, 7)) == teams


def test_groups_are_dealt_by_the_snake_order():
    assert draw.snake_groups(8, 2) == list("ABBAABBA")
    assert draw.snake_groups(7, 3) == list("ABCCBAA")


def test_crossover_pairs_winners_with_another_groups_runner_up():
    order = draw.crossover(2, 2)
    pairs = [(order[a - 1], order[b - 1]) for a, b in draw.first_round(len(order))]
    assert pairs == [(("A", 1), ("B", 2)), (("B", 1), ("A", 2))]
    order = draw.crossover(4, 2)
    pairs = [(order[a - 1], order[b - 1]) for a, b in draw.first_round(len(order))]
    assert sorted(pairs) == [
        (("A", 1), ("B", 2)),
        (("B", 1), ("C", 2)),
        (("C", 1), ("D", 2)),
        (("D", 1), ("A", 2)),
    ]
