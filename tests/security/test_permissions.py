"""Walk every URL pattern with GET and POST as every kind of user, against the table below.

``TABLE`` has one row per URL name: who may GET it and who may POST to it, and what the ids in
its address name. The cells say what the site SHOULD do (read from the views):

- ``public``: anyone, signed in or not.
- ``signed_in``: any signed-in user.
- ``scorer``: this game's scorers (its creator and the users the creator added).
- ``creator``: only the user who created this game (adds scorers).
- ``corrector``: this game's scorers; once the game is final, also the organisers of its league
  (games/scoring/corrections.py ``may_correct``).
- ``organiser``: this league's organisers. Staff count as organisers of every league
  (``League.is_organiser``), so every ``organiser`` cell is also open to staff.
- ``any_organiser``: staff, or an organiser of any league (``is_any_organiser``).
- ``staff``: staff only (creating leagues; the admin, where staff also need the model's
  permission, which the walk's staff user has for the games app).
- ``nobody``: the method is not allowed: 405 for everyone (a visitor may be sent to log in first,
  when the view asks for that before it looks at the method).
- ``auth``: the log-in and sign-up forms: 200 (the form again), 302 (in) or 429 (too many tries).
- ``missing``: an address that names nothing (the API's JSON 404 for any other ``/api/v1/``
  address): 404 for everyone.

Denied means: a visitor who is not signed in is sent to the log-in page, or gets 403 where the
view does not ask for a log-in first (the scoring taps, reopen, close); a signed-in user gets
403. Django's admin refuses everyone who is not staff by sending them to its own log-in page
(its log-out, to its index). Allowed means anything else but a 500 (200, 302 elsewhere, or
400/409/422 when the walk's generic form fails validation). No view hides a page from a user
on this site's own URLs with a 404: every 404 in the walk would be a failure; the one place
the site answers 404 for "not yours" is ``cross`` below.

``ids`` says what the address's ``pk`` names: ``game`` (walked twice, against a league game in
progress and a final league game), ``fixture`` (a fixture not yet started), ``cricket`` (a
Quick Cricket game, the only kind with a Cricsheet export) or ``tie`` (the final of a two-team
cup, both sides known). ``cross`` is for the organisers'
addresses that name an object inside a league: an organiser of ANOTHER league, using their own
league's slug with this league's objects, gets ``404`` (``hidden``: the lookup is scoped to the
league in the address) or a harmless ``no-op`` (302, nothing of this league changes).

Each request runs in a transaction that is rolled back (and the client's cookies restored), so
every cell sees the same world: a team deleted by one cell is there for the next.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import Permission
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.leagues import services as league_services
from games.leagues.cups import services as cups
from games.models import Fixture, Game, GameReopening, League, Team, Tie
from games.win import tables as win_tables
from tests.conftest import IMMEDIATE_TASKS
from tests.leagues.conftest import make_league, play_fixture

from .conftest import play_some

pytestmark = pytest.mark.django_db

PUBLIC, SIGNED_IN, SCORER, CREATOR, CORRECTOR = (
    "public",
    "signed_in",
    "scorer",
    "creator",
    "corrector",
)
ORGANISER, ANY_ORGANISER, STAFF, NOBODY, AUTH = (
    "organiser",
    "any_organiser",
    "staff",
    "nobody",
    "auth",
)
HIDDEN, NO_OP = "hidden", "no-op"
MISSING = "missing"  # an address that names nothing: a 404 for everyone (the API's JSON 404)


@dataclass(frozen=True)
class Row:
    get: str
    post: str
    ids: str = ""  # what ``pk`` names: "game", "fixture", "cricket" or "tie"
    cross: str = ""  # another league's organiser with this league's objects: HIDDEN or NO_OP
    admin: bool = False  # Django's admin: refuses by sending to its own log-in page


# fmt: off
TABLE: dict[str, Row] = {
    # Accounts and the site's plumbing
    "login":                          Row(PUBLIC, AUTH),
    "logout":                         Row(NOBODY, PUBLIC),
    "signup":                         Row(PUBLIC, AUTH),
    "health":                         Row(PUBLIC, NOBODY),
    "games:scoring-worker":           Row(PUBLIC, NOBODY),
    "games:manifest":                 Row(PUBLIC, NOBODY),
    # Games, scoring and a game's downloads
    "games:list":                     Row(PUBLIC, NOBODY),
    "games:new":                      Row(SIGNED_IN, SIGNED_IN),
    "games:detail":                   Row(PUBLIC, NOBODY, "game"),
    "games:overlay":                  Row(PUBLIC, NOBODY, "game"),
    "games:score":                    Row(SCORER, NOBODY, "game"),
    "games:play":                     Row(NOBODY, SCORER, "game"),
    "games:undo":                     Row(NOBODY, SCORER, "game"),
    "games:plays-older":              Row(PUBLIC, NOBODY, "game"),
    "games:play-completions":         Row(SCORER, NOBODY, "game"),
    "games:record":                   Row(PUBLIC, NOBODY, "game"),
    "games:scorer-add":               Row(NOBODY, CREATOR, "game"),
    "games:cricsheet":                Row(PUBLIC, NOBODY, "cricket"),
    "games:gamelog":                  Row(PUBLIC, NOBODY, "game"),
    "games:boxscore":                 Row(PUBLIC, NOBODY, "game"),
    "games:win-probability-csv":      Row(PUBLIC, NOBODY, "game"),
    "games:win-probability-json":     Row(PUBLIC, NOBODY, "game"),
    "games:win-probability-setting":  Row(NOBODY, SCORER, "game"),
    # Corrections
    "games:play-correct":             Row(CORRECTOR, CORRECTOR, "game"),
    "games:play-delete":              Row(CORRECTOR, CORRECTOR, "game"),
    "games:corrections":              Row(PUBLIC, NOBODY, "game"),
    "games:reopen":                   Row(NOBODY, ORGANISER, "game"),
    "games:close":                    Row(NOBODY, ORGANISER, "game"),
    # The organisers' pages
    "games:manage-leagues":           Row(ANY_ORGANISER, STAFF),
    "games:manage-league":            Row(ORGANISER, NOBODY),
    "games:manage-league-edit":       Row(NOBODY, ORGANISER),
    "games:manage-league-cards":      Row(ORGANISER, ORGANISER),
    "games:manage-season-add":        Row(NOBODY, ORGANISER),
    "games:manage-season":            Row(ORGANISER, NOBODY),
    "games:manage-fixture-add":       Row(NOBODY, ORGANISER),
    "games:manage-round-robin":       Row(NOBODY, ORGANISER),
    "games:manage-fixture-start":     Row(NOBODY, ORGANISER, "fixture", cross=HIDDEN),
    "games:manage-fixture-delete":    Row(ORGANISER, ORGANISER, "fixture", cross=HIDDEN),
    "games:manage-fixture-no-result": Row(NOBODY, ORGANISER, "fixture", cross=HIDDEN),
    "games:manage-fixture-undo-no-result": Row(NOBODY, ORGANISER, "fixture", cross=HIDDEN),
    "games:manage-fixture-schedule":  Row(NOBODY, ORGANISER, "fixture", cross=HIDDEN),
    "games:manage-team-add":          Row(NOBODY, ORGANISER),
    "games:manage-team-edit":         Row(NOBODY, ORGANISER, cross=HIDDEN),
    "games:manage-team-delete":       Row(ORGANISER, ORGANISER, cross=HIDDEN),
    "games:manage-organiser-add":     Row(NOBODY, ORGANISER),
    "games:manage-organiser-remove":  Row(ORGANISER, ORGANISER, cross=NO_OP),
    "games:manage-game-void":         Row(NOBODY, ORGANISER, "game", cross=HIDDEN),
    "games:manage-game-unvoid":       Row(NOBODY, ORGANISER, "game", cross=HIDDEN),
    "games:manage-cup-add":           Row(NOBODY, ORGANISER),
    "games:manage-playoffs-add":      Row(NOBODY, ORGANISER),
    "games:manage-groups-add":        Row(NOBODY, ORGANISER),
    "games:manage-competition":       Row(ORGANISER, NOBODY),
    "games:manage-tie-walkover":      Row(NOBODY, ORGANISER, "tie", cross=HIDDEN),
    "games:manage-tie-walkover-undo": Row(NOBODY, ORGANISER, "tie", cross=HIDDEN),
    # Public league pages, standings, stats and the archive
    "games:leagues":                  Row(PUBLIC, NOBODY),
    "games:league":                   Row(PUBLIC, NOBODY),
    "games:league-calendar":          Row(PUBLIC, NOBODY),
    "games:team":                     Row(PUBLIC, NOBODY),
    "games:team-calendar":            Row(PUBLIC, NOBODY),
    "games:season":                   Row(PUBLIC, NOBODY),
    "games:season-data-pack":         Row(PUBLIC, NOBODY),
    "games:bracket":                  Row(PUBLIC, NOBODY),
    "games:bracket-json":             Row(PUBLIC, NOBODY),
    "games:bracket-csv":              Row(PUBLIC, NOBODY),
    "games:archive":                  Row(PUBLIC, NOBODY),
    "games:standings":                Row(PUBLIC, NOBODY),
    "games:standings-csv":            Row(PUBLIC, NOBODY),
    "games:standings-json":           Row(PUBLIC, NOBODY),
    "games:league-stats":             Row(PUBLIC, NOBODY),
    "games:league-stats-csv":         Row(PUBLIC, NOBODY),
    "games:season-stats":             Row(PUBLIC, NOBODY),
    "games:season-stats-csv":         Row(PUBLIC, NOBODY),
    "games:records":                  Row(PUBLIC, NOBODY),
    # The open-data API: read-only, public, what the pages above show
    "api-index":                      Row(PUBLIC, NOBODY),
    "api-not-found":                  Row(MISSING, NOBODY),
    "api:api-root":                   Row(PUBLIC, NOBODY),
    "api:openapi-json":               Row(PUBLIC, NOBODY),
    "api:openapi-view":               Row(PUBLIC, NOBODY),
    "api:league_list":                Row(PUBLIC, NOBODY),
    "api:league_detail":              Row(PUBLIC, NOBODY),
    "api:season_list":                Row(PUBLIC, NOBODY),
    "api:season_detail":              Row(PUBLIC, NOBODY),
    "api:team_list":                  Row(PUBLIC, NOBODY),
    "api:team_detail":                Row(PUBLIC, NOBODY),
    "api:fixture_list":               Row(PUBLIC, NOBODY),
    "api:season_standings":           Row(PUBLIC, NOBODY),
    "api:season_stats":               Row(PUBLIC, NOBODY),
    "api:league_stats":               Row(PUBLIC, NOBODY),
    "api:competition_detail":         Row(PUBLIC, NOBODY),
    "api:game_list":                  Row(PUBLIC, NOBODY),
    "api:game_detail":                Row(PUBLIC, NOBODY, "game"),
    "api:game_record_detail":         Row(PUBLIC, NOBODY, "game"),
    "api:play_list":                  Row(PUBLIC, NOBODY, "game"),
    "api:win_probability":            Row(PUBLIC, NOBODY, "game"),
    # Django's admin (its other addresses are Django's own; see ADMIN_STANDARD)
    "admin:index":                    Row(STAFF, STAFF, admin=True),
    "admin:login":                    Row(PUBLIC, AUTH, admin=True),
    "admin:logout":                   Row(NOBODY, STAFF, admin=True),
    "admin:games_cardcatalogue_changelist": Row(STAFF, STAFF, admin=True),
    "admin:games_game_changelist":    Row(STAFF, STAFF, admin=True),
    "admin:games_game_change":        Row(STAFF, STAFF, "game", admin=True),
}
# fmt: on

# The roles the walk checks, and the owners that show the "allowed" cells are reachable.
STRANGERS = ("anonymous", "signed_in", "other_scorer", "other_organiser", "staff")
OWNERS = ("scorer", "co_scorer", "organiser")

ALLOWED: dict[str, frozenset[str]] = {
    PUBLIC: frozenset(STRANGERS + OWNERS),
    AUTH: frozenset(STRANGERS + OWNERS),
    SIGNED_IN: frozenset(STRANGERS + OWNERS) - {"anonymous"},
    SCORER: frozenset({"scorer", "co_scorer"}),
    CREATOR: frozenset({"scorer"}),
    CORRECTOR: frozenset({"scorer", "co_scorer"}),  # and, on a final game, ORGANISER's
    ORGANISER: frozenset({"organiser", "staff"}),
    ANY_ORGANISER: frozenset({"organiser", "other_organiser", "staff"}),
    STAFF: frozenset({"staff"}),
    NOBODY: frozenset(),
    MISSING: frozenset(),
}

# Django's own admin addresses (and each registered model's), exempt from needing a row; a
# custom admin view (a ModelAdmin.get_urls) is not and needs one.
ADMIN_STANDARD = re.compile(
    r"admin:(None|index|login|logout|password_change|password_change_done|autocomplete|jsi18n"
    r"|view_on_site|app_list|\w+_(changelist|add|history|delete|change|password_change))$"
)
# What the walk posts: enough for the forms to get past their first field, never a password.
POST_BODY = {"expected": 1, "after": 0, "name": "x", "username": "stranger", "reason": "walk"}


def _patterns(resolver: URLResolver | None = None, prefix: str = "", ns: str = "") -> list:
    """(name, route, pattern) of every URL pattern, Django's admin included."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner_ns = f"{ns}{entry.namespace}:" if entry.namespace else ns
            found += _patterns(entry, prefix + str(entry.pattern), inner_ns)
        elif isinstance(entry, URLPattern):
            found.append((f"{ns}{entry.name}", prefix + str(entry.pattern), entry.pattern))
    return found


def _walked() -> list[tuple[str, str]]:
    """(name, route) of every pattern in the table."""
    return [(name, route) for name, route, _ in _patterns() if name in TABLE]


def _url(route: str, values: dict) -> str:
    def value(match: re.Match) -> str:
        return str(values[match.group(1)])

    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", value, route)


def test_every_url_pattern_has_a_row() -> None:
    patterns = _patterns()
    names = [name for name, _, _ in patterns]
    own = [n for n in names if not n.startswith("admin:")]
    assert len(own) == len(set(own)), "two URL patterns share a name"
    assert not [n for n in own if n.endswith("None")], "a URL pattern has no name"
    missing = [n for n in names if n not in TABLE and not ADMIN_STANDARD.match(n)]
    assert not missing, f"URL patterns without a row in TABLE: {missing}"
    stale = sorted(set(TABLE) - set(names))
    assert not stale, f"rows in TABLE for no URL pattern: {stale}"
    for name, route, _ in patterns:
        if name not in TABLE:
            continue
        row = TABLE[name]
        assert ("<id:pk>" in route or "<path:object_id>" in route) == bool(row.ids), name
        in_league = name.startswith("games:manage-") and any(
            f"<{kind}>" in route for kind in ("id:pk", "slug:team", "id:user_id")
        )
        assert in_league == bool(row.cross), f"{name}: say what another league's organiser gets"


# The world the walk runs in


@pytest.fixture(autouse=True)
def _season_packs_built_when_asked(settings, monkeypatch) -> None:
    """A season pack's download asks the task queue for the pack; here it is built at once, so
    the walk sees the pack (the queue itself is tested in tests/web/test_season_pack.py). No
    win-probability table is asked for: its build would run at once too."""
    from games.archive import jobs

    monkeypatch.setattr(jobs, "want_table", lambda kind, options: False)
    settings.TASKS = IMMEDIATE_TASKS


@pytest.fixture
def users(django_user_model, scorer, stranger, organiser) -> dict:
    made = {
        name: django_user_model.objects.create_user(name)  # no password: force_login only
        for name in ("co_scorer", "other_scorer", "other_organiser")
    }
    staff = django_user_model.objects.create_user("staff", is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="games"))
    return {
        "anonymous": None,
        "signed_in": stranger,
        "staff": staff,
        "scorer": scorer,
        "organiser": organiser,
        **made,
    }


@pytest.fixture
def world(users, league, games) -> dict:
    """This league (its organiser), a game in progress and a final game in it (made by
    ``scorer``, with ``co_scorer`` added), another fixture's game scored by ``other_scorer``, a
    fixture not started, a Quick Cricket game, and another league run by ``other_organiser``."""
    lg, season, teams = league
    scorer = users["scorer"]
    fixture = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    live = league_services.fixture_start(fixture=fixture, user=scorer)
    play_some(live, scorer, 3)
    final = play_fixture(season, teams[1], teams[0], scorer, seed=1)
    for game in (live, final):
        game.scorers.add(users["co_scorer"])
        game.refresh_from_db()
    assert final.is_final and not live.is_final
    other = Fixture.objects.create(season=season, away=teams[1], home=teams[0])
    league_services.fixture_start(fixture=other, user=users["other_scorer"])
    spare = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    cup = cups.cup_create(season=season, user=users["organiser"], name="Cup", teams=teams)
    other_league, _, _ = make_league("quick-tennis", teams=("Hornets", "Wasps"))
    other_league.organisers.add(users["other_organiser"])
    cricket = next(g for g in games if g.kind == "quick-cricket")
    play_some(cricket, scorer, 2)
    # Small win-probability tables, so that the games' win-probability downloads answer (with
    # no table they say why, with a 404).
    for game in (live, final):
        name = win_tables.name_for(game.kind, game.options)
        win_tables.build_and_store(name, games=20)
    values = {
        "league": lg.slug,
        "league_slug": lg.slug,
        "season": season.slug,
        "season_slug": season.slug,
        "team": teams[1].slug,
        "user_id": users["organiser"].pk,
        "seq": 1,
        "competition": cup.slug,
        "rest": "no-such-thing",
    }
    return {
        "values": values,
        "live": live,
        "final": final,
        "fixture": spare,
        "cricket": cricket,
        "tie": cup.ties.get(),
        "friendly": games[0],
        "other_league": other_league,
        "league": lg,
    }


def _subjects(row: Row, world: dict) -> list[tuple[str, Game | Fixture | Tie | None]]:
    if row.ids == "game":
        return [("live", world["live"]), ("final", world["final"])]
    if row.ids:
        return [(row.ids, world[row.ids])]
    return [("", None)]


def _address(route: str, world: dict, subject) -> str:
    values = dict(world["values"])
    if subject is not None:
        values["pk"] = values["object_id"] = subject.pk
    return _url(route, values)


def _clients(users: dict, roles) -> dict[str, Client]:
    clients = {}
    for role in roles:
        clients[role] = Client(raise_request_exception=False)
        if users[role] is not None:
            clients[role].force_login(users[role])
    return clients


def _ask(client: Client, method: str, url: str):
    """One request whose writes are rolled back, the client's session as it was before."""
    cookies = copy.deepcopy(client.cookies)
    with transaction.atomic():
        if method == "get":
            response = client.get(url)
        else:
            response = client.post(url, POST_BODY)
        transaction.set_rollback(True)
    client.cookies = cookies
    return response


def _to(response, prefix: str) -> bool:
    return response.status_code == 302 and response["Location"].startswith(prefix)


def _login_redirect(response) -> bool:
    return _to(response, "/accounts/login/")


def _denied(response, role: str, row: Row) -> bool:
    if row.admin:
        return _to(response, "/admin/login/") or (
            _to(response, "/admin/") and response.request["PATH_INFO"] == "/admin/logout/"
        )
    if role == "anonymous":
        return _login_redirect(response) or response.status_code == 403
    return response.status_code == 403


def _may(cell: str, role: str, subject: str) -> bool:
    if cell == CORRECTOR and subject == "final":
        return role in ALLOWED[SCORER] | ALLOWED[ORGANISER]
    return role in ALLOWED[cell]


def _wrong(row: Row, cell: str, role: str, subject: str, response) -> str:
    """What is wrong with ``response`` for this cell of the table ('' when it is right)."""
    status = response.status_code
    if status >= 500:
        return f"{status}"
    if cell == NOBODY:
        return "" if status == 405 or _denied(response, role, row) else f"{status}, not 405"
    if cell == AUTH:
        return "" if status in (200, 302, 429) else f"{status}"
    if cell == MISSING:
        return "" if status == 404 else f"{status}, not 404"
    if _may(cell, role, subject):
        if _denied(response, role, row) or _login_redirect(response) or status in (403, 404, 405):
            return f"refused with {status} {response.get('Location', '')}"
        return ""
    if not _denied(response, role, row):
        return f"let in with {status} {response.get('Location', '')}"
    return ""


def _walk(world: dict, clients: dict[str, Client]) -> tuple[list[str], dict]:
    wrong, reached = [], {}
    for name, route in _walked():
        row = TABLE[name]
        for subject_name, subject in _subjects(row, world):
            url = _address(route, world, subject)
            for method, cell in (("get", row.get), ("post", row.post)):
                for role, client in clients.items():
                    response = _ask(client, method, url)
                    problem = _wrong(row, cell, role, subject_name, response)
                    if problem:
                        wrong.append(f"{method.upper()} {name} {url} as {role}: {problem}")
                    elif cell != NOBODY and _may(cell, role, subject_name):
                        reached.setdefault((name, method), set()).add(role)
    return wrong, reached


def _assert_reached(reached: dict, roles) -> None:
    """Every cell that allows one of ``roles`` was answered as allowed to one of them."""
    for name, row in TABLE.items():
        for method, cell in (("get", row.get), ("post", row.post)):
            if cell == NOBODY or not any(_may(cell, r, "final") for r in roles):
                continue
            assert (name, method) in reached, f"no {roles} reached {method.upper()} {name}"


def _assert_writes_refuse_anonymous_and_strangers(world: dict, clients: dict) -> None:
    """(The first version's check, kept.) Every POST but log-in, sign-up, log-out and a new
    game refuses a visitor and a plain signed-in user."""
    checked = 0
    for name, route in _walked():
        row = TABLE[name]
        if row.post in (PUBLIC, AUTH):
            continue
        for _, subject in _subjects(row, world):
            url = _address(route, world, subject)
            response = _ask(clients["anonymous"], "post", url)
            assert _denied(response, "anonymous", row) or response.status_code == 405, (name, url)
            if row.post == SIGNED_IN:
                continue
            response = _ask(clients["signed_in"], "post", url)
            status = response.status_code
            assert _denied(response, "signed_in", row) or status == 405, (name, url, status)
            checked += 1
    assert checked > 20


def _assert_the_right_user_may_write(world: dict, clients: dict) -> None:
    """(The first version's check, kept.) The scorer writes to the game, the organiser to
    the league."""
    for name, route in _walked():
        row = TABLE[name]
        owner = {SCORER: "scorer", CREATOR: "scorer", ORGANISER: "organiser"}.get(row.post)
        if owner is None:
            continue
        for _, subject in _subjects(row, world):
            url = _address(route, world, subject)
            response = _ask(clients[owner], "post", url)
            assert response.status_code not in (403, 404, 405, 500), (name, url)


def test_the_walk_as_strangers_matches_the_table(world, users) -> None:
    """Anonymous, a plain signed-in user, a scorer of another game, an organiser of another
    league and staff: each gets exactly what the table says, for every URL, GET and POST."""
    clients = _clients(users, STRANGERS)
    wrong, reached = _walk(world, clients)
    assert not wrong, "\n".join(wrong)
    _assert_reached(reached, STRANGERS)
    _assert_writes_refuse_anonymous_and_strangers(world, clients)
    assert "staff" in reached[("games:manage-game-void", "post")]  # staff run every league
    assert "staff" in reached[("games:play-correct", "post")]  # and correct final games


def test_the_walk_as_owners_reaches_every_allowed_cell(world, users) -> None:
    """The game's creator, a scorer it added and the league's organiser: the same table, and
    every cell open to one of them is reachable."""
    clients = _clients(users, OWNERS)
    wrong, reached = _walk(world, clients)
    assert not wrong, "\n".join(wrong)
    _assert_reached(reached, OWNERS)
    _assert_the_right_user_may_write(world, clients)
    assert reached[("games:play", "post")] == {"scorer", "co_scorer"}
    assert reached[("games:reopen", "post")] == {"organiser"}


def test_another_leagues_organiser_cannot_reach_this_leagues_objects(world, users) -> None:
    """With their own league's slug and this league's fixture, team, organiser and games in
    the address: 404 (the lookups are scoped to the league in the address) or a no-op."""
    lg = world["league"]
    client = _clients(users, ["other_organiser"])["other_organiser"]

    def this_league() -> tuple:
        return (
            sorted(lg.organisers.values_list("pk", flat=True)),
            sorted(Team.objects.filter(league=lg).values_list("pk", "name")),
            sorted(
                Fixture.objects.filter(season__league=lg).values_list(
                    "pk", "game_id", "outcome", "scheduled_on", "scheduled_time"
                )
            ),
            sorted(Game.objects.filter(season__league=lg).values_list("pk", "voided_at")),
            sorted(
                Tie.objects.filter(competition__season__league=lg).values_list(
                    "pk", "winner_id", "decided_by"
                )
            ),
            GameReopening.objects.count(),
        )

    before = this_league()
    values = {**world["values"], "league": world["other_league"].slug}
    checked = 0
    for name, route in _walked():
        row = TABLE[name]
        if not row.cross:
            continue
        for _, subject in _subjects(row, world):
            url = _url(route, {**values, "pk": subject.pk if subject else 0})
            response = client.post(url, POST_BODY)
            expected = 404 if row.cross == HIDDEN else 302
            assert response.status_code == expected, (name, url, response.status_code)
            checked += 1
    assert checked == 14
    assert this_league() == before
    assert League.objects.get(pk=lg.pk).is_organiser(users["organiser"])


# CSRF everywhere


def test_csrf_is_enforced_on_every_post(world, users) -> None:
    for role in ("anonymous", "scorer", "organiser", "staff"):
        client = Client(enforce_csrf_checks=True)
        if users[role]:
            client.force_login(users[role])
        for name, route in _walked():
            for _, subject in _subjects(TABLE[name], world):
                url = _address(route, world, subject)
                response = client.post(url, POST_BODY)
                assert response.status_code == 403, (name, url, response.status_code)
                assert b"CSRF" in response.content


def test_a_csrf_token_from_the_page_lets_a_scorer_write(world, users) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(users["scorer"])
    game = world["friendly"]
    page = client.get(f"/games/{game.pk}/score/")
    token = page.context["csrf_token"]
    response = client.post(
        f"/games/{game.pk}/undo/", {"expected": 1}, headers={"X-CSRFToken": str(token)}
    )
    # Past CSRF and the scorer check: the engine says there is nothing to undo.
    assert response.status_code == 422
