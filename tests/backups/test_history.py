"""The correction history in an archive: what leagues.json holds, older archives without it,
and broken history entries (the game is named and left out, nothing half-written)."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.archive.backups import ArchiveError, export_archive, restore_archive
from games.models import Game, GameReopening, PlayCorrection

from .conftest import VISITOR, build_site, wipe

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(tmp_path, users):
    build_site(*users)
    export_archive(directory=tmp_path)
    return tmp_path


def read_meta(archive) -> dict:
    return json.loads((archive / "leagues.json").read_text())


def rewrite(archive, meta: dict) -> None:
    (archive / "leagues.json").write_text(json.dumps(meta))


def corrected(meta: dict) -> list[dict]:
    return [row for row in meta["games"] if row["corrections"]]


def test_leagues_json_holds_each_games_corrections_and_reopenings(archive):
    manifest = json.loads((archive / "manifest.json").read_text())
    assert manifest["version"] == 4
    meta = read_meta(archive)
    live = next(row for row in meta["games"] if row["status"] == "in_progress" and row["league"])
    first, deleted, second = live["corrections"]
    assert first["reason"] == "misread the <b>card</b>" and first["user"] == "scorer"
    # The play it replaced was deleted afterwards: the correction keeps no play.
    assert first["after"] is not None and first["play"] is None
    assert deleted == {
        "seq": 3,
        "play": None,
        "before": first["after"],
        "after": None,
        "reason": "entered twice",
        "user": "scorer",
        "created_at": deleted["created_at"],
    }
    assert second["play"] == second["seq"] and second["user"] == "organiser"
    assert first["created_at"] < deleted["created_at"] < second["created_at"]

    reopenings = [(row["file"], r) for row in meta["games"] for r in row["reopenings"]]
    assert len(reopenings) == 3
    still_open = [r for _, r in reopenings if r["closed_at"] is None]
    assert still_open == [
        {
            "opened_by": "organiser",
            "opened_at": still_open[0]["opened_at"],
            "closed_by": None,
            "closed_at": None,
        }
    ]
    friendly = next(row for row in meta["games"] if row["created_by"] == "scorer")
    assert [c["user"] for c in friendly["corrections"]] == [VISITOR]
    assert [(r["opened_by"], r["closed_by"]) for r in friendly["reopenings"]] == [
        (VISITOR, VISITOR)
    ]


def test_a_restored_open_reopening_keeps_the_game_open_for_correction(archive):
    wipe()
    restore_archive(directory=archive)
    reopened = GameReopening.objects.get(closed_at__isnull=True).game
    assert reopened.is_final and reopened.kind == "quick-cricket"
    assert PlayCorrection.objects.filter(play__isnull=True, after__isnull=False).count() == 1


def test_a_version_1_archive_restores_without_history(archive):
    manifest = json.loads((archive / "manifest.json").read_text())
    manifest["version"] = 1
    (archive / "manifest.json").write_text(json.dumps(manifest))
    meta = read_meta(archive)
    for row in meta["games"]:
        del row["corrections"], row["reopenings"]
    rewrite(archive, meta)
    wipe()
    report = restore_archive(directory=archive)
    assert report.counts["games"] == 9 and report.counts["corrections"] == 0
    assert not PlayCorrection.objects.exists() and not GameReopening.objects.exists()


def test_an_unknown_version_is_refused(archive):
    manifest = json.loads((archive / "manifest.json").read_text())
    manifest["version"] = 5
    (archive / "manifest.json").write_text(json.dumps(manifest))
    wipe()
    with pytest.raises(ArchiveError, match="version 5; this site reads 1, 2, 3 and 4"):
        restore_archive(directory=archive)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"play": 99}, "correction 1: the log has no play 99"),
        ({"play": "1"}, "correction 1: the log has no play '1'"),
        ({"seq": 0}, "correction 1: 'seq' must be a play number, not 0"),
        ({"before": "SO1"}, "correction 1: 'before' must be a play (a JSON object)"),
        ({"after": [1]}, "correction 1: 'after' must be a play (a JSON object)"),
        ({"reason": ""}, "correction 1: the reason must be text of 1 to 200 characters"),
        ({"reason": "x" * 201}, "correction 1: the reason must be text of 1 to 200 characters"),
        ({"created_at": "yesterday"}, "correction 1: not a date and time: 'yesterday'"),
        ({"created_at": "2026-02-30T10:00:00+00:00"}, "correction 1: not a date and time"),
        ({"user": "<script>"}, "correction 1: not a username: '<script>'"),
        ({"user": 7}, "correction 1: not a username: 7"),
        ({"user": ""}, "correction 1: not a username: ''"),
    ],
)
def test_a_bad_correction_names_its_game_which_is_left_out(archive, change, message):
    meta = read_meta(archive)
    row = corrected(meta)[0]
    row["corrections"][0].update(change)
    rewrite(archive, meta)
    wipe()
    err, out = StringIO(), StringIO()
    with pytest.raises(SystemExit):
        call_command("import_leagues", str(archive), stdout=out, stderr=err)
    (line,) = err.getvalue().splitlines()
    assert line.startswith(f"bad {row['file']}: ") and message in line
    assert "8 fixtures, 8 games, 4 corrections, 2 reopenings" in out.getvalue()
    assert Game.objects.count() == 8
    assert PlayCorrection.objects.count() == 5 - len(row["corrections"])


def test_a_user_made_for_a_game_that_is_left_out_is_not_kept(archive):
    meta = read_meta(archive)
    row = corrected(meta)[0]
    good = dict(row["corrections"][0], user="ghost")
    row["corrections"] = [good, dict(good, play=99)]
    rewrite(archive, meta)
    wipe()
    report = restore_archive(directory=archive)
    assert report.problems == [f"{row['file']}: correction 2: the log has no play 99"]
    assert report.created_users == []
    assert not get_user_model().objects.filter(username="ghost").exists()


def test_two_open_reopenings_of_one_game_are_refused(archive):
    meta = read_meta(archive)
    row = next(row for row in meta["games"] if row["reopenings"])
    row["reopenings"] = [dict(row["reopenings"][0], closed_at=None, closed_by=None)] * 2
    rewrite(archive, meta)
    wipe()
    report = restore_archive(directory=archive)
    assert report.problems == [
        f"{row['file']}: reopening 2: a game is open for correction only once at a time"
    ]
    assert report.counts["games"] == 8


def test_history_entries_must_be_lists_of_objects(archive):
    meta = read_meta(archive)
    row = corrected(meta)[0]
    row["reopenings"] = "none"
    rewrite(archive, meta)
    wipe()
    report = restore_archive(directory=archive)
    assert report.problems == [f"{row['file']}: 'reopenings' must be a list of objects"]
