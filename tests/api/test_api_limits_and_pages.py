"""The API's rate limit (a django-ninja throttle counting in the ``limits`` cache by the client
address the rest of the site counts by) and its pages (a django-ninja paginator): where the
count is kept, whom it counts, how long a refused client waits, and what a page reads."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.api.throttling import ClientRateThrottle, window_end
from scorekeeper.limits_cache import LIMITS

pytestmark = pytest.mark.django_db

API = "/api/v1"


@pytest.fixture(autouse=True)
def _no_earlier_counts():
    """Each test starts with no count (Redis, unlike the database's table, keeps them)."""
    caches[LIMITS].clear()


# The windows


@pytest.mark.parametrize("period", [60, 3600, 86400])
def test_a_window_ends_within_one_period_and_is_the_same_for_a_client(period):
    now = 1_800_000_123.4
    end = window_end("10.0.0.1", period, now)
    assert now < end <= now + period
    assert window_end("10.0.0.1", period, end - 0.5) == end  # still the same window
    assert window_end("10.0.0.1", period, end) == end + period  # the next one


def test_windows_of_clients_end_at_different_moments():
    now = 1_800_000_000.0
    ends = {window_end(f"10.0.0.{n}", 3600, now) for n in range(1, 21)}
    assert len(ends) > 10


def test_a_one_second_window_ends_at_the_next_second():
    assert window_end("10.0.0.1", 1, 1_800_000_000.5) == 1_800_000_001


# The limit


def test_the_api_limit_counts_in_the_limits_cache(world, settings):
    settings.API_RATE = "2/m"
    client = Client(REMOTE_ADDR="10.0.1.1")
    assert [client.get(f"{API}/leagues").status_code for _ in range(2)] == [200, 200]
    if not django_settings.CACHE_URL:
        caches["default"].clear()  # a worker's own memory: not where the count is
    assert client.get(f"{API}/leagues").status_code == 429
    caches[LIMITS].clear()
    assert client.get(f"{API}/leagues").status_code == 200


def test_behind_trusted_proxies_each_client_counts_by_its_own_address(world, settings):
    settings.API_RATE = "1/m"
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "192.0.2.1"}

    def ask(forwarded_for: str) -> int:
        headers = {"X-Forwarded-For": forwarded_for}
        return Client(**proxy).get(f"{API}/leagues", headers=headers).status_code

    assert ask("198.51.100.7") == 200
    assert ask("198.51.100.8") == 200  # another client behind the same proxy
    assert ask("198.51.100.7") == 429
    # Entries the client wrote itself (left of the proxy's) do not make it someone else.
    assert ask("203.0.113.99, 198.51.100.7") == 429


def test_a_refused_client_waits_for_the_end_of_its_window(world, settings, monkeypatch):
    settings.API_RATE = "1/h"
    now = 1_800_000_000.0
    monkeypatch.setattr(ClientRateThrottle, "timer", staticmethod(lambda: now))
    client = Client(REMOTE_ADDR="10.0.1.2")
    assert client.get(f"{API}/leagues").status_code == 200
    refused = client.get(f"{API}/leagues")
    wait = int(window_end("10.0.1.2", 3600, now) - now)
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(max(1, wait))
    assert refused.json() == {"detail": f"Too many requests: try again in {max(1, wait)} seconds."}


def test_only_the_api_counts_toward_its_limit(world, settings):
    settings.API_RATE = "1/m"
    client = Client(REMOTE_ADDR="10.0.1.3")
    for _ in range(3):  # the schema is not an operation: not counted
        assert client.get(f"{API}/openapi.json").status_code == 200
    assert client.get(f"{API}/leagues").status_code == 200
    assert client.get(f"{API}/leagues").status_code == 429


# The pages


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("tail", ["/games", "/leagues"])
def test_a_page_of_a_list_costs_as_many_queries_for_one_item_or_all(
    api_client, world, settings, tail
):
    settings.RATELIMIT_ENABLE = False  # the rate limit's count aside
    one = _queries(api_client, f"{API}{tail}?page_size=1")
    every = _queries(api_client, f"{API}{tail}?page_size=200")
    assert one == every


def test_a_page_answers_its_place_in_the_list(api_client, world):
    pages = [api_client.get(f"{API}/games?page_size=3&page={n}").json() for n in (1, 2)]
    assert [(p["count"], p["page"], p["pages"], len(p["items"])) for p in pages] == [
        (4, 1, 2, 3),
        (4, 2, 2, 1),
    ]
    assert list(pages[0]) == ["count", "page", "pages", "items"]


def test_the_first_page_of_an_empty_list_is_empty(api_client, world):
    empty = api_client.get(f"{API}/games?date_to=2000-01-01").json()
    assert (empty["count"], empty["page"], empty["pages"], empty["items"]) == (0, 1, 1, [])
    past = api_client.get(f"{API}/games?date_to=2000-01-01&page=2")
    assert past.status_code == 404
    assert past.json()["detail"] == "There is no page 2: the list has 1."
