"""URL patterns of the archive pages, included by games/urls.py."""

urlpatterns: list = []
