"""URL patterns of one game's exports, included by games/urls.py."""

from django.urls import path

from .views import exports

urlpatterns: list = [
    path("games/<int:pk>/cricsheet.json", exports.cricsheet_json, name="cricsheet"),
    path("games/<int:pk>/gamelog.csv", exports.game_log_csv, name="gamelog"),
    path("games/<int:pk>/boxscore.txt", exports.box_score_text, name="boxscore"),
]
