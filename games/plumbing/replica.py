"""Public pages read from a replica; everything else uses the primary.

With ``REPLICA_DATABASE_URL`` set, settings add a ``replica`` database and this router. A view
that may read from the replica is marked with ``replica_reads`` (game pages, standings,
archive, stats, the open-data API's reads), in its URL pattern (the API's operations where
they are defined, ``mark_replica_reads``): ``PublicReadsMiddleware`` looks
for the mark on the view a GET or HEAD request resolved to; while such a request runs, reads of
the games app's tables go to the replica. Writes always go to the primary (so do cache fills a
public page makes), and so do sessions and accounts: a user who just logged in is never logged
out by a lagging replica. Migrations run on the primary only. ``reads_on_primary()`` turns the
marks off for a while (the bench, which writes to a database of its own).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse

PRIMARY, REPLICA = "default", "replica"
REPLICATED_APPS = frozenset({"games"})

MARK = "replica_reads"

_public_read: ContextVar[bool] = ContextVar("public_read", default=False)
_switched_off = 0  # how many reads_on_primary() blocks are open

View = TypeVar("View", bound=Callable[..., Any])


def replica_reads(view: View) -> View:
    """Mark ``view``: its GET and HEAD requests read the games app's tables from the replica.
    Returns a wrapper with the mark (the view itself is not changed, so one view function may
    serve a marked URL and an unmarked one)."""

    @functools.wraps(view)
    def marked(*args: Any, **kwargs: Any) -> Any:
        return view(*args, **kwargs)

    setattr(marked, MARK, True)
    return marked  # type: ignore[return-value]


def mark_replica_reads(view: View) -> View:
    """Mark ``view`` itself (the open-data API's operations, whose URL patterns django-ninja
    builds: ``games.api.app.urls`` carries the mark over to their patterns)."""
    setattr(view, MARK, True)
    return view


def reads_replica(view: Callable[..., Any]) -> bool:
    """Whether ``view`` carries the ``replica_reads`` mark."""
    return getattr(view, MARK, False) is True


@contextmanager
def reads_on_primary() -> Iterator[None]:
    """While this lasts, no request reads from the replica, marked views included (for the
    whole process: every thread's requests)."""
    global _switched_off
    _switched_off += 1
    try:
        yield
    finally:
        _switched_off -= 1


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
        if _switched_off or REPLICA not in settings.DATABASES:
            return
        if request.method not in ("GET", "HEAD"):
            return
        match = request.resolver_match  # resolve(request.path_info), done once by the handler
        if match is not None and reads_replica(match.func):
            _public_read.set(True)
