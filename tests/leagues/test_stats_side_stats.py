"""Each game's ``side_stats`` on a small hand-built record (see ``stats_helpers``): the
numbers below are counted by hand from the plays, not read from the engine."""

import json

import pytest

from games.kinds.backyard_baseball import stats as backyard_baseball
from games.kinds.bedard_baseball import stats as bedard_baseball
from games.kinds.quick_baseball import stats as quick_baseball
from games.kinds.quick_cricket import stats as quick_cricket
from games.kinds.solitaire_baseball import stats as solitaire_baseball

from .stats_helpers import (
    BACKYARD,
    BEDARD,
    CRICKET,
    QUICK_BASEBALL,
    SOLITAIRE,
    random_plays,
    replayed,
)


def slot(pa, ab, h=0, tb=0, bb=0, **more):
    return {"pa": pa, "ab": ab, "h": h, "tb": tb, "bb": bb, **more}


def test_quick_baseball_visitors():
    data = quick_baseball.side_stats(replayed(QUICK_BASEBALL), 0)
    assert data == {
        "pa": 5,
        "ab": 4,
        "hits": 2,
        "doubles": 2,
        "triples": 0,
        "home_runs": 0,
        "total_bases": 4,
        "walks": 1,
        "balks": 0,
        "sacrifices": 0,
        "strikeouts": 1,
        "steals": 1,
        "caught_stealing": 1,
        "relief": 0,
        "line": [1],
        "slots": {
            "1": slot(1, 1, 1, 2),
            "2": slot(1, 0, bb=1),
            "3": slot(1, 1),
            "4": slot(1, 1, 1, 2),
            "5": slot(1, 1),
        },
    }


def test_quick_baseball_home_side_strikes_out_three_times():
    data = quick_baseball.side_stats(replayed(QUICK_BASEBALL), 1)
    assert (data["pa"], data["ab"], data["hits"], data["total_bases"]) == (4, 4, 1, 1)
    assert (data["strikeouts"], data["steals"], data["caught_stealing"]) == (3, 0, 0)
    assert data["slots"]["1"] == slot(1, 1, 1, 1)
    assert data["line"] == [0]


def test_quick_baseball_relief_pitcher_entry():
    record = {
        "game": "quick-baseball",
        "options": {"innings": 1},
        # The visitors' hitters use up the home pitcher's cards, then he refreshes.
        "plays": [
            {"pitch": "SO1", "call": "leave"},
            {"pitch": "FLY", "call": "leave"},
            {"pitch": "C1", "call": "leave"},
            {"pitch": "C2", "call": "leave"},
            {"pitch": "RUN", "call": "leave"},
            {"refresh": ["pitcher"]},
        ],
    }
    replay = replayed(record)
    assert replay.summary()["relief"] == [False, True]
    assert quick_baseball.side_stats(replay, 1)["relief"] == 1
    assert quick_baseball.side_stats(replay, 0)["relief"] == 0


def test_bedard_visitors():
    data = bedard_baseball.side_stats(replayed(BEDARD), 0)
    assert data == {
        "pa": 9,
        "ab": 7,
        "hits": 4,
        "doubles": 1,
        "triples": 1,
        "home_runs": 1,
        "total_bases": 10,
        "walks": 1,
        "balks": 1,
        "sacrifices": 0,
        "strikeouts": 1,
        "line": [3],
        "slots": {
            "1": slot(1, 1, 1, 1),
            "2": slot(1, 1, 1, 4),
            "3": slot(1, 1, 1, 2),
            "4": slot(1, 1, 1, 3),
            "5": slot(1, 0, bb=1),
            "6": slot(1, 0, bk=1),
            "7": slot(1, 1),
            "8": slot(1, 1),
            "9": slot(1, 1),
        },
    }
    home = bedard_baseball.side_stats(replayed(BEDARD), 1)
    assert (home["pa"], home["ab"], home["hits"], home["strikeouts"]) == (3, 3, 0, 0)


def test_backyard_visitors_by_pawn():
    data = backyard_baseball.side_stats(replayed(BACKYARD), 0)
    assert data["slots"] == {"dot": slot(3, 3, 2, 5), "plain": slot(2, 1, sh=1)}
    assert (data["pa"], data["ab"], data["hits"], data["home_runs"]) == (5, 4, 2, 1)
    assert (data["total_bases"], data["strikeouts"], data["sacrifices"]) == (5, 2, 1)
    assert (data["doubles"], data["walks"]) == (0, 0)
    assert (data["extensions"], data["extensions_out"]) == (1, 0)
    assert data["line"] == [1]


def test_backyard_home_side_three_strike_outs():
    data = backyard_baseball.side_stats(replayed(BACKYARD), 1)
    assert data["slots"] == {"dot": slot(2, 2), "plain": slot(1, 1)}
    assert (data["pa"], data["strikeouts"], data["hits"], data["extensions"]) == (3, 3, 0, 0)


def test_solitaire_player():
    data = solitaire_baseball.side_stats(replayed(SOLITAIRE), 0)
    assert data == {
        "pa": 7,
        "ab": 5,
        "hits": 3,
        "doubles": 1,
        "triples": 0,
        "home_runs": 1,
        "total_bases": 7,
        "walks": 1,
        "balks": 0,
        "sacrifices": 1,
        "strikeouts": 0,
        "line": [4],
        "slots": {
            "1": slot(1, 1, 1, 1),
            "2": slot(1, 0, sh=1),
            "3": slot(1, 1, 1, 2),
            "4": slot(1, 0, bb=1),
            "5": slot(1, 1, 1, 4),
            "6": slot(1, 1),
            "7": slot(1, 1),  # a bunt with nobody on is an out, not a sacrifice
        },
    }


def test_cricket_winners():
    data = quick_cricket.side_stats(replayed(CRICKET), 0)
    assert data == {
        "innings": [
            {
                "runs": 18,
                "wickets": 1,
                "balls": 4,
                "declared": False,
                "complete": True,
                "partnerships": [13, 5],
            }
        ],
        "runs": 18,
        "balls": 4,
        "wickets_lost": 1,
        "conceded": 0,
        "balls_bowled": 4,
        "wickets_taken": 3,
        "dismissals": {"bowled": 0, "lbw": 0, "caught": 1, "big_hit_caught": 0},
        "wickets": {"bowled": 2, "lbw": 0, "caught": 1, "big_hit_caught": 0},
        "big_hits": 0,
        "big_hit_runs": 0,
        "no_balls": 0,
        "reviews_used": 2,  # one lost with the bat, one won with the ball
        "reviews_won": 1,
        "won_by": ["runs", 18],
    }


def test_cricket_losers():
    data = quick_cricket.side_stats(replayed(CRICKET), 1)
    assert data["innings"] == [
        {
            "runs": 0,
            "wickets": 3,
            "balls": 4,
            "declared": False,
            "complete": True,
            "partnerships": [0, 0, 0, 0],
        }
    ]
    assert data["dismissals"] == {"bowled": 2, "lbw": 0, "caught": 1, "big_hit_caught": 0}
    assert data["wickets"] == {"bowled": 0, "lbw": 0, "caught": 1, "big_hit_caught": 0}
    assert (data["big_hits"], data["no_balls"], data["conceded"]) == (1, 1, 18)
    assert (data["reviews_used"], data["reviews_won"], data["won_by"]) == (0, 0, None)


def test_cricket_balls_for_run_rate_are_unchanged():
    assert quick_cricket.balls_for_run_rate(replayed(CRICKET), 0) == (4, 4)


def test_every_stats_dict_is_json():
    for record, module in (
        (QUICK_BASEBALL, quick_baseball),
        (BEDARD, bedard_baseball),
        (BACKYARD, backyard_baseball),
        (SOLITAIRE, solitaire_baseball),
        (CRICKET, quick_cricket),
    ):
        data = module.side_stats(replayed(record), 0)
        assert json.loads(json.dumps(data)) == data


# --- random games: the counts agree with each other and with the summary ----------------------

BASEBALL = {
    "quick-baseball": quick_baseball,
    "backyard-baseball": backyard_baseball,
    "bedard-baseball": bedard_baseball,
    "solitaire-baseball": solitaire_baseball,
}


@pytest.mark.parametrize("kind", sorted(BASEBALL))
@pytest.mark.parametrize("seed", range(4))
def test_random_baseball_games_add_up(kind, seed):
    record = {
        "game": kind,
        "options": {"innings": 2},
        "plays": random_plays(kind, {"innings": 2}, seed),
    }
    replay = replayed(record)
    summary = replay.summary()
    for side, runs in enumerate(summary["score"]):
        data = BASEBALL[kind].side_stats(replay, side)
        slots = data["slots"].values()
        for key, slot_key in (
            ("pa", "pa"),
            ("ab", "ab"),
            ("hits", "h"),
            ("total_bases", "tb"),
            ("walks", "bb"),
        ):
            assert data[key] == sum(s.get(slot_key, 0) for s in slots), key
        assert data["pa"] == data["ab"] + data["walks"] + data["balks"] + data["sacrifices"]
        extra = data["doubles"] + 2 * data["triples"] + 3 * data["home_runs"]
        assert data["total_bases"] == data["hits"] + extra
        assert data["hits"] <= data["ab"] and data["strikeouts"] <= data["ab"]
        assert sum(data["line"]) == runs
        assert data["pa"] >= 3 * len(data["line"]) - 3  # three batters at least per full inning


@pytest.mark.parametrize("seed", range(4))
def test_random_cricket_matches_add_up(seed):
    options = {"overs": 2, "innings": 1 + seed % 2}
    replay = replayed(
        {
            "game": "quick-cricket",
            "options": options,
            "plays": random_plays("quick-cricket", options, seed),
        }
    )
    summary = replay.summary()
    sides = [quick_cricket.side_stats(replay, side) for side in (0, 1)]
    reviews = sum(1 for inn in replay.final_state.innings for ball in inn.log if ball.review)
    assert sides[0]["reviews_used"] + sides[1]["reviews_used"] == reviews
    for side, data in enumerate(sides):
        other = sides[1 - side]
        assert data["runs"] == summary["score"][side] == other["conceded"]
        assert data["wickets_lost"] == sum(data["dismissals"].values()) == other["wickets_taken"]
        assert data["dismissals"] == other["wickets"]
        assert data["balls"] == other["balls_bowled"]
        for inn in data["innings"]:
            assert sum(inn["partnerships"]) == inn["runs"]
