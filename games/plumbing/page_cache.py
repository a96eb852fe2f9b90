"""Whole public pages cached for visitors who are not logged in (fans polling a game, anyone
reading the standings), keyed by everything the page shows.

A page is cached only for a GET from a visitor with no session and no pending messages, so
it shows nothing personal but its CSRF token: it is stored with a placeholder instead, and
every response gets a fresh token for its own visitor (as rendering it would). The key comes
from one small query per page (``game_page_key``, ``standings_page_key``) over every column
the page is drawn from, including the revisions that change with each write; no cached page
outlives a change to what it shows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.db import connections, router
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags

from games.models import Fixture, Game, League, Play, Season, Team, WinTable
from games.plumbing import safe_cache

# What the page carries where its CSRF token goes (no token has these characters).
TOKEN_PLACEHOLDER = "__scorekeeper-csrf-token__"


def is_cacheable(request: HttpRequest) -> bool:
    """A GET from a visitor with no session and no messages waiting: they see what any
    other such visitor sees."""
    return (
        request.method in ("GET", "HEAD")
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def public_page(
    request: HttpRequest,
    key: str | None,
    template: str,
    context: Callable[[], dict[str, Any]],
    *,
    revalidate: bool = False,
    personal: bool = True,
) -> HttpResponse:
    """``template`` rendered with ``context()``, from the cache when ``key`` (None: no such
    page, render as usual) names it and the visitor sees the public page.

    With ``revalidate`` (a live game's board, polled every few seconds) the page is tagged
    with its key: a browser asking again with that tag gets "304 Not Modified" and no body
    while nothing on the page changed, so a fan following a long game does not download its
    whole play-by-play every poll.

    A page that is not ``personal`` (no form, no token, nothing of the visitor's: the stream
    overlay) is the same for every visitor, signed in or not: all get the cached copy (and
    its tag), and it gets no CSRF token."""
    shared = is_cacheable(request) if personal else request.method in ("GET", "HEAD")
    if key is None or not shared:
        return HttpResponse(render_to_string(template, context(), request))
    tag = f'W/"{key}"'
    if revalidate and etag_matches(request, tag):
        unchanged = HttpResponseNotModified()
        _tag(unchanged, tag)
        return unchanged
    name = f"page:{key}"
    html = safe_cache.get(name, str)
    if html is None:
        html = render_to_string(template, {**context(), "csrf_token": TOKEN_PLACEHOLDER}, request)
        safe_cache.put(name, html)
    if personal:
        html = html.replace(TOKEN_PLACEHOLDER, get_token(request))
    response = HttpResponse(html)
    if revalidate:
        _tag(response, tag)
    return response


def _tag(response: HttpResponse, tag: str) -> None:
    # The browser keeps the answer but asks again every time ("no-cache"), sending the tag.
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    # The same address serves the whole page and, to htmx, the board: kept apart.
    patch_vary_headers(response, ("Cookie", "HX-Request"))


def _row(model: type, sql: str, params: Sequence[Any]) -> tuple | None:
    connection = connections[router.db_for_read(model)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _tables() -> dict[str, str]:
    quote = connections[router.db_for_read(Game)].ops.quote_name
    models = {
        "game": Game,
        "play": Play,
        "season": Season,
        "league": League,
        "fixture": Fixture,
        "wintable": WinTable,
        "team": Team,
    }
    return {name: quote(model._meta.db_table) for name, model in models.items()}


def _key(kind: str, row: Sequence[Any]) -> str:
    digest = hashlib.blake2b(repr(tuple(row)).encode(), digest_size=16).hexdigest()
    return f"{kind}:{digest}"


def game_page_key(
    pk: int, *, partial: bool, board_cached: Callable[[str], bool] = lambda kind: True
) -> str | None:
    """Names the game page (or its board partial) as the database has it now; None (not
    cached) for a game whose kind ``board_cached`` says is not."""
    t = _tables()
    row = _row(
        Game,
        f"SELECT g.id, g.log_revision,"
        f" (SELECT COUNT(*) FROM {t['play']} p WHERE p.game_id = g.id),"
        f" (SELECT MAX(p.id) FROM {t['play']} p WHERE p.game_id = g.id),"
        f" g.kind, g.sides, g.options, g.created_at, g.finished_at, g.voided_at,"
        f" g.void_reason, g.season_id, s.name, s.slug, l.name, l.slug, f.id,"
        # A win-probability table stored for the game's kind changes what the page shows.
        f" (SELECT MAX(w.id) FROM {t['wintable']} w WHERE w.kind = g.kind)"
        f" FROM {t['game']} g"
        f" LEFT JOIN {t['season']} s ON s.id = g.season_id"
        f" LEFT JOIN {t['league']} l ON l.id = s.league_id"
        f" LEFT JOIN {t['fixture']} f ON f.game_id = g.id"
        f" WHERE g.id = %s",
        [pk],
    )
    # A board that shows more than its own game (the solitaire board shows the player's record
    # over all their games, which changes without this game changing) declares it is not cached.
    if row is None or not board_cached(row[4]):
        return None
    return _key("game-board" if partial else "game-page", row)


def game_overlay_key(pk: int, *, partial: bool, look: str = "") -> str | None:
    """Names a game's stream overlay (or its polled scorebug) as the database has it now: the
    bug is drawn from the game's row alone (its stored summary changes with its revision).
    ``look`` names the page's size and corner options (the bug itself has none)."""
    t = _tables()
    row = _row(
        Game,
        f"SELECT g.id, g.log_revision, g.kind, g.sides, g.options, g.finished_at, g.voided_at"
        f" FROM {t['game']} g WHERE g.id = %s",
        [pk],
    )
    if row is None:
        return None
    return _key("overlay-bug" if partial else f"overlay-page:{look}", row)


def game_data_key(pk: int) -> str | None:
    """Names what the API shows of one game (its row, its fixture and teams, its season and
    league) as the database has it now; the summary and plays change with the revision."""
    t = _tables()
    row = _row(
        Game,
        f"SELECT g.id, g.log_revision, g.kind, g.sides, g.options, g.created_at,"
        f" g.finished_at, g.voided_at, g.void_reason, s.slug, l.slug, f.id, f.outcome,"
        f" f.outcome_reason, a.slug, h.slug"
        f" FROM {t['game']} g"
        f" LEFT JOIN {t['season']} s ON s.id = g.season_id"
        f" LEFT JOIN {t['league']} l ON l.id = s.league_id"
        f" LEFT JOIN {t['fixture']} f ON f.game_id = g.id"
        f" LEFT JOIN {t['team']} a ON a.id = f.away_id"
        f" LEFT JOIN {t['team']} h ON h.id = f.home_id"
        f" WHERE g.id = %s",
        [pk],
    )
    return None if row is None else _key("game-data", row)


def standings_page_key(league_slug: str, season_slug: str) -> str | None:
    """Names a season's standings page as the database has it now."""
    t = _tables()
    row = _row(
        Season,
        f"SELECT s.id, s.stats_revision, s.name, s.slug, l.id, l.name, l.slug, l.kind,"
        f" l.points_win, l.points_tie, l.points_loss, l.points_no_result"
        f" FROM {t['season']} s JOIN {t['league']} l ON l.id = s.league_id"
        f" WHERE l.slug = %s AND s.slug = %s",
        [league_slug, season_slug],
    )
    return None if row is None else _key("standings-page", row)


def etag_matches(request: HttpRequest, tag: str) -> bool:
    """Whether the request's ``If-None-Match`` names ``tag`` (weak comparison, RFC 9110), as
    a list of tags, never as a substring."""
    wanted = tag.removeprefix("W/")
    sent = parse_etags(request.headers.get("If-None-Match", ""))
    return "*" in sent or any(etag.removeprefix("W/") == wanted for etag in sent)
