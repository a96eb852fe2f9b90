"""The open-data API's behaviour: what it shows (the public pages' figures, nothing private),
paging and filters, revalidation (ETag, Last-Modified, 304), CORS, the rate limit, JSON
errors, and the documentation page served from this site."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from games.kinds import game_rows
from games.kinds.records import replay_game
from games.models import Game
from games.plumbing import revalidation
from games.scoring import services
from tests.leagues.conftest import play_out

pytestmark = pytest.mark.django_db

API = "/api/v1"


def _play_one(game: Game, user) -> None:
    """Record one more legal play in ``game``."""
    state = replay_game(game).final_state
    raw = next(iter(game.engine.legal_plays(state)))
    services.play_record(game=game, raw=raw, expected_seq=game.plays.count() + 1, user=user)


def _season_url(world: dict, tail: str = "") -> str:
    return f"{API}/leagues/{world['league'].slug}/seasons/{world['season'].slug}{tail}"


# What it shows


def test_a_game_shows_what_its_page_and_record_show(api_client, client, world):
    game = world["final"]
    data = api_client.get(f"{API}/games/{game.pk}").json()
    row = game_rows.game_row(game, game.fixture)
    assert data["result"] == row.result and data["status"] == "final"
    assert [s["score"] for s in data["sides"]] == [s.score for s in row.sides]
    assert [s["team"] for s in data["sides"]] == [t.slug for t in game.fixture.teams]
    assert data["summary"] == game.summary
    assert data["plays"] == game.plays.count()
    assert (data["league"], data["season"]) == (world["league"].slug, world["season"].slug)
    record = api_client.get(f"{API}/games/{game.pk}/record").json()
    assert record == json.loads(client.get(f"/games/{game.pk}/record.json").content)


def test_plays_carry_the_words_of_the_play_by_play(api_client, client, world):
    game = world["final"]
    plays = api_client.get(f"{API}/games/{game.pk}/plays?page_size=200").json()
    assert plays["count"] == game.plays.count()
    assert [p["seq"] for p in plays["items"]] == list(range(1, plays["count"] + 1))
    assert [p["play"] for p in plays["items"]] == list(
        game.plays.order_by("seq").values_list("payload", flat=True)
    )
    page = client.get(f"/games/{game.pk}/").content.decode()
    last = plays["items"][-1]
    assert last["text"] and last["text"] in page
    assert last["by"] == "scorer"  # the page prints it beside the play too


def test_standings_match_the_standings_download(api_client, client, world):
    data = api_client.get(_season_url(world, "/standings")).json()
    league, season = world["league"].slug, world["season"].slug
    download = json.loads(client.get(f"/leagues/{league}/{season}/standings.json").content)
    assert data["columns"] == download["columns"]
    assert [{k: r[k] for k in download["rows"][0]} for r in data["rows"]] == download["rows"]
    assert data["games_counted"] == download["games_counted"] == 2


def test_stats_tables_hold_the_pages_cells(api_client, client, world):
    data = api_client.get(_season_url(world, "/stats")).json()
    assert data["games"] == 2
    assert data["tables"] and data["tables"][0]["rows"]
    league, season = world["league"].slug, world["season"].slug
    csv = client.get(f"/leagues/{league}/{season}/stats.csv").content.decode("utf-8-sig")
    first = data["tables"][0]["rows"][0]
    assert first["label"] in csv and all(cell in csv for cell in first["cells"])


def test_nothing_private_is_ever_shown(api_client, world, scorer):
    """No answer carries a scorer's e-mail, the scorers or creators of a game, organisers or
    record hashes: only what a visitor reads on the public pages."""
    Game.objects.filter(pk=world["final"].pk).update(record_hash="f" * 64)
    lg = world["league"].slug
    urls = [
        f"{API}/leagues",
        f"{API}/leagues/{lg}",
        f"{API}/leagues/{lg}/seasons",
        _season_url(world),
        _season_url(world, "/fixtures"),
        _season_url(world, "/standings"),
        _season_url(world, "/stats"),
        f"{API}/leagues/{lg}/teams",
        f"{API}/leagues/{lg}/teams/{world['teams'][0].slug}",
        f"{API}/games",
    ]
    for game in ("final", "live", "cricket"):
        pk = world[game].pk
        urls += [f"{API}/games/{pk}", f"{API}/games/{pk}/record", f"{API}/games/{pk}/plays"]
    for url in urls:
        response = api_client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        for secret in (scorer.email, "f" * 64, "created_by", "scorers", "organisers", "email"):
            assert secret not in body, (url, secret)
        assert "sessionid" not in response.cookies and "csrftoken" not in response.cookies


# Lists: paging and filters


def test_lists_are_paged(api_client, world):
    first = api_client.get(f"{API}/games?page_size=2").json()
    assert (first["count"], first["page"], first["pages"]) == (4, 1, 2)
    second = api_client.get(f"{API}/games?page_size=2&page=2").json()
    ids = [g["id"] for g in first["items"] + second["items"]]
    assert sorted(ids) == sorted(g.pk for g in Game.objects.all())
    past = api_client.get(f"{API}/games?page_size=2&page=3")
    assert past.status_code == 404 and "no page 3" in past.json()["detail"]


def test_the_game_list_filters_like_the_archive(api_client, world):
    def ids(query: str) -> set[int]:
        return {g["id"] for g in api_client.get(f"{API}/games?{query}").json()["items"]}

    lg = world["league"].slug
    assert ids(f"league={lg}") == {world[n].pk for n in ("final", "second", "live")}
    assert ids("game=quick-cricket") == {world["cricket"].pk}
    assert ids(f"league={lg}&status=live") == {world["live"].pk}
    assert ids(f"league={lg}&status=final") == {world["final"].pk, world["second"].pk}
    team = world["teams"][2].slug  # in the second game and the live one
    assert ids(f"league={lg}&team={team}") == {world["second"].pk, world["live"].pk}
    assert ids(f"league={lg}&season={world['season'].slug}&team={team}&status=final") == {
        world["second"].pk
    }
    assert ids("date_to=2000-01-01") == set()
    assert len(ids("date_from=2000-01-01")) == 4


def test_the_fixture_list_filters_by_status_and_team(api_client, world):
    def fixtures(query: str = "") -> list[dict]:
        return api_client.get(_season_url(world, f"/fixtures?{query}")).json()["items"]

    every = fixtures()
    assert len(every) == 4
    assert {f["status"] for f in every} == {"final", "live", "scheduled"}
    assert [f["id"] for f in fixtures("status=scheduled")] == [world["spare"].pk]
    assert [f["game"] for f in fixtures("status=live")] == [world["live"].pk]
    assert len(fixtures(f"team={world['teams'][1].slug}")) == 2


@pytest.mark.parametrize(
    "query, parameter",
    [
        ("page=0", "page"),
        ("page_size=500", "page_size"),
        ("date_from=yesterday", "date_from"),
        ("status=maybe", "status"),
        ("league=no-such-league", "league"),
        ("season=2026", "season"),  # a season needs its league
        ("league=quick-baseball-league&team=nobody", "team"),
        ("game=chess", "game"),
        ("date_from=2026-02-01&date_to=2026-01-01", "date_to"),
    ],
)
def test_a_bad_parameter_is_a_json_400_naming_it(api_client, world, query, parameter):
    response = api_client.get(f"{API}/games?{query}")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert parameter in body["detail"]
    assert [e["parameter"] for e in body["errors"]] == [parameter]


@pytest.mark.parametrize(
    "url, words",
    [
        (f"{API}/games/999999", "no game 999999"),
        (f"{API}/leagues/nope", "no league 'nope'"),
        (f"{API}/leagues/quick-baseball-league/seasons/1999", "no season '1999'"),
        (f"{API}/leagues/quick-baseball-league/teams/nobody", "no team 'nobody'"),
        (f"{API}/leagues/nope/seasons/2026/standings", "no league 'nope'"),
        (f"{API}/no/such/thing", "There is no /api/v1/no/such/thing"),
    ],
)
def test_what_does_not_exist_is_a_json_404(api_client, world, url, words):
    response = api_client.get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert words in response.json()["detail"]


def test_the_api_is_read_only(api_client, world):
    game = world["final"]
    for url in (f"{API}/games/{game.pk}", f"{API}/leagues", f"{API}/openapi.json"):
        assert api_client.post(url).status_code in (403, 405)
        assert api_client.delete(url).status_code in (403, 405)
    assert Game.objects.filter(pk=game.pk).exists()


# Revalidation


def test_an_unchanged_game_is_a_304_until_a_play_changes_it(api_client, world, scorer):
    game = world["live"]
    url = f"{API}/games/{game.pk}"
    first = api_client.get(url)
    tag, modified = first["ETag"], first["Last-Modified"]
    again = api_client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == tag
    assert api_client.get(url, headers={"If-Modified-Since": modified}).status_code == 304
    _play_one(game, scorer)
    changed = api_client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed["ETag"] != tag and changed.json()["plays"] == 2


def test_last_modified_is_when_a_version_was_first_served(api_client, world, scorer, monkeypatch):
    game = world["live"]
    url = f"{API}/games/{game.pk}/plays"
    clock = [1_800_000_000.0]
    monkeypatch.setattr(revalidation.time, "time", lambda: clock[0])
    first = api_client.get(url)
    since = first["Last-Modified"]
    clock[0] += 60
    assert api_client.get(url, headers={"If-Modified-Since": since}).status_code == 304
    assert api_client.get(url)["Last-Modified"] == since  # the same version: the same date
    _play_one(game, scorer)
    newer = api_client.get(url, headers={"If-Modified-Since": since})
    assert newer.status_code == 200 and newer["Last-Modified"] != since


def test_standings_revalidate_and_change_with_a_result(api_client, world, scorer):
    url = _season_url(world, "/standings")
    tag = api_client.get(url)["ETag"]
    assert api_client.get(url, headers={"If-None-Match": tag}).status_code == 304
    play_out(world["live"], scorer, seed=4)
    changed = api_client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.json()["games_counted"] == 3


def test_a_kept_game_answer_costs_one_query(api_client, world, settings, django_assert_num_queries):
    # The rate limit's count aside: without CACHE_URL it is a few statements on its own table
    # (scorekeeper/limits_cache.py), else one Redis command.
    settings.RATELIMIT_ENABLE = False
    url = f"{API}/games/{world['final'].pk}"
    body = api_client.get(url).content
    with django_assert_num_queries(1):
        again = api_client.get(url)
    assert again.content == body


# CORS, the rate limit, the docs


def test_cors_is_open_for_get_on_the_api_only(api_client, world):
    origin = {"Origin": "https://club.example"}
    answer = api_client.get(f"{API}/leagues", headers=origin)
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in answer["Access-Control-Expose-Headers"]
    preflight = api_client.options(
        f"{API}/games",
        headers={
            **origin,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "if-none-match",
        },
    )
    assert preflight.status_code == 200
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]
    assert "if-none-match" in preflight["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Credentials" not in answer
    page = api_client.get("/leagues/", headers=origin)
    assert "Access-Control-Allow-Origin" not in page


def test_each_client_is_rate_limited_with_a_json_429(world, settings):
    settings.API_RATE = "3/m"
    one, other = Client(REMOTE_ADDR="10.0.0.1"), Client(REMOTE_ADDR="10.0.0.2")
    for _ in range(3):
        assert one.get(f"{API}/leagues").status_code == 200
    refused = one.get(f"{API}/games/{world['final'].pk}")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert "Too many requests" in refused.json()["detail"]
    assert other.get(f"{API}/leagues").status_code == 200


def test_the_documentation_page_comes_from_this_site(api_client):
    page = api_client.get(f"{API}/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower() and "https://" not in html
    for name in ("ninja/swagger-ui-bundle.js", "ninja/swagger-ui-init.js", "ninja/swagger-ui.css"):
        assert finders.find(name), name
    index = api_client.get(f"{API}/").json()
    assert index["docs"] == f"{API}/docs/" and index["openapi"] == f"{API}/openapi.json"
