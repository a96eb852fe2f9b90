"""Every game declares the keys its plays may have (next to its parse), and one shared check
(``Engine.check_play``) refuses a play with any other key, naming it, or one larger than
``PLAY_LIMIT``, naming the limit. Every play the plausible players and the legal-play lists
make passes it; ``parse`` itself still ignores keys it does not use (stored logs replay)."""

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import InvalidPlay, all_engines, get
from games.engines.base import NOTE_KEYS, PLAY_LIMIT
from games.engines.players import play_out

ENGINES = [engine.id for engine in all_engines()]


@cache
def plays_of(game_id: str, seed: int) -> tuple[dict, ...]:
    return play_out(game_id, {}, seed).plays


def declared(engine) -> set[str]:
    return set(engine.play_keys) | NOTE_KEYS


plays = st.sampled_from(ENGINES).flatmap(
    lambda game_id: st.tuples(
        st.just(game_id),
        st.integers(0, 3).flatmap(lambda seed: st.sampled_from(plays_of(game_id, seed)).map(dict)),
    )
)


@settings(max_examples=150, deadline=None)
@given(played=plays, key=st.text(min_size=1, max_size=60), value=st.integers() | st.text())
def test_a_key_the_game_does_not_declare_is_refused_by_name(played, key, value):
    game_id, raw = played
    engine = get(game_id)
    if key in declared(engine):
        return
    with pytest.raises(InvalidPlay, match=r"^unknown key ") as refused:
        engine.check_play({**raw, key: value})
    assert repr(key)[:37] in str(refused.value)


@settings(max_examples=60, deadline=None)
@given(played=plays, note=st.text(max_size=200), at=st.text(max_size=30) | st.integers())
def test_every_plausible_play_passes_with_or_without_a_note(played, note, at):
    game_id, raw = played
    engine = get(game_id)
    engine.check_play(raw)
    engine.check_play({**raw, "note": note, "at": at})


@pytest.mark.parametrize("game_id", ENGINES)
def test_every_legal_play_from_the_start_passes(game_id):
    engine = get(game_id)
    state = engine.initial_state(engine.options({}))
    for raw in engine.legal_plays(state):
        engine.check_play(raw)
        assert set(raw) <= declared(engine)


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_play_over_the_limit_is_refused_naming_it(game_id):
    engine = get(game_id)
    raw = {**plays_of(game_id, 0)[0], "note": "x" * PLAY_LIMIT}
    size = len(json.dumps(raw, separators=(",", ":")))
    with pytest.raises(InvalidPlay, match=rf"^the play is {size:,} bytes .* {PLAY_LIMIT:,} bytes"):
        engine.check_play(raw)


def test_a_play_nested_deeper_than_json_from_a_user_may_be_is_refused():
    deep: object = "C1"
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(InvalidPlay, match="nested too deeply"):
        get("quick-baseball").check_play({"pitch": "SO1", "call": "leave", "bat": deep})


def test_the_keys_of_a_backyard_card_are_checked_too():
    raw = dict(next(p for p in plays_of("backyard-baseball", 0) if "pitcher" in p))
    raw["batter"] = {**raw["batter"], "colour": "red"}
    with pytest.raises(InvalidPlay, match=r"^unknown key 'colour' in batter of a Backyard"):
        get("backyard-baseball").check_play(raw)


def test_parse_still_ignores_a_key_it_does_not_use():
    """A stored log replays as it was written: the check is for plays coming in."""
    engine = get("quick-baseball")
    state = engine.initial_state(engine.options({}))
    assert engine.parse({"pitch": "SO1", "bat": "B4", "junk": 1}, state) == engine.parse(
        {"pitch": "SO1", "bat": "B4"}, state
    )
