"""Views for the standings pages (see games/urls.py): the table and its CSV, for anyone."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from ..models import Season
from ..standings import season_standings


def _season(league_slug: str, season_slug: str) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league"), league__slug=league_slug, slug=season_slug
    )


@require_GET
def standings_page(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    season = _season(league_slug, season_slug)
    standings = season_standings(season=season)
    context = {"standings": standings, "season": season, "league": season.league}
    return render(request, "games/standings/page.html", context)


@require_GET
def standings_csv(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    season = _season(league_slug, season_slug)
    standings = season_standings(season=season)
    response = HttpResponse(standings.to_csv(), content_type="text/csv; charset=utf-8")
    filename = f"{season.league.slug}-{season.slug}-standings.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
