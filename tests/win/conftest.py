import pytest

from games.engines.win_probability.build import build_table
from games.win import tables as win_tables


@pytest.fixture
def bedard_table(db):
    """A small Bedard's table (enough to look states up; the figures' quality is the
    bench's business)."""
    return win_tables.store(build_table("bedard-baseball", {"innings": 3}, games=60, seed=0))
