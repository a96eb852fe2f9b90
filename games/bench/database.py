"""The bench's temporary database: a fresh, migrated SQLite file (or, when the site runs on
PostgreSQL, a new database on the same server), removed afterwards."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from urllib.parse import quote

from django.db import connections

from games.bench.site import site_env
from games.plumbing.replica import reads_on_primary


@contextmanager
def temporary_database(directory: Path) -> Iterator[dict[str, str]]:
    """Point the default connection at a new migrated database; yield the environment a
    gunicorn or manage.py process needs to use the same database."""
    connection = connections["default"]
    old_name = connection.settings_dict["NAME"]
    test = connection.settings_dict.setdefault("TEST", {})
    saved = test.get("NAME")
    sqlite = connection.vendor == "sqlite"
    test["NAME"] = str(directory / "bench.sqlite3") if sqlite else f"{old_name}_bench"
    # Django's test database creation runs createcachetable, which says on stdout that the
    # limits' table (made by migrate) is there: the bench's report owns stdout.
    with redirect_stdout(sys.stderr):
        name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        # Public pages must read what the bench writes, not a replica of the real database.
        with reads_on_primary():
            if sqlite:
                yield site_env(sqlite_path=Path(name))
            else:
                yield site_env(database_url=_url(connection.settings_dict))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        test["NAME"] = saved


def _url(db: dict) -> str:
    auth = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return f"postgres://{auth}@{host}/{quote(db['NAME'], safe='')}"
