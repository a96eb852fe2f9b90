"""SQL queries per page view, counted on a warm cache (the second view of a page)."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.bench.writes import host


def count(path: str, user=None) -> int:
    """Queries for a second view of ``path`` by a visitor (or ``user``, logged in)."""
    client = Client(HTTP_HOST=host())
    if user is not None:
        client.force_login(user)
    client.get(path)
    with CaptureQueriesContext(connection) as queries:
        reply = client.get(path)
    if reply.status_code != 200:
        raise RuntimeError(f"GET {path}: {reply.status_code}")
    return len(queries)
