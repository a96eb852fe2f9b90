"""URL patterns of the organisers' pages, included by games/urls.py (before the fans' pages,
so ``leagues/manage/`` is never read as a league called "manage")."""

from django.urls import path

from .views import leagues

MANAGE = "leagues/<slug:league>/manage/"

urlpatterns: list = [
    path("leagues/manage/", leagues.manage_leagues, name="manage-leagues"),
    path(MANAGE, leagues.manage_league, name="manage-league"),
    path(f"{MANAGE}settings/", leagues.league_edit, name="manage-league-edit"),
    path(f"{MANAGE}seasons/", leagues.season_add, name="manage-season-add"),
    path(f"{MANAGE}seasons/<slug:season>/", leagues.manage_season, name="manage-season"),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/",
        leagues.fixture_add,
        name="manage-fixture-add",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/round-robin/",
        leagues.round_robin,
        name="manage-round-robin",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/<int:pk>/start/",
        leagues.fixture_start,
        name="manage-fixture-start",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/<int:pk>/delete/",
        leagues.fixture_delete,
        name="manage-fixture-delete",
    ),
    path(f"{MANAGE}teams/", leagues.team_add, name="manage-team-add"),
    path(f"{MANAGE}teams/<slug:team>/", leagues.team_edit, name="manage-team-edit"),
    path(f"{MANAGE}teams/<slug:team>/delete/", leagues.team_delete, name="manage-team-delete"),
    path(f"{MANAGE}organisers/", leagues.organiser_add, name="manage-organiser-add"),
    path(
        f"{MANAGE}organisers/<int:user_id>/remove/",
        leagues.organiser_remove,
        name="manage-organiser-remove",
    ),
    path(f"{MANAGE}games/<int:pk>/void/", leagues.game_void, name="manage-game-void"),
    path(f"{MANAGE}games/<int:pk>/unvoid/", leagues.game_unvoid, name="manage-game-unvoid"),
]
