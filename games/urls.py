from django.urls import path

from . import (
    urls_archive,
    urls_corrections,
    urls_exports,
    urls_leagues,
    urls_offline,
    urls_standings,
    urls_stats,
)
from .views import scoring

app_name = "games"

urlpatterns = [
    path("", scoring.game_list, name="list"),
    path("games/new/", scoring.game_new, name="new"),
    path("games/<int:pk>/", scoring.game_detail, name="detail"),
    path("games/<int:pk>/score/", scoring.game_score, name="score"),
    path("games/<int:pk>/plays/", scoring.play_create, name="play"),
    path("games/<int:pk>/plays/older/", scoring.older_plays, name="plays-older"),
    path("games/<int:pk>/undo/", scoring.play_undo, name="undo"),
    path("games/<int:pk>/record.json", scoring.game_record_json, name="record"),
    path("games/<int:pk>/scorers/", scoring.scorer_add, name="scorer-add"),
    # The archive's league and season pages take any slug, so they come last.
    *urls_offline.urlpatterns,
    *urls_corrections.urlpatterns,
    *urls_leagues.urlpatterns,
    *urls_standings.urlpatterns,
    *urls_stats.urlpatterns,
    *urls_exports.urlpatterns,
    *urls_archive.urlpatterns,
]
