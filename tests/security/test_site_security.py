"""Password validators, sign-up limits, cookies and the Content-Security-Policy header (the
log-in guard has its own file, test_login_guard.py)."""

import json
import secrets

import pytest
from django.conf import settings
from django.test import Client

from tests.site.conftest import clean_env, run_python  # noqa: F401

pytestmark = pytest.mark.django_db


def test_sign_up_uses_the_password_validators(client, django_user_model) -> None:
    assert len(settings.AUTH_PASSWORD_VALIDATORS) == 4
    for password in ("short", "12345678901", "password123", "newbie-player"):
        response = client.post(
            "/accounts/signup/",
            {"username": "newbie-player", "password1": password, "password2": password},
        )
        assert response.status_code == 200
        assert not django_user_model.objects.filter(username="newbie-player").exists()


def _sign_up(client, name: str, **meta):
    password = "plate-umpire-9-innings"
    data = {"username": name, "password1": password, "password2": password}
    return client.post("/accounts/signup/", data, **meta)


def test_sign_ups_are_limited_per_address(settings, django_user_model) -> None:
    settings.SIGNUP_RATE = "3/h"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    answers = [_sign_up(Client(), f"player{i}", REMOTE_ADDR="203.0.113.5") for i in range(4)]
    assert [a.status_code for a in answers] == [302, 302, 302, 429]
    refused = answers[-1]
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert "Too many sign-ups from this address. Try again in" in refused.content.decode()
    assert not django_user_model.objects.filter(username="player3").exists()
    # Another address is not held up; a GET never counts.
    assert _sign_up(Client(), "player3", REMOTE_ADDR="198.51.100.9").status_code == 302
    assert Client().get("/accounts/signup/", REMOTE_ADDR="203.0.113.5").status_code == 200


def test_the_sign_up_limit_counts_the_client_behind_a_trusted_proxy(settings) -> None:
    settings.SIGNUP_RATE = "2/h"
    settings.TRUSTED_PROXY_COUNT = 1
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for i in range(2):
        assert (
            _sign_up(Client(), f"a{i}", HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy).status_code
            == 302
        )
    assert _sign_up(Client(), "a2", HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy).status_code == 429
    assert _sign_up(Client(), "b0", HTTP_X_FORWARDED_FOR="203.0.113.6", **proxy).status_code == 302


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
from django.test import Client
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
