"""URL patterns of the public league pages and the game archive, included by games/urls.py."""

from django.urls import path

from .views import archive

urlpatterns: list = [
    path("leagues/", archive.league_list, name="leagues"),
    path("leagues/<slug:league>/", archive.league_detail, name="league"),
    path("leagues/<slug:league>/teams/<slug:team>/", archive.team_detail, name="team"),
    path("leagues/<slug:league>/<slug:season>/", archive.season_detail, name="season"),
    path("archive/", archive.archive, name="archive"),
]
