"""What lets the site live on a tablet's home screen and keep scoring offline, served from the
site's root.

- The scoring screen's service worker (games/static/games/scoring-worker.js): a worker's scope
  is the folder it is served from, and it must cover the scoring pages and the log-in and
  log-out addresses (whose use drops the copies it keeps).
- The web app manifest (``/manifest.webmanifest``), which makes the site installable. It is a
  view, not a static file: its address stays the same from one release to the next (a static
  file's name carries a hash in production, and a browser knows an installed app by its
  manifest's address), ``start_url`` and ``scope`` are the site's root, the icons' addresses
  come from ``static()`` (hashed in production, so they can be cached for good), and the
  Content-Type is ``application/manifest+json`` (WhiteNoise has no type for .webmanifest).
"""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.templatetags.static import static
from django.views.decorators.http import require_GET

WORKER = "games/scoring-worker.js"

# The colours of games/static/games/site.css: the page's background (--bg) shows while the app
# starts; the theme (--surface, the sticky header's white) colours the title or status bar,
# so it runs on into the header. base.html gives the dark scheme's --surface too.
BACKGROUND_COLOR = "#f5f6f8"
THEME_COLOR = "#ffffff"
THEME_COLOR_DARK = "#1a202a"

# (static path, size, type, purpose); drawn once from icon.svg and icon-maskable.svg (README).
ICONS = [
    ("games/icons/icon-192.png", "192x192", "image/png", "any"),
    ("games/icons/icon-512.png", "512x512", "image/png", "any"),
    ("games/icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
    ("games/icons/icon.svg", "any", "image/svg+xml", "any"),
]


@require_GET
def scoring_worker(request: HttpRequest) -> HttpResponse:
    found = finders.find(WORKER)
    if not found:
        raise Http404("The scoring worker is missing from the static files.")
    response = HttpResponse(Path(found).read_bytes(), content_type="text/javascript; charset=utf-8")
    # Browsers check for a new worker at every registration; never answer from a cache.
    response["Cache-Control"] = "no-cache"
    return response


def manifest_data() -> dict:
    return {
        "id": "/",
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": "Keep score for tabletop card games of baseball, cricket and tennis.",
        "lang": "en",
        "start_url": "/",
        "scope": "/",
        # Standalone, not fullscreen: the tablet's status bar (clock, battery) stays in sight
        # through a long game, the system's back gesture and notifications still work, and
        # iOS knows no fullscreen (it would fall back to a browser tab's chrome). The site's
        # own header already has every way around, so no browser bar is needed.
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": kind, "purpose": purpose}
            for path, sizes, kind, purpose in ICONS
        ],
    }


@require_GET
def web_manifest(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(
        json.dumps(manifest_data(), indent=2), content_type="application/manifest+json"
    )
    # Small, and asked for rarely: check each time so a new icon or colour is seen at once.
    response["Cache-Control"] = "no-cache"
    return response
