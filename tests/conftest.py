"""Fixtures shared by every test folder, including Playwright browser fixtures."""

import inspect
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

# Playwright's sync API runs an event loop in the test thread; Django's ORM would
# otherwise refuse to run there.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """A headless Debian chromium shared by the whole session."""
    if not CHROMIUM.exists():
        pytest.skip(
            "Chromium not installed at /usr/bin/chromium: "
            "install Debian's chromium to run browser tests"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser context and page for one test."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(autouse=True)
def _local_engine_only_where_asked(request, settings) -> None:
    """Scoring pages start Pyodide (megabytes of WebAssembly) only in the tests marked
    ``local_engine``, for which its files are fetched once (``manage.py pack_engine``); the
    other browser tests score through the server, as a page does until its engine is ready."""
    if request.node.get_closest_marker("local_engine") is None:
        settings.LOCAL_ENGINE = False
        return
    from games.plumbing import browser_engine

    browser_engine.fetch_pyodide()
    browser_engine.compile_engines()
    settings.LOCAL_ENGINE = True


DATABASE_FIXTURES = ("db", "transactional_db", "django_db_reset_sequences", "live_server")


@pytest.fixture(autouse=True)
def _fresh_cache(request) -> Iterator[None]:
    """Each test starts with an empty cache and no limits counted: rate limits and log-in
    counters kept by one test (all from 127.0.0.1) must not refuse another's sign-ups or
    log-ins. Without CACHE_URL the limits are a table in the test database: emptied for the
    tests that use the database (no other test can count anything there), so that rows a
    transactional test or a live server committed do not count against the next test."""
    from django.core.cache import cache, caches
    from django.core.cache.backends.db import BaseDatabaseCache

    cache.clear()
    limits = caches["limits"]
    if not isinstance(limits, BaseDatabaseCache):
        limits.clear()
    elif request.node.get_closest_marker("django_db") or set(DATABASE_FIXTURES) & set(
        request.fixturenames
    ):
        request.getfixturevalue("django_db_setup")  # the test database, not the real one
        with request.getfixturevalue("django_db_blocker").unblock():
            limits.clear()
    yield


@pytest.fixture(autouse=True)
def _season_packs_in_a_temporary_folder(settings, tmp_path_factory) -> None:
    """Season data packs are built into a folder of the test's own (the packs' storage), never
    beside the development database."""
    folder = tmp_path_factory.mktemp("season-packs")
    settings.SEASON_PACK_DIR = folder
    settings.STORAGES = {
        **settings.STORAGES,
        "season_packs": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": folder, "base_url": None},
        },
    }


DUMMY_TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
IMMEDIATE_TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture(autouse=True)
def queued_jobs(settings) -> Iterator[list]:
    """Jobs of the task queue are kept, not run, in tests (django-tasks' dummy backend): the
    list this yields holds what was queued (``TaskResult``s; ``run_jobs`` runs them). No
    win-probability table stays in memory between tests."""
    from django_tasks import task_backends

    from games.win import tables as win_tables

    settings.TASKS = DUMMY_TASKS
    win_tables.forget_loaded()
    yield task_backends["default"].results
    win_tables.forget_loaded()


def run_jobs(queued: list) -> list:
    """Run the queued jobs in order (and any they queue), as ``db_worker`` would; returns
    what each returned."""
    returned = []
    while queued:
        job = queued.pop(0)
        returned.append(job.task.call(*job.args, **job.kwargs))
    return returned


# ---- One at a time on a shared in-memory database.
# On SQLite in memory the live server's request threads use the test's own connection
# (pytest-django passes it over). A request reading while the test writes on that one
# connection fails with "database table is locked" (CI saw it once, in the phone test, while
# the previous game's page was still polling). So a request and the test's own database work
# take turns: the server answers each request holding this lock, and the test holds it for
# each statement and for each whole service call (a write and its transaction).
SHARED_DATABASE = threading.RLock()


@pytest.fixture(scope="session")
def live_server(live_server):
    """pytest-django's live server, answering one request at a time while the database
    connection is shared with the test."""
    if live_server.thread.connections_override:
        httpd = live_server.thread.httpd
        httpd.set_app(_in_turn(httpd.get_app()))
    return live_server


def _statement_in_turn(execute, sql, params, many, context):
    with SHARED_DATABASE:
        return execute(sql, params, many, context)


@pytest.fixture(autouse=True)
def _take_turns_with_the_live_server(request, monkeypatch) -> Iterator[None]:
    if "live_server" not in request.fixturenames:
        yield
        return
    shared = request.getfixturevalue("live_server").thread.connections_override
    if not shared:  # PostgreSQL or a file: the server has connections of its own
        yield
        return
    from games.scoring import services

    for name, function in inspect.getmembers(services, inspect.isfunction):
        if function.__module__ == services.__name__ and not name.startswith("_"):
            monkeypatch.setattr(services, name, _in_turn(function))
    # Through monkeypatch, so that the statements still take turns while pytest-django
    # empties the database after the test (monkeypatch is undone after that): a page's
    # request still on its way then waits for the flush, instead of locking its tables.
    for conn in shared.values():
        monkeypatch.setattr(conn, "execute_wrappers", [*conn.execute_wrappers, _statement_in_turn])
    yield


def _in_turn(function):
    def in_turn(*args, **kwargs):
        with SHARED_DATABASE:
            return function(*args, **kwargs)

    return in_turn
