"""The client's address, as far as it can be trusted: what the log-in guard and the rate limits
count by.

With ``TRUSTED_PROXY_COUNT`` = 0 (the default) it is ``REMOTE_ADDR``, and an
``X-Forwarded-For`` header is ignored: anyone can send one. With N > 0 trusted proxies in
front, each of them appends the address it saw to ``X-Forwarded-For``, so the N-th entry from
the right was written by the outermost trusted proxy and is the client's address; entries to
its left came from the client and are ignored. A header shorter than N (a request that did
not pass through every proxy) falls back to ``REMOTE_ADDR``.

django-ipware (django-axes' optional helper) is not used: its ``proxy_count`` counts the
client among the entries and, in its strict mode, answers no address at all when a client
puts its own entries in front, so a forged header would move every attacker into one shared
"no address" bucket.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

FORWARDED_FOR = "HTTP_X_FORWARDED_FOR"
UNKNOWN = "0.0.0.0"  # noqa: S104 (a value to count by, never bound to)


def client_address(request: HttpRequest) -> str:
    """The address of the client that sent ``request`` (see the module's docstring)."""
    remote = _valid(request.META.get("REMOTE_ADDR", "")) or UNKNOWN
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    entries = [e.strip() for e in request.META.get(FORWARDED_FOR, "").split(",") if e.strip()]
    if len(entries) < proxies:
        return remote
    return _valid(entries[-proxies]) or remote


def _valid(text: str) -> str | None:
    """``text`` as a normalised IP address, or ``None`` if it is not one."""
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None
