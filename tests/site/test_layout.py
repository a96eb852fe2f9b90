"""The app's layout (issue 15): one package per area inside ``games/``, about a dozen entries
at its top, and no import circle between its modules."""

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"
TOP = {
    "__init__.py",
    "admin.py",
    "apps.py",
    "urls.py",
    "engines",
    "kinds",
    "scoring",
    "leagues",
    "archive",
    "models",
    "migrations",
    "templatetags",
    "bench",
    "management",
    "static",
}
AREAS = ("scoring", "leagues", "archive")


def test_games_holds_one_package_per_area_and_little_else():
    found = {p.name for p in GAMES.iterdir() if p.name != "__pycache__"}
    assert found == TOP


def test_each_area_has_one_url_list():
    for area in AREAS:
        assert (GAMES / area / "urls.py").is_file()
    assert not list(GAMES.rglob("urls_*.py"))


def _modules() -> dict[str, Path]:
    found = {}
    for path in GAMES.rglob("*.py"):
        parts = list(path.relative_to(GAMES.parent).with_suffix("").parts)
        if "migrations" in parts:
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The games modules ``name`` imports at its top level (imports inside functions run
    later and cannot make a circle at import time)."""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    wanted = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            wanted += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[: len(package) - (node.level - 1)]
                base = ".".join(parent + ([base] if base else []))
            # ``from package import submodule`` needs the submodule, not the package's names.
            wanted += [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
    return {m for w in wanted if (m := known(w)) and m != name}


def test_no_import_circle_in_games():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as circle:
        raise AssertionError(f"import circle: {' -> '.join(circle.args[1])}") from None


def test_the_circle_check_sees_a_circle(tmp_path):
    modules = {"games.a": tmp_path / "a.py", "games.b": tmp_path / "b.py"}
    modules["games.a"].write_text("from games import b\n")
    modules["games.b"].write_text("from games.a import thing\n")
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert graph == {"games.a": {"games.b"}, "games.b": {"games.a"}}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError:
        return
    raise AssertionError("the circle a -> b -> a was not seen")
