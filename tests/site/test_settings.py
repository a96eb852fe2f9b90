import json
import secrets

import pytest
from django.conf import settings

# Prints what a fresh process sees on its default database connection, and whether a
# second writer is locked out while Django holds a transaction open.
SQLITE_PROBE = """
import json, sqlite3
import django
django.setup()
from django.db import connection, transaction

with connection.cursor() as cursor:
    pragmas = {}
    for name in ("journal_mode", "synchronous", "busy_timeout"):
        cursor.execute(f"PRAGMA {name}")
        pragmas[name] = cursor.fetchone()[0]
with transaction.atomic():
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
        pragmas["second_writer"] = "allowed"
    except sqlite3.OperationalError as exc:
        pragmas["second_writer"] = str(exc)
    finally:
        other.close()
pragmas["name"] = str(connection.settings_dict["NAME"])
print(json.dumps(pragmas))
"""

DATABASE_PROBE = """
import json
from django.conf import settings
db = settings.DATABASES["default"]
print(json.dumps({key: db.get(key) for key in ("ENGINE", "NAME", "HOST", "PORT", "CONN_MAX_AGE")}))
"""


def test_sqlite_defaults_to_immediate_transactions() -> None:
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("DATABASE_URL points at another database")
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert 0 < db["OPTIONS"]["timeout"] <= 60  # a writer waits for the lock, but not forever


def test_sqlite_connection_uses_wal_and_immediate(run_python, tmp_path) -> None:
    path = tmp_path / "probe.sqlite3"
    result = run_python(
        "-c",
        SQLITE_PROBE,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        SCOREKEEPER_SQLITE_PATH=str(path),
    )
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout)
    assert probe["name"] == str(path)
    assert probe["journal_mode"] == "wal"
    assert probe["synchronous"] == 1  # NORMAL
    assert probe["busy_timeout"] == 20000  # ms: the "timeout" option, a finite wait
    assert probe["second_writer"] == "database is locked"
    assert path.exists()


def test_database_url_switches_to_postgresql(run_python) -> None:
    result = run_python(
        "-c",
        DATABASE_PROBE,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DATABASE_URL="postgres://scorer:secret@db.example.org:5433/scores",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "scores",
        "HOST": "db.example.org",
        "PORT": 5433,
        "CONN_MAX_AGE": 600,
    }


def test_check_deploy_is_clean_with_production_environment(run_python) -> None:
    result = run_python(
        "manage.py",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(60),
        DJANGO_ALLOWED_HOSTS="example.org",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://example.org",
        DJANGO_SECURE="1",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_production_refuses_to_start_without_secret_key(run_python) -> None:
    result = run_python("manage.py", "check", DJANGO_DEBUG="0", DJANGO_ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


GUARD_PROBE = """
import json
from django.conf import settings
names = ("TRUSTED_PROXY_COUNT", "AXES_HANDLER", "AXES_FAILURE_LIMIT")
print(json.dumps([getattr(settings, name) for name in names]))
"""


def test_the_log_in_guard_reads_its_settings_from_the_environment(run_python) -> None:
    setup = "import django; django.setup();" + GUARD_PROBE
    plain = run_python("-c", setup, DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    assert plain.returncode == 0, plain.stderr
    assert json.loads(plain.stdout) == [0, "axes.handlers.database.AxesDatabaseHandler", 5]
    behind = run_python(
        "-c",
        setup,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DJANGO_TRUSTED_PROXY_COUNT="2",
        SCOREKEEPER_LOGIN_FAILURE_LIMIT="8",
        CACHE_URL="redis://127.0.0.1:6399/0",
    )
    assert behind.returncode == 0, behind.stderr
    assert json.loads(behind.stdout) == [2, "axes.handlers.cache.AxesCacheHandler", 8]
    wrong = run_python("manage.py", "check", DJANGO_TRUSTED_PROXY_COUNT="one")
    assert "DJANGO_TRUSTED_PROXY_COUNT must be a whole number, not 'one'" in wrong.stderr
