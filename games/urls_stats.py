"""URL patterns of the stats pages, included by games/urls.py."""

from django.urls import path

from .views import stats

urlpatterns: list = [
    path("leagues/<slug:league_slug>/stats/", stats.league_stats, name="league-stats"),
    path("leagues/<slug:league_slug>/stats.csv", stats.league_stats_csv, name="league-stats-csv"),
    path(
        "leagues/<slug:league_slug>/<slug:season_slug>/stats/",
        stats.season_stats,
        name="season-stats",
    ),
    path(
        "leagues/<slug:league_slug>/<slug:season_slug>/stats.csv",
        stats.season_stats_csv,
        name="season-stats-csv",
    ),
    path(
        "leagues/<slug:league_slug>/<slug:season_slug>/records/",
        stats.season_records,
        name="records",
    ),
]
