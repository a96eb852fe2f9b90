"""``manage.py build_win_tables``: builds what the site needs, keeps current tables, says
clearly what it refuses."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.models import WinTable


def _run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("build_win_tables", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_it_builds_keeps_current_tables_and_rebuilds_on_force():
    out, err = _run("--game", "backyard-baseball", "--games", "10", "--workers", "1")
    assert 'backyard-baseball {"innings": 3}: 10 games in' in out
    assert "10/10" in err  # the progress bar
    first = WinTable.objects.get(kind="backyard-baseball")
    out, _ = _run("--game", "backyard-baseball", "--games", "10", "--no-progress")
    assert 'backyard-baseball {"innings": 3}: current' in out
    assert WinTable.objects.get(kind="backyard-baseball").built_at == first.built_at
    _run("--game", "backyard-baseball", "--games", "12", "--force", "--no-progress")
    assert WinTable.objects.get(kind="backyard-baseball").games == 12


@pytest.mark.django_db
def test_it_builds_the_options_of_stored_games(django_user_model):
    from games.scoring import services

    user = django_user_model.objects.create_user("u", password="pw-u-12345")
    services.game_create(kind="quick-cricket", options={"overs": 4}, sides=["A", "B"], user=user)
    out, _ = _run("--game", "quick-cricket", "--games", "5", "--no-progress")
    assert '"overs": 4' in out and '"overs": 16' in out  # the game's and the default
    assert WinTable.objects.filter(kind="quick-cricket").count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "chess"), "unknown game 'chess'"),
        (("--options", "{nope"), "--options is not JSON"),
        (("--options", "[1]"), "must be a JSON object"),
        (
            ("--game", "quick-cricket", "--options", '{"overs": null}'),
            "not available for unlimited-overs matches",
        ),
        (("--games", "0"), "--games must be at least 1"),
    ],
)
def test_it_refuses_clearly(args, message):
    with pytest.raises(CommandError, match=message):
        _run(*args)
    assert not WinTable.objects.exists()


def test_ship_rebuilds_only_the_stale_tables_and_keeps_the_current_ones(tmp_path, monkeypatch):
    """A stale table listed before a current one: writing the set after the first build must
    not drop the current table's file (the current ones are read before anything is
    written)."""
    from games.win import shipped

    monkeypatch.setattr(shipped, "INDEX", shipped.FOLDER / "index.json")
    current = next(e for e in shipped.read_index().values() if e.kind == "quick-tennis")
    folder = tmp_path / "shipped"
    folder.mkdir()
    kept = (shipped.FOLDER / current.file).read_bytes()
    (folder / current.file).write_bytes(kept)
    entry = {**current.__dict__, "options": dict(current.options)}
    (folder / "index.json").write_text(json.dumps({"tables": [entry]}))
    monkeypatch.setattr(shipped, "FOLDER", folder)
    monkeypatch.setattr(shipped, "INDEX", folder / "index.json")
    monkeypatch.setattr(shipped, "SHIPPED", (("solitaire-baseball", {}), ("quick-tennis", {})))

    out, _ = _run("--ship", "--games", "6", "--workers", "1", "--no-progress")

    lines = out.splitlines()
    assert any(line.startswith("quick-tennis") and line.endswith(": current") for line in lines)
    assert any(line.startswith("solitaire-baseball") and ": 6 games in" in line for line in lines)
    assert (folder / current.file).read_bytes() == kept
    assert sorted(kind for kind, _ in shipped.read_index()) == [
        "quick-tennis",
        "solitaire-baseball",
    ]
