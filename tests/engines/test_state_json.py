"""Every engine's state has a JSON form (``Engine.state_to_json``) that reads back as the very
same state, for the games of tests/examples and for many games of plausible players; reading
builds nothing but the engines' own dataclasses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import all_engines, get
from games.engines.players import play_out
from games.engines.record import from_json, replay
from games.engines.state_json import StateJSONError, state_from_json, state_to_json

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.json"))
# Short games, so that many of them are played.
SHORT = {
    "quick-baseball": {"innings": 3},
    "quick-cricket": {"overs": 2},
    "backyard-baseball": {"innings": 3},
    "bedard-baseball": {"innings": 3},
    "solitaire-baseball": {"innings": 3},
    "quick-tennis": {"sets": 3},
}


def round_trip(kind: str, state):
    engine = get(kind)
    text = json.dumps(engine.state_to_json(state))
    return engine.state_from_json(json.loads(text))


def test_every_game_is_played():
    assert set(SHORT) == {engine.id for engine in all_engines()}


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "expect" in json.loads(p.read_text())])
def test_every_state_of_the_examples_reads_back_the_same(path):
    record = from_json(json.loads(path.read_text())["record"])
    for state in replay(record).states:
        assert round_trip(record.game, state) == state


@pytest.mark.parametrize("kind", sorted(SHORT))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_state_of_plausible_games_reads_back_the_same(kind, seed):
    for state in play_out(kind, SHORT[kind], seed).states:
        assert round_trip(kind, state) == state


def test_the_same_state_always_gives_the_same_json():
    states = play_out("quick-baseball", SHORT["quick-baseball"], 3).states
    for state in states[::5]:
        again = state_from_json(json.loads(json.dumps(state_to_json(state))))
        assert json.dumps(state_to_json(state)) == json.dumps(state_to_json(again))


@pytest.mark.parametrize(
    "data",
    [
        {"@": "os:system"},  # not an engine's module
        {"@": "quick_baseball.state:BATTER"},  # not a class
        {"@": "json_text:TooDeep"},  # an engine's class, but no dataclass
        {"@": "quick_baseball.state:Pitch", "pitch": "SO1", "bat": None},  # a field missing
        {"@": "quick_baseball.state:Pitch", "pitch": "SO1", "bat": None, "call": None, "x": 1},
        {"@": 7},
        {"@": "quick_baseball.state:Pitch.__init__.__globals__"},
        {"@frozenset": "abc"},
        {"what": 1},
        b"bytes",
    ],
)
def test_data_that_is_no_engine_state_is_refused(data):
    with pytest.raises(StateJSONError):
        state_from_json(data)


def test_only_the_engines_values_have_a_json_form():
    with pytest.raises(StateJSONError):
        state_to_json(object())
