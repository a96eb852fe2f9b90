"""URL patterns of the corrections pages, included by games/urls.py."""

from django.urls import path

from .views import corrections

urlpatterns = [
    path(
        "games/<int:pk>/plays/<int:seq>/correct/",
        corrections.play_correct,
        name="play-correct",
    ),
    path("games/<int:pk>/plays/<int:seq>/delete/", corrections.play_delete, name="play-delete"),
    path("games/<int:pk>/corrections/", corrections.correction_list, name="corrections"),
    path("games/<int:pk>/reopen/", corrections.game_reopen, name="reopen"),
    path("games/<int:pk>/close/", corrections.game_close, name="close"),
]
