"""The play-by-play drawn a chunk of plays at a time, each chunk's HTML cached.

A chunk's HTML depends on its lines (named by the chunk's digest), the corrections of its
plays and whether the viewer may correct them: all three are in the cache key, so entering a
play redraws the last chunk only, whatever the length of the log.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from .. import deferred_html, sealed_cache
from ..play_lines import CHUNK
from ..selectors import Scoreboard

register = template.Library()

LINES_TEMPLATE = "games/_play_lines.html"


@register.simple_tag(takes_context=True)
def play_list_items(context: Any, board: Scoreboard, fix: dict[str, Any]) -> SafeString:
    """The ``<li>`` of every play, newest first, for ``games/_plays.html`` (put into the
    response at the end: see ``deferred_html``)."""
    lines = board.lines
    game = board.game
    keys = {
        index: lines.key(_variant(fix, index), index, digest) for index, digest in lines.spans()
    }
    found = sealed_cache.get_many(keys.values())
    missing = [index for index, key in keys.items() if key not in found]
    fresh = {}
    for index, chunk in lines.load(missing).items():
        html = render_to_string(
            LINES_TEMPLATE, {"game": game, "lines": reversed(chunk.lines), "fix": fix}
        )
        found[keys[index]] = fresh[lines.key(_variant(fix, index), index, chunk.digest)] = html
    sealed_cache.set_many(fresh)
    return deferred_html.defer(context, "".join(found[keys[index]] for index in reversed(keys)))


def _variant(fix: dict[str, Any], index: int) -> str:
    """What besides its lines a chunk's HTML shows: correction links, and its corrections."""
    first, last = index * CHUNK + 1, (index + 1) * CHUNK
    changes = [
        (seq, change.pk, change.user.username if change.user else "")
        for seq, found in sorted(fix["by_play"].items())
        if first <= seq <= last
        for change in found
    ]
    digest = hashlib.blake2b(repr(changes).encode(), digest_size=8).hexdigest()
    return f"plays-html-{int(bool(fix['can_correct']))}-{digest}"
