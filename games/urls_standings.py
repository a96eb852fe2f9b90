"""URL patterns of the standings pages, included by games/urls.py."""

from django.urls import path

from .views import standings

urlpatterns: list = [
    path(
        "leagues/<slug:league_slug>/<slug:season_slug>/standings/",
        standings.standings_page,
        name="standings",
    ),
    path(
        "leagues/<slug:league_slug>/<slug:season_slug>/standings.csv",
        standings.standings_csv,
        name="standings-csv",
    ),
]
