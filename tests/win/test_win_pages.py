"""Win probability on the site: the game page's chart and turning points, the live figure,
the scoring screen's setting, the downloads and what shows when there is no figure."""

import csv
import io
import json
import re

import pytest

from games.archive import jobs
from games.engines.players import play_out
from games.engines.win_probability import model_for
from games.models import Game, WinSwing, WinTable
from games.scoring import services
from games.win import chances as win_chances
from games.win import tables as win_tables
from tests.conftest import run_jobs


def _game(user, kind="bedard-baseball", options=None, plays=None, seed=3):
    options = {"innings": 3} if options is None else options
    game = services.game_create(kind=kind, options=options, sides=["Reds", "Blues"], user=user)
    played = play_out(kind, options, seed)
    for seq, raw in enumerate(played.plays[:plays] if plays else played.plays, start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)
    game.refresh_from_db()
    return game


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


@pytest.mark.django_db
def test_a_finished_game_page_shows_the_chart_and_three_turning_points(client, user, bedard_table):
    game = _game(user)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert '<section class="win-probability"' in html
    assert "<svg" in html and 'class="win-line"' in html
    assert html.count('class="win-mark"') == 3
    chances = win_chances.for_game(game)
    assert len(chances.points) == game.plays.count() + 1
    assert chances.points[-1].chances[game.summary["winner"]] == 1.0
    biggest = sorted(
        (abs(b.first - a.first) for a, b in zip(chances.points, chances.points[1:], strict=False)),
        reverse=True,
    )[:3]
    assert sorted((abs(t.change) for t in chances.turns), reverse=True) == biggest
    for turn in chances.turns:
        assert f"Play {turn.point.seq}</span> {turn.point.text}" in html
    # the page's turning points are the plays' own play-by-play words
    texts = [line for line in chances.points if line.seq == chances.turns[0].point.seq]
    assert texts[0].text


@pytest.mark.django_db
def test_a_live_game_shows_the_figure_now_and_updates_with_the_board(client, user, bedard_table):
    game = _game(user, plays=20)
    html = client.get(f"/games/{game.pk}/").content.decode()
    now = win_chances.for_game(game).current
    assert f"Reds <strong>{now.percent(0)}%</strong>" in html
    played = play_out("bedard-baseball", {"innings": 3}, 3)
    services.play_record(game=game, raw=played.plays[20], expected_seq=21, user=user)
    partial = client.get(f"/games/{game.pk}/", headers={"HX-Request": "true"}).content.decode()
    game.refresh_from_db()
    later = win_chances.for_game(game).current
    assert len(win_chances.for_game(game).points) == 22
    assert f"Reds <strong>{later.percent(0)}%</strong>" in partial


@pytest.mark.django_db
def test_without_a_table_the_page_says_why_and_the_game_asked_for_one(
    client, user, queued_jobs, monkeypatch
):
    game = _game(user, plays=10)
    # the new game asked the task queue for its table, once (not each of its plays)
    assert [job.task.name for job in queued_jobs] == ["build_win_table"]
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Win probability for Bedard" in html and "is not computed yet" in html
    assert 'class="win-line"' not in html
    # pages never ask for a build, however often they are read
    client.get(f"/games/{game.pk}/?again")
    client.get(f"/api/v1/games/{game.pk}/win-probability")
    assert len(queued_jobs) == 1
    # the worker runs the job (small, for speed) and the page shows the chart
    monkeypatch.setattr(model_for(game.kind), "games_for", lambda table_options: 40)
    [built] = run_jobs(queued_jobs)
    assert re.fullmatch(r"40 games in [\d.]+ s", built)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="win-line"' in html


@pytest.mark.django_db
def test_an_out_of_date_table_is_not_used(client, user, bedard_table):
    game = _game(user, plays=10)
    WinTable.objects.update(version="old-rules")
    win_tables.forget_loaded()
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "being recomputed for new rules" in html and 'class="win-line"' not in html


@pytest.mark.django_db
def test_a_table_that_does_not_read_shows_no_figure(client, user, bedard_table):
    game = _game(user, plays=10)
    WinTable.objects.update(data=b"not zlib")
    win_tables.forget_loaded()
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert "being recomputed" in response.content.decode()


@pytest.mark.django_db
def test_an_interrupted_build_leaves_the_old_table_in_use(user, bedard_table, monkeypatch):
    from games.engines.win_probability import build

    def broken(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "play_out", broken)
    name = win_tables.name_for("bedard-baseball", {"innings": 3})
    with pytest.raises(KeyboardInterrupt):
        win_tables.build_and_store(name, games=10)
    win_tables.forget_loaded()
    table = win_tables.table_for("bedard-baseball", {"innings": 3})
    assert table.games == bedard_table.games


@pytest.mark.django_db
def test_options_the_tables_do_not_cover_say_so(client, user):
    game = services.game_create(
        kind="quick-cricket", options={"overs": None}, sides=["A", "B"], user=user
    )
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "win probability not available for unlimited-overs matches".capitalize() in html


@pytest.mark.django_db
def test_a_log_that_no_longer_replays_shows_no_figure(client, user, bedard_table):
    game = _game(user, plays=10)
    game.plays.filter(seq=5).update(payload={"bat": "nonsense"})
    Game.objects.filter(pk=game.pk).update(log_revision="changed")
    game.refresh_from_db()
    chances = win_chances.for_game(game)
    assert not chances.available and "play 5 no longer replays" in chances.reason
    assert client.get(f"/games/{game.pk}/").status_code == 200


@pytest.mark.django_db
def test_downloads_give_the_chance_after_every_play(client, user, bedard_table):
    game = _game(user)
    plays = game.plays.count()
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(f"/games/{game.pk}/win-probability.csv").content.decode("utf-8-sig")
            )
        )
    )
    assert rows[0] == ["play", "what happened", "Reds wins", "Blues wins", "neither (tie)"]
    assert len(rows) == plays + 2
    data = json.loads(client.get(f"/games/{game.pk}/win-probability.json").content)
    assert [p["play"] for p in data["plays"]] == list(range(plays + 1))
    winner = game.summary["winner"]
    assert data["plays"][-1]["chances"][winner] == 1.0
    # the record download is unchanged by all this
    record = json.loads(client.get(f"/games/{game.pk}/record.json").content)
    assert set(record) == {"game", "options", "sides", "plays"}


@pytest.mark.django_db
def test_a_download_without_a_figure_is_a_short_reason(client, user):
    game = _game(user, plays=5)
    response = client.get(f"/games/{game.pk}/win-probability.csv")
    assert response.status_code == 404
    assert b"not computed yet" in response.content


@pytest.mark.django_db
def test_the_scoring_screen_shows_nothing_until_the_setting_is_on(client, user, bedard_table):
    game = _game(user, plays=10)
    client.force_login(user)
    assert "Win probability:" not in client.get(f"/games/{game.pk}/score/").content.decode()
    response = client.post(f"/games/{game.pk}/win-probability/", {"show": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.show_win_probability
    html = client.get(f"/games/{game.pk}/score/").content.decode()
    assert "Win probability:" in html and "Reds <strong>" in html
    client.post(f"/games/{game.pk}/win-probability/", {"show": "0"})
    assert "Win probability:" not in client.get(f"/games/{game.pk}/score/").content.decode()


@pytest.mark.django_db
def test_only_scorers_change_the_setting(client, user, django_user_model):
    game = _game(user, plays=3)
    stranger = django_user_model.objects.create_user("stranger", password="pw-stranger-1")
    client.force_login(stranger)
    assert client.post(f"/games/{game.pk}/win-probability/", {"show": "1"}).status_code == 403
    game.refresh_from_db()
    assert not game.show_win_probability


@pytest.mark.django_db
def test_a_finished_game_keeps_its_swing(user, bedard_table):
    game = _game(user)
    chances = win_chances.for_game(game)
    swing = WinSwing.objects.get(game=game)
    winner = game.summary["winner"]
    assert swing.winner == winner
    assert swing.winner_low == min(p.chances[winner] for p in chances.points)


@pytest.mark.django_db
def test_comebacks_and_lopsided_games_per_season_and_all_time(client, user, bedard_table):
    from games.leagues import services as leagues

    user.is_staff = True
    user.save()
    league = leagues.league_create(
        name="Swing League", kind="bedard-baseball", options={"innings": 3}, user=user
    )
    season = leagues.season_create(league=league, user=user, name="2026")
    games = []
    for seed in range(4):
        game = _game(user, seed=seed)
        Game.objects.filter(pk=game.pk).update(season=season)
        games.append(game)
    friendly = _game(user, seed=9)  # outside the league: only in the archive's list
    assert win_chances.swing_lists(season.games.all()).missing == 4  # the job has not run
    assert jobs.measure_swings.call() == 0
    lists = win_chances.swing_lists(season.games.all())
    assert lists.missing == 0
    lows = sorted(WinSwing.objects.filter(game__in=games).values_list("winner_low", flat=True))
    assert [row.percent for row in lists.comebacks] == [round(100 * low) for low in lows]
    assert [row.percent for row in lists.lopsided] == [round(100 * low) for low in lows[::-1]]
    season_html = client.get(f"/leagues/{league.slug}/{season.slug}/").content.decode()
    assert "Biggest comebacks" in season_html and "Most lopsided" in season_html
    comeback = lists.comebacks[0]
    assert f"were down to {comeback.percent}% after play {comeback.seq}" in season_html
    league_html = client.get(f"/leagues/{league.slug}/").content.decode()
    assert "Biggest comebacks" in league_html and f"/games/{friendly.pk}/" not in league_html
    archive_html = client.get("/archive/").content.decode()
    assert "Biggest comebacks" in archive_html
    assert WinSwing.objects.filter(game=friendly).exists()


@pytest.mark.django_db
def test_a_list_replays_nothing_and_says_how_many_wait_for_the_swings_job(
    user, bedard_table, queued_jobs
):
    for seed in range(4):
        _game(user, seed=seed)
    # each game that finished asked for the swings job; one waits at a time
    assert [job.task.name for job in queued_jobs] == ["measure_swings"]
    WinSwing.objects.all().delete()
    from django.core.cache import cache

    cache.clear()
    lists = win_chances.swing_lists(Game.objects.all())
    assert lists.missing == 4 and not lists.comebacks
    assert not WinSwing.objects.exists()
    assert run_jobs(queued_jobs) == [0]
    lists = win_chances.swing_lists(Game.objects.all())
    assert lists.missing == 0 and len(lists.comebacks) == 4


@pytest.mark.django_db
def test_games_no_table_covers_are_left_out_of_the_lists(user):
    game = services.game_create(
        kind="quick-cricket", options={"overs": None}, sides=["A", "B"], user=user
    )
    Game.objects.filter(pk=game.pk).update(
        finished_at="2026-01-01T00:00:00Z", summary={"status": "final", "winner": 0}
    )
    jobs.measure_swings.call()
    lists = win_chances.swing_lists(Game.objects.all())
    assert lists.missing == 0 and not lists.comebacks
    assert WinSwing.objects.get(game=game).winner_low is None


@pytest.mark.django_db
def test_the_swings_job_asks_for_each_missing_table_once(user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for seed in range(2):
        _game(user, seed=seed)
        _game(user, seed=seed + 10)
        with CaptureQueriesContext(connection) as queries:
            missing = jobs.measure_swings.call()
        counts.append(len(queries))
    # no table: each game waits; twice the games, the same queries (one look for the table)
    assert missing == 4
    assert counts[0] == counts[1]
