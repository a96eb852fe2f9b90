"""URL of the scoring screen's service worker, included by games/urls.py."""

from django.urls import path

from .views import offline

urlpatterns = [
    path("scoring-worker.js", offline.scoring_worker, name="scoring-worker"),
]
