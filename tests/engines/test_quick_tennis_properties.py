"""Property tests: random legal Quick Tennis matches, played to the end.

A match is generated from a few drawn parameters (best of 3 or 5, a seed, how often the
player tries a play that may be illegal, how often shots carry a call); at each step the
player picks a legal play, or tries any candidate play and keeps it only if the engine
accepts it. Every point uses up cards, so every point ends; every set ends by 7-6 at most;
so every match ends within a bound.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.engines import EngineError, IllegalPlay, get
from games.engines.record import dumps, from_json, loads, replay

ENG = get("quick-tennis")
MAX_PLAYS = 20_000  # a generous bound on plays per match
POINT_NAMES = {"0", "15", "30", "40", "Ad"}


class Played:
    """A finished match: its plays and every state and outcome (not a dataclass, so that a
    failing example prints as the record only)."""

    def __init__(self, best_of: int, plays: list, states: list, outcomes: list) -> None:
        self.best_of = best_of
        self.plays = plays
        self.states = states
        self.outcomes = outcomes

    def __repr__(self) -> str:
        return f"Played(best_of={self.best_of}, plays={self.plays!r})"

    def record(self) -> dict[str, Any]:
        return {"game": "quick-tennis", "options": {"sets": self.best_of}, "plays": self.plays}


def choose(state: Any, rng: random.Random, wild: float, calls: float) -> dict[str, Any]:
    """A legal play, or (with probability ``wild``) the first candidate the engine accepts."""
    if rng.random() < wild:
        candidates = ENG.candidate_plays(state)
        rng.shuffle(candidates)
        for raw in candidates:
            snapshot = copy.deepcopy(state)
            try:
                ENG.play(state, raw)
            except IllegalPlay:
                assert state == snapshot, f"{raw!r} changed the state before it was refused"
                continue
            return raw
        raise AssertionError("no candidate play was legal")
    legal = ENG.legal_plays(state)
    plain = [p for p in legal if "call" not in p]
    raw = rng.choice(legal if rng.random() < calls or not plain else plain)
    if rng.random() < 0.05:
        raw = {**raw, "note": "scorer's note"}
    return raw


@st.composite
def matches(draw) -> Played:
    best_of = draw(st.sampled_from([3, 5]))
    seed = draw(st.integers(0, 2**32 - 1))
    wild = draw(st.sampled_from([0.0, 0.1]))
    calls = draw(st.sampled_from([0.0, 0.3]))
    rng = random.Random(seed)
    state = ENG.initial_state(ENG.options({"sets": best_of}))
    plays, states, outcomes = [], [state], []
    while not ENG.is_over(state):
        assert len(plays) < MAX_PLAYS, "the match did not end"
        raw = choose(state, rng, wild, calls)
        state, outcome = ENG.play(state, raw)
        plays.append(raw)
        states.append(state)
        outcomes.append(outcome)
    return Played(best_of, plays, states, outcomes)


def set_winner(games: list[int]) -> int:
    return 0 if games[0] > games[1] else 1


def check_set(games: list[int], tiebreak: list[int] | None) -> None:
    """A finished set: 6 by two (6-0 … 6-4, 7-5) or 7-6 after a tie-break to 7 by two."""
    high, low = max(games), min(games)
    if tiebreak is None:
        assert (high == 6 and low <= 4) or (high, low) == (7, 5), games
        return
    assert (high, low) == (7, 6), games
    tb_high, tb_low = max(tiebreak), min(tiebreak)
    assert tb_high >= 7 and tb_high - tb_low >= 2, tiebreak
    assert tb_high == 7 or tb_high - tb_low == 2, tiebreak  # it stops as soon as it is won
    assert set_winner(tiebreak) == set_winner(games), (games, tiebreak)


def check_summary(s: dict[str, Any], best_of: int) -> None:
    final = s["status"] == "final"
    needed = best_of // 2 + 1
    assert s["game"] == "quick-tennis"
    assert s["best_of"] == best_of
    assert len(s["sets"]) == len(s["tiebreaks"])
    for games, tiebreak in zip(s["sets"], s["tiebreaks"], strict=True):
        check_set(games, tiebreak)
    won = [sum(set_winner(g) == side for g in s["sets"]) for side in (0, 1)]
    assert s["score"] == won
    assert s["server"] in (0, 1)
    assert all(0 <= cards <= 6 for cards in s["cards"])
    assert json.loads(json.dumps(s)) == s
    if final:
        assert s["winner"] in (0, 1)
        assert won[s["winner"]] == needed and won[1 - s["winner"]] < needed
        assert s["games"] == s["sets"][-1]
        assert s["points"] == ["0", "0"]
        assert s["set"] == len(s["sets"])
        assert s["hitter"] is None
        return
    assert s["winner"] is None
    assert max(won) < needed
    assert s["set"] == len(s["sets"]) + 1
    a, b = s["games"]
    assert 0 <= min(a, b) and max(a, b) <= 6 and not (max(a, b) == 6 and abs(a - b) >= 2)
    assert s["tiebreak"] == (s["games"] == [6, 6])
    if s["tiebreak"]:
        p, q = (int(x) for x in s["points"])
        assert max(p, q) < 7 or abs(p - q) < 2
    else:
        assert set(s["points"]) <= POINT_NAMES
        assert s["points"].count("Ad") <= 1
        if "Ad" in s["points"]:
            assert "40" in s["points"]
    if s["hitter"] is None:
        assert s["cards"] == [6, 6] and s["shots"] == 0 and s["ball"] is None
    else:
        assert s["shots"] >= 1 and s["ball"] in ("Q1", "Q2", "Q3", "Q4")


@settings(
    max_examples=40,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(matches())
def test_random_legal_matches(match: Played) -> None:
    summaries = [ENG.summary(state) for state in match.states]
    for s in summaries:
        check_summary(s, match.best_of)
    assert summaries[-1]["status"] == "final"
    assert all(s["status"] == "in_progress" for s in summaries[:-1])

    for before, after, outcome in zip(summaries[:-1], summaries[1:], match.outcomes, strict=True):
        assert str(outcome)
        gained = [a - b for a, b in zip(after["points_won"], before["points_won"], strict=True)]
        if "point" in outcome.tags:
            # One point, to one side; hands are full again.
            assert sorted(gained) == [0, 1]
            assert after["hitter"] is None
        else:
            # The rally goes on: the ball changed sides, and cards were used.
            assert gained == [0, 0]
            assert after["hitter"] == 1 - (
                before["hitter"] if before["hitter"] is not None else before["server"]
            )
            assert sum(after["cards"]) < sum(before["cards"])
            assert after["shots"] == before["shots"] + 1
        new_game = after["games"] != before["games"] or after["sets"] != before["sets"]
        assert new_game == ("game" in outcome.tags)
        if "game" in outcome.tags and "final" not in outcome.tags:
            # The server changes every game, the tie-break counted as one.
            game_server = before["server"]
            if before["tiebreak"]:
                played = sum(int(p) for p in before["points"])
                game_server = (
                    before["server"] if (played + 1) // 2 % 2 == 0 else 1 - before["server"]
                )
            assert after["server"] == 1 - game_server
        if "break" in outcome.tags:
            assert gained[before["server"]] == 0
        assert ("set" in outcome.tags) == (len(after["sets"]) == len(before["sets"]) + 1)

    end = summaries[-1]
    assert sum(end["points_won"]) == sum("point" in o.tags for o in match.outcomes)
    assert ENG.legal_plays(match.states[-1]) == []
    for raw in ({"serve": "Q1", "receive": ["Q1"]}, {"out_of_cards": True}):
        try:
            ENG.play(match.states[-1], raw)
        except EngineError:
            pass
        else:
            raise AssertionError(f"{raw!r} accepted after the match was final")

    # The record replays to the same states and summary, also through JSON text.
    result = replay(from_json(match.record()))
    assert list(result.states) == match.states
    assert [str(o) for o in result.outcomes] == [str(o) for o in match.outcomes]
    assert replay(loads(json.dumps(match.record()))).summary() == end
    assert json.loads(dumps(from_json(match.record())))["plays"] == match.plays


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 400))
def test_legal_plays_are_exactly_the_candidates_the_engine_accepts(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = ENG.initial_state(ENG.options({}))
    for _ in range(steps):
        if ENG.is_over(state):
            break
        state, _ = ENG.play(state, rng.choice(ENG.legal_plays(state)))
    accepted = []
    for raw in ENG.candidate_plays(state):
        try:
            ENG.play(state, raw)
        except IllegalPlay:
            continue
        accepted.append(raw)
    assert sorted(map(json.dumps, accepted)) == sorted(map(json.dumps, ENG.legal_plays(state)))
