"""The win-probability tables in the engines: built the same on any number of workers, read
back exactly, looked up as probabilities, exact at the end, and refusing what they do not
cover."""

import json

import pytest

from games.engines.players import play_out
from games.engines.win_probability import NotCovered, Table, model_for
from games.engines.win_probability.build import build_table
from games.engines.win_probability.calibration import calibrate
from games.engines.win_probability.table import TableError


@pytest.fixture(scope="module")
def bedard():
    return build_table("bedard-baseball", {"innings": 3}, games=60, seed=0)


def test_a_build_is_the_same_on_one_worker_or_two(bedard):
    again = build_table("bedard-baseball", {"innings": 3}, games=60, seed=0, workers=2)
    assert again.counts == bedard.counts
    other = build_table("bedard-baseball", {"innings": 3}, games=60, seed=5)
    assert other.counts != bedard.counts


def test_a_table_reads_back_exactly(bedard):
    again = Table.from_json(bedard.to_json())
    assert again == bedard
    for text in ("", "[]", json.dumps({"format": 99}), json.dumps({"format": 1, "game": "x"})):
        with pytest.raises(TableError):
            Table.from_json(text)


def test_every_lookup_is_a_probability_and_the_end_is_exact(bedard):
    played = play_out("bedard-baseball", {"innings": 3}, 123)
    for state in played.states:
        chances = bedard.predict(state)
        assert all(0 <= share <= 1 for share in chances)
        assert sum(chances) == pytest.approx(1)
    final = bedard.predict(played.states[-1])
    assert final[played.summary["winner"]] == 1.0


def test_a_baseball_table_is_built_for_its_length_of_game():
    model = model_for("quick-baseball")
    assert model.table_options({"innings": 3}) != model.table_options({"innings": 9})
    assert model.simulation_options(model.table_options({"innings": 3}))["innings"] == 3
    with pytest.raises(NotCovered, match="more than 20 innings"):
        model.table_options({"innings": 21})


def test_a_table_counts_as_many_half_innings_whatever_the_length():
    model = model_for("bedard-baseball")
    nine, three = (model.games_for(model.table_options(o)) for o in ({}, {"innings": 3}))
    assert (nine, three) == (3000, 9000)
    quick = model_for("quick-baseball")
    assert (quick.games_for({"innings": 9}), quick.games_for({"innings": 3})) == (10_000, 30_000)
    backyard = model_for("backyard-baseball")
    assert backyard.games_for({"innings": 3}) == backyard.games


def test_what_the_tables_do_not_cover_says_why():
    with pytest.raises(NotCovered, match="unlimited-overs matches"):
        model_for("quick-cricket").table_options({"overs": None})
    with pytest.raises(NotCovered, match="two-innings matches"):
        model_for("quick-cricket").table_options({"overs": 8, "innings": 2})


def test_calibration_needs_games_the_table_was_not_built_from(bedard):
    with pytest.raises(ValueError, match="not built from"):
        calibrate(bedard, games=5, seed=0)
    result = calibrate(bedard, games=30, seed=1, options={"innings": 3})
    assert sum(bucket.situations for bucket in result.buckets) > 30
    assert 0 <= result.largest_gap <= 1


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("quick-baseball", {"innings": 3}),
        ("quick-cricket", {"overs": 4}),
        ("backyard-baseball", {"innings": 3}),
        ("solitaire-baseball", {"innings": 9}),
        ("quick-tennis", {"sets": 3}),
    ],
)
def test_every_game_has_a_table_that_looks_states_up(game_id, options):
    table = build_table(game_id, options, games=15, seed=0)
    played = play_out(game_id, options, 99)
    sides = len(played.summary.get("score", [0, 0]))
    for state in played.states[:: max(1, len(played.states) // 20)]:
        chances = table.predict(state)
        assert sum(chances) == pytest.approx(1)
    final = table.predict(played.states[-1])
    winner = played.summary["winner"]
    assert final[2 if winner is None else winner] == 1.0
    assert sides in (1, 2)


def test_the_largest_gap_counts_only_buckets_enough_games_reach():
    from games.engines.win_probability.calibration import MIN_GAMES, Bucket, Calibration

    thin = Bucket(0.0, 0.1, situations=9, predicted=0.05, won=0.5, games=MIN_GAMES - 1)
    wide = Bucket(0.4, 0.5, situations=10_000, predicted=0.45, won=0.47, games=MIN_GAMES)
    calibration = Calibration("solitaire-baseball", 5000, (thin, wide))
    assert calibration.largest_gap == pytest.approx(0.02)
    assert calibration.largest_gap_any == pytest.approx(0.45)


def test_calibration_is_the_same_on_one_worker_or_two(bedard):
    one = calibrate(bedard, games=20, seed=1, options={"innings": 3})
    two = calibrate(bedard, games=20, seed=1, options={"innings": 3}, workers=2)
    assert one == two
    assert all(bucket.games <= 20 for bucket in one.buckets)
    assert max(bucket.games for bucket in one.buckets) >= 10
