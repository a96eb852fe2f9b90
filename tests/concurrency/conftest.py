import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from .live import Server, manage, site_env


def _postgres_url() -> str:
    """The pytest-django test database as a URL a gunicorn process can use."""
    from django.db import connection

    s = connection.settings_dict
    auth = quote(s["USER"] or "", safe="")
    if s["PASSWORD"]:
        auth += ":" + quote(s["PASSWORD"], safe="")
    host = f"{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}"
    return f"postgres://{auth}@{host}/{quote(s['NAME'], safe='')}"


@pytest.fixture(params=["sqlite", "postgresql"])
def site_env_for(request, tmp_path: Path) -> dict:
    """The environment of a live site on each database: a migrated SQLite file, or the
    PostgreSQL test database (the test is marked ``django_db(transaction=True)``, so the
    site's writes are real commits, emptied after the test)."""
    if request.param == "sqlite":
        env = site_env(sqlite_path=tmp_path / "site.sqlite3")
        manage(env, "migrate", "--no-input")
        return env
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        pytest.skip("PostgreSQL run needs DATABASE_URL=postgres://… (.ci/run sets it)")
    return site_env(database_url=_postgres_url())


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict:
    env = site_env(sqlite_path=tmp_path / "site.sqlite3")
    manage(env, "migrate", "--no-input")
    return env


@pytest.fixture
def server_for(tmp_path: Path) -> Iterator:
    """Start gunicorn servers for a test; every one is stopped afterwards."""
    started: list[Server] = []

    def start(env: dict) -> Server:
        server = Server(env=env, log=tmp_path / "gunicorn.log")
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:
        server.stop()
