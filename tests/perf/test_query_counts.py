"""The game page and the standings page, and the API's game and standings, make the same number
of queries for a short game or a long one, a small league or a big one: for visitors, for users
with no rights and for scorers and organisers."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.bench import data
from games.leagues import services as league_services

from .conftest import game_with_log, random_plays

pytestmark = pytest.mark.django_db

# LIMIT_ASIDE: the API's queries are counted without its rate limit, whose count is the same
# few statements on a table of its own for every request without CACHE_URL (one Redis command
# with it; scorekeeper/limits_cache.py), however big the game or the league.


def queries(client, path, htmx=False) -> tuple[int, int]:
    """Queries for a first view (empty cache, which the view fills) and a second one."""
    headers = {"HX-Request": "true"} if htmx else {}
    counts = []
    cache.clear()
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path, headers=headers).status_code == 200
        counts.append(len(captured))
    return counts[0], counts[1]


def assert_same_queries(client, small, big, django_assert_max_num_queries, htmx=False):
    cold, warm = queries(client, small, htmx)
    headers = {"HX-Request": "true"} if htmx else {}
    cache.clear()
    with django_assert_max_num_queries(cold):
        client.get(big, headers=headers)
    with django_assert_max_num_queries(warm):
        client.get(big, headers=headers)
    assert queries(client, big, htmx) == (cold, warm)
    return cold, warm


def viewers(scorer, stranger) -> dict[str, Client]:
    clients = {"visitor": Client(), "stranger": Client(), "scorer": Client()}
    clients["stranger"].force_login(stranger)
    clients["scorer"].force_login(scorer)
    return clients


@pytest.mark.parametrize("viewer", ["visitor", "stranger", "scorer"])
@pytest.mark.parametrize("htmx", [False, True])
def test_the_game_page_needs_as_many_queries_at_20_or_500_plays(
    viewer, htmx, scorer, stranger, django_assert_max_num_queries
):
    options = {"innings": 60}
    plays = random_plays("quick-baseball", options, 500)
    short = game_with_log("quick-baseball", options, plays[:20], scorer)
    long = game_with_log("quick-baseball", options, plays, scorer)
    client = viewers(scorer, stranger)[viewer]
    paths = f"/games/{short.pk}/", f"/games/{long.pk}/"
    _, warm = assert_same_queries(client, *paths, django_assert_max_num_queries, htmx)
    if viewer == "visitor":
        assert warm == 1  # the whole page comes from the cache after one query


@pytest.mark.parametrize("viewer", ["visitor", "organiser"])
def test_the_standings_page_needs_as_many_queries_for_4_or_150_games(
    viewer, staff, django_assert_max_num_queries
):
    small = data.league_season(games=4, teams=4, organiser=staff, name="Small")
    big = data.league_season(games=150, teams=12, organiser=staff, name="Big")
    client = Client()
    if viewer == "organiser":
        client.force_login(staff)
    paths = [
        reverse("games:standings", args=[season.league.slug, season.slug])
        for season in (small, big)
    ]
    _, warm = assert_same_queries(client, *paths, django_assert_max_num_queries)
    assert warm <= (1 if viewer == "visitor" else 4)


def test_a_cold_standings_page_needs_a_constant_number_of_queries(
    staff, django_assert_max_num_queries
):
    season = data.league_season(games=60, teams=8, organiser=staff)
    path = reverse("games:standings", args=[season.league.slug, season.slug])
    league_services.team_create(league=season.league, user=staff, name="Late Joiners")
    with django_assert_max_num_queries(4):
        reply = Client().get(path)
    assert "Late Joiners" in reply.content.decode()


@pytest.mark.parametrize("viewer", ["visitor", "stranger"])
def test_the_api_game_needs_as_many_queries_at_20_or_500_plays(
    viewer, scorer, stranger, settings, django_assert_max_num_queries
):
    settings.RATELIMIT_ENABLE = False  # the rate limit's count aside (see LIMIT_ASIDE)
    options = {"innings": 60}
    plays = random_plays("quick-baseball", options, 500)
    short = game_with_log("quick-baseball", options, plays[:20], scorer)
    long = game_with_log("quick-baseball", options, plays, scorer)
    client = viewers(scorer, stranger)[viewer]
    paths = [reverse("api:game_detail", args=[game.pk]) for game in (short, long)]
    _, warm = assert_same_queries(client, *paths, django_assert_max_num_queries)
    # The kept answer, found by one small query; signed in or not (the API reads no session).
    assert warm == 1


@pytest.mark.parametrize("viewer", ["visitor", "organiser"])
def test_the_api_standings_need_as_many_queries_for_4_or_150_games(
    viewer, staff, settings, django_assert_max_num_queries
):
    settings.RATELIMIT_ENABLE = False  # the rate limit's count aside (see LIMIT_ASIDE)
    small = data.league_season(games=4, teams=4, organiser=staff, name="Small")
    big = data.league_season(games=150, teams=12, organiser=staff, name="Big")
    client = Client()
    if viewer == "organiser":
        client.force_login(staff)
    paths = [
        reverse("api:season_standings", args=[season.league.slug, season.slug])
        for season in (small, big)
    ]
    _, warm = assert_same_queries(client, *paths, django_assert_max_num_queries)
    assert warm == 1  # the kept answer, found by one small query, signed in or not
