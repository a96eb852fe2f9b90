"""The open-data API's application: django-ninja's ``NinjaAPI`` with this site's limits.

- Read-only: every operation is a GET; anything else is a 405.
- Rate limited per client (``throttling.ClientRateThrottle``, django-ninja's throttling):
  ``settings.API_RATE`` (``SCOREKEEPER_API_RATE``, 300 a minute) per client address as the
  log-in guard and the sign-up limit see it (``scorekeeper.client_address``), counted in the
  ``limits`` cache that every worker shares (``scorekeeper.limits_cache``). Over it: 429 with
  ``Retry-After``.
- Errors are JSON: ``{"detail": "…"}`` for 400 (a bad parameter, with ``errors`` listing
  each), 404 (no such league, game, page, …) and 429.
- Every 200 carries ``ETag`` and ``Last-Modified`` (``revalidation``).
- CORS is open for GET (django-cors-headers, ``CORS_URLS_REGEX`` in settings).
- The schema is generated from the operations' type hints at ``openapi.json``; ``docs`` is
  Swagger UI from django-ninja's own static copy (no CDN; its script is a file, so the site's
  Content-Security-Policy holds).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe
from ninja import NinjaAPI, Swagger
from ninja.errors import Throttled, ValidationError

from games.api import game_routes, league_routes
from games.api.throttling import ClientRateThrottle
from games.plumbing import revalidation
from games.plumbing.replica import reads_replica, replica_reads

DESCRIPTION = """\
Everything the public pages of this Scorekeeper show, as JSON: leagues, seasons, teams,
fixtures, games (summary, the full game record, the plays with what each did in words),
standings, stats, cups and group stages, and win probability.

Read-only and open to anyone (CORS allows GET from any origin). Lists are paginated
(`page`, `page_size` up to 200) and filter like the archive. Every answer has an `ETag` and a
`Last-Modified`: ask again with `If-None-Match` (or `If-Modified-Since`) and an unchanged
answer is a `304` with no body. Each client may make `API_RATE` requests (300 a minute by
default); past that the answer is `429` with `Retry-After`. Errors are JSON:
`{"detail": "..."}`.

A whole season at once: `/leagues/<league>/<season>/data.zip` (every game's record, Cricsheet
and Retrosheet-style files, standings and stats as CSV, a README).
"""


class OpenDataAPI(NinjaAPI):
    def create_response(
        self, request: HttpRequest, data: Any, *, status: int | None = None, **kwargs: Any
    ) -> HttpResponse:
        response = super().create_response(request, data, status=status, **kwargs)
        return revalidation.finish(request, response)


api = OpenDataAPI(
    title="Scorekeeper open data",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api",
    docs=Swagger(settings={"defaultModelsExpandDepth": 0}),
    docs_url="/docs/",
    openapi_url="/openapi.json",
    throttle=[ClientRateThrottle()],
)


def urls() -> tuple[list, str, str]:
    """The API's URL patterns. Its schema and docs pages answer GET (and HEAD) only, like its
    operations (django-ninja's own answer any method); and CSRF stays on for all of them
    (django-ninja exempts its views): a POST is refused before anything reads it. An operation
    marked ``mark_replica_reads`` reads from the replica (``games.plumbing.replica``)."""
    patterns, app_name, namespace = api.urls
    marked = {
        name
        for module in (game_routes, league_routes)
        for name, view in vars(module).items()
        if callable(view) and reads_replica(view)
    }
    for pattern in patterns:
        view = pattern.callback
        if pattern.name in marked:
            view = replica_reads(view)
        if pattern.name in ("openapi-json", "openapi-view"):
            view = require_safe(view)
        pattern.callback = _csrf_checked(view)
    return patterns, app_name, namespace


def _csrf_checked(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @functools.wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return view(request, *args, **kwargs)

    checked.csrf_exempt = False  # type: ignore[attr-defined]
    return checked


def _error(request: HttpRequest, detail: str, status: int, **extra: Any) -> HttpResponse:
    return api.create_response(request, {"detail": detail, **extra}, status=status)


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _error(request, str(exc) or "Not found.", 404)


@api.exception_handler(ValidationError)
def _bad_request(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    errors = [
        {"parameter": ".".join(str(p) for p in error.get("loc", ())[1:]), "message": error["msg"]}
        for error in exc.errors
    ]
    listed = "; ".join(f"{e['parameter']}: {e['message']}" for e in errors)
    return _error(request, f"Bad parameters: {listed}.", 400, errors=errors)


@api.exception_handler(Throttled)
def _throttled(request: HttpRequest, exc: Throttled) -> HttpResponse:
    wait = math.ceil(exc.wait) if exc.wait is not None else 60
    response = _error(request, f"Too many requests: try again in {wait} seconds.", 429)
    response["Retry-After"] = str(wait)
    return response


def index(request: HttpRequest) -> HttpResponse:
    """``/api/v1/``: where to start (ninja's own root only names the docs, with a 404)."""
    if request.method not in ("GET", "HEAD"):
        return _error(request, "The API is read-only: GET only.", 405)
    return api.create_response(
        request,
        {
            "docs": reverse("api:openapi-view"),
            "openapi": reverse("api:openapi-json"),
            "leagues": reverse("api:league_list"),
            "games": reverse("api:game_list"),
            "rate": settings.API_RATE,
        },
        status=200,
    )


def not_found(request: HttpRequest, rest: str = "") -> HttpResponse:
    """Any other address under the API: a JSON 404, not the site's page."""
    if request.method not in ("GET", "HEAD"):
        return _error(request, "The API is read-only: GET only.", 405)
    return _error(request, f"There is no /api/v1/{rest} (see /api/v1/docs/).", 404)
