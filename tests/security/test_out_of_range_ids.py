"""Ids past the database's integer range (a signed 64-bit integer) in an address, a query or a
form: never a 500. Every URL pattern that takes an id is walked with such ids, as a visitor
and as staff; the pages answer 404, the open-data API its JSON 404."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls.converters import IntConverter, get_converters

from games.leagues import services as league_services
from games.leagues.cups import services as cups
from games.models import Fixture

from .conftest import play_some
from .test_permissions import _patterns

pytestmark = pytest.mark.django_db

# Far past the range, and one past the largest signed 64-bit integer.
HUGE = ("99999999999999999999999", "9223372036854775808")
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def _id_params(route: str) -> list[str]:
    """The names of the route's parameters that take an id (an integer converter)."""
    converters = get_converters()
    return [
        name
        for kind, name in PARAM.findall(route)
        if isinstance(converters.get(kind or "str"), IntConverter)
    ]


def _id_routes() -> list[tuple[str, str, list[str]]]:
    return [
        (name, route, ids)
        for name, route, _ in _patterns()
        if (ids := _id_params(route)) and not name.startswith("admin:")
    ]


def _admin_object_routes() -> list[tuple[str, str]]:
    """Django's admin's addresses with an object's id (``<path:object_id>``, and the
    content type's id in its "view on site" link)."""
    return [
        (name, route)
        for name, route, _ in _patterns()
        if name.startswith("admin:") and ("<path:object_id>" in route or _id_params(route))
    ]


def _url(route: str, values: dict) -> str:
    return "/" + PARAM.sub(lambda match: str(values[match.group(2)]), route)


@pytest.fixture
def walk(league, organiser, django_user_model) -> dict:
    """Real slugs for every other part of the addresses (so an id is what is looked up), a
    game of the league in progress, and clients: a visitor and a staff user (who runs every
    league)."""
    lg, season, teams = league
    fixture = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    game = play_some(league_services.fixture_start(fixture=fixture, user=organiser), organiser, 2)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    staff = django_user_model.objects.create_user("staff", is_staff=True, is_superuser=True)
    clients = {"anonymous": Client(raise_request_exception=False)}
    clients["staff"] = Client(raise_request_exception=False)
    clients["staff"].force_login(staff)
    values = {
        "league": lg.slug,
        "league_slug": lg.slug,
        "season": season.slug,
        "season_slug": season.slug,
        "team": teams[1].slug,
        "competition": cup.slug,
        "rest": "no-such-thing",
    }
    return {"values": values, "game": game, "clients": clients, "organiser": organiser}


def _addresses(walk: dict) -> list[tuple[str, str]]:
    """(name, address) for every pattern with an id: every id out of range; and, where the
    address names a game and more (a play of it), the game real and the rest out of range."""
    found = []
    for name, route, ids in _id_routes():
        for huge in HUGE:
            found.append((name, _url(route, {**walk["values"], **dict.fromkeys(ids, huge)})))
            if "pk" in ids and len(ids) > 1 and route.startswith("games/"):
                values = {**walk["values"], **dict.fromkeys(ids, huge), "pk": walk["game"].pk}
                found.append((name, _url(route, values)))
    return found


def test_the_walk_covers_every_id_in_an_address() -> None:
    names = {name for name, _, _ in _id_routes()}
    assert {"games:detail", "games:overlay", "games:play-correct"} <= names
    assert {"games:manage-fixture-start", "games:manage-organiser-remove"} <= names
    assert {"api:game_detail", "api:play_list", "api:win_probability"} <= names
    assert len(names) >= 30


def test_an_out_of_range_id_in_an_address_is_a_404(walk) -> None:
    wrong = []
    for name, url in _addresses(walk):
        for role, client in walk["clients"].items():
            # The API answers anything but GET with its 405, as for every other address.
            staff_posts = role == "staff" and not name.startswith("api:")
            for method in ("get", "post") if staff_posts else ("get",):
                response = getattr(client, method)(url)
                if response.status_code != 404:
                    wrong.append(f"{method.upper()} {name} {url} as {role}: {response.status_code}")
    assert not wrong, "\n".join(wrong)


def test_the_api_answers_its_json_404(walk) -> None:
    checked = 0
    for name, url in _addresses(walk):
        if not name.startswith("api:"):
            continue
        for client in walk["clients"].values():
            response = client.get(url)
            assert response.status_code == 404, (url, response.status_code)
            assert response["Content-Type"].startswith("application/json"), url
            assert set(response.json()) == {"detail"}, url
            checked += 1
    assert checked >= 16  # four game operations, two ids, two clients


def test_django_admin_treats_an_out_of_range_id_as_missing(walk) -> None:
    routes = _admin_object_routes()
    assert any(name == "admin:games_game_change" for name, _ in routes)
    for name, route in routes:
        for huge in HUGE:
            url = _url(route, {"object_id": huge, "content_type_id": huge})
            for client in walk["clients"].values():
                status = client.get(url).status_code
                assert status in (302, 403, 404), (name, url, status)


def test_api_queries_with_out_of_range_numbers_are_refused_or_empty(walk, league) -> None:
    lg, season, _ = league
    client = walk["clients"]["anonymous"]
    game = walk["game"].pk
    base = f"/api/v1/leagues/{lg.slug}/seasons/{season.slug}"
    for huge in HUGE:
        for url in (
            f"/api/v1/games?page={huge}",
            f"/api/v1/leagues?page={huge}",
            f"{base}/fixtures?page={huge}",
            f"/api/v1/games/{game}/plays?page={huge}",
        ):
            response = client.get(url)
            assert response.status_code == 404, (url, response.status_code)
            assert "detail" in response.json()
        for parameter in ("page_size", "game", "league"):
            response = client.get(f"/api/v1/games?{parameter}={huge}")
            assert response.status_code == 400, (parameter, response.status_code)
            assert parameter in response.json()["detail"]
        for parameter in ("team", "competition"):
            response = client.get(f"{base}/fixtures?{parameter}={huge}")
            assert response.status_code in (200, 400), (parameter, response.status_code)
            if response.status_code == 200:
                assert response.json()["items"] == []
            else:
                assert parameter in response.json()["detail"]


def test_page_queries_with_out_of_range_numbers_are_not_errors(walk) -> None:
    game = walk["game"].pk
    client = walk["clients"]["anonymous"]
    for huge in HUGE:
        assert client.get(f"/games/{game}/plays/older/?before={huge}").status_code == 404
        assert client.get(f"/games/{game}/?seen={huge}").status_code == 200
        assert client.get(f"/?page={huge}").status_code == 200  # the last page, as Django's
        assert client.get(f"/archive/?page={huge}").status_code == 200


def test_out_of_range_numbers_in_forms_are_refused(walk, league) -> None:
    """The scoring taps' positions, a correction's and the organisers' forms' ids and numbers:
    a conflict (409, the position the screen saw is not the log's) or the form again with its
    error (400), never a 500."""
    lg, season, teams = league
    game = walk["game"]
    organiser = Client(raise_request_exception=False)
    organiser.force_login(walk["organiser"])
    manage = f"/leagues/{lg.slug}/manage"
    fixture = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    tie = cups.cup_create(season=season, user=walk["organiser"], name="Two", teams=teams)
    tie = tie.ties.get()
    for huge in HUGE:
        posts = [
            (f"/games/{game.pk}/plays/", {"expected": huge, "play": '{"pitch": "B"}'}, 409),
            (f"/games/{game.pk}/plays/", {"expected": 3, "after": huge, "play": "{}"}, 409),
            (f"/games/{game.pk}/undo/", {"expected": huge}, 409),
            (f"/games/{game.pk}/undo/", {"expected": 2, "after": huge}, 409),
            (
                f"/games/{game.pk}/plays/1/delete/",
                {"reason": "x", "expected": huge, "after": huge, "revision": huge},
                409,
            ),
            (f"{manage}/seasons/{season.slug}/fixtures/", {"away": huge, "home": huge}, 400),
            (f"{manage}/seasons/{season.slug}/round-robin/", {"rounds": huge}, 400),
            (
                f"{manage}/seasons/{season.slug}/cups/",
                {"name": "Big", "entrants": "Giants\nMets", "draw": "random", "draw_seed": huge},
                400,
            ),
            (
                f"{manage}/seasons/{season.slug}/competitions/{tie.competition.slug}"
                f"/ties/{tie.pk}/walkover/",
                {"team": huge, "reason": "x"},
                400,
            ),
            (
                f"{manage}/seasons/{season.slug}/fixtures/{fixture.pk}/schedule/",
                {"scheduled_on": huge},
                400,
            ),
        ]
        for url, data, expected in posts:
            response = organiser.post(url, data)
            status = response.status_code
            assert status == expected, (url, data, status)
            if status == 400:  # the page again, saying what is wrong
                assert re.search(rb"valid|less than or equal", response.content), url
    game.refresh_from_db()
    assert game.plays.count() == 2
