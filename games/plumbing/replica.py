"""Public pages read from a replica; everything else uses the primary.

With ``REPLICA_DATABASE_URL`` set, settings add a ``replica`` database and this router.
``PublicReadsMiddleware`` marks GET and HEAD requests to the pages named in
``settings.REPLICA_VIEWS`` (game pages, standings, archive, stats); while such a request
runs, reads of the games app's tables go to the replica. Writes always go to the primary
(so do cache fills a public page makes), and so do sessions and accounts: a user who just
logged in is never logged out by a lagging replica. Migrations run on the primary only.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

PRIMARY, REPLICA = "default", "replica"
REPLICATED_APPS = frozenset({"games"})

_public_read: ContextVar[bool] = ContextVar("public_read", default=False)


def reading_public_page() -> bool:
    return _public_read.get()


class ReplicaRouter:
    def db_for_read(self, model: type, **hints: Any) -> str | None:
        if _public_read.get() and model._meta.app_label in REPLICATED_APPS:
            return REPLICA
        return PRIMARY

    def db_for_write(self, model: type, **hints: Any) -> str:
        return PRIMARY

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # the replica holds the primary's rows

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == PRIMARY


class PublicReadsMiddleware:
    """Routes the reads of public pages to the replica (a no-op without one)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _public_read.set(False)
        try:
            return self.get_response(request)
        finally:
            _public_read.reset(token)

    def process_view(self, request: HttpRequest, view: Callable, args: Any, kwargs: Any) -> None:
        if REPLICA not in settings.DATABASES or request.method not in ("GET", "HEAD"):
            return
        match = request.resolver_match
        if match is not None and match.view_name in settings.REPLICA_VIEWS:
            _public_read.set(True)
