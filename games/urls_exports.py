"""URL patterns of the exports pages, included by games/urls.py."""

urlpatterns: list = []
