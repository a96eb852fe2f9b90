"""The win-probability tables that ship with the site: every game's defaults and the demo's
options, each file whole (its digest), built by today's rules (a change to an engine, player,
catalogue or model without ``build_win_tables --ship`` fails here), and used by a fresh site
before any table is built."""

import gzip
import hashlib

import pytest

from games.engines.win_probability import model_for
from games.engines.win_probability.model import options_key
from games.management.demo import DEMO_LEAGUES
from games.models import WinTable
from games.win import shipped
from games.win import tables as win_tables

pytestmark = pytest.mark.shipped_tables


def test_every_shipped_table_is_whole_and_built_by_todays_rules():
    index = shipped.read_index()
    assert index, "games/win/shipped/index.json lists no tables"
    for (kind, key), entry in index.items():
        data = (shipped.FOLDER / entry.file).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry.sha256, entry.file
        assert entry.version == model_for(kind).version(), (
            f"{entry.file} was built by other rules: run manage.py build_win_tables --ship"
        )
        assert gzip.decompress(data)
        assert shipped.load(kind, key, entry.version) is not None


def test_the_defaults_and_the_demos_options_ship():
    index = shipped.read_index()
    wanted = [(kind, {}) for kind in {kind for kind, _ in shipped.SHIPPED}]
    wanted += [(kind, options) for _, kind, options, _ in DEMO_LEAGUES]
    for kind, options in wanted:
        name = win_tables.name_for(kind, options)
        assert isinstance(name, win_tables.TableName)
        assert (kind, options_key(dict(name.options))) in index, (kind, options)


@pytest.mark.django_db
def test_a_fresh_site_looks_up_the_shipped_table():
    win_tables.forget_loaded()
    assert not WinTable.objects.exists()
    table = win_tables.table_for("quick-baseball", {"innings": 3})
    assert not isinstance(table, win_tables.Unavailable)
    assert table.games >= 5000
    assert win_tables.is_current(win_tables.name_for("quick-baseball", {"innings": 3}))


def test_a_stored_table_comes_before_the_shipped_one(bedard_table):
    win_tables.forget_loaded()
    table = win_tables.table_for("bedard-baseball", {"innings": 3})
    assert table.games == bedard_table.games == 60


def test_a_file_that_does_not_match_its_digest_is_not_used(tmp_path, monkeypatch):
    index = shipped.read_index()
    (kind, key), entry = next(iter(index.items()))
    copy = tmp_path / "shipped"
    copy.mkdir()
    for path in shipped.FOLDER.iterdir():
        (copy / path.name).write_bytes(path.read_bytes())
    (copy / entry.file).write_bytes(gzip.compress(b'{"format": 1}'))
    monkeypatch.setattr(shipped, "FOLDER", copy)
    monkeypatch.setattr(shipped, "INDEX", copy / "index.json")
    assert shipped.load(kind, key, entry.version) is None
    assert shipped.load(kind, key, "another version") is None
