"""The limits count in the ``limits`` cache, which every worker shares: the sign-up limit
(django-ratelimit), the API's limit (a django-ninja throttle) and the log-in guard's own
counters. Without ``CACHE_URL`` it is a table in the database
(``scorekeeper.limits_cache.LimitsCache``, made by ``migrate``); with it, the Redis cache.
(tests/concurrency/test_shared_limits_live.py counts across two gunicorn workers.)"""

from __future__ import annotations

import json
import time

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from django.db import connection
from django.test import Client, RequestFactory

from scorekeeper import login_guard
from scorekeeper.limits_cache import LIMITS, LimitsCache

PROBE = """
import json
from django.conf import settings
print(json.dumps({
    "limits": settings.CACHES["limits"],
    "default": settings.CACHES["default"],
    "ratelimit": settings.RATELIMIT_USE_CACHE,
    "axes": settings.AXES_CACHE,
}))
"""


def _limits_settings(run_python, **env) -> dict:
    result = run_python("-c", "import django; django.setup()\n" + PROBE, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_limits_alias_is_the_database_or_redis(run_python) -> None:
    base = {"DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    for database in ("", "postgres://u:p@db.example.org/scores"):
        found = _limits_settings(run_python, **base, DATABASE_URL=database, CACHE_URL="")
        assert found["limits"]["BACKEND"] == "scorekeeper.limits_cache.LimitsCache"
        assert found["default"]["BACKEND"].endswith("LocMemCache")  # pages stay per process
        assert found["ratelimit"] == found["axes"] == "limits"
    redis = _limits_settings(run_python, **base, CACHE_URL="redis://cache.example.org:6379/2")
    assert redis["limits"] == redis["default"]
    assert redis["limits"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert redis["ratelimit"] == redis["axes"] == "limits"


@pytest.mark.django_db
def test_migrate_made_the_limits_table() -> None:
    if not isinstance(caches[LIMITS], LimitsCache):
        pytest.skip("the limits are in Redis (CACHE_URL)")
    assert "scorekeeper_limits_cache" in connection.introspection.table_names()


# What counts there


@pytest.mark.django_db
def test_the_sign_up_limit_counts_in_the_limits_cache(client, settings) -> None:
    settings.SIGNUP_RATE = "2/h"

    def sign_up(name: str) -> int:
        data = {"username": name, "password1": "Correct-horse-9", "password2": "Correct-horse-9"}
        return Client().post("/accounts/signup/", data).status_code

    assert [sign_up("first"), sign_up("second")] == [302, 302]
    if not django_settings.CACHE_URL:
        caches["default"].clear()  # a worker's own memory: not where the count is
    assert sign_up("third") == 429
    caches[LIMITS].clear()
    assert sign_up("fourth") == 302


@pytest.mark.django_db
def test_the_log_in_guards_counters_are_in_the_limits_cache(django_user_model) -> None:
    django_user_model.objects.create_user("victim", password="right-password-9")
    attacker = {"REMOTE_ADDR": "203.0.113.66"}

    def attempt(client: Client, password: str):
        data = {"username": "victim", "password": password}
        return client.post("/accounts/login/", data, **attacker)

    tablet = Client(**attacker)
    assert attempt(tablet, "right-password-9").status_code == 302  # now a known device
    tablet.post("/accounts/logout/")
    stranger = Client(**attacker)
    answers = [attempt(stranger, "wrong").status_code for _ in range(5)]
    assert answers[-1] == 429
    answers = [attempt(tablet, "wrong").status_code for _ in range(2)]
    assert answers == [200, 200]  # the known device's own count

    request = RequestFactory().post("/accounts/login/", {"username": "victim"}, **attacker)
    request.COOKIES = {login_guard.DEVICE_COOKIE: tablet.cookies[login_guard.DEVICE_COOKIE].value}
    unlock = login_guard._unlock_key(request, {"username": "victim"})
    device = login_guard._device_failures_key(*login_guard._known(request, "victim"))
    assert caches[LIMITS].get(unlock) == pytest.approx(time.time() + 15 * 60, abs=30)
    assert caches[LIMITS].get(device) == 2
    if not django_settings.CACHE_URL:
        assert caches["default"].get(unlock) is None and caches["default"].get(device) is None


# The database's counter


@pytest.fixture
def counters():
    if not isinstance(caches[LIMITS], LimitsCache):
        pytest.skip("the limits are in Redis (CACHE_URL)")
    return caches[LIMITS]


def _expires(key: str):
    table = "scorekeeper_limits_cache"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT expires FROM {table} WHERE cache_key LIKE %s", [f"%{key}"])
        return cursor.fetchone()[0]


@pytest.mark.django_db
def test_incr_counts_and_keeps_the_expiry(counters) -> None:
    assert counters.add("window", 1, 900)
    expires = _expires("window")
    assert not counters.add("window", 1, 900)
    assert [counters.incr("window") for _ in range(3)] == [2, 3, 4]
    assert counters.incr("window", 10) == 14
    assert counters.get("window") == 14
    assert _expires("window") == expires  # Django's own incr would set 5 minutes from now


@pytest.mark.django_db
def test_incr_of_a_missing_or_expired_key_is_a_value_error(counters) -> None:
    with pytest.raises(ValueError):
        counters.incr("nothing")
    counters.set("old", 5, -1)  # already expired
    with pytest.raises(ValueError):
        counters.incr("old")
    assert counters.add("old", 1, 60)  # an expired key may be added again
    assert counters.incr("old") == 2
