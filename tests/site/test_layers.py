"""The packages import one way: import-linter's contracts (pyproject.toml) hold, no two
packages of the site import each other, and no module imports itself through others."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    sys.path.insert(0, str(ROOT))
    try:
        return grimp.build_graph("games", "scorekeeper", cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))


def test_import_linter_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0, (
        "run `lint-imports` to see the broken contract"
    )


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def test_no_two_packages_import_each_other(graph: grimp.ImportGraph) -> None:
    edges = {
        (_package(importer), _package(imported))
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if _package(importer) != _package(imported)
    }
    both_ways = sorted({tuple(sorted(pair)) for pair in edges if pair[::-1] in edges})
    assert both_ways == []


def _cycles(adjacent: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = itertools.count()
    for root in adjacent:
        if root in index:
            continue
        work = [(root, iter(adjacent[root]))]
        index[root] = low[root] = next(counter)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = next(counter)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(adjacent[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circles(graph: grimp.ImportGraph) -> None:
    adjacent = {
        m: sorted(graph.find_modules_directly_imported_by(m)) for m in sorted(graph.modules)
    }
    assert _cycles(adjacent) == []


def test_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
