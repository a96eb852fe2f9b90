"""URL patterns of the standings pages, included by games/urls.py."""

urlpatterns: list = []
