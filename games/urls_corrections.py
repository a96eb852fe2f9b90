"""URL patterns of the corrections pages, included by games/urls.py."""

urlpatterns: list = []
