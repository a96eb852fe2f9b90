"""The scoring screen's service worker (games/static/games/scoring-worker.js), served from the
site's root: a worker's scope is the folder it is served from, and it must cover the scoring
pages and the log-in and log-out addresses (whose use drops the copies it keeps)."""

from __future__ import annotations

from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

WORKER = "games/scoring-worker.js"


@require_GET
def scoring_worker(request: HttpRequest) -> HttpResponse:
    found = finders.find(WORKER)
    if not found:
        raise Http404("The scoring worker is missing from the static files.")
    response = HttpResponse(Path(found).read_bytes(), content_type="text/javascript; charset=utf-8")
    # Browsers check for a new worker at every registration; never answer from a cache.
    response["Cache-Control"] = "no-cache"
    return response
