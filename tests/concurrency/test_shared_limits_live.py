"""The API's rate limit on a live gunicorn site with two worker processes: the limit is counted
once for the whole site, not once per worker. Without ``CACHE_URL`` the count lives in the
database (the limits cache, ``scorekeeper/limits_cache.py``); with it, in Redis.

A burst of requests from one address, from several threads at once, spread over both workers:
exactly the limit's worth are answered, the rest refused with 429. The limit is per hour, so
the burst (a few seconds) never straddles two of the limit's windows, which would let
a second limit's worth through; the test waits out the rare window that is about to end.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.api.throttling import window_end

from .live import Client, Server

LIMIT = 60
REQUESTS = 150
THREADS = 6
PROCESS_ENV = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "shared-limits-live-test-" + "k" * 40,
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
    "SCOREKEEPER_API_RATE": f"{LIMIT}/h",
}


def _outside_a_window_edge(address: str, period: int, margin: float = 15.0) -> None:
    now = time.time()
    left = window_end(address, period, now) - now
    if left < margin:
        time.sleep(left + 1)


@pytest.mark.django_db(transaction=True)
def test_the_api_limit_is_counted_once_for_every_worker(site_env_for, tmp_path) -> None:
    server = Server(
        env={**site_env_for, **PROCESS_ENV},
        workers=2,
        threads=2,
        ready_path="/health/",
        log=tmp_path / "gunicorn.log",
    )
    server.start()
    try:
        _outside_a_window_edge("127.0.0.1", 3600)

        def ask(_: int) -> int:
            return Client(server.url).request("/api/v1/leagues").status

        with ThreadPoolExecutor(max_workers=THREADS) as pool:
            statuses = list(pool.map(ask, range(REQUESTS)))
    finally:
        server.stop()
    answered = statuses.count(200)
    refused = statuses.count(429)
    assert answered + refused == REQUESTS, sorted(set(statuses))
    assert answered == LIMIT, f"{answered} of {REQUESTS} answered, the limit is {LIMIT}"
