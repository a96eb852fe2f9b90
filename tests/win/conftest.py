import pytest

from games.archive import win_tables
from games.engines.win_probability.build import build_table


@pytest.fixture
def bedard_table(db):
    """A small Bedard's table (enough to look states up; the figures' quality is the
    bench's business)."""
    return win_tables.store(build_table("bedard-baseball", {}, games=60, seed=0))
