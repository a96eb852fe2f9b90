"""Team, league and player names with HTML or script are shown as text on every page."""

import pytest
from django.urls import reverse

from tests.leagues.conftest import play_fixture

from .conftest import HOSTILE

pytestmark = pytest.mark.django_db

ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"


def _assert_text_only(response) -> None:
    assert response.status_code == 200
    body = response.content.decode()
    assert HOSTILE not in body
    assert "<script>alert" not in body
    assert "<img src=x" not in body
    if response["Content-Type"].startswith("text/html"):
        assert ESCAPED in body


def test_game_pages_show_hostile_names_as_text(client, scorer, games) -> None:
    _assert_text_only(client.get("/"))
    _assert_text_only(client.get("/archive/"))
    client.force_login(scorer)
    for game in games:
        _assert_text_only(client.get(f"/games/{game.pk}/"))
        _assert_text_only(client.get(f"/games/{game.pk}/score/"))


def test_league_pages_show_hostile_names_as_text(client, organiser, league) -> None:
    lg, season, teams = league
    play_fixture(season, teams[0], teams[1], organiser)
    for url in (
        "/leagues/",
        f"/leagues/{lg.slug}/",
        f"/leagues/{lg.slug}/{season.slug}/",
        f"/leagues/{lg.slug}/teams/{teams[0].slug}/",
        reverse("games:standings", args=[lg.slug, season.slug]),
        reverse("games:season-stats", args=[lg.slug, season.slug]),
        reverse("games:league-stats", args=[lg.slug]),
        reverse("games:records", args=[lg.slug, season.slug]),
        "/archive/",
        "/",
    ):
        _assert_text_only(client.get(url))
    client.force_login(organiser)
    for url in (
        reverse("games:manage-leagues"),
        reverse("games:manage-league", args=[lg.slug]),
        reverse("games:manage-season", args=[lg.slug, season.slug]),
    ):
        _assert_text_only(client.get(url))
