"""Quick Tennis's win probability: the exact programme over the score against hand
computations and against a brute force through ``scoring.win_point``; point-level samples; a
small table's predictions and calibration."""

import functools
import time
from dataclasses import replace

import pytest

from games.engines import get
from games.engines.base import InvalidOptions
from games.engines.players import play_out
from games.engines.quick_tennis import Match, Rally, SetScore
from games.engines.quick_tennis import win_probability as wp
from games.engines.quick_tennis.player import hitter_wins, point_chances
from games.engines.quick_tennis.scoring import win_point
from games.engines.win_probability.build import build_table
from games.engines.win_probability.calibration import calibrate
from games.engines.win_probability.model import model_for

ENGINE = get("quick-tennis")

pytestmark = pytest.mark.xdist_group("quick_tennis_win_probability")


def at(best_of=3, sets=(0, 0), games=(0, 0), points=(0, 0), server=0, rally=None):
    """A match score: ``sets`` won per side (finished sets made up to match)."""
    finished = tuple(SetScore((6, 0)) for _ in range(sets[0])) + tuple(
        SetScore((0, 6)) for _ in range(sets[1])
    )
    return Match(best_of, sets=finished, games=games, points=points, server=server, rally=rally)


def chance(match, p, q=None, point=None):
    return wp.match_chance_at(match, p, p if q is None else q, point)


# --- a brute force through scoring.win_point (value iteration over every reachable score) ---


def _key(match):
    a, b = match.points
    if match.tiebreak:
        while min(a, b) >= 8:
            a, b = a - 2, b - 2
    else:
        while min(a, b) >= 4:
            a, b = a - 1, b - 1
    return (match.sets_won, match.games, (a, b), match.server, match.winner)


@functools.cache
def brute_force(best_of, p, q):
    """Side 0's chance of the match from every score between points, from the rules'
    own ``win_point`` (no closed forms): {key: chance}."""
    start = Match(best_of)
    matches = {_key(start): start}
    edges = {}
    todo = [start]
    while todo:
        match = todo.pop()
        key = _key(match)
        if match.final:
            continue
        server = match.point_server
        u = q if match.tiebreak else p
        nxt = []
        for side, chance_ in ((server, u), (1 - server, 1 - u)):
            after, _ = win_point(match, side)
            after_key = _key(after)
            if after_key not in matches:
                matches[after_key] = after
                todo.append(after)
            nxt.append((after_key, chance_))
        edges[key] = nxt
    value = {key: (1.0 if m.winner == 0 else 0.0) for key, m in matches.items() if m.final}
    value.update({key: 0.5 for key in edges})
    order = sorted(edges, key=lambda k: (sum(k[0]), sum(k[1]), sum(k[2])), reverse=True)
    for _ in range(500):
        change = 0.0
        for key in order:
            new = sum(chance_ * value[after] for after, chance_ in edges[key])
            change = max(change, abs(new - value[key]))
            value[key] = new
        if change < 1e-14:
            break
    return {key: (matches[key], value[key]) for key in edges}


@pytest.mark.parametrize(("best_of", "p", "q"), [(3, 0.71, 0.64), (5, 0.62, 0.77)])
def test_the_programme_is_the_brute_force_through_win_point(best_of, p, q):
    reference = brute_force(best_of, p, q)
    assert len(reference) > 1000
    for match, expected in reference.values():
        assert chance(match, p, q) == pytest.approx(expected, abs=1e-12)


# --- hand computations ---


@pytest.mark.parametrize("best_of", [3, 5])
def test_even_points_make_an_even_match(best_of):
    assert chance(at(best_of), 0.5) == pytest.approx(0.5, abs=1e-12)
    assert chance(at(best_of, server=1), 0.5) == pytest.approx(0.5, abs=1e-12)


def test_serving_first_is_no_edge_between_equal_servers():
    # Tennis's scoring gives the first server no edge when both serve equally well: a set,
    # and so the match, is even whoever serves first.
    for best_of in (3, 5):
        assert chance(at(best_of), 0.7) == pytest.approx(0.5, abs=1e-12)
        assert chance(at(best_of), 0.7, 0.6) == pytest.approx(0.5, abs=1e-12)
    outcomes = wp.set_outcomes(0.7, 0.7, 0, 0, 0)
    assert sum(outcomes) == pytest.approx(1.0)
    assert outcomes[0] + outcomes[1] == pytest.approx(0.5)


def test_a_game_from_40_0_in_closed_form():
    p = 0.7
    deuce = p * p / (p * p + (1 - p) ** 2)
    # The server loses the game only by losing three points in a row, then the deuce.
    assert wp.game_chance(p, 3, 0) == pytest.approx(1 - (1 - p) ** 3 * (1 - deuce))
    assert wp.game_chance(p, 3, 3) == pytest.approx(deuce)
    assert wp.game_chance(p, 9, 8) == pytest.approx(p + (1 - p) * deuce)  # advantage
    assert wp.game_chance(p, 7, 8) == pytest.approx(p * deuce)


def test_serving_for_the_match_at_40_0():
    # Final set, 5-3, side 0 serving at 40-0: this game ends the match if held; if not,
    # side 1 serves at 4-5 (the score wp computes from there is the brute force's, above).
    p = 0.7
    match = at(sets=(1, 1), games=(5, 3), points=(3, 0), server=0)
    hold = wp.game_chance(p, 3, 0)
    after_break = chance(at(sets=(1, 1), games=(5, 4), server=1), p)
    assert chance(match, p) == pytest.approx(hold + (1 - hold) * after_break)
    assert hold == pytest.approx(1 - 0.3**3 * (1 - 0.49 / 0.58))
    # The other side serving for the match at 40-0: side 0's chance mirrors it.
    mirrored = at(sets=(1, 1), games=(3, 5), points=(0, 3), server=1)
    assert chance(mirrored, p) == pytest.approx(1 - chance(match, p))


def test_match_point_on_serve_in_the_deciding_tiebreak():
    q = 0.6
    # 6-6 in the third set, side 0 first served the tie-break; 6-5 to side 0 after 11
    # points: point 12 is served by side 0 again (1; 2-3 by side 1; 4-5 by 0; ...; 12-13 by 1
    # ... no: 10-11 by side 1, 12-13 by side 0).
    match = at(sets=(1, 1), games=(6, 6), points=(6, 5), server=0)
    assert match.point_server == 0
    assert chance(match, 0.7, q) == pytest.approx(q + (1 - q) * 0.5)
    lost = at(sets=(1, 1), games=(6, 6), points=(5, 6), server=0)
    assert chance(lost, 0.7, q) == pytest.approx(q * 0.5)


def test_the_tiebreak_serve_rotation():
    q = 0.8
    # Tied from 6-6 each pair of points is served one each: 50-50 whoever is better.
    for points in ((6, 6), (7, 7), (12, 12)):
        assert wp.tiebreak_chance(q, *points) == pytest.approx(0.5)
    # At 5-6 the first server serves point 12 (points 12-13 are theirs) and must win it, then
    # the 6-6 is even; at 6-5 after 11 points the same. At 5-5 (point 11, the other's) the
    # first server wins two in a row to win outright: receive (1-q) then serve (q).
    assert wp.tiebreak_chance(q, 5, 6) == pytest.approx(q * 0.5)
    assert wp.tiebreak_chance(q, 5, 5) == pytest.approx((1 - q) * q + 0.5 * (q * q + (1 - q) ** 2))
    # From 0-0 the first server serves points 1, 4, 5, 8, 9, 12 and the other 2, 3, 6, 7, 10,
    # 11: six each before 6-6, and the tie-break is even (it is not from 1-0).
    assert wp.tiebreak_chance(q, 0, 0) == pytest.approx(0.5)
    assert wp.tiebreak_chance(q, 1, 0) > 0.5
    assert wp.tiebreak_chance(0.5, 0, 0) == pytest.approx(0.5)
    assert wp.tiebreak_chance(1.0, 0, 0) == pytest.approx(0.5)  # no division by zero


def test_a_deciding_set_is_the_set_chance():
    p = 0.66
    set_chance = wp.set_outcomes(p, p, 0, 0, 0)
    assert sum(set_chance) == pytest.approx(1.0)
    assert chance(at(sets=(1, 1), server=0), p) == pytest.approx(set_chance[0] + set_chance[1])
    # A set won 6-x leaves the next set's first game to the player who did not serve the
    # set's last game: after an even number of games (6-0, 6-2, 6-4) it is the same server.
    assert wp.set_outcomes(p, p, 6, 4, 1) == (0.0, 1.0, 0.0, 0.0)
    assert wp.set_outcomes(p, p, 5, 7, 0) == (0.0, 0.0, 1.0, 0.0)


def test_winning_a_point_never_lowers_your_chance():
    p, q = 0.71, 0.64  # the brute force's: every score between points of a best of three
    for match, value in brute_force(3, p, q).values():
        won = chance(win_point(match, 0)[0], p, q)
        lost = chance(win_point(match, 1)[0], p, q)
        assert lost - 1e-12 <= value <= won + 1e-12


def test_a_rally_is_the_mean_of_its_two_outcomes():
    p = 0.7
    rally = Rally(hitter=1, cards=(5, 4), shots=1, ball="Q2")
    match = at(sets=(1, 0), games=(4, 4), points=(2, 1), server=0, rally=rally)
    expected = 0.6 * chance(at(sets=(1, 0), games=(4, 4), points=(3, 1)), p) + 0.4 * chance(
        at(sets=(1, 0), games=(4, 4), points=(2, 2)), p
    )
    assert chance(match, p, point=0.6) == pytest.approx(expected)
    with pytest.raises(ValueError):
        chance(match, p)


# --- samples, a table, calibration ---


@pytest.fixture(scope="module")
def table():
    return build_table("quick-tennis", {"sets": 3}, games=300, seed=0)


def test_samples_label_each_point_by_its_server():
    played = play_out("quick-tennis", {"sets": 3}, 7)
    samples = list(wp.MODEL.samples(played.states, played.summary))
    serves = [label for key, label in samples if key == "1:serve"]
    points = [
        (before, after)
        for before, after in zip(played.states, played.states[1:], strict=False)
        if after.points_won != before.points_won
    ]
    assert len(serves) == len(points) == sum(played.states[-1].points_won)
    served_and_won = [
        0 if after.points_won[before.point_server] > before.points_won[before.point_server] else 1
        for before, after in points
    ]
    assert serves == served_and_won
    # Every state before the end gives one key per level, all with the point's label.
    assert len(samples) == sum(len(wp.point_keys(s)) for s in played.states[:-1])


def test_the_table_knows_the_players_point_chances(table):
    p, q = wp.MODEL.chances(table.counts)
    chances = point_chances()
    computed = 0.8 * (1 - chances[2]) + 0.2 * (1 - chances[3])  # the player's covers
    assert p == pytest.approx(computed, abs=0.01)
    assert q == pytest.approx(computed, abs=0.03)
    # A rally: the receiver hits first with four cards against the server's five.
    count = table.counts["1:rally,0,5,4"]
    assert count[1] / (count[0] + count[1]) == pytest.approx(hitter_wins(4, 5), abs=0.03)


def test_predictions_are_probabilities_and_the_end_is_exact(table):
    played = play_out("quick-tennis", {"sets": 3}, 11)
    for state in played.states:
        a, b, tie = table.predict(state)
        assert 0.0 <= a <= 1.0 and 0.0 <= b <= 1.0 and tie == 0.0
        assert a + b == pytest.approx(1.0)
    final = played.states[-1]
    exact = (1.0, 0.0, 0.0) if final.winner == 0 else (0.0, 1.0, 0.0)
    assert table.predict(final) == exact
    # Out of cards: the point is decided, and so is its chance.
    state = replace(at(), rally=Rally(hitter=1, cards=(0, 2), shots=9, ball="Q1"))
    assert wp.MODEL.point_chance(state, table.counts) == 0.0
    assert table.predict(state)[0] == pytest.approx(table.predict(win_point(state, 1)[0])[0])


def test_a_lookup_is_fast(table):
    played = play_out("quick-tennis", {"sets": 3}, 3)
    for state in played.states:
        table.predict(state)
    started = time.perf_counter()
    for state in played.states:
        table.predict(state)
    per_call = (time.perf_counter() - started) / len(played.states)
    assert per_call < 0.001


def test_calibration_on_fresh_matches(table):
    calibration = calibrate(table, games=200, seed=1)
    assert sum(bucket.situations for bucket in calibration.buckets) > 50_000
    assert calibration.largest_gap < 0.1


def test_options():
    model = model_for("quick-tennis")
    assert model is wp.MODEL
    assert model.table_options({}) == {"sets": 3}
    assert model.table_options({"sets": 5}) == {"sets": 5}
    assert model.simulation_options({"sets": 5}) == {"sets": 5}
    with pytest.raises(InvalidOptions):
        model.table_options({"sets": 4})
