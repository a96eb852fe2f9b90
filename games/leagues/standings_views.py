"""Views for the standings pages (see games/urls.py): the table and its CSV and JSON, for anyone.

Both read the season's standings from the cache (``standings_cache``); the page's content is
cached as rendered too, and for visitors who are not logged in the whole page
(``page_cache``), so a request for an unchanged season costs one query.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET

from games.leagues.standings_cache import cached_standings, standings_key
from games.models import Season
from games.plumbing import page_cache, safe_csv


def _season(league_slug: str, season_slug: str) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league"), league__slug=league_slug, slug=season_slug
    )


@require_GET
def standings_page(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    def context() -> dict:
        season = _season(league_slug, season_slug)
        return {
            # Computed only if the cached page content is missing.
            "standings": SimpleLazyObject(lambda: cached_standings(season)),
            "standings_key": standings_key(season),
            "season": season,
            "league": season.league,
        }

    key = page_cache.standings_page_key(league_slug, season_slug)
    return page_cache.public_page(request, key, "games/standings/page.html", context)


@require_GET
def standings_csv(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    season = _season(league_slug, season_slug)
    standings = cached_standings(season)
    return safe_csv.download(
        standings.to_csv(), f"{season.league.slug}-{season.slug}-standings.csv"
    )


@require_GET
def standings_json(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    season = _season(league_slug, season_slug)
    response = HttpResponse(cached_standings(season).to_json(), content_type="application/json")
    filename = f"{season.league.slug}-{season.slug}-standings.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
