"""URL patterns of the stats pages, included by games/urls.py."""

urlpatterns: list = []
