"""An archive written before catalogues had names (version 3 or older) restores each Quick
Baseball game and league that names no catalogue with the first reconstruction, the default
of that time, so the game replays as it was played."""

import json

import pytest

from games.archive.backups import export_archive, restore_archive
from games.engines import catalogues
from games.models import Game, League
from games.scoring import services

from .conftest import wipe

pytestmark = pytest.mark.django_db

FIRST = catalogues.reference("quick-baseball", "first-reconstruction")
# Batter 1's B1 against SO1: a single with the first reconstruction, an out with the default.
PLAYS = [{"pitch": "SO1", "bat": "B1"}]


def _as_version_3(archive) -> None:
    """Make the archive one written before catalogues had names."""
    manifest = json.loads((archive / "manifest.json").read_text())
    manifest["version"] = 3
    (archive / "manifest.json").write_text(json.dumps(manifest))
    meta = json.loads((archive / "leagues.json").read_text())
    for row in meta["leagues"]:
        row["options"].pop("catalogue", None)
    (archive / "leagues.json").write_text(json.dumps(meta))
    for path in (archive / "games").glob("*.json"):
        record = json.loads(path.read_text())
        record["options"].pop("catalogue", None)
        path.write_text(json.dumps(record))


def test_a_version_3_archive_restores_with_the_catalogue_of_its_time(tmp_path, django_user_model):
    user = django_user_model.objects.create_user("keeper", password="pw-keeper-12", is_staff=True)
    League.objects.create(name="Old", slug="old", kind="quick-baseball", options={})
    game = services.game_create(
        kind="quick-baseball",
        options={"catalogue": "first-reconstruction"},
        sides=["A", "B"],
        user=user,
    )
    services.play_record(game=game, raw=PLAYS[0], expected_seq=1, user=user)
    export_archive(directory=tmp_path)
    _as_version_3(tmp_path)
    wipe()
    League.objects.all().delete()
    report = restore_archive(directory=tmp_path)
    assert report.problems == []
    restored = Game.objects.get()
    assert restored.options["catalogue"] == FIRST
    assert restored.summary["bases"] == [True, False, False]  # B1's single
    assert League.objects.get().options["catalogue"] == FIRST


def test_a_version_4_archive_keeps_what_it_names(tmp_path, django_user_model):
    user = django_user_model.objects.create_user("keeper", password="pw-keeper-12")
    services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=user)
    export_archive(directory=tmp_path)
    wipe()
    restore_archive(directory=tmp_path)
    assert Game.objects.get().options["catalogue"] == catalogues.reference(
        "quick-baseball", "one-border"
    )
