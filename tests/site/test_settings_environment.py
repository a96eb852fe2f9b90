"""The settings read from the environment through django-environ (scorekeeper/environment.py):
the databases, caches and sessions each deployment shape gets, and the house rules for values
(blank is unset, a leading ``$`` is taken as written, flags, numbers)."""

import json

import pytest

PROBE = """
import json
from django.conf import settings
names = ("DATABASES", "CACHES", "SESSION_ENGINE", "SEASON_PACK_DIR", "STORAGES", "DEBUG",
         "SECRET_KEY", "ALLOWED_HOSTS", "TRUSTED_PROXY_COUNT", "SIGNUP_RATE", "STATIC_ROOT")
print(json.dumps({name: getattr(settings, name) for name in names}, default=str))
"""

SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
LOCAL_CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "scorekeeper",
        "OPTIONS": {"MAX_ENTRIES": 20000},
    },
    "limits": {
        "BACKEND": "scorekeeper.limits_cache.LimitsCache",
        "LOCATION": "scorekeeper_limits_cache",
        "OPTIONS": {"MAX_ENTRIES": 20000},
    },
}


@pytest.fixture
def settings_with(run_python):
    def read(**env: str) -> dict:
        result = run_python("-c", PROBE, DJANGO_SETTINGS_MODULE="scorekeeper.settings", **env)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    return read


def test_without_environment_sqlite_at_its_path_and_local_caches(settings_with, tmp_path) -> None:
    path = tmp_path / "site db.sqlite3"  # a space survives the trip through a URL
    found = settings_with(SCOREKEEPER_SQLITE_PATH=str(path))
    db = found["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(path)
    assert db["CONN_MAX_AGE"] == 600
    assert db["OPTIONS"] == SQLITE_OPTIONS
    assert not db.get("CONN_HEALTH_CHECKS")
    assert set(found["DATABASES"]) == {"default"}
    assert found["CACHES"] == {
        **LOCAL_CACHES,
        "sessions": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": f"{path}-sessions",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        },
    }
    assert found["SESSION_ENGINE"] == "django.contrib.sessions.backends.cached_db"
    assert found["SEASON_PACK_DIR"] == f"{path}-packs"
    assert found["STORAGES"]["season_packs"] == {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": f"{path}-packs", "base_url": None},
    }


def test_postgresql_and_its_replica_keep_checked_connections(settings_with) -> None:
    found = settings_with(
        DATABASE_URL="postgres://scorer:se%40cret@db.example.org:5433/scores?sslmode=require",
        REPLICA_DATABASE_URL="postgres://reader:pw@replica.example.org/scores",
    )
    db, replica = found["DATABASES"]["default"], found["DATABASES"]["replica"]
    assert {key: db[key] for key in ("ENGINE", "NAME", "USER", "PASSWORD", "HOST", "PORT")} == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "scores",
        "USER": "scorer",
        "PASSWORD": "se@cret",
        "HOST": "db.example.org",
        "PORT": 5433,
    }
    assert db["OPTIONS"] == {"sslmode": "require"}
    for conn in (db, replica):
        assert conn["CONN_MAX_AGE"] == 600 and conn["CONN_HEALTH_CHECKS"] is True
        assert conn["DISABLE_SERVER_SIDE_CURSORS"] is False
    assert replica["HOST"] == "replica.example.org" and replica["TEST"]["MIRROR"] == "default"
    assert found["CACHES"] == LOCAL_CACHES  # no shared cache: sessions in the database
    assert found["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"


@pytest.mark.parametrize(
    ("url", "location"),
    [
        ("redis://cache.example.org:6379/0", "redis://cache.example.org:6379/0"),
        ("rediss://:pw@cache.example.org:6380/2", "rediss://:pw@cache.example.org:6380/2"),
        ("unix:///run/redis/redis.sock", "unix:///run/redis/redis.sock"),
    ],
)
def test_a_redis_cache_url_serves_the_pages_the_limits_and_the_sessions(
    settings_with, url, location
) -> None:
    found = settings_with(CACHE_URL=url, CACHE_KEY_PREFIX="scores")
    redis = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": location,
        "KEY_PREFIX": "scores",
    }
    assert found["CACHES"] == {"default": redis, "limits": redis}
    assert found["SESSION_ENGINE"] == "django.contrib.sessions.backends.cached_db"


def test_another_cache_url_is_refused(run_python) -> None:
    result = run_python("manage.py", "check", CACHE_URL="memcache://cache:11211")
    assert result.returncode != 0
    assert "CACHE_URL must be a redis://, rediss:// or unix:// URL." in result.stderr


def test_values_are_read_by_the_house_rules(settings_with) -> None:
    blank = settings_with(
        DJANGO_DEBUG=" ", DJANGO_TRUSTED_PROXY_COUNT="", SCOREKEEPER_SIGNUP_RATE="", DATABASE_URL=""
    )
    assert blank["DEBUG"] is True and blank["TRUSTED_PROXY_COUNT"] == 0
    assert blank["SIGNUP_RATE"] == "30/h"
    assert blank["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    production = settings_with(
        DJANGO_DEBUG="off",
        DJANGO_SECRET_KEY="$not-another-variable",
        DJANGO_ALLOWED_HOSTS=" a.example.org, ,b.example.org ",
        DJANGO_TRUSTED_PROXY_COUNT=" 2 ",
        DJANGO_STATIC_ROOT="/srv/static",
    )
    assert production["DEBUG"] is False
    assert production["SECRET_KEY"] == "$not-another-variable"
    assert production["ALLOWED_HOSTS"] == ["a.example.org", "b.example.org"]
    assert production["TRUSTED_PROXY_COUNT"] == 2
    assert production["STATIC_ROOT"] == "/srv/static"
    for word, debug in [("1", True), ("Yes", True), ("ON", True), ("0", False), ("2", False)]:
        found = settings_with(DJANGO_DEBUG=word, DJANGO_SECRET_KEY="k" * 50)
        assert found["DEBUG"] is debug, word
