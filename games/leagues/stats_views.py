"""Views for the stats pages (see games/urls.py): a season's stats and a league's all-time
stats, each with its CSV, and a season's records. Anyone may read them."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.leagues import stats_selectors
from games.models import League, Season
from games.plumbing import safe_csv


def _season(league_slug: str, season_slug: str) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league"), league__slug=league_slug, slug=season_slug
    )


@require_GET
def season_stats(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    season = _season(league_slug, season_slug)
    page = stats_selectors.season_stats(season=season)
    context = {
        "page": page,
        "league": season.league,
        "season": season,
        "seasons": season.league.seasons.all(),
    }
    return render(request, "games/stats/stats.html", context)


@require_GET
def season_stats_csv(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    season = _season(league_slug, season_slug)
    page = stats_selectors.season_stats(season=season)
    return _csv(request, page, f"{season.league.slug}-{season.slug}-stats")


@require_GET
def league_stats_csv(request: HttpRequest, league_slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=league_slug)
    page = stats_selectors.league_stats(league=league)
    return _csv(request, page, f"{league.slug}-all-time-stats")


def _csv(request: HttpRequest, page: stats_selectors.StatsPage, stem: str) -> HttpResponse:
    """The page's stats as a CSV download; ``?table=`` picks one per-team table."""
    table = request.GET.get("table") or None
    try:
        text = page.to_csv(table)
    except stats_selectors.UnknownTable as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    return safe_csv.download(text, f"{stem}{f'-{table}' if table else ''}.csv")


@require_GET
def league_stats(request: HttpRequest, league_slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=league_slug)
    page = stats_selectors.league_stats(league=league)
    context = {
        "page": page,
        "league": league,
        "season": None,
        "seasons": league.seasons.all(),
    }
    return render(request, "games/stats/stats.html", context)


@require_GET
def season_records(request: HttpRequest, league_slug: str, season_slug: str) -> HttpResponse:
    season = _season(league_slug, season_slug)
    context = {
        "records": stats_selectors.season_records(season=season),
        "league": season.league,
        "season": season,
    }
    return render(request, "games/stats/records.html", context)
