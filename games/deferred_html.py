"""Long HTML put into the response once, at the end.

A game's play-by-play can be hundreds of kilobytes. Rendered inside a template, it would be
copied again by every template level around it (each joins its children into a new string),
so a long log would make every page that shows it slower than its length alone explains.
``defer`` leaves a marker (an HTML comment) in its place instead; the middleware puts the
HTML where the marker is, once, before the response leaves, and ``resolve`` does the same
for anything rendered to a string to be cached. Without a request (a template rendered on
its own) the HTML is returned as it is.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.safestring import SafeString, mark_safe

ATTRIBUTE = "_deferred_html"


class _Deferred(dict):
    def __init__(self) -> None:
        super().__init__()
        self.nonce = secrets.token_hex(8)


def defer(context: Any, html: str) -> SafeString:
    """``html``, or a marker standing for it when the request will put it in later."""
    request = context.get("request") if hasattr(context, "get") else None
    deferred = getattr(request, ATTRIBUTE, None)
    if deferred is None:
        return mark_safe(html)
    marker = f"<!--deferred-html:{deferred.nonce}:{len(deferred)}-->"
    deferred[marker] = html
    return mark_safe(marker)


def resolve(request: HttpRequest | None, text: str) -> str:
    """``text`` with the HTML of every marker it holds put in."""
    deferred = getattr(request, ATTRIBUTE, None)
    if not deferred:
        return text
    for marker, html in deferred.items():
        if marker in text:
            text = text.replace(marker, html)
    return mark_safe(text) if isinstance(text, SafeString) else text


class DeferredHtmlMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        deferred = _Deferred()
        setattr(request, ATTRIBUTE, deferred)
        response = self.get_response(request)
        if deferred and not response.streaming:
            content = response.content
            for marker, html in deferred.items():
                key = marker.encode()
                if key in content:
                    content = content.replace(key, html.encode(response.charset))
            response.content = content
        return response
