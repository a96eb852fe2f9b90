"""The log-in guard on a live gunicorn site, as deployed behind a reverse proxy: every request
comes from the proxy's address and names its client in X-Forwarded-For
(DJANGO_TRUSTED_PROXY_COUNT=1). One attacker cannot lock the others out, and failed attempts
racing each other across worker processes are all counted, in the database or (with
CACHE_URL) in Redis."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from .live import Client, manage

PASSWORD = "right-password-9"
ATTACKER = "203.0.113.66"
PLAYERS = 12
RACERS, EACH = 8, 5

MAKE_PLAYERS = """
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
password = make_password({password!r})
get_user_model().objects.bulk_create(
    get_user_model()(username=f"player{{i}}", password=password) for i in range({players})
)
"""

# The failures counted for (player0, 127.0.0.1), read through django-axes from whichever
# store the settings give it: the database, or Redis when CACHE_URL is set (.ci/run's Redis
# step runs this file again that way).
COUNTED = """
from axes.handlers.proxy import AxesProxyHandler
from django.test import RequestFactory
request = RequestFactory().post("/accounts/login/", {"username": "player0"})
AxesProxyHandler.update_request(request)
print(AxesProxyHandler.get_failures(request, {"username": "player0"}))
"""


def behind_the_proxy(server, client_address: str) -> Client:
    return Client(server.url, headers={"X-Forwarded-For": client_address})


def attempt(client: Client, username: str, password: str) -> int:
    client.request("/accounts/login/")
    reply = client.request("/accounts/login/", {"username": username, "password": password})
    if reply.status == 200 and any(c.name == "sessionid" for c in client.jar):
        return 302  # logged in (urllib followed the redirect)
    return reply.status


@pytest.mark.django_db(transaction=True)
def test_behind_a_proxy_one_attacker_cannot_lock_the_others(site_env_for, server_for) -> None:
    env = {**site_env_for, "DJANGO_TRUSTED_PROXY_COUNT": "1"}
    manage(env, "shell", "-c", MAKE_PLAYERS.format(password=PASSWORD, players=PLAYERS))
    server = server_for(env)
    attacker = behind_the_proxy(server, ATTACKER)

    def attack(i: int) -> list[int]:
        return [attempt(attacker, f"player{i}", "wrong-guess") for _ in range(5)]

    def play(i: int) -> int:
        return attempt(behind_the_proxy(server, f"198.51.100.{i + 10}"), f"player{i}", PASSWORD)

    with ThreadPoolExecutor(max_workers=8) as pool:
        attacks = list(pool.map(attack, range(PLAYERS)))
        logins = list(pool.map(play, range(PLAYERS)))
    assert all(answers[-1] == 429 for answers in attacks), attacks
    assert logins == [302] * PLAYERS
    # The attacker is still locked out of each account, forged header or not.
    forged = Client(server.url, headers={"X-Forwarded-For": f"198.51.100.10, {ATTACKER}"})
    assert attempt(forged, "player0", PASSWORD) == 429


@pytest.mark.django_db(transaction=True)
def test_racing_failures_are_all_counted(site_env_for, server_for) -> None:
    # A limit out of reach, so every racing failure is counted rather than refused.
    env = {**site_env_for, "SCOREKEEPER_LOGIN_FAILURE_LIMIT": "1000"}
    manage(env, "shell", "-c", MAKE_PLAYERS.format(password=PASSWORD, players=1))
    server = server_for(env)
    barrier = threading.Barrier(RACERS, timeout=30)

    def race(_: int) -> list[int]:
        client = Client(server.url)
        barrier.wait()
        return [attempt(client, "player0", "wrong-guess") for _ in range(EACH)]

    with ThreadPoolExecutor(max_workers=RACERS) as pool:
        answers = [status for statuses in pool.map(race, range(RACERS)) for status in statuses]
    assert answers == [200] * (RACERS * EACH)
    assert manage(env, "shell", "-c", COUNTED).strip().splitlines()[-1] == str(RACERS * EACH)
