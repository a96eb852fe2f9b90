"""The API's rate limit, as a django-ninja throttle: ``settings.API_RATE`` requests (300 a
minute unless ``SCOREKEEPER_API_RATE`` says otherwise) per client address.

- The client is the address the log-in guard and the sign-up limit count by
  (``scorekeeper.client_address``: ``REMOTE_ADDR``, or the trusted proxies' entry of
  ``X-Forwarded-For``), not ninja's own reading of that header.
- The count is in the ``limits`` cache that every worker process shares
  (``scorekeeper.limits_cache``: Redis when ``CACHE_URL`` names one, else a table in the
  database), so two gunicorn workers let one limit's worth through between them.
- It counts in fixed windows of the rate's period, with the cache's ``add`` then ``incr``:
  both are atomic in Redis and in ``LimitsCache``. Ninja's ``SimpleRateThrottle`` keeps a list
  of request times that it reads and then writes back whole; two workers answering at once
  both read the same list and one of the two requests goes uncounted, so only its rate
  parsing and its cache key format are used here.
- Each client's window is shifted by a fixed amount drawn from its address, so that not every
  client's count starts again at the same moment.
- ``RATELIMIT_ENABLE = False`` (django-ratelimit's switch for the site's other limits) turns it
  off too.

Over the limit, ninja answers 429 with ``Retry-After``: the seconds left in the window.
"""

from __future__ import annotations

import threading
import zlib

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.http import HttpRequest
from ninja.throttling import SimpleRateThrottle

from scorekeeper.client_address import client_address
from scorekeeper.limits_cache import LIMITS

EXPIRY_MARGIN = 5  # seconds a window's count outlives the window


def window_end(ident: str, period: int, now: float) -> int:
    """When the window of ``period`` seconds that holds ``now`` ends, for the client ``ident``
    (its windows are shifted by ``crc32(ident) % period`` seconds)."""
    second = int(now)
    if period <= 1:
        return second + 1
    end = second - second % period + zlib.crc32(ident.encode()) % period
    return end + period if end <= second else end


class ClientRateThrottle(SimpleRateThrottle):
    """``settings.API_RATE`` requests per client address and window, counted in the ``limits``
    cache. The rate is read for every request, so a changed setting applies at once."""

    scope = "api"
    cache_format = "throttle_%(scope)s_%(ident)s_%(window)d"

    def __init__(self) -> None:
        # One instance serves every thread; ``wait`` answers for the request its thread
        # has just refused.
        self._refused = threading.local()

    @property
    def cache(self) -> BaseCache:  # type: ignore[override]
        return caches[LIMITS]

    def get_rate(self) -> str | None:
        return settings.API_RATE or None

    def get_ident(self, request: HttpRequest) -> str:
        return client_address(request)

    def allow_request(self, request: HttpRequest) -> bool:
        self._refused.wait = None
        rate = self.get_rate()
        if rate is None or not getattr(settings, "RATELIMIT_ENABLE", True):
            return True
        if request.method not in ("GET", "HEAD"):
            return True
        limit, period = self.parse_rate(rate)
        ident = self.get_ident(request)
        now = self.timer()
        end = window_end(ident, period, now)
        key = self.cache_format % {"scope": self.scope, "ident": ident, "window": end}
        if self._count(key, timeout=end - now + EXPIRY_MARGIN) <= limit:
            return True
        self._refused.wait = max(1, int(end - now))
        return False

    def wait(self) -> float | None:
        return getattr(self._refused, "wait", None)

    def _count(self, key: str, timeout: float) -> int:
        """This request's number in its window: 1 for the first, else the stored count plus
        one."""
        if self.cache.add(key, 1, timeout):
            return 1
        try:
            return self.cache.incr(key)
        except ValueError:  # the window's count expired between the two
            return 1
