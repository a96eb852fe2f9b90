"""Sessions and the signed-in user are Django's own (``django.contrib.sessions``'s ``db`` or,
with a shared cache, ``cached_db`` store; ``ModelBackend`` behind the log-in guard): log-in,
log-out, expiry, a changed password and an inactive user end a session for every tab."""

import datetime as dt

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client, override_settings
from django.utils import timezone

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("ann", password="pw-ann-12345")


def log_in(client, password: str) -> None:
    """Through the log-in form (the guard in front of it needs the request)."""
    response = client.post("/accounts/login/", {"username": "ann", "password": password})
    assert response.status_code == 302


def signed_in(client, user) -> str:
    log_in(client, "pw-ann-12345")
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def test_the_site_uses_djangos_own():
    assert settings.SESSION_ENGINE in (
        "django.contrib.sessions.backends.db",
        "django.contrib.sessions.backends.cached_db",
    )
    assert settings.AUTHENTICATION_BACKENDS == [
        "axes.backends.AxesStandaloneBackend",
        "django.contrib.auth.backends.ModelBackend",
    ]


def test_a_session_is_stored_in_the_database_for_every_server(client, user):
    key = signed_in(client, user)
    assert Session.objects.get(pk=key).get_decoded()["_auth_user_id"] == str(user.pk)
    other_server = Client()  # the same cookie, answered from the database
    other_server.cookies = client.cookies
    assert other_server.get("/games/new/").status_code == 200


def test_an_expired_session_is_signed_out(client, user):
    key = signed_in(client, user)
    assert client.get("/games/new/").status_code == 200
    Session.objects.filter(pk=key).update(expire_date=timezone.now() - dt.timedelta(seconds=1))
    if settings.SESSION_ENGINE.endswith("cached_db"):
        from django.core.cache import caches

        # The cached copy expires with the session; here it is dropped outright.
        caches[settings.SESSION_CACHE_ALIAS].delete(f"django.contrib.sessions.cached_db{key}")
    assert client.get("/games/new/").status_code == 302  # to the log-in page


def test_an_inactive_user_is_signed_out(client, user):
    signed_in(client, user)
    assert client.get("/games/new/").status_code == 200
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)
    assert client.get("/games/new/").status_code == 302


def test_log_out_and_a_password_change_end_the_session_for_every_tab(user):
    tab, other_tab = Client(), Client()
    signed_in(tab, user)
    other_tab.cookies = tab.cookies
    assert tab.get("/games/new/").status_code == 200
    user.set_password("pw-ann-67890")
    user.save()
    assert tab.get("/games/new/").status_code == 302  # to the log-in page

    log_in(tab, "pw-ann-67890")
    other_tab.cookies = tab.cookies
    tab.post("/accounts/logout/")
    assert other_tab.get("/games/new/").status_code == 302


OTHER_PROCESS_READS_THE_SESSION = """
import json, sys
import django
django.setup()
from django.conf import settings
from django.core.cache import caches
from importlib import import_module
store = import_module(settings.SESSION_ENGINE).SessionStore(sys.argv[1])
cached = caches[settings.SESSION_CACHE_ALIAS].get(store.cache_key)
print(json.dumps(cached and cached.get("_auth_user_id")))
"""


def test_one_machines_processes_share_the_sessions_file_cache(client, user, run_python):
    """Another process on the machine (another gunicorn worker) finds a session in the shared
    file cache, not in a copy of its own, and finds it gone once this one logs out (then it
    asks the database, which no longer has it)."""
    # The settings a SQLite site has (set here too, so a PostgreSQL run checks them as well):
    # the other process reads the same files.
    one_machine = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": f"{settings.BASE_DIR / 'db.sqlite3'}-sessions",
    }
    with override_settings(
        CACHES={**settings.CACHES, "sessions": one_machine},
        SESSION_CACHE_ALIAS="sessions",
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
    ):
        _the_other_process_follows(client, user, run_python)


def _the_other_process_follows(client, user, run_python) -> None:
    key = signed_in(client, user)
    # The other process's database (the SQLite file, not this test's) has no such session:
    # what it reads, it reads from the files every process shares.
    env = {"DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    read = run_python("-c", OTHER_PROCESS_READS_THE_SESSION, key, **env)
    assert read.returncode == 0, read.stderr
    assert read.stdout.strip() == f'"{user.pk}"'
    client.post("/accounts/logout/")
    read = run_python("-c", OTHER_PROCESS_READS_THE_SESSION, key, **env)
    assert read.returncode == 0, read.stderr
    assert read.stdout.strip() == "null"
