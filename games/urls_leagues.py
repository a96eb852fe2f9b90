"""URL patterns of the leagues pages, included by games/urls.py."""

urlpatterns: list = []
