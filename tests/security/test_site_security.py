"""Log-in throttling, password validators, cookies and the Content-Security-Policy header."""

import json
import secrets

import pytest
from django.conf import settings
from django.core.cache import cache

from scorekeeper import throttle
from tests.site.conftest import clean_env, run_python  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch):
    cache.clear()
    monkeypatch.setattr(throttle, "SLOW_SECONDS", 0)
    yield
    cache.clear()


def _fail(client, username="victim", password="wrong-password"):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_an_account_locks_after_five_failures(client, django_user_model) -> None:
    django_user_model.objects.create_user("victim", password="right-password-9")
    for _ in range(throttle.LIMIT):
        response = _fail(client)
        assert response.status_code == 200
        assert "Too many" not in response.content.decode()
    response = client.post(
        "/accounts/login/", {"username": "victim", "password": "right-password-9"}
    )
    assert response.status_code == 200
    assert "Too many failed log-in attempts. Try again in 15 minutes." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lock_holds_for_the_account_from_another_address(client, django_user_model) -> None:
    django_user_model.objects.create_user("victim", password="right-password-9")
    for _ in range(throttle.LIMIT):
        _fail(client)
    response = client.post(
        "/accounts/login/",
        {"username": "Victim", "password": "right-password-9"},
        REMOTE_ADDR="10.9.9.9",
    )
    assert "Too many failed" in response.content.decode()


def test_an_address_locks_after_failures_on_many_accounts(client) -> None:
    for i in range(throttle.LIMIT):
        _fail(client, username=f"user{i}")
    response = _fail(client, username="someone-else")
    assert "Too many failed" in response.content.decode()


def test_the_lock_expires(client, django_user_model, monkeypatch) -> None:
    django_user_model.objects.create_user("victim", password="right-password-9")
    for _ in range(throttle.LIMIT):
        _fail(client)
    now = throttle.time.time()
    monkeypatch.setattr(throttle.time, "time", lambda: now + throttle.LOCK_SECONDS + 1)
    response = client.post(
        "/accounts/login/", {"username": "victim", "password": "right-password-9"}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"]


def test_failures_slow_down_before_the_lock(client, monkeypatch) -> None:
    slept = []
    monkeypatch.setattr(throttle, "SLOW_SECONDS", 1.0)
    monkeypatch.setattr(throttle.time, "sleep", slept.append)
    for _ in range(throttle.SLOW_AFTER + 1):
        _fail(client)
    assert slept == [1.0]


def test_a_good_login_clears_the_account_count(client, django_user_model) -> None:
    django_user_model.objects.create_user("victim", password="right-password-9")
    for _ in range(throttle.LIMIT - 1):
        _fail(client)
    response = client.post(
        "/accounts/login/", {"username": "victim", "password": "right-password-9"}
    )
    assert response.status_code == 302
    client.logout()
    response = _fail(client)
    assert "Too many failed" not in response.content.decode()


def test_sign_up_uses_the_password_validators(client, django_user_model) -> None:
    assert len(settings.AUTH_PASSWORD_VALIDATORS) == 4
    for password in ("short", "12345678901", "password123", "newbie-player"):
        response = client.post(
            "/accounts/signup/",
            {"username": "newbie-player", "password1": password, "password2": password},
        )
        assert response.status_code == 200
        assert not django_user_model.objects.filter(username="newbie-player").exists()


def test_every_page_has_a_strict_content_security_policy(client) -> None:
    for url in ("/", "/accounts/login/", "/leagues/", "/games/999999/"):
        policy = client.get(url)["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["default-src"] == "'self'"
        assert directives["script-src"] == "'self'"
        assert directives["object-src"] == "'none'"
        assert directives["frame-ancestors"] == "'none'"
        assert "unsafe-inline" not in directives["script-src"]
        assert "http" not in policy and "*" not in policy


def test_no_template_has_inline_script_or_handlers() -> None:
    import re

    root = settings.BASE_DIR / "templates"
    for path in root.rglob("*.html"):
        text = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        assert not re.search(r"\son[a-z]+\s*=", text), path
        assert "hx-on" not in text and "javascript:" not in text, path


PROBE = """
import json
from django.conf import settings
print(json.dumps({name: getattr(settings, name) for name in (
    "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY",
    "CSRF_COOKIE_HTTPONLY", "SECURE_SSL_REDIRECT")}))
"""


def test_production_cookies_are_secure_and_http_only(run_python) -> None:  # noqa: F811
    result = run_python(
        "-c",
        "import django; django.setup();" + PROBE,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(60),
        DJANGO_ALLOWED_HOSTS="example.org",
        DJANGO_SECURE="1",
    )
    assert result.returncode == 0, result.stderr
    assert set(json.loads(result.stdout).values()) == {True}
