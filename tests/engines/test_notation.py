"""The typed notation of every game: a legal play written as a line reads back as the same
play, typos are refused naming the token, and completions list the legal lines now."""

from __future__ import annotations

import random

import pytest

from games.engines import InvalidPlay, all_engines, get
from games.engines.notation import MAX_COMPLETIONS, notation_for

GAMES = [engine.id for engine in all_engines()]


def _positions(game_id: str, seed: int, games: int = 2, steps: int = 20):
    """Positions reached by random legal play from the start."""
    engine = get(game_id)
    rng = random.Random(seed)
    for _ in range(games):
        state = engine.initial_state(engine.options({}))
        for _ in range(steps):
            legal = engine.legal_plays(state)
            if not legal:
                break
            yield state, legal, rng
            state, _ = engine.play(state, rng.choice(legal))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_play_round_trips(game_id):
    engine = get(game_id)
    notation = notation_for(game_id)
    checked = 0
    for state, legal, rng in _positions(game_id, seed=18):
        for play in rng.sample(legal, min(len(legal), 40)):
            line = notation.format_play(play)
            back = notation.parse_line(line, state)
            assert engine.parse(back, state) == engine.parse(play, state), (play, line, back)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("game_id", GAMES)
def test_completions_are_legal_lines_and_capped(game_id):
    engine = get(game_id)
    notation = notation_for(game_id)
    state = engine.initial_state(engine.options({}))
    lines = notation.lines(state)
    offered = notation.completions(state, "")
    assert offered and len(offered) <= MAX_COMPLETIONS
    assert all(any(line.startswith(o) for line in lines) for o in offered)
    full = lines[0]
    assert full in notation.completions(state, full)


def test_quick_baseball_lines():
    engine = get("quick-baseball")
    state = engine.initial_state(engine.options({}))
    parse = notation_for("quick-baseball").parse_line
    assert parse("SO1 B3", state) == {"pitch": "SO1", "bat": "B3"}
    assert parse("so1  b3", state) == {"pitch": "SO1", "bat": "B3"}
    assert parse("PO steal", state) == {"pitch": "PO", "call": "steal"}
    assert parse("refresh:batter,pitcher", state) == {"refresh": ["batter", "pitcher"]}
    assert notation_for("quick-baseball").format_play({"pitch": "SO2", "call": "leave"}) == (
        "SO2 leave"
    )


def test_quick_baseball_completion_by_token():
    engine = get("quick-baseball")
    state = engine.initial_state(engine.options({}))
    offered = notation_for("quick-baseball").completions(state, "SO1 ")
    assert "SO1 B3" in offered
    assert all(line.startswith("SO1 ") for line in offered)


def test_cricket_lines():
    engine = get("quick-cricket")
    state = engine.initial_state(engine.options({}))
    notation = notation_for("quick-cricket")
    assert notation.parse_line("B 4 C A D", state) == {
        "pitch": "B",
        "path_card": "4",
        "path": "C",
        "move": "A",
        "stroke": "D",
    }
    assert notation.parse_line("a 2 noball", state) == {
        "pitch": "A",
        "path_card": "2",
        "no_ball": True,
    }
    assert notation.parse_line("fielder:-", state) == {"fielder": None}
    assert notation.parse_line("B 4 C A D umpire:out,not_out review:out", state)["umpire"] == [
        "out",
        "not out",
    ]


def test_tennis_grammar_follows_the_point():
    engine = get("quick-tennis")
    state = engine.initial_state(engine.options({}))
    notation = notation_for("quick-tennis")
    assert notation.parse_line("Q1 Q2 Q3", state) == {"serve": "Q1", "receive": ["Q2", "Q3"]}


@pytest.mark.parametrize(
    ("game_id", "line", "named"),
    [
        ("quick-baseball", "SO1 B3 B4", "'B4'"),
        ("quick-baseball", "SO1 B3 colour:red", "'colour:red'"),
        ("quick-cricket", "A 4 B C D E", "'E'"),
        ("backyard-baseball", "IL x", "'x'"),
        ("solitaire-baseball", "rain:maybe", "'rain:maybe'"),
        ("bedard-baseball", "7D KD 3C", "'3C'"),
    ],
)
def test_typos_name_the_token(game_id, line, named):
    engine = get(game_id)
    state = engine.initial_state(engine.options({}))
    with pytest.raises(InvalidPlay, match=named):
        notation_for(game_id).parse_line(line, state)


def test_an_unknown_card_is_refused_by_the_engine_naming_it():
    engine = get("quick-baseball")
    state = engine.initial_state(engine.options({}))
    raw = notation_for("quick-baseball").parse_line("SO1 B9", state)
    with pytest.raises(InvalidPlay, match="B9"):
        engine.parse(raw, state)


def test_empty_line_is_refused():
    engine = get("quick-baseball")
    with pytest.raises(InvalidPlay, match="empty"):
        notation_for("quick-baseball").parse_line("  ", engine.initial_state({}))


@pytest.mark.parametrize("game_id", GAMES)
def test_module_functions(game_id):
    from importlib import import_module

    module = import_module(f"games.engines.{game_id.replace('-', '_')}.notation")
    engine = get(game_id)
    state = engine.initial_state(engine.options({}))
    play = engine.legal_plays(state)[0]
    assert module.parse_line(module.format_play(play), state) is not None
    assert module.completions(state, "")
