"""The engines' registry finds the games by looking, not from a list: every package under
``games/engines/`` that exposes an ``ENGINE``, in its ``ORDER``, with its player and its
win-probability model beside it."""

from __future__ import annotations

import ast
import random
import sys
import tomllib
from pathlib import Path

import pytest

import games.engines
from games.engines import (
    InvalidOptions,
    all_engines,
    discover,
    game_module,
    get,
    player_table,
    win_model,
)
from games.engines.base import Engine
from games.engines.notation import notation_for
from tests.fake_game import GAME_ID, dropped_in_game

ROOT = Path(__file__).resolve().parents[2]

# The games, in the order pages offer them (the first is the default game).
GAMES = [
    "quick-baseball",
    "quick-cricket",
    "backyard-baseball",
    "bedard-baseball",
    "solitaire-baseball",
    "quick-tennis",
]


def test_the_six_games_are_found_in_order():
    assert [engine.id for engine in all_engines()] == GAMES
    orders = [package.ORDER for package in discover().values()]
    assert orders == sorted(orders)
    assert len(set(orders)) == len(orders)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_its_engine_player_and_model(game_id: str):
    engine = get(game_id)
    assert isinstance(engine, Engine)
    assert engine.id == game_id
    assert type(engine).__module__.startswith(discover()[game_id].__name__ + ".")
    state = engine.initial_state(engine.options({}))
    play = player_table(game_id)(random.Random(1)).choose(state)
    engine.play(state, play)  # the player's play is one the engine takes
    assert win_model(game_id).game_id == game_id
    assert notation_for(game_id) is game_module(game_id, "notation").NOTATION


def test_an_unknown_game_is_named_in_the_error():
    with pytest.raises(InvalidOptions, match=r"'nope'.*quick-cricket"):
        get("nope")
    with pytest.raises(InvalidOptions, match="'nope'"):
        game_module("nope", "player")


def test_a_game_package_dropped_in_is_found(tmp_path: Path):
    with dropped_in_game(tmp_path, with_kind=False):
        assert [engine.id for engine in all_engines()] == [*GAMES, GAME_ID]
        engine = get(GAME_ID)
        assert engine.name == "Coin Toss"
        state, outcome = engine.play(engine.initial_state({}), {"toss": "heads"})
        assert engine.summary(state)["winner"] == 0
        assert player_table(GAME_ID)(random.Random(0)).choose(state)["toss"] in {"heads", "tails"}
        with pytest.raises(KeyError):  # no win_probability.py beside it
            win_model(GAME_ID)
        assert game_module(GAME_ID, "win_probability") is None
    assert [engine.id for engine in all_engines()] == GAMES
    with pytest.raises(InvalidOptions):
        get(GAME_ID)


def test_two_packages_claiming_one_game_are_refused(tmp_path: Path):
    twin = tmp_path / "twin_baseball"
    twin.mkdir()
    (twin / "__init__.py").write_text("from games.engines.quick_baseball import ENGINE\n")
    games.engines.__path__.append(str(tmp_path))
    try:
        with pytest.raises(ValueError, match="'quick-baseball' is declared by both"):
            discover()
    finally:
        games.engines.__path__.remove(str(tmp_path))
        del games.engines.twin_baseball
        sys.modules.pop("games.engines.twin_baseball")


def names_in_code(path: Path) -> set[str]:
    """Every string, name and imported module in ``path``'s code (docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                found.add(node.value)
        elif isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            found.add(node.module or "")
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_registry_names_no_game():
    names = names_in_code(ROOT / "games" / "engines" / "__init__.py")
    for game_id in GAMES:
        assert not [name for name in names if game_id in name]
        assert not [name for name in names if game_id.replace("-", "_") in name]


def test_the_import_contracts_name_every_game_package():
    """Import-linter has no way to say "every game package", so its two independence
    contracts list them: a game missing there would go unchecked."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = {c["name"]: c for c in config["tool"]["importlinter"]["contracts"]}
    packages = [package.__name__ for package in discover().values()]
    assert contracts["Each game's engine stands alone"]["modules"] == packages
    kinds = [name.replace("games.engines.", "games.kinds.") for name in packages]
    assert contracts["Each game's kind stands alone"]["modules"] == kinds
