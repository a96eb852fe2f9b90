from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("games/new/", views.game_new, name="new"),
    path("games/<int:pk>/", views.game_detail, name="detail"),
    path("games/<int:pk>/score/", views.game_score, name="score"),
    path("games/<int:pk>/plays/", views.play_create, name="play"),
    path("games/<int:pk>/undo/", views.play_undo, name="undo"),
    path("games/<int:pk>/record.json", views.game_record_json, name="record"),
    path("games/<int:pk>/scorers/", views.scorer_add, name="scorer-add"),
]
