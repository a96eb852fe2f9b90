"""The stream overlay: one game's scorebug on a transparent page, for a streaming program's
browser source (OBS and the like). Public exactly as the game's own page is (anyone may see
any game), drawn without the site's layout, and polled by htmx every few seconds like the
live game page: unchanged, the bug answers "304 Not Modified"."""

from __future__ import annotations

from collections.abc import Mapping

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from games.archive import scorebug
from games.models import Game
from games.plumbing import page_cache

SIZES = ("s", "m", "l")
CORNERS = ("tl", "tr", "bl", "br")
DEFAULT_SIZE, DEFAULT_CORNER = "m", "tl"


def look(query: Mapping[str, str]) -> tuple[str, str]:
    """The overlay's size and corner from its address (``?size=s&corner=br``); anything
    missing or unknown is the default, never an error."""
    size = query.get("size", "")
    corner = query.get("corner", "")
    return (
        size if size in SIZES else DEFAULT_SIZE,
        corner if corner in CORNERS else DEFAULT_CORNER,
    )


@require_GET
def game_overlay(request: HttpRequest, pk: int) -> HttpResponse:
    partial = bool(request.htmx)
    template = "games/overlay/page.html#bug" if partial else "games/overlay/page.html"
    size, corner = look(request.GET)

    def context() -> dict:
        game = get_object_or_404(Game, pk=pk)
        return {"game": game, "bug": scorebug.for_game(game), "size": size, "corner": corner}

    key = page_cache.game_overlay_key(pk, partial=partial, look=f"{size}-{corner}")
    return page_cache.public_page(request, key, template, context, revalidate=True, personal=False)
