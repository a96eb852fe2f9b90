"""The engines are pure Python: standard library only, no Django."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "games" / "engines"
MODULES = sorted(ENGINES.rglob("*.py"))

PROBE = """
import sys
before = set(sys.modules)
import games.engines
import games.engines.record
from games.engines import all_engines, player_table, win_model
from games.engines.notation import notation_for
from games.engines.record import from_json, replay
for engine in all_engines():
    replay(from_json({"game": engine.id, "plays": []})).summary()
    player_table(engine.id), win_model(engine.id), notation_for(engine.id)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
assert not loaded, loaded
# What the registry found and imported is the standard library and the engines' own modules
# (each of them checked below), whatever it imported by name.
outside = sorted(
    m for m in set(sys.modules) - before
    if m.split(".")[0] not in sys.stdlib_module_names
    and m != "games" and not m.startswith("games.engines.")
    and m != "games.engines"
)
assert not outside, outside
print("pure")
"""


def test_importing_and_using_the_engines_loads_no_django():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pure"


def test_there_are_engine_modules():
    assert ENGINES / "__init__.py" in MODULES
    assert len(MODULES) > 3


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module name) of every absolute import in ``path``, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.lineno, (node.module or "").split(".")[0]))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINES)))
def test_engine_module_imports_only_the_standard_library(path: Path):
    outside = [
        f"line {line}: {name}"
        for line, name in imported_modules(path)
        if name not in sys.stdlib_module_names
    ]
    assert not outside, f"{path.relative_to(ROOT)} imports {', '.join(outside)}"


REGISTRY = ENGINES / "__init__.py"


def test_only_the_registry_imports_dynamically():
    """``importlib``/``__import__`` would slip past the check above. The registry alone
    imports by name: the game packages it finds under its own folder and their modules
    (``test_importing_and_using_the_engines_loads_no_django`` checks what that loads)."""
    for path in MODULES:
        if path == REGISTRY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in {"__import__", "import_module"}:
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno} uses {node.id}")
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno} uses import_module")
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            if any(module.split(".")[0] == "importlib" for module in modules):
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno} imports importlib")


def test_the_registry_imports_by_name_only_inside_its_own_package():
    tree = ast.parse(REGISTRY.read_text(encoding="utf-8"))
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "import_module"
    ]
    assert calls
    names = [ast.unparse(call.args[0]) for call in calls]
    # A name found by ``pkgutil.iter_modules(__path__, prefix=f"{__name__}.")``, or a module
    # of a package so found.
    assert set(names) <= {"info.name", "qualified"}, names
    assert 'pkgutil.iter_modules(__path__, prefix=f"{__name__}.")' in ast.unparse(tree).replace(
        "'", '"'
    )
