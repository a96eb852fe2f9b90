"""The app's layout: one package per area inside ``games/``, about a dozen entries at its
top. (How they import each other: ``tests/site/test_layers.py``.)"""

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
    "api",
    "win",
    "plumbing",
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
