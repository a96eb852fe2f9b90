"""Moments shown in the viewer's own time zone.

``{{ game.finished_at|local_time }}`` renders
``<time datetime="2026-05-02T18:45:00Z" data-local="day month year time">2 May 2026 18:45
UTC</time>``: the server's text, in UTC and saying so, which games/static/games/local-time.js
(included once by templates/base.html) rewrites into the viewer's time zone with
``Intl.DateTimeFormat``, the zone's abbreviation after the time. Without JavaScript (or
printed from a cache) the UTC text stands, and is right.

The argument is a Django date format, ``"j M Y H:i"`` unless told: one without a time of day
(``"j M Y"``, ``"D j M"``) shows the day alone, in the viewer's zone too (a game finished at
02:00 UTC was played the evening before in New York), and says no "UTC". ``data-local``
lists the parts the script shows: ``weekday``, ``day``, ``month``, ``year``, ``time``.

A plain date (a fixture's day) has no time zone: it is rendered as it is, in a ``<time>``
without ``data-local``, so nothing rewrites it.
"""

from __future__ import annotations

import datetime

from django import template
from django.utils import dateformat, timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

DEFAULT_FORMAT = "j M Y H:i"
TIME_CHARACTERS = set("aAfgGhHiPsu")


def _parts(fmt: str) -> list[str]:
    found = set(fmt)
    parts = []
    if found & set("Dl"):
        parts.append("weekday")
    if found & set("djS"):
        parts.append("day")
    if found & set("MNbEFmn"):
        parts.append("month")
    if found & set("Yy"):
        parts.append("year")
    if found & TIME_CHARACTERS:
        parts.append("time")
    return parts


@register.filter
def local_time(value: datetime.datetime | datetime.date | None, fmt: str = DEFAULT_FORMAT):
    """``value`` as a ``<time>`` the viewer's browser shows in its own time zone."""
    if value in (None, ""):
        return ""
    if not isinstance(value, datetime.datetime):
        return format_html(
            '<time datetime="{}">{}</time>', value.isoformat(), dateformat.format(value, fmt)
        )
    if timezone.is_naive(value):
        value = timezone.make_aware(value, datetime.UTC)
    utc = value.astimezone(datetime.UTC)
    parts = _parts(fmt)
    text = dateformat.format(utc, fmt)
    if "time" in parts:
        text += " UTC"
    return format_html(
        '<time datetime="{}" data-local="{}">{}</time>',
        utc.strftime("%Y-%m-%dT%H:%M:%SZ"),
        " ".join(parts),
        text,
    )


@register.simple_tag
def local_now(fmt: str = DEFAULT_FORMAT) -> SafeString:
    """This moment, as ``local_time`` renders it (the printed scoresheet's footer)."""
    return local_time(timezone.now(), fmt)
