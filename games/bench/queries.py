"""SQL queries per page view, counted on a warm cache (the second view of a page)."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from games.bench.writes import host


def count(path: str, user=None) -> int:
    """Queries for a second view of ``path`` by a visitor (or ``user``, logged in). The API's
    rate limit is left out (without ``CACHE_URL`` it counts in a table of its own, a few
    statements a request, whatever the page); the load figures include it."""
    client = Client(HTTP_HOST=host())
    if user is not None:
        client.force_login(user)
    client.get(path)
    with override_settings(RATELIMIT_ENABLE=False), CaptureQueriesContext(connection) as queries:
        reply = client.get(path)
    if reply.status_code != 200:
        raise RuntimeError(f"GET {path}: {reply.status_code}")
    return len(queries)
