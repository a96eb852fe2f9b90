"""export_archive writes every game and league; import_leagues restores them on a fresh
database with the same summaries, standings and stats."""

import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command

from games import league_services, services
from games.backups import ArchiveError, export_archive, restore_archive
from games.engines.record import from_json, replay
from games.models import Fixture, Game, GameStats, League, Play, Season, Team
from games.selectors import replay_game
from games.standings import season_standings
from tests.leagues.conftest import make_league, play_fixture, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(django_user_model):
    organiser = django_user_model.objects.create_user("organiser", password="pw-organiser-1")
    scorer = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    return organiser, scorer


def build_site(organiser, scorer):
    """Two leagues with final, voided, unplayed and in-progress fixtures, and friendlies."""
    league, season, (giants, yankees, mets) = make_league(
        "quick-baseball", {"innings": 1}, teams=("Giants", "Yankees", "<b>Mets</b>")
    )
    league.organisers.add(organiser)
    league.points_win = 3
    league.save()
    season.starts_on = date(2026, 4, 1)
    season.save()
    play_fixture(season, giants, yankees, organiser, seed=1)
    voided = play_fixture(season, yankees, mets, organiser, seed=2)
    league_services.game_void(game=voided, user=organiser, reason="wrong pitcher")
    play_fixture(season, mets, giants, organiser, seed=3)
    play_fixture(season, giants, mets, organiser, seed=4)
    Fixture.objects.create(season=season, away=yankees, home=giants, scheduled_on=date(2026, 5, 2))
    live = league_services.fixture_start(
        fixture=Fixture.objects.create(season=season, away=mets, home=yankees), user=organiser
    )
    live.scorers.add(scorer)
    for _ in range(3):
        legal = live.engine.legal_plays(replay_game(live).final_state)
        services.play_record(
            game=live, raw=legal[0], expected_seq=live.plays.count() + 1, user=organiser
        )
    Season.objects.create(league=league, name="2027", slug="2027")

    _, cricket, (owls, kestrels) = make_league(
        "quick-cricket", {"overs": 1}, teams=("Owls", "Kestrels")
    )
    play_fixture(cricket, owls, kestrels, organiser, seed=5)
    play_fixture(cricket, kestrels, owls, organiser, seed=6)

    friendly = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Cubs", "Reds"], user=scorer
    )
    play_out(friendly, scorer, seed=7)
    services.game_create(
        kind="solitaire-baseball", options={"innings": 1}, sides=["Ann"], user=scorer
    )


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


def wipe():
    GameStats.objects.all().delete()
    Fixture.objects.all().delete()
    Play.objects.all().delete()
    Game.objects.all().delete()
    Team.objects.all().delete()
    Season.objects.all().delete()
    League.objects.all().delete()


def test_an_archive_round_trips_every_game_league_and_standing(tmp_path, users):
    build_site(*users)
    before = snapshot()
    assert len(before["games"]) == 9
    assert {g["summary"]["status"] for g in before["games"]} == {"final", "in_progress"}
    assert before["stats"]

    out = StringIO()
    call_command("export_archive", str(tmp_path / "archive"), stdout=out)
    assert "9 games" in out.getvalue()
    wipe()
    assert not Game.objects.exists()

    out = StringIO()
    call_command("import_leagues", str(tmp_path / "archive"), stdout=out)
    assert "9 games" in out.getvalue()
    after = snapshot()
    for key in before:
        assert after[key] == before[key], key


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


def test_a_restored_game_in_progress_can_be_scored_on(tmp_path, users):
    organiser, scorer = users
    build_site(organiser, scorer)
    export_archive(directory=tmp_path)
    wipe()
    restore_archive(directory=tmp_path)
    live = Game.objects.get(summary__status="in_progress", season__isnull=False)
    assert live.plays.count() == 3 and live.is_scorer(scorer)
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
