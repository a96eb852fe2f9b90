"""URL patterns of the public archive: one game's stream overlay and exports, then the league,
team and season pages (which take any slug, so they come last) (included by games/urls.py)."""

from django.urls import path

from games.archive import export_views as exports
from games.archive import overlay_views, views
from games.plumbing.replica import replica_reads
from scorekeeper import converters  # noqa: F401 (registers <id:…>, ids in range)

urlpatterns: list = [
    path("games/<id:pk>/overlay/", replica_reads(overlay_views.game_overlay), name="overlay"),
    path("games/<id:pk>/cricsheet.json", replica_reads(exports.cricsheet_json), name="cricsheet"),
    path("games/<id:pk>/gamelog.csv", replica_reads(exports.game_log_csv), name="gamelog"),
    path("games/<id:pk>/boxscore.txt", replica_reads(exports.box_score_text), name="boxscore"),
    path(
        "games/<id:pk>/win-probability.csv",
        exports.win_probability,
        {"fmt": "csv"},
        name="win-probability-csv",
    ),
    path(
        "games/<id:pk>/win-probability.json",
        exports.win_probability,
        {"fmt": "json"},
        name="win-probability-json",
    ),
    path("leagues/", replica_reads(views.league_list), name="leagues"),
    path("leagues/<slug:league>/", replica_reads(views.league_detail), name="league"),
    path("leagues/<slug:league>/calendar.ics", views.league_calendar, name="league-calendar"),
    path("leagues/<slug:league>/teams/<slug:team>/", replica_reads(views.team_detail), name="team"),
    path(
        "leagues/<slug:league>/teams/<slug:team>/calendar.ics",
        views.team_calendar,
        name="team-calendar",
    ),
    path(
        "leagues/<slug:league>/<slug:season>/cups/<slug:competition>/",
        views.bracket,
        name="bracket",
    ),
    path(
        "leagues/<slug:league>/<slug:season>/cups/<slug:competition>/bracket.json",
        exports.bracket_download,
        {"fmt": "json"},
        name="bracket-json",
    ),
    path(
        "leagues/<slug:league>/<slug:season>/cups/<slug:competition>/bracket.csv",
        exports.bracket_download,
        {"fmt": "csv"},
        name="bracket-csv",
    ),
    path(
        "leagues/<slug:league>/<slug:season>/data.zip",
        replica_reads(exports.season_data_pack),
        name="season-data-pack",
    ),
    path("leagues/<slug:league>/<slug:season>/", replica_reads(views.season_detail), name="season"),
    path("archive/", replica_reads(views.archive), name="archive"),
]
