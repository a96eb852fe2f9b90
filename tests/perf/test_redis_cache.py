"""The cache-dependent code on Redis (CACHE_URL): pages, fragments and standings cached there,
garbled entries ignored, and an unreachable Redis costing speed only, never a page.

Tests that need a Redis server skip only when none is reachable (``.ci/run`` starts one and
runs the performance and page tests with ``CACHE_URL`` set, so everything runs on it there).
"""

import os
import secrets

import pytest
import redis
from django.core.cache import cache, caches
from django.test import Client, override_settings
from django.urls import reverse

from games.bench import data
from games.leagues import services as league_services
from games.plumbing import safe_cache
from games.plumbing.page_cache import game_page_key

from .conftest import game_with_log, random_plays, record_plays
from .test_board import tap_queries

# One worker runs them all: clearing a Redis cache empties the whole database they share.
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("redis")]

URL = os.environ.get("CACHE_URL", "")
if not URL.startswith("redis://"):
    URL = "redis://127.0.0.1:6379/15"


def _reachable(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5).ping())
    except redis.RedisError:
        return False


needs_redis = pytest.mark.skipif(
    not _reachable(URL), reason=f"no Redis server reachable at {URL} (.ci/run starts one)"
)


def redis_settings(url: str) -> dict:
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"test-{secrets.token_hex(4)}",
        }
    }


@pytest.fixture
def on_redis():
    with override_settings(CACHES=redis_settings(URL), SESSION_CACHE_ALIAS="default"):
        assert type(caches["default"]).__name__ == "RedisCache"
        yield cache
        cache.clear()


def game_html(client, game) -> str:
    reply = client.get(f"/games/{game.pk}/")
    assert reply.status_code == 200
    return reply.content.decode()


@needs_redis
def test_fans_see_each_play_through_the_redis_cached_page(on_redis, scorer):
    options = {"innings": 9}
    plays = random_plays("quick-baseball", options, 30)
    game = game_with_log("quick-baseball", options, plays[:25], scorer)
    fan = Client()
    assert 'value="25"' in game_html(fan, game)
    assert safe_cache.get(f"page:{game_page_key(game.pk, partial=False)}", str)  # in Redis
    record_plays(game, plays[25:], scorer)
    html = game_html(fan, game)
    assert 'value="30"' in html and html.index('value="30"') < html.index('value="29"')


@needs_redis
def test_standings_cached_in_redis_follow_a_void(on_redis, staff):
    season = data.league_season(games=5, teams=3, organiser=staff)
    path = reverse("games:standings", args=[season.league.slug, season.slug])
    assert "from 5 final league games" in Client().get(path).content.decode()
    game = season.games.first()
    league_services.game_void(game=game, user=staff, reason="void")
    assert "from 4 final league games" in Client().get(path).content.decode()


@needs_redis
def test_a_garbled_redis_entry_is_ignored(on_redis, scorer):
    game = game_with_log(
        "quick-baseball", {"innings": 9}, random_plays("quick-baseball", {"innings": 9}, 20), scorer
    )
    name = f"page:{game_page_key(game.pk, partial=False)}"
    raw = redis.Redis.from_url(URL)
    stored = on_redis.make_key(name, version=safe_cache.code_version())
    raw.set(stored, b"\x80\x05garbage that is no pickle")
    assert 'value="20"' in game_html(Client(), game)
    on_redis.set(name, b"a page of the wrong type", version=safe_cache.code_version())
    assert 'value="20"' in game_html(Client(), game)


def test_an_unreachable_redis_slows_pages_but_never_breaks_them(scorer):
    game = game_with_log(
        "quick-baseball", {"innings": 9}, random_plays("quick-baseball", {"innings": 9}, 20), scorer
    )
    nowhere = redis_settings("redis://127.0.0.1:1/0")
    nowhere["default"]["OPTIONS"] = {"socket_connect_timeout": 0.2}
    with override_settings(CACHES=nowhere, SESSION_CACHE_ALIAS="default"):
        for htmx in (False, True):
            reply = Client().get(
                f"/games/{game.pk}/", headers={"HX-Request": "true"} if htmx else {}
            )
            assert reply.status_code == 200 and 'value="20"' in reply.content.decode()


@needs_redis
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("helper", [False, True])
def test_a_tap_on_cached_db_sessions_makes_6_queries_all_told(
    helper, django_user_model, django_assert_max_num_queries
):
    """With the sessions on Redis (``cached_db``, as settings choose when CACHE_URL is set) a
    tap reads no session row: the user, the game with its last play and the scorer check,
    the insert and the game's update, with the transaction's BEGIN and COMMIT: 6."""
    owner = django_user_model.objects.create_user("owner", password="pw-owner-1")
    helper_user = django_user_model.objects.create_user("helper", password="pw-helper-1")
    plays = random_plays("quick-baseball", {"innings": 9}, 12, seed=3)
    game = game_with_log("quick-baseball", {"innings": 9}, plays[:10], owner)
    game.scorers.add(helper_user)
    with override_settings(
        CACHES=redis_settings(URL),
        SESSION_CACHE_ALIAS="default",
        SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
    ):
        client = Client()
        client.force_login(helper_user if helper else owner)
        client.get(f"/games/{game.pk}/score/")  # the session is in the cache once read
        counted = tap_queries(client, game, plays[10], django_assert_max_num_queries, limit=4)
        assert counted == (4, 6)
        cache.clear()
