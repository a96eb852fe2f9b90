"""Property tests: random legal Quick Baseball games, played to the end.

A game is generated from a few drawn parameters (innings, a seed, how often to refresh, when
to start pushing toward the end); at each step a candidate play built from the summary's
hands is tried and skipped if illegal. After a number of steps the player "pushes": strike
outs, except that a home side tied in the bottom half walks until it walks off, so every game
ends within a bound.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.engines import IllegalPlay, InvalidPlay, get
from games.engines.catalogues import default_catalogue
from games.engines.record import dumps, from_json, loads, replay

ENG = get("quick-baseball")
CATALOGUE = default_catalogue("quick-baseball")
PITCH_IDS = sorted(c["id"] for c in CATALOGUE["pitch"])
BAT_IDS = sorted(c["id"] for c in CATALOGUE["bat"])
PITCH_OUT = "PO"
BLUE = sorted(c["id"] for c in CATALOGUE["pitch"] if "blue" in c["borders"])
MAX_STEPS = 4000  # a generous bound on plays per game


class Game:
    """A finished game: its plays and every state and outcome (not a dataclass, so that a
    failing example prints as the record only)."""

    def __init__(self, innings: int, plays: list, states: list, outcomes: list, illegal: int):
        self.innings = innings
        self.plays = plays
        self.states = states
        self.outcomes = outcomes
        self.illegal_tries = illegal

    def __repr__(self) -> str:  # the record is what a failing example needs
        return f"Game(innings={self.innings}, plays={self.plays!r})"


def candidates(s: dict[str, Any], rng: random.Random, refresh_weight: float) -> list[dict]:
    """Well-formed plays built from the hands (an empty hand means an automatic refresh)."""
    pitcher = s["hands"]["pitcher"]
    if not [p for p in pitcher if p != PITCH_OUT]:
        pitcher = PITCH_IDS  # a non-PO card now means an automatic refresh
    batter = s["hands"]["batter"] or BAT_IDS
    out: list[dict[str, Any]] = []
    for p in pitcher:
        for b in batter:
            out.append({"pitch": p, "bat": b})
        out.append({"pitch": p, "call": "leave"})
        out.append({"pitch": p, "call": "steal"})
    if rng.random() < refresh_weight:
        out += [{"refresh": ["batter"]}, {"refresh": ["pitcher"]}]
        out.append({"refresh": ["pitcher", "batter"]})
    rng.shuffle(out)
    # Decorations the engine must ignore.
    for raw in out:
        if rng.random() < 0.05:
            raw["note"] = "scorer's note"
        if "call" in raw and rng.random() < 0.1:
            raw["bat"] = rng.choice([*BAT_IDS, "B9"])
    return out


def pushing_plays(s: dict[str, Any]) -> list[dict[str, Any]]:
    """Plays that bring the game to an end: a tied home side in the bottom walks off, else
    strike-outs (a non-blue card is left first when no blue one is held)."""
    if s["half"] == "bottom" and s["score"][0] == s["score"][1]:
        return [{"pitch": PITCH_OUT, "call": "leave"}]
    pitcher = s["hands"]["pitcher"]
    blue = [p for p in pitcher if p in BLUE]
    if blue:
        return [{"pitch": blue[0], "call": "leave"}]
    others = [p for p in pitcher if p != PITCH_OUT]
    if others:
        return [{"pitch": others[0], "call": "leave"}]
    return [{"pitch": BLUE[0], "call": "leave"}]  # automatic refresh first


@st.composite
def games(draw) -> Game:
    innings = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**32 - 1))
    refresh_weight = draw(st.sampled_from([0.0, 0.2, 0.6]))
    push_after = draw(st.integers(20, 400))
    rng = random.Random(seed)
    state = ENG.initial_state(ENG.options({"innings": innings}))
    plays: list[dict[str, Any]] = []
    states = [state]
    outcomes = []
    illegal = 0
    while not ENG.is_over(state):
        assert len(plays) < MAX_STEPS, "the game did not end"
        s = ENG.summary(state)
        pushing = len(plays) >= push_after
        options = pushing_plays(s) if pushing else candidates(s, rng, refresh_weight)
        for raw in options:
            snapshot = copy.deepcopy(state)
            try:
                new, outcome = ENG.play(state, raw)
            except IllegalPlay:
                illegal += 1
                assert state == snapshot
                continue
            except InvalidPlay as exc:  # candidates are always well-formed
                raise AssertionError(f"{raw!r} rejected as malformed: {exc}") from None
            assert state == snapshot, f"{raw!r} mutated the state"
            assert ENG.summary(state) == s
            break
        else:
            raise AssertionError(f"no legal play among {options!r} in {s!r}")
        plays.append(raw)
        states.append(new)
        outcomes.append(outcome)
        state = new
    return Game(innings, plays, states, outcomes, illegal)


def check_summary(s: dict[str, Any], innings: int) -> None:
    final = s["status"] == "final"
    assert s["game"] == "quick-baseball"
    assert s["status"] in ("in_progress", "final")
    assert 0 <= s["outs"] <= 3
    if not final:
        assert s["outs"] <= 2
        assert s["winner"] is None
    assert isinstance(s["bases"], list) and len(s["bases"]) == 3
    assert all(isinstance(b, bool) for b in s["bases"])
    assert isinstance(s["balls"], int) and 0 <= s["balls"] <= 3
    assert 1 <= s["batter"] <= 9
    assert len(s["relief"]) == 2 and all(isinstance(r, bool) for r in s["relief"])
    assert s["half"] in ("top", "bottom")
    assert s["inning"] >= 1
    line = s["line_score"]
    assert len(line) == 2
    assert [sum(line[0]), sum(line[1])] == s["score"]
    assert all(isinstance(r, int) and r >= 0 for side in line for r in side)
    assert len(line[0]) == s["inning"]
    assert len(line[1]) == (s["inning"] if s["half"] == "bottom" else s["inning"] - 1)
    assert set(s["hands"]["batter"]) <= set(BAT_IDS)
    assert set(s["hands"]["pitcher"]) <= set(PITCH_IDS)
    assert PITCH_OUT in s["hands"]["pitcher"]  # never discarded
    assert s["hands"]["batter"] == sorted(s["hands"]["batter"])
    assert s["hands"]["pitcher"] == sorted(s["hands"]["pitcher"])
    assert json.loads(json.dumps(s)) == s
    if final:
        visitors, home = s["score"]
        assert visitors != home, "quick baseball games cannot end tied"
        assert s["winner"] == (0 if visitors > home else 1)
        assert s["inning"] >= innings
        if s["half"] == "top":  # the bottom half was not needed
            assert s["outs"] == 3 and s["winner"] == 1
        elif s["outs"] < 3:  # a walk-off
            assert s["winner"] == 1


@settings(
    max_examples=60,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(games())
def test_random_legal_games(game: Game) -> None:
    summaries = [ENG.summary(s) for s in game.states]
    for s in summaries:
        check_summary(s, game.innings)
    assert summaries[-1]["status"] == "final"
    assert all(s["status"] == "in_progress" for s in summaries[:-1])

    for before, after, outcome in zip(summaries[:-1], summaries[1:], game.outcomes, strict=True):
        # Runs of a play are the score's change, credited to the side that was batting.
        gained = [a - b for a, b in zip(after["score"], before["score"], strict=True)]
        batting = 0 if before["half"] == "top" else 1
        assert gained[1 - batting] == 0
        assert gained[batting] == outcome.runs >= 0
        assert str(outcome)
        # Relief never goes away.
        assert all(a or not b for a, b in zip(after["relief"], before["relief"], strict=True))
        # The half-inning changes only on a third out; the new one starts clean.
        if (after["inning"], after["half"]) != (before["inning"], before["half"]):
            assert after["outs"] in (0, 3)
            if after["status"] == "in_progress":
                assert after["outs"] == 0
                assert after["bases"] == [False, False, False]
                assert after["balls"] == 0
                assert after["hands"] == {"batter": BAT_IDS, "pitcher": PITCH_IDS}
        else:
            assert after["outs"] >= before["outs"]

    # A walk-off: the home side was not ahead before the last play.
    end = summaries[-1]
    if end["half"] == "bottom" and end["outs"] < 3:
        assert summaries[-2]["score"][1] <= summaries[-2]["score"][0]

    # Nothing more may be played.
    with_final = game.states[-1]
    for raw in ({"pitch": "PO", "call": "leave"}, {"refresh": ["batter", "pitcher"]}):
        try:
            ENG.play(with_final, raw)
        except IllegalPlay:
            pass
        else:
            raise AssertionError(f"{raw!r} accepted after the game was final")

    # The record replays to the same states and summary, also through JSON text.
    data = {"game": "quick-baseball", "options": {"innings": game.innings}, "plays": game.plays}
    result = replay(from_json(data))
    assert result.summary() == summaries[-1]
    assert list(result.states) == game.states
    assert [str(o) for o in result.outcomes] == [str(o) for o in game.outcomes]
    assert replay(loads(json.dumps(data))).summary() == summaries[-1]
    # The exported record keeps every play (export -> import is tested in test_examples.py).
    assert json.loads(dumps(from_json(data)))["plays"] == game.plays
