"""URL patterns of leagues: the organisers' pages (first, so ``leagues/manage/`` is never read
as a league called "manage"), then the standings and stats pages (included by games/urls.py)."""

from django.urls import path

from games.leagues import standings_views as standings
from games.leagues import stats_views as stats
from games.leagues.views import (
    cards,
    competitions,
    fixtures,
    leagues,
    organisers,
    results,
    seasons,
    teams,
)
from games.plumbing.replica import replica_reads
from scorekeeper import converters  # noqa: F401 (registers <id:…>, ids in range)

MANAGE = "leagues/<slug:league>/manage/"
SEASON = "leagues/<slug:league_slug>/<slug:season_slug>/"
COMPETITION = f"{MANAGE}seasons/<slug:season>/competitions/<slug:competition>/"

urlpatterns: list = [
    path("leagues/manage/", leagues.manage_leagues, name="manage-leagues"),
    path(MANAGE, leagues.manage_league, name="manage-league"),
    path(f"{MANAGE}settings/", leagues.league_edit, name="manage-league-edit"),
    path(f"{MANAGE}cards/", cards.league_cards, name="manage-league-cards"),
    path(f"{MANAGE}seasons/", seasons.season_add, name="manage-season-add"),
    path(f"{MANAGE}seasons/<slug:season>/", seasons.manage_season, name="manage-season"),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/",
        fixtures.fixture_add,
        name="manage-fixture-add",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/round-robin/",
        fixtures.round_robin,
        name="manage-round-robin",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/<id:pk>/start/",
        fixtures.fixture_start,
        name="manage-fixture-start",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/<id:pk>/delete/",
        fixtures.fixture_delete,
        name="manage-fixture-delete",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/<id:pk>/no-result/",
        results.fixture_no_result,
        name="manage-fixture-no-result",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/<id:pk>/undo-no-result/",
        results.fixture_undo_no_result,
        name="manage-fixture-undo-no-result",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/fixtures/<id:pk>/schedule/",
        fixtures.fixture_schedule,
        name="manage-fixture-schedule",
    ),
    path(f"{MANAGE}seasons/<slug:season>/cups/", competitions.cup_add, name="manage-cup-add"),
    path(
        f"{MANAGE}seasons/<slug:season>/playoffs/",
        competitions.playoffs_add,
        name="manage-playoffs-add",
    ),
    path(
        f"{MANAGE}seasons/<slug:season>/groups/",
        competitions.groups_add,
        name="manage-groups-add",
    ),
    path(COMPETITION, competitions.manage_competition, name="manage-competition"),
    path(
        f"{COMPETITION}ties/<id:pk>/walkover/",
        competitions.tie_walkover,
        name="manage-tie-walkover",
    ),
    path(
        f"{COMPETITION}ties/<id:pk>/walkover/undo/",
        competitions.tie_walkover_undo,
        name="manage-tie-walkover-undo",
    ),
    path(f"{MANAGE}teams/", teams.team_add, name="manage-team-add"),
    path(f"{MANAGE}teams/<slug:team>/", teams.team_edit, name="manage-team-edit"),
    path(f"{MANAGE}teams/<slug:team>/delete/", teams.team_delete, name="manage-team-delete"),
    path(f"{MANAGE}organisers/", organisers.organiser_add, name="manage-organiser-add"),
    path(
        f"{MANAGE}organisers/<id:user_id>/remove/",
        organisers.organiser_remove,
        name="manage-organiser-remove",
    ),
    path(f"{MANAGE}games/<id:pk>/void/", results.game_void, name="manage-game-void"),
    path(f"{MANAGE}games/<id:pk>/unvoid/", results.game_unvoid, name="manage-game-unvoid"),
    path(f"{SEASON}standings/", replica_reads(standings.standings_page), name="standings"),
    path(f"{SEASON}standings.csv", replica_reads(standings.standings_csv), name="standings-csv"),
    path(f"{SEASON}standings.json", standings.standings_json, name="standings-json"),
    path(
        "leagues/<slug:league_slug>/stats/", replica_reads(stats.league_stats), name="league-stats"
    ),
    path("leagues/<slug:league_slug>/stats.csv", stats.league_stats_csv, name="league-stats-csv"),
    path(f"{SEASON}stats/", replica_reads(stats.season_stats), name="season-stats"),
    path(f"{SEASON}stats.csv", replica_reads(stats.season_stats_csv), name="season-stats-csv"),
    path(f"{SEASON}records/", replica_reads(stats.season_records), name="records"),
]
