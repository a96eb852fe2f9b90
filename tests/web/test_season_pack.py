"""Season data packs: ``/leagues/<league>/<season>/data.zip`` and ``manage.py export_season``,
over the demo data (loaded once for the module)."""

from __future__ import annotations

import io
import json
import os
import zipfile
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.archive import season_pack
from games.kinds.records import replay_game
from games.management import demo
from games.models import Game, League, Season
from games.scoring import services
from tests.conftest import DUMMY_TASKS, IMMEDIATE_TASKS, run_jobs

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("season-pack")]


@pytest.fixture(autouse=True)
def _packs_built_when_asked(settings) -> None:
    """A download's request for a pack runs at once (django-tasks' immediate backend), as if
    the worker took it at once; the tests of the queue itself keep jobs queued."""
    settings.TASKS = IMMEDIATE_TASKS


@pytest.fixture(scope="module")
def demo_site(django_db_setup, django_db_blocker):
    """The demo data, loaded once for the module and flushed after it."""
    with django_db_blocker.unblock():
        demo.load_demo()
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


def _season(kind: str) -> Season:
    return League.objects.get(kind=kind, name__startswith="Demo").seasons.get()


def _url(season: Season) -> str:
    return f"/leagues/{season.league.slug}/{season.slug}/data.zip"


def _download(client, season: Season, **headers):
    return client.get(_url(season), headers=headers)


def _unpack(response, directory: Path) -> list[str]:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response.streaming
    body = b"".join(response.streaming_content)
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        names = archive.namelist()
        archive.extractall(directory)
    return names


def _expected_games(season: Season) -> set[int]:
    """What the public season page lists: the fixtures' games and the season's other games."""
    from_fixtures = set(season.fixtures.filter(game__isnull=False).values_list("game", flat=True))
    return from_fixtures | set(season.games.values_list("pk", flat=True))


def _replay_summary(path: Path) -> dict:
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize("kind", ["quick-baseball", "quick-cricket"])
def test_the_pack_replays_to_the_sites_summary_for_every_game_of_the_season(
    demo_site, client, tmp_path, kind
):
    season = _season(kind)
    response = _download(client, season)
    filename = f"{season.league.slug}-{season.slug}-data.zip"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    names = _unpack(response, tmp_path)

    expected = _expected_games(season)
    records = {int(Path(n).stem) for n in names if n.startswith("records/")}
    assert records == expected
    assert Game.objects.filter(pk__in=expected, voided_at__isnull=True).count() > 5
    live = Game.objects.filter(pk__in=expected, finished_at__isnull=True)
    assert live.exists()  # the live fixture (and a cup game under way) are in the pack too
    for game in Game.objects.filter(pk__in=expected):
        summary = _replay_summary(tmp_path / "records" / f"{game.pk}.json")
        assert summary == game.summary, game.pk
        assert summary == replay_game(game).summary(), game.pk

    assert {"README.md", "games.csv", "standings.csv", "stats.csv"} <= set(names)
    standings = client.get(f"/leagues/{season.league.slug}/{season.slug}/standings.csv")
    assert (tmp_path / "standings.csv").read_bytes() == standings.content
    stats = client.get(f"/leagues/{season.league.slug}/{season.slug}/stats.csv")
    assert (tmp_path / "stats.csv").read_bytes() == stats.content
    readme = (tmp_path / "README.md").read_text()
    assert "manage.py replay" in readme and "records/<game id>.json" in readme

    if kind == "quick-cricket":
        cricsheet = {int(Path(n).stem) for n in names if n.startswith("cricsheet/")}
        assert cricsheet == expected
        some = json.loads((tmp_path / "cricsheet" / f"{min(expected)}.json").read_text())
        assert some["info"]["balls_per_over"] == 4
        assert not any(n.startswith("retrosheet/") for n in names)
    else:
        events = {int(Path(n).stem) for n in names if n.endswith(".EVE")}
        assert events == expected
        log = (tmp_path / "retrosheet" / "gamelog.txt").read_text().splitlines()
        year = Game.objects.get(pk=min(expected)).created_at.year
        team_lines = (tmp_path / "retrosheet" / f"TEAM{year}").read_text().splitlines()
        teams = set(season.league.teams.values_list("name", flat=True))
        assert {line.split(",")[2] for line in team_lines} >= teams
        for line in team_lines:
            assert f"retrosheet/{line.split(',')[0]}{year}.ROS" in names
        assert len(log) == len(expected)
        for pk in expected:
            game = Game.objects.get(pk=pk)
            lines = (tmp_path / "retrosheet" / f"{pk}.EVE").read_text().splitlines()
            assert lines[0] == f"id,SKP{pk:09d}" and lines[1] == "version,2"
            codes = {line.split(",")[2]: line.split(",")[0] for line in team_lines}
            assert f"info,visteam,{codes[game.sides[0]]}" in lines
            assert _event_runs(lines) == game.summary["score"], pk
        assert "Retrosheet departures" in readme and "giabat03" in readme
        assert not any(n.startswith("cricsheet/") for n in names)


def _event_runs(lines: list[str]) -> list[int]:
    """Runs per side as the event file's play records score them."""
    runs = [0, 0]
    for line in lines:
        if line.startswith("play,"):
            _, _, side, _, _, _, event = line.split(",", 6)
            runs[int(side)] += event.count("-H") + event.startswith(("HR", "SBH"))
    return runs


def _live_game(season: Season) -> Game:
    return season.fixtures.filter(game__finished_at__isnull=True, game__isnull=False).first().game


def test_the_pack_is_built_once_per_state_of_the_season(
    demo_site, client, monkeypatch, demo_user, settings
):
    settings.SEASON_PACK_REFRESH = timedelta(0)
    season = _season("quick-baseball")
    storage = season_pack.pack_storage()
    builds: list[str] = []
    real = season_pack.publish

    def counted(found, name):
        builds.append(name)
        return real(found, name)

    monkeypatch.setattr(season_pack, "publish", counted)
    first = _download(client, season)
    b"".join(first.streaming_content)
    assert len(builds) == 1 and storage.exists(builds[0])
    built_at = Path(storage.path(builds[0])).stat().st_mtime_ns
    second = _download(client, season)
    b"".join(second.streaming_content)
    assert len(builds) == 1 and second["ETag"] == first["ETag"]
    assert Path(storage.path(builds[0])).stat().st_mtime_ns == built_at

    game = _live_game(season)
    state = replay_game(game).final_state
    play = game.engine.legal_plays(state)[0]
    services.play_record(game=game, raw=play, expected_seq=game.plays.count() + 1, user=demo_user)
    third = _download(client, season)
    body = b"".join(third.streaming_content)
    assert len(builds) == 2 and third["ETag"] != first["ETag"]
    assert not storage.exists(builds[0])  # the older pack of the season is gone
    assert storage.listdir("")[1] == [season_pack.pack_name(season, third["ETag"].strip('"'))]
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        packed = archive.read(f"records/{game.pk}.json")
    assert json.loads(packed)["plays"][-1] == play
    # Exactly the game's own record download, byte for byte, as the pack's README says.
    assert packed == client.get(f"/games/{game.pk}/record.json").content


def _play(game: Game, user) -> dict:
    play = game.engine.legal_plays(replay_game(game).final_state)[0]
    services.play_record(game=game, raw=play, expected_seq=game.plays.count() + 1, user=user)
    return play


def test_a_live_season_is_rebuilt_at_most_every_few_minutes(demo_site, client, demo_user):
    season = _season("quick-cricket")
    first = _download(client, season)
    b"".join(first.streaming_content)
    old = season_pack.latest(season)
    old_path = Path(season_pack.pack_storage().path(old.name))
    _play(_live_game(season), demo_user)
    # within the refresh interval: the previous pack, with its own ETag, and no build
    second = _download(client, season)
    assert b"".join(second.streaming_content) == old_path.read_bytes()
    assert second["ETag"] == first["ETag"] == f'"{old.key}"'
    assert _download(client, season, if_none_match=first["ETag"]).status_code == 304
    assert season_pack.latest(season) == old
    # once the previous pack is older than the interval, the next download has the new one
    aged = old_path.stat().st_mtime - 301
    os.utime(old_path, (aged, aged))
    third = _download(client, season)
    b"".join(third.streaming_content)
    assert third["ETag"] != first["ETag"] and not old_path.exists()


def test_a_pack_is_built_by_one_job_at_a_time_and_never_in_the_request(demo_site, client, settings):
    from django_tasks import task_backends

    settings.TASKS = DUMMY_TASKS
    queued_jobs = task_backends["default"].results
    season = _season("quick-baseball")
    storage = season_pack.pack_storage()
    for old in storage.listdir("")[1]:
        if old.startswith(f"season-{season.pk}-"):
            storage.delete(old)
    waiting = [_download(client, season) for _ in range(3)]
    assert [r.status_code for r in waiting] == [503, 503, 503]
    assert waiting[0]["Retry-After"] == "10"
    assert "is being built" in waiting[0].content.decode()
    assert [job.task.name for job in queued_jobs] == ["build_season_pack"]
    assert season_pack.latest(season) is None
    run_jobs(queued_jobs)
    ready = _download(client, season)
    assert ready.status_code == 200 and ready["ETag"] == f'"{season_pack.pack_key(season)}"'
    assert queued_jobs == []


@pytest.fixture
def demo_user(django_user_model):
    return django_user_model.objects.get(username=demo.DEMO_USER)


def test_an_unchanged_pack_is_not_modified_and_an_unknown_season_is_not_found(demo_site, client):
    season = _season("quick-cricket")
    first = _download(client, season)
    tag = first["ETag"]
    b"".join(first.streaming_content)
    again = _download(client, season, if_none_match=tag)
    assert again.status_code == 304 and again["ETag"] == tag and not again.content
    assert _download(client, season, if_none_match='"another"').status_code == 200
    league = season.league.slug
    assert client.get(f"/leagues/{league}/1999/data.zip").status_code == 404
    assert client.get(f"/leagues/no-such-league/{season.slug}/data.zip").status_code == 404


def test_the_season_page_links_to_its_data(demo_site, client):
    season = _season("quick-baseball")
    html = client.get(f"/leagues/{season.league.slug}/{season.slug}/").content.decode()
    assert f'href="{_url(season)}"' in html
    assert "Download the season's data (zip)" in html


def test_export_season_writes_a_folder_and_a_zip_of_the_same_files(demo_site, tmp_path):
    season = _season("quick-baseball")
    out = io.StringIO()
    call_command(
        "export_season", "--league", season.league.name, "--season", season.slug,
        str(tmp_path / "pack"), stdout=out,
    )  # fmt: skip
    call_command(
        "export_season", "--league", season.league.slug, "--season", season.name,
        str(tmp_path / "pack.zip"), stdout=out,
    )  # fmt: skip
    folder = sorted(
        str(path.relative_to(tmp_path / "pack"))
        for path in (tmp_path / "pack").rglob("*")
        if path.is_file()
    )
    with zipfile.ZipFile(tmp_path / "pack.zip") as archive:
        assert sorted(archive.namelist()) == folder
        for name in folder:
            if not name.startswith("cricsheet/"):  # those carry the day they were written
                assert archive.read(name) == (tmp_path / "pack" / name).read_bytes(), name
    assert "records/" + str(_live_game(season).pk) + ".json" in folder
    assert not list(tmp_path.glob(".building-*"))


def test_export_season_refuses_an_unknown_league_or_season_or_path(demo_site, tmp_path):
    season = _season("quick-baseball")
    with pytest.raises(CommandError, match="no league 'nowhere'"):
        call_command("export_season", "--league", "nowhere", "--season", "2026", str(tmp_path))
    with pytest.raises(CommandError, match="no season '1999'.*its seasons: 2026"):
        call_command(
            "export_season", "--league", season.league.slug, "--season", "1999", str(tmp_path)
        )
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(CommandError, match="cannot write"):
        call_command(
            "export_season", "--league", season.league.slug, "--season", season.slug,
            str(blocker / "pack"),
        )  # fmt: skip


def test_packs_live_in_whatever_storage_the_settings_name(
    demo_site, client, settings, tmp_path, demo_user
):
    """``STORAGES["season_packs"]`` may be any storage (here Django's in-memory one): the pack
    is built into a scratch file, saved there, listed, served and replaced through it."""
    settings.STORAGES = {
        **settings.STORAGES,
        "season_packs": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    }
    settings.SEASON_PACK_REFRESH = timedelta(0)
    season = _season("quick-baseball")
    first = _download(client, season)
    names = _unpack(first, tmp_path)
    storage = season_pack.pack_storage()
    key = first["ETag"].strip('"')
    assert storage.listdir("")[1] == [f"season-{season.pk}-{key}.zip"]
    assert {"README.md", "games.csv", "standings.csv", "stats.csv"} <= set(names)
    assert season_pack.latest(season).key == key
    _play(_live_game(season), demo_user)
    second = _download(client, season)
    b"".join(second.streaming_content)
    assert second["ETag"] != first["ETag"]
    newer = second["ETag"].strip('"')
    assert storage.listdir("")[1] == [f"season-{season.pk}-{newer}.zip"]  # the older one gone
