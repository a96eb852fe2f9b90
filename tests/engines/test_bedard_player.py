"""Bedard's plausible player: legal, never a
balk while holding the led suit, reproducible from its seed, and games that look like games."""

import random
import statistics

from games.engines import get
from games.engines.bedard_baseball.deck import Card
from games.engines.bedard_baseball.player import Table, answer, lead

ENGINE = get("bedard-baseball")


def _play_game(seed: int, innings: int = 9):
    table = Table(random.Random(seed))
    state = ENGINE.initial_state(ENGINE.options({"innings": innings}))
    plays = []
    while not ENGINE.is_over(state):
        raw = table.choose(state)
        state, _ = ENGINE.play(state, raw)  # an illegal play would raise here
        plays.append(raw)
        assert len(plays) < 5000
    return plays, ENGINE.summary(state)


def test_the_fielder_follows_suit_whenever_it_can():
    for seed in range(40):
        plays, _ = _play_game(seed, innings=3)
        assert not any(raw.get("field_had_suit") for raw in plays)


def test_a_game_is_reproduced_from_its_seed():
    assert _play_game(7, innings=3) == _play_game(7, innings=3)


def test_the_fielders_answers_hurt_least():
    red = [Card("R", v) for v in (1, 4, 10, 13)]
    assert answer(Card("R", 7), red) == Card("R", 1)  # fly out first
    assert answer(Card("R", 7), red[1:]) == Card("R", 10)  # foul fly out against 2-9
    assert answer(Card("R", 11), red[1:]) == Card("R", 13)  # a strike
    assert answer(Card("R", 1), red[1:]) == Card("R", 13)  # the lead 1 caught
    assert answer(Card("Y", 4), [Card("K", 4), Card("B", 2)]) == Card("K", 4)  # a foul
    assert lead([Card("R", 5), Card("B", 1), Card("K", 13)]) == Card("B", 1)


def test_two_hundred_games_look_like_games():
    """Runs per team per inning and plays per nine innings (the uniform player gave hundreds
    of runs in three innings)."""
    per_inning, lengths = [], []
    for seed in range(200):
        plays, summary = _play_game(seed)
        innings = len(summary["line_score"][0])
        per_inning.append(sum(summary["score"]) / 2 / innings)
        lengths.append(len(plays))
    assert 1.0 <= statistics.mean(per_inning) <= 6.0
    assert 150 <= statistics.mean(lengths) <= 500
