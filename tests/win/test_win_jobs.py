"""Win-probability tables are built by jobs of the task queue, never by a request: a page or
an API call only looks a table up; a new game or league asks for its table, one build per
table at a time and a bounded number of jobs in all; options past a table's bounds, and
builds past their budget, give "not available" instead of work."""

import threading

import pytest
from django.core.management import call_command

from games.archive import jobs
from games.engines.win_probability import model_for
from games.models import Game, PendingJob, WinTable
from games.scoring import services
from games.win import tables as win_tables


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


def _game(user, kind="quick-cricket", options=None) -> Game:
    return services.game_create(
        kind=kind, options=options or {}, sides=["Reds", "Blues"], user=user
    )


@pytest.fixture
def no_threads(monkeypatch) -> list:
    """Every thread started while the test runs (none may be)."""
    started: list = []

    def refuse(thread: threading.Thread) -> None:
        started.append(thread.name)
        raise AssertionError(f"a request started a thread: {thread.name}")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    return started


@pytest.mark.django_db
def test_a_999_over_match_is_not_covered_and_no_view_starts_any_work(
    client, user, queued_jobs, no_threads
):
    game = _game(user, options={"overs": 999})
    assert queued_jobs == [] and not PendingJob.objects.exists()
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "not available for matches of more than 20 overs a side: a table for 999 overs" in html
    api = client.get(f"/api/v1/games/{game.pk}/win-probability").json()
    assert "more than 20 overs" in str(api)
    assert queued_jobs == [] and no_threads == []


@pytest.mark.django_db
def test_each_table_is_asked_for_once_while_its_build_waits(user, queued_jobs):
    _game(user, options={"overs": 16})
    _game(user, options={"overs": 16})
    _game(user, options={"overs": 20})
    names = sorted(PendingJob.objects.values_list("name", flat=True))
    assert len(queued_jobs) == 2 and len(names) == 2
    assert all(name.startswith("win-table:quick-cricket:") for name in names)


@pytest.mark.django_db
def test_the_queue_is_bounded(user, queued_jobs, settings):
    settings.JOB_LIMIT = 2
    for overs in (10, 11, 12, 13):
        _game(user, options={"overs": overs})
    assert len(queued_jobs) == 2 and PendingJob.objects.count() == 2
    # once the worker has run them (each job frees its name), more may be asked for
    PendingJob.objects.all().delete()
    _game(user, options={"overs": 13})
    assert len(queued_jobs) == 3


@pytest.mark.django_db
def test_a_league_asks_for_its_table(user, queued_jobs):
    from games.leagues import services as league_services

    user.is_staff = True
    user.save()
    league_services.league_create(
        name="Friday Cricket", kind="quick-cricket", options={"overs": 12}, user=user
    )
    [job] = queued_jobs
    assert job.task.name == "build_win_table" and job.args[0] == "quick-cricket"
    assert job.args[1]["overs"] == 12


@pytest.mark.django_db
def test_a_build_past_its_budget_stores_nothing(user, settings, monkeypatch):
    settings.WIN_TABLE_BUDGET_SECONDS = 0
    monkeypatch.setattr(model_for("solitaire-baseball"), "games", 300)
    result = jobs.build_win_table.call("solitaire-baseball", {})
    assert result.startswith("not built: stopped after 100 of 300 games")
    assert not WinTable.objects.exists() and not PendingJob.objects.exists()


@pytest.mark.django_db
def test_a_build_runs_once_and_a_current_table_is_not_built_again(user, monkeypatch):
    monkeypatch.setattr(model_for("solitaire-baseball"), "games", 50)
    first = jobs.build_win_table.call("solitaire-baseball", {"innings": 9})
    assert first.startswith("50 games in ")
    assert jobs.build_win_table.call("solitaire-baseball", {}) == "current"
    assert WinTable.objects.count() == 1
    # and a game of those options asks for nothing
    assert not jobs.want_table("solitaire-baseball", {})


@pytest.mark.django_db(transaction=True)
def test_the_worker_command_builds_what_a_new_game_asked_for(user, settings, monkeypatch):
    """The real queue: the game's request is a row in the database, ``db_worker`` runs it."""
    from django_tasks_db.models import DBTaskResult

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    monkeypatch.setattr(model_for("solitaire-baseball"), "games", 50)
    game = _game(user, kind="solitaire-baseball", options={"innings": 5})
    [queued] = DBTaskResult.objects.all()
    assert queued.status == "READY" and queued.task_name == "build_win_table"
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    queued.refresh_from_db()
    assert queued.status == "SUCCESSFUL"
    table = win_tables.table_for(game.kind, game.options)
    assert not isinstance(table, win_tables.Unavailable) and table.games == 50
    assert not PendingJob.objects.exists()
