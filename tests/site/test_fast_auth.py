"""The session store and the authentication backend read their rows without the ORM, and
behave exactly like Django's: log-in, log-out, expiry, a changed password, an inactive user."""

import datetime as dt

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends import db as django_db
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from scorekeeper.auth_backend import ModelBackend
from scorekeeper.sessions import cached_db
from scorekeeper.sessions.db import SessionStore

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


def test_the_site_uses_them():
    assert settings.SESSION_ENGINE in ("scorekeeper.sessions.db", "scorekeeper.sessions.cached_db")
    assert settings.AUTHENTICATION_BACKENDS == [
        "axes.backends.AxesStandaloneBackend",
        "scorekeeper.auth_backend.ModelBackend",
    ]


def test_a_session_loads_the_same_data_as_djangos_store(client, user):
    key = signed_in(client, user)
    assert SessionStore(key).load() == django_db.SessionStore(key).load()
    assert SessionStore(key).load()["_auth_user_id"] == str(user.pk)
    assert cached_db.SessionStore(key).load() == django_db.SessionStore(key).load()


@pytest.mark.parametrize("store", [SessionStore, cached_db.SessionStore])
def test_an_expired_unknown_or_empty_session_loads_as_nothing(client, user, store):
    key = signed_in(client, user)
    Session.objects.filter(pk=key).update(expire_date=timezone.now() - dt.timedelta(seconds=1))
    session = store(key)
    assert session.load() == {} and session.session_key is None
    assert store("no-such-session-key-0000000000000").load() == {}
    assert store(None).load() == {}


def test_the_backend_loads_active_users_only(user):
    backend = ModelBackend()
    assert backend.get_user(user.pk) == user
    assert backend.get_user(user.pk + 99) is None
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)
    assert backend.get_user(user.pk) is None


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


def test_a_signed_in_request_reads_its_session_and_user_with_one_plain_query_each(
    client, user, django_assert_max_num_queries
):
    signed_in(client, user)
    with django_assert_max_num_queries(10) as queries:
        assert client.get("/games/new/").status_code == 200
    sessions, users = (
        [q["sql"] for q in queries.captured_queries if f'FROM "{table}"' in q["sql"]]
        for table in ("django_session", "auth_user")
    )
    assert len(sessions) == 1 and sessions[0].startswith('SELECT "session_key"')
    assert len(users) == 1 and users[0].startswith('SELECT "id", "password"')
