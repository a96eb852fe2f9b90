import pytest

from games.engines.win_probability.build import build_table
from games.win import shipped
from games.win import tables as win_tables


@pytest.fixture
def bedard_table(db):
    """A small Bedard's table (enough to look states up; the figures' quality is the
    bench's business)."""
    return win_tables.store(build_table("bedard-baseball", {"innings": 3}, games=60, seed=0))


@pytest.fixture(autouse=True)
def _no_shipped_tables(request, monkeypatch, tmp_path):
    """Tests here build the tables they need, or need there to be none: the shipped tables are
    out of sight except in the modules marked ``shipped_tables`` that check them."""
    if request.node.get_closest_marker("shipped_tables") is None:
        monkeypatch.setattr(shipped, "INDEX", tmp_path / "no-shipped-tables.json")
