"""URL patterns of a game at the table: games, their plays, corrections, the scoring
screen's service worker and the web app manifest (included by games/urls.py)."""

from django.urls import path

from games.plumbing.replica import replica_reads
from games.scoring import correction_views as corrections
from games.scoring import new_game_views, views
from games.scoring import offline_views as offline
from scorekeeper import converters  # noqa: F401 (registers <id:…>, ids in range)

urlpatterns = [
    path("", replica_reads(views.game_list), name="list"),
    path("games/new/", new_game_views.game_new, name="new"),
    path("games/<id:pk>/", replica_reads(views.game_detail), name="detail"),
    path("games/<id:pk>/score/", views.game_score, name="score"),
    path("games/<id:pk>/plays/", views.play_create, name="play"),
    path("games/<id:pk>/plays/completions/", views.play_completions, name="play-completions"),
    path("games/<id:pk>/plays/older/", replica_reads(views.older_plays), name="plays-older"),
    path("games/<id:pk>/undo/", views.play_undo, name="undo"),
    path("games/<id:pk>/record.json", replica_reads(views.game_record_json), name="record"),
    path("games/<id:pk>/scorers/", views.scorer_add, name="scorer-add"),
    path(
        "games/<id:pk>/win-probability/",
        views.win_probability_setting,
        name="win-probability-setting",
    ),
    path("scoring-worker.js", offline.scoring_worker, name="scoring-worker"),
    path("manifest.webmanifest", offline.web_manifest, name="manifest"),
    path(
        "games/<id:pk>/plays/<id:seq>/correct/",
        corrections.play_correct,
        name="play-correct",
    ),
    path("games/<id:pk>/plays/<id:seq>/delete/", corrections.play_delete, name="play-delete"),
    path("games/<id:pk>/corrections/", corrections.correction_list, name="corrections"),
    path("games/<id:pk>/reopen/", corrections.game_reopen, name="reopen"),
    path("games/<id:pk>/close/", corrections.game_close, name="close"),
]
