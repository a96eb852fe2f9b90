"""``ETag`` and ``Last-Modified`` on every API answer, so a client that polls gets "304 Not
Modified" and no body while nothing changed.

- Where one small query names everything an answer shows (a game, a season's standings: the
  keys ``games.plumbing.page_cache`` already computes for the pages), the answer is tagged
  with that key and its body kept in the cache under it: an unchanged game costs that query
  and no serialising, and a poll with the tag gets its 304 before anything is read.
- Any other answer is tagged with a digest of its body (as Django's
  ``ConditionalGetMiddleware`` does).

``Last-Modified`` is when the site first served this version of the answer (kept in the
cache beside it): a version that changed later is served later, so a client asking
``If-Modified-Since`` the time it fetched gets a 304 only for the version it has. HTTP dates
count whole seconds, so two versions within one second look alike by date: ``ETag`` is the
exact test, and Django prefers it when a client sends both. A flushed cache makes the date
newer (a client downloads once more), never older.
"""

from __future__ import annotations

import hashlib
import time

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date

from games.plumbing import safe_cache

_KEY = "_api_cache_key"
CACHE_CONTROL = "no-cache"  # keep it, but ask again every time, with the tag


def from_cache(request: HttpRequest, key: str | None) -> HttpResponse | None:
    """The answer named by ``key`` if it is kept (or a 304 when the client has it); None when
    it must be built, which ``finish`` then keeps under ``key``."""
    if key is None:
        return None
    setattr(request, _KEY, key)
    kept = safe_cache.get(f"api:{key}", tuple)
    if kept is None:
        return None
    seen, body = kept
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    return _conditional(request, response, _tag(key), seen)


def finish(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Tag a freshly built 200 answer, keep it when it has a key, and answer 304 instead
    when the client already has it."""
    if request.method != "GET" or response.status_code != 200 or response.streaming:
        return response
    key = getattr(request, _KEY, None)
    now = time.time()
    if key is not None:
        safe_cache.put(f"api:{key}", (now, response.content))
        return _conditional(request, response, _tag(key), now)
    tag = _tag(hashlib.blake2b(response.content, digest_size=16).hexdigest())
    seen = safe_cache.get(f"api-seen:{tag}", float)
    if seen is None:
        seen = now
        safe_cache.put(f"api-seen:{tag}", seen)
    return _conditional(request, response, tag, seen)


def _tag(name: str) -> str:
    return f'W/"{name.replace(":", "-")}"'


def _conditional(
    request: HttpRequest, response: HttpResponse, tag: str, seen: float
) -> HttpResponse:
    response["ETag"] = tag
    response["Last-Modified"] = http_date(seen)
    response["Cache-Control"] = CACHE_CONTROL
    # Django's 304 keeps the tag, the date and Cache-Control (django-cors-headers adds its
    # headers to either answer afterwards).
    return get_conditional_response(request, etag=tag, last_modified=int(seen), response=response)
