"""SQL queries per page view, counted on a warm cache (the second view of a page)."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from .writes import host


def count(path: str) -> int:
    client = Client(HTTP_HOST=host())
    client.get(path)
    with CaptureQueriesContext(connection) as queries:
        reply = client.get(path)
    if reply.status_code != 200:
        raise RuntimeError(f"GET {path}: {reply.status_code}")
    return len(queries)
