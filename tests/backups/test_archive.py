"""export_archive writes every game and league; import_leagues restores them on a fresh
database with the same summaries, standings, stats and correction histories."""

import json
import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.archive.backups import ArchiveError, export_archive, restore_archive
from games.engines.record import from_json, replay
from games.leagues.standings import season_standings
from games.models import Fixture, Game, GameStats, League, Season
from tests.leagues.conftest import play_out

from .conftest import VISITOR, a_correction, build_site, correct, wipe

pytestmark = pytest.mark.django_db


def snapshot():
    """Everything a restore must bring back, keyed by names and order rather than ids."""
    games = []
    order = {pk: n for n, pk in enumerate(Game.objects.order_by("pk").values_list("pk", flat=True))}
    for game in Game.objects.order_by("pk"):
        fixture = Fixture.objects.filter(game=game).first()
        games.append(
            {
                "kind": game.kind,
                "options": game.options,
                "sides": game.sides,
                "summary": game.summary,
                "plays": list(game.plays.order_by("seq").values_list("seq", "payload")),
                "season": str(game.season) if game.season else None,
                "fixture": str(fixture) if fixture else None,
                "created_by": game.created_by.username,
                "scorers": sorted(game.scorers.values_list("username", flat=True)),
                "created_at": game.created_at,
                "finished_at": game.finished_at,
                "voided_at": game.voided_at,
                "void_reason": game.void_reason,
                "corrections": [
                    (
                        change.seq,
                        change.play.seq if change.play else None,
                        change.before,
                        change.after,
                        change.reason,
                        change.user.username if change.user else None,
                        change.created_at,
                    )
                    for change in game.corrections.order_by("created_at", "id")
                ],
                "reopenings": [
                    (
                        r.opened_by.username if r.opened_by else None,
                        r.opened_at,
                        r.closed_by.username if r.closed_by else None,
                        r.closed_at,
                    )
                    for r in game.reopenings.order_by("opened_at", "id")
                ],
            }
        )
    fixtures = [
        (str(f.season), str(f), f.scheduled_on, order.get(f.game_id))
        for f in Fixture.objects.order_by("pk")
    ]
    stats = [
        (
            order[row.game_id],
            row.side,
            str(row.team),
            str(row.opponent),
            str(row.season),
            row.result,
            row.runs_for,
            row.runs_against,
            row.balls_faced,
            row.balls_bowled,
            row.finished_at,
            row.data,
        )
        for row in GameStats.objects.order_by("game_id", "side")
    ]
    standings = {
        str(season): season_standings(season=season).to_json()
        for season in Season.objects.order_by("pk")
    }
    leagues = [
        (
            league.name,
            league.slug,
            league.kind,
            league.options,
            league.points_win,
            sorted(league.organisers.values_list("username", flat=True)),
            list(league.teams.order_by("pk").values_list("name", "slug")),
            list(league.seasons.order_by("pk").values_list("name", "slug", "starts_on")),
        )
        for league in League.objects.order_by("pk")
    ]
    return {
        "games": games,
        "fixtures": fixtures,
        "stats": stats,
        "standings": standings,
        "leagues": leagues,
    }


def test_an_archive_round_trips_every_game_league_standing_and_correction(tmp_path, users, client):
    build_site(*users)
    before = snapshot()
    assert len(before["games"]) == 9
    assert {g["summary"]["status"] for g in before["games"]} == {"final", "in_progress"}
    assert before["stats"]
    assert sum(len(g["corrections"]) for g in before["games"]) == 5
    assert sum(len(g["reopenings"]) for g in before["games"]) == 3
    pages = {game.pk: client.get(game.get_absolute_url()) for game in Game.objects.all()}
    corrected = [pk for pk, page in pages.items() if b"corrected-mark" in page.content]
    assert len(corrected) == 3

    out = StringIO()
    call_command("export_archive", str(tmp_path / "archive"), stdout=out)
    assert "9 games" in out.getvalue()
    wipe()
    get_user_model().objects.filter(username=VISITOR).delete()
    assert not Game.objects.exists()

    out = StringIO()
    call_command("import_leagues", str(tmp_path / "archive"), stdout=out)
    assert "9 games, 5 corrections, 3 reopenings" in out.getvalue()
    assert (
        f"Created inactive users (no password) for names in the correction history that "
        f"this site does not have: {VISITOR}." in out.getvalue()
    )
    after = snapshot()
    for key in before:
        assert after[key] == before[key], key
    visitor = get_user_model().objects.get(username=VISITOR)
    assert not visitor.is_active and not visitor.has_usable_password()
    assert not visitor.is_staff

    # The game pages mark the same plays "corrected", with who, when and why.
    order = list(Game.objects.order_by("pk").values_list("pk", flat=True))
    for old_pk, new_pk in zip(sorted(pages), order, strict=True):
        page = client.get(Game.objects.get(pk=new_pk).get_absolute_url())
        assert (b"corrected-mark" in page.content) == (old_pk in corrected)
        assert _history_text(page) == _history_text(pages[old_pk])
    friendly = Game.objects.get(sides=["Cubs", "Reds"])
    page = client.get(friendly.get_absolute_url()).content.decode()
    assert f"by {VISITOR}: " in page and "ball hit the fence, not the glove" in page
    page = client.get(f"/games/{friendly.pk}/corrections/").content.decode()
    assert f"Reopened by {VISITOR}" in page and f"closed by {VISITOR}" in page


def _history_text(response) -> list[str]:
    """The "corrected" notes of a game page's play-by-play, as text."""
    notes = re.findall(
        r'<details class="play-corrections">(.*?)</details>', response.content.decode(), re.S
    )
    return [" ".join(re.sub(r"<[^>]+>", " ", note).split()) for note in notes]


def test_the_game_files_are_plain_records_and_the_rest_is_in_leagues_json(tmp_path, users):
    build_site(*users)
    export_archive(directory=tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["format"] == "scorekeeper-archive"
    assert manifest["counts"]["games"] == 9
    for game in Game.objects.all():
        data = json.loads((tmp_path / "games" / f"{game.pk}.json").read_text())
        assert set(data) == {"game", "options", "sides", "plays"}
        assert replay(from_json(data)).summary() == game.summary
    meta = json.loads((tmp_path / "leagues.json").read_text())
    voided = [g for g in meta["games"] if g["voided_at"]]
    assert [g["void_reason"] for g in voided] == ["wrong pitcher"]
    assert {g["status"] for g in meta["games"] if g["league"] is None} == {
        "final",
        "in_progress",
    }


def test_a_restored_game_in_progress_can_be_scored_on_and_corrected(tmp_path, users):
    organiser, scorer = users
    build_site(organiser, scorer)
    export_archive(directory=tmp_path)
    wipe()
    restore_archive(directory=tmp_path)
    live = Game.objects.get(summary__status="in_progress", season__isnull=False)
    assert live.plays.count() == 2 and live.is_scorer(scorer)
    assert live.corrections.count() == 3
    seq, alt = a_correction(live, status="in_progress")
    correct(live, scorer, seq=seq, after=alt, reason="after the restore")
    assert live.corrections.count() == 4
    play_out(live, scorer, seed=9)
    live.refresh_from_db()
    assert live.is_final and GameStats.objects.filter(game=live).count() == 2


def test_restoring_into_a_database_with_games_writes_nothing(tmp_path, users):
    build_site(*users)
    export_archive(directory=tmp_path)
    count = Game.objects.count()
    with pytest.raises(ArchiveError, match="fresh database"):
        restore_archive(directory=tmp_path)
    assert Game.objects.count() == count


def test_a_broken_archive_is_one_clear_line_and_nothing_written(tmp_path, users):
    build_site(*users)
    export_archive(directory=tmp_path)
    wipe()
    err = StringIO()
    from django.core.management.base import CommandError

    (tmp_path / "manifest.json").write_text("{not json")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("import_leagues", str(tmp_path), stderr=err)
    with pytest.raises(CommandError, match="no such folder"):
        call_command("import_leagues", str(tmp_path / "missing"))
    export_archive(directory=tmp_path / "again")  # empty site: a valid, empty archive
    meta = json.loads((tmp_path / "leagues.json").read_text())
    meta["fixtures"][0]["away"] = "nobody"
    (tmp_path / "again" / "leagues.json").write_text(json.dumps(meta))
    with pytest.raises(CommandError, match="team it does not hold"):
        call_command("import_leagues", str(tmp_path / "again"))
    assert not League.objects.exists() and not Game.objects.exists()


def test_a_bad_game_file_is_named_and_the_rest_restored(tmp_path, users):
    build_site(*users)
    export_archive(directory=tmp_path)
    meta = json.loads((tmp_path / "leagues.json").read_text())
    first, second = meta["games"][0]["file"], meta["games"][1]["file"]
    record = json.loads((tmp_path / first).read_text())
    record["plays"][0] = {"card": "nonsense"}
    (tmp_path / first).write_text(json.dumps(record))
    meta["games"][1]["file"] = "../leagues.json"
    (tmp_path / "leagues.json").write_text(json.dumps(meta))
    wipe()
    err, out = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_leagues", str(tmp_path), stdout=out, stderr=err)
    assert exit_.value.code == 1
    lines = err.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"bad {first}: play 1")
    assert "not a game file" in lines[1] and second not in lines[1]
    assert "7 games" in out.getvalue()
    assert Game.objects.count() == 7


def test_an_imported_game_is_still_recognised_after_a_restore(tmp_path):
    """A restore keeps an imported game's record hash and gives it its game key, so neither
    the file imported first nor a spelling of it in other capitals is imported again."""
    from games.archive import imports
    from tests.leagues.conftest import make_league
    from tests.leagues.organisers_helpers import random_record

    _, season, _ = make_league("quick-baseball", {"innings": 1}, teams=("Giants", "Yankees"))
    record = random_record(sides=["Giants", "Yankees"], seed=2)
    user = imports.import_user()
    imports.import_text(text=json.dumps(record), season=season, user=user)
    export_archive(directory=tmp_path)
    wipe()
    restore_archive(directory=tmp_path)
    restored = Game.objects.get()
    season = Season.objects.get()
    for variant in (record, {**record, "sides": ["GIANTS", "yankees"]}):
        game, created = imports.import_text(text=json.dumps(variant), season=season, user=user)
        assert (game, created) == (restored, False)
    assert Game.objects.count() == 1


def test_a_game_file_with_a_key_its_game_does_not_define_is_named_and_left_out(tmp_path, users):
    build_site(*users)
    export_archive(directory=tmp_path)
    meta = json.loads((tmp_path / "leagues.json").read_text())
    name = meta["games"][0]["file"]
    record = json.loads((tmp_path / name).read_text())
    record["plays"][0] = {**record["plays"][0], "junk": "x" * 100}
    (tmp_path / name).write_text(json.dumps(record))
    wipe()
    err = StringIO()
    with pytest.raises(SystemExit):
        call_command("import_leagues", str(tmp_path), stdout=StringIO(), stderr=err)
    assert err.getvalue().startswith(f"bad {name}: play 1: unknown key 'junk'")
    assert Game.objects.count() == 8
