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
import games.engines
import games.engines.record
from games.engines import all_engines
from games.engines.record import from_json, replay
for engine in all_engines():
    replay(from_json({"game": engine.id, "plays": []})).summary()
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
assert not loaded, loaded
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


def test_engine_modules_do_not_import_dynamically():
    """``importlib``/``__import__`` would slip past the check above."""
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "__import__":
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno} uses __import__")
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno} uses import_module")
