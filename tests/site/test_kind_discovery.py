"""The kinds are found by looking, not from a list: every package under ``games/kinds/`` that
exposes a ``KIND``, in the order of the engines. A game dropped in (engine and kind) is
found by both registries with no list edited."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import games.engines
import games.kinds
from games.engines import all_engines, get, player_table, win_model
from games.kinds import GameKind, UnknownKind, all_kinds, discover, kind
from tests.engines.test_registry import GAMES, names_in_code
from tests.fake_game import GAME_ID, dropped_in_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_is_found_with_all_it_declares(game_id: str):
    declared = kind(game_id)
    assert isinstance(declared, GameKind)
    assert declared.engine is get(game_id)
    assert declared.name == get(game_id).name
    assert callable(declared.screen.context)
    assert callable(declared.stats.side_stats)
    assert callable(player_table(game_id)(random.Random(0)).choose)
    assert win_model(game_id).game_id == game_id


def test_the_kinds_are_the_six_games_in_the_engines_order():
    assert [declared.id for declared in all_kinds()] == GAMES
    assert list(discover()) == [engine.id for engine in all_engines()]


def test_a_game_dropped_in_is_found_by_both_registries(tmp_path: Path):
    with dropped_in_game(tmp_path):
        assert [declared.id for declared in all_kinds()] == [*GAMES, GAME_ID]
        declared = kind(GAME_ID)
        assert declared.name == "Coin Toss"
        assert declared.engine is get(GAME_ID)
        assert declared.screen.read_play({"toss": "heads"}) == {"toss": "heads"}
    assert [declared.id for declared in all_kinds()] == GAMES
    with pytest.raises(UnknownKind):
        kind(GAME_ID)


def test_a_kind_without_an_engine_is_refused(tmp_path: Path):
    with dropped_in_game(tmp_path):
        engines_path = games.engines.__path__[-1]
        games.engines.__path__.remove(engines_path)
        games.engines.forget()
        try:
            with pytest.raises(ValueError, match=r"kinds without an engine: \['coin-toss'\]"):
                all_kinds()
        finally:
            games.engines.__path__.append(engines_path)


def test_the_kinds_registry_names_no_game():
    names = names_in_code(ROOT / "games" / "kinds" / "__init__.py")
    for game_id in GAMES:
        assert not [name for name in names if game_id in name]
        assert not [name for name in names if game_id.replace("-", "_") in name]


def test_each_kind_package_is_found_by_its_folder():
    folders = sorted(
        path.parent.name
        for path in (ROOT / "games" / "kinds").glob("*/__init__.py")
        if "KIND = " in path.read_text(encoding="utf-8")
    )
    assert folders == sorted(game_id.replace("-", "_") for game_id in GAMES)
