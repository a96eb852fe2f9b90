"""The log-in guard (django-axes through scorekeeper.login_guard): a lock is on the pair
(username, client address) only; the client address comes from X-Forwarded-For only behind
the configured number of trusted proxies; a known device gets in while others fail for its
account; nothing sleeps; counts are not lost under concurrent attempts.

These run against whichever counter store the settings pick: the database (the main run) or
the shared cache (.ci/run runs this file again with CACHE_URL on Redis)."""

import threading
import time
from datetime import timedelta

import pytest
from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings as django_settings
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client, RequestFactory

from scorekeeper import login_guard
from scorekeeper.client_address import client_address

pytestmark = pytest.mark.django_db

RIGHT = "right-password-9"
LIMIT = django_settings.AXES_FAILURE_LIMIT
ATTACKER, VICTIM_HOME, PROXY = "203.0.113.66", "198.51.100.7", "10.0.0.2"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    # A real hash takes a quarter of a second; these tests make hundreds of attempts.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def victim(django_user_model):
    return django_user_model.objects.create_user("victim", password=RIGHT)


def attempt(client: Client, password: str, username: str = "victim", **meta):
    return client.post("/accounts/login/", {"username": username, "password": password}, **meta)


def fail(client: Client, times: int = LIMIT, username: str = "victim", **meta) -> list:
    return [attempt(client, "wrong-guess", username, **meta) for _ in range(times)]


def logged_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.wsgi_request.session


# The pair, and nothing but the pair ----------------------------------------------------------


def test_five_failures_lock_the_pair_with_the_time_to_wait(client, victim) -> None:
    answers = fail(client, REMOTE_ADDR=ATTACKER)
    assert [a.status_code for a in answers] == [200] * (LIMIT - 1) + [429]
    locked = attempt(client, RIGHT, REMOTE_ADDR=ATTACKER)
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == pytest.approx(15 * 60, abs=5)
    page = locked.content.decode()
    assert "Too many failed log-in attempts for this account from here." in page
    assert "Try again in 15 minutes." in page
    assert 'name="username"' in page and 'value="victim"' in page  # the form, filled in
    assert "_auth_user_id" not in client.session


def test_the_same_account_logs_in_from_another_address(victim) -> None:
    fail(Client(), REMOTE_ADDR=ATTACKER)
    assert logged_in(attempt(Client(), RIGHT, REMOTE_ADDR=VICTIM_HOME))


def test_an_address_is_never_locked_alone(django_user_model) -> None:
    attacker = Client()
    for i in range(8):
        fail(attacker, LIMIT - 1, username=f"player{i}", REMOTE_ADDR=ATTACKER)
    django_user_model.objects.create_user("newcomer", password=RIGHT)
    assert logged_in(attempt(Client(), RIGHT, "newcomer", REMOTE_ADDR=ATTACKER))


def test_the_username_is_counted_case_blind(client, victim) -> None:
    for name in ("victim", "Victim", "VICTIM", " victim", "vIctim"):
        attempt(client, "wrong-guess", name, REMOTE_ADDR=ATTACKER)
    assert attempt(client, RIGHT, REMOTE_ADDR=ATTACKER).status_code == 429


def test_a_locked_attempt_is_answered_at_once_without_checking_the_password(
    client, victim, monkeypatch
) -> None:
    fail(client, REMOTE_ADDR=ATTACKER)
    hashed = []
    real_verify = MD5PasswordHasher.verify
    monkeypatch.setattr(
        MD5PasswordHasher, "verify", lambda self, *a: hashed.append(1) or real_verify(self, *a)
    )
    monkeypatch.setattr(time, "sleep", lambda seconds: pytest.fail(f"slept {seconds}s"))
    started = time.perf_counter()
    for _ in range(20):
        assert attempt(client, RIGHT, REMOTE_ADDR=ATTACKER).status_code == 429
    assert hashed == []
    assert time.perf_counter() - started < 2.0


def test_nothing_sleeps_before_the_lock(client, victim, monkeypatch) -> None:
    monkeypatch.setattr(time, "sleep", lambda seconds: pytest.fail(f"slept {seconds}s"))
    fail(client, LIMIT - 1, REMOTE_ADDR=ATTACKER)
    assert logged_in(attempt(client, RIGHT, REMOTE_ADDR=ATTACKER))


def test_a_good_log_in_clears_the_pairs_count(client, victim) -> None:
    fail(client, LIMIT - 1, REMOTE_ADDR=VICTIM_HOME)
    assert logged_in(attempt(client, RIGHT, REMOTE_ADDR=VICTIM_HOME))
    client.post("/accounts/logout/")
    assert [a.status_code for a in fail(client, LIMIT - 1, REMOTE_ADDR=VICTIM_HOME)] == [200] * (
        LIMIT - 1
    )


def test_the_lock_lifts_after_the_cool_off(client, victim, settings) -> None:
    settings.AXES_COOLOFF_TIME = timedelta(seconds=1)
    fail(client, REMOTE_ADDR=ATTACKER)
    assert attempt(client, RIGHT, REMOTE_ADDR=ATTACKER).status_code == 429
    time.sleep(1.3)
    assert logged_in(attempt(client, RIGHT, REMOTE_ADDR=ATTACKER))


def test_the_admin_log_in_is_guarded_too(client, django_user_model) -> None:
    django_user_model.objects.create_user("boss", password=RIGHT, is_staff=True)
    for _ in range(LIMIT):
        client.post("/admin/login/", {"username": "boss", "password": "nope"}, REMOTE_ADDR=ATTACKER)
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "boss", "password": RIGHT}, REMOTE_ADDR=ATTACKER
    )
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


# Behind proxies ------------------------------------------------------------------------------


def _request(forwarded: str | None, remote: str = PROXY):
    meta = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **meta)


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, None, PROXY),
        (0, ATTACKER, PROXY),  # no trusted proxy: the header is anyone's to write
        (1, ATTACKER, ATTACKER),
        (1, f"1.2.3.4, {ATTACKER}", ATTACKER),  # the client's own entries are ignored
        (1, f"{VICTIM_HOME},{ATTACKER}", ATTACKER),
        (2, f"1.2.3.4, {ATTACKER}, 10.0.0.9", ATTACKER),
        (2, ATTACKER, PROXY),  # shorter than the proxy chain: not through every proxy
        (1, "not-an-address", PROXY),
        (1, "2001:DB8::1", "2001:db8::1"),
        (1, "", PROXY),
    ],
)
def test_the_client_address(settings, proxies, forwarded, expected) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_address(_request(forwarded)) == expected


def test_behind_one_proxy_one_attacker_cannot_lock_the_others(settings, django_user_model):
    settings.TRUSTED_PROXY_COUNT = 1
    players = [f"player{i}" for i in range(6)]
    for name in players:
        django_user_model.objects.create_user(name, password=RIGHT)
    attacker = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=ATTACKER)
    for name in players:
        assert fail(attacker, username=name)[-1].status_code == 429
        # Forged entries in front of the proxy's own change nothing.
        forged = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"192.0.2.1, {ATTACKER}")
        assert attempt(forged, RIGHT, name).status_code == 429
    for i, name in enumerate(players):
        everyone_else = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"198.51.100.{i + 10}")
        assert logged_in(attempt(everyone_else, RIGHT, name)), name


def test_without_trusted_proxies_a_forged_header_does_not_escape_the_lock(client, victim):
    fail(client, REMOTE_ADDR=ATTACKER)
    response = attempt(client, RIGHT, REMOTE_ADDR=ATTACKER, HTTP_X_FORWARDED_FOR=VICTIM_HOME)
    assert response.status_code == 429


# Known devices -------------------------------------------------------------------------------


def _known_device(user_password: str = RIGHT, address: str = VICTIM_HOME) -> Client:
    device = Client(REMOTE_ADDR=address)
    response = attempt(device, user_password)
    assert logged_in(response)
    assert login_guard.DEVICE_COOKIE in response.cookies
    device.post("/accounts/logout/")
    return device


def test_a_known_device_logs_in_while_its_account_is_attacked_from_the_same_address(victim):
    # A club's wifi: the scorer's tablet and the attacker share one public address.
    tablet = _known_device(address=ATTACKER)
    stranger = Client(REMOTE_ADDR=ATTACKER)
    assert fail(stranger)[-1].status_code == 429
    assert attempt(stranger, RIGHT).status_code == 429
    assert logged_in(attempt(tablet, RIGHT))


def test_a_known_device_has_its_own_count(victim):
    tablet = _known_device(address=ATTACKER)
    fail(Client(REMOTE_ADDR=ATTACKER))  # the pair is locked by someone else
    answers = fail(tablet, LIMIT)
    assert [a.status_code for a in answers] == [200] * LIMIT
    # Its own failures used up: now it is any device at a locked address.
    assert attempt(tablet, RIGHT).status_code == 429


def test_a_device_is_known_to_one_account_only(victim, django_user_model):
    django_user_model.objects.create_user("other", password=RIGHT)
    tablet = _known_device(address=ATTACKER)
    fail(Client(REMOTE_ADDR=ATTACKER), username="other")
    assert attempt(tablet, RIGHT, "other").status_code == 429


def test_a_password_change_forgets_every_device(victim):
    tablet = _known_device(address=ATTACKER)
    victim.set_password("a-new-password-77")
    victim.save()
    fail(Client(REMOTE_ADDR=ATTACKER))
    assert attempt(tablet, "a-new-password-77").status_code == 429


def test_a_forged_device_cookie_is_ignored(victim):
    fail(Client(REMOTE_ADDR=ATTACKER))
    forger = Client(REMOTE_ADDR=ATTACKER)
    forger.cookies[login_guard.DEVICE_COOKIE] = '{"id": "x", "users": {"1": "0"}}'
    assert attempt(forger, RIGHT).status_code == 429


# Counting under concurrent attempts ----------------------------------------------------------


def _failed_attempt_request(username: str, address: str):
    request = RequestFactory().post(
        "/accounts/login/", {"username": username, "password": "x"}, REMOTE_ADDR=address
    )
    AxesProxyHandler.update_request(request)
    return request


def test_concurrent_failures_are_all_counted_in_the_cache_handler(settings) -> None:
    """The shared-cache counters (AxesCacheHandler, used whenever CACHE_URL is set) increment
    atomically: 8 threads × 25 failures on one pair count 200."""
    from axes.handlers.cache import AxesCacheHandler

    if not django_settings.CACHE_URL:
        # The site counts in the database then, not with this handler: its increments are
        # checked in this process's memory here, in Redis by .ci/run's second run (threads
        # cannot write to the test database while this test's transaction holds it).
        in_memory = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
        settings.CACHES = {**django_settings.CACHES, "limits": in_memory}

    handler = AxesCacheHandler()
    credentials = {"username": "victim"}
    barrier = threading.Barrier(8)

    def hammer() -> None:
        barrier.wait()
        for _ in range(25):
            request = _failed_attempt_request("victim", ATTACKER)
            handler.user_login_failed(None, credentials, request=request)

    threads = [threading.Thread(target=hammer) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert handler.get_failures(_failed_attempt_request("victim", ATTACKER), credentials) == 200


def test_the_counters_live_in_the_shared_cache_when_there_is_one() -> None:
    expected = "cache" if django_settings.CACHE_URL else "database"
    assert expected in django_settings.AXES_HANDLER
