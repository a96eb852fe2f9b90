"""Walk every URL pattern: each write (POST) needs the right user, and CSRF is enforced."""

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.leagues.conftest import play_fixture

pytestmark = pytest.mark.django_db

# Anyone may post to these (log-in, sign-up, log-out); any signed-in user may start a game.
OPEN = {"login", "signup", "logout"}
SIGNED_IN = {"games:new"}
SCORER = {"games:play", "games:undo", "games:scorer-add"}
READ_ONLY = {"games:manage-league", "games:manage-season"}  # organiser pages that take no POST


def _patterns(resolver: URLResolver = None, prefix: str = "", ns: str = "") -> list:
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if str(entry.pattern).startswith("admin/"):
                continue  # Django's admin has its own staff check
            inner_ns = f"{ns}{entry.namespace}:" if entry.namespace else ns
            found += _patterns(entry, prefix + str(entry.pattern), inner_ns)
        elif isinstance(entry, URLPattern):
            found.append((f"{ns}{entry.name}", prefix + str(entry.pattern), entry.pattern))
    return found


def _url(route: str, pattern, values: dict) -> str:
    url = route
    for name in pattern.regex.groupindex:
        url = url.replace(f"<slug:{name}>", str(values.get(name, "x")))
        url = url.replace(f"<int:{name}>", str(values.get(name, 1)))
        url = url.replace(f"<str:{name}>", str(values.get(name, "x")))
        url = url.replace(f"<{name}>", str(values.get(name, "x")))
    return "/" + url


@pytest.fixture
def world(scorer, organiser, league, games):
    lg, season, teams = league
    final = play_fixture(season, teams[0], teams[1], organiser)
    return {
        "pk": games[0].pk,
        "league": lg.slug,
        "league_slug": lg.slug,
        "season": season.slug,
        "season_slug": season.slug,
        "team": teams[1].slug,
        "user_id": organiser.pk,
        "final": final,
    }


def _writes(world) -> list[tuple[str, str]]:
    urls = []
    for name, route, pattern in _patterns():
        values = dict(world)
        if name.startswith("games:manage-game") or name == "games:manage-fixture-start":
            values["pk"] = world["final"].pk if "game" in name else world["final"].fixture.pk
        urls.append((name, _url(route, pattern, values)))
    return urls


def _login_redirect(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_every_write_refuses_anonymous_and_strangers(world, stranger) -> None:
    anonymous, other = Client(), Client()
    other.force_login(stranger)
    checked = 0
    for name, url in _writes(world):
        if name in OPEN:
            continue
        response = anonymous.post(url, {"expected": 1, "name": "x", "username": "stranger"})
        assert _login_redirect(response) or response.status_code in (403, 405), (name, url)
        if name in SIGNED_IN:
            continue
        response = other.post(url, {"expected": 1, "name": "x", "username": "stranger"})
        assert response.status_code in (403, 405), (name, url, response.status_code)
        checked += 1
    assert checked > 20


def test_the_right_user_may_write(world, scorer, organiser) -> None:
    as_scorer, as_organiser = Client(), Client()
    as_scorer.force_login(scorer)
    as_organiser.force_login(organiser)
    for name, url in _writes(world):
        if name in SCORER:
            response = as_scorer.post(url, {"expected": 1, "username": "organiser"})
            assert response.status_code not in (403, 405), (name, url)
            response = as_organiser.post(url, {"expected": 1, "username": "organiser"})
        elif name.startswith("games:manage-") and name not in READ_ONLY | {"games:manage-leagues"}:
            response = as_organiser.post(url, {"name": "x"})
            assert response.status_code not in (403, 405, 500), (name, url)


def test_csrf_is_enforced_on_every_post(world, scorer, organiser) -> None:
    for user in (None, scorer, organiser):
        client = Client(enforce_csrf_checks=True)
        if user:
            client.force_login(user)
        for name, url in _writes(world):
            response = client.post(url, {"expected": 1, "name": "x"})
            assert response.status_code == 403, (name, url, response.status_code)
            assert b"CSRF" in response.content


def test_a_csrf_token_from_the_page_lets_a_scorer_write(world, scorer) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(scorer)
    page = client.get(f"/games/{world['pk']}/score/")
    token = page.context["csrf_token"]
    response = client.post(
        f"/games/{world['pk']}/undo/", {"expected": 1}, headers={"X-CSRFToken": str(token)}
    )
    # Past CSRF and the scorer check: the engine says there is nothing to undo.
    assert response.status_code == 422
