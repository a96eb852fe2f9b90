"""Generated garbage against every endpoint that takes input: never a 500, the log unchanged
when the request is refused, a clear message, and afterwards every game's stored log still
replays to its stored summary (``assert_every_log_replays``)."""

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.engines import all_engines
from games.kinds.records import replay_game
from games.leagues import services as league_services
from games.leagues.forms import LeagueForm
from games.models import Fixture, Game, GameReopening, League, PlayCorrection, Team
from games.scoring import corrections, services
from scorekeeper.converters import ID_MAX
from tests.leagues.conftest import make_league, play_fixture, play_out

from .conftest import assert_every_log_replays, log_snapshot, play_some

pytestmark = pytest.mark.django_db

GARBAGE_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Field names the screens and forms read, plus some nobody reads.
FIELDS = [
    "expected", "after", "play", "cards", "bat", "big_hit", "bobble", "declare", "die",
    "extend_pitcher", "extend_runners", "field", "field_had_suit", "fielder", "no_ball",
    "pitcher_number", "rain", "refresh", "review", "swap", "answered", "kind", "visitors",
    "home", "option_innings", "option_overs", "username", "password", "password1",
    "password2", "name", "slug", "starts_on", "away", "scheduled_on", "rounds",
    "first_date", "days_between", "reason", "team", "season", "page", "q", "status",
    "format", "extra", "__proto__", "id",
]  # fmt: skip

scalars = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=10).map(lambda s: s * 500),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "1",
            "1e309",
            "NaN",
            "null",
            "true",
            "[]",
            "{}",
            "AS",
            "14Z",
            "🂡",
            '{"cards": ["ZZ"]}',
            '{"play": 1}',
            "\u202e",
            "2026-02-30",
            "9" * 400,
        ]
    ),  # fmt: skip
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3).map(json.dumps),
)
# NUL characters are refused by PostgreSQL text columns; they are tested on their own.
scalars = scalars.filter(lambda s: "\x00" not in s)
form_data = st.dictionaries(
    st.one_of(st.sampled_from(FIELDS), st.text(min_size=1, max_size=12)),
    st.one_of(scalars, st.lists(scalars, max_size=4)),
    max_size=8,
)


def _post(client: Client, url: str, data: dict, htmx: bool):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url, data, headers=headers)


def _assert_refused_cleanly(response, before) -> None:
    assert response.status_code < 500
    if response.status_code >= 400:
        assert log_snapshot() == before
        body = response.content.decode()
        assert "Traceback" not in body


@GARBAGE_SETTINGS
@given(data=form_data, which=st.integers(min_value=0, max_value=20), htmx=st.booleans())
def test_play_and_undo_posts_never_crash(client, scorer, games, data, which, htmx) -> None:
    client.force_login(scorer)
    game = games[which % len(games)]
    for url in (f"/games/{game.pk}/plays/", f"/games/{game.pk}/undo/"):
        before = log_snapshot()
        response = _post(client, url, data, htmx)
        _assert_refused_cleanly(response, before)
        if response.status_code in (400, 409, 422):
            assert 'role="alert"' in response.content.decode() or b"error" in response.content
    assert_every_log_replays()


@pytest.mark.parametrize(
    "fields",
    [
        {"play": '{"cards": ["ZZ"]}'},
        {"cards": "99X"},
        {"play": "not json"},
        {"play": "[1, 2]"},
        {"play": json.dumps({"x": "y" * 100_000})},
        {"play": "[" * 5000 + "]" * 5000},
        {"play": '{"a": ' * 5000 + "1" + "}" * 5000},
    ],
)
def test_unknown_cards_are_refused_with_a_message(client, scorer, games, fields) -> None:
    client.force_login(scorer)
    for game in games:
        before = log_snapshot()
        response = client.post(f"/games/{game.pk}/plays/", {"expected": 1, "after": 0, **fields})
        assert response.status_code in (400, 422), (game.kind, fields, response.status_code)
        assert log_snapshot() == before


def test_missing_and_huge_positions_are_refused(client, scorer, games) -> None:
    client.force_login(scorer)
    game = games[0]
    for position in ({}, {"expected": "x"}, {"expected": -3}, {"expected": 10**40}):
        before = log_snapshot()
        response = client.post(f"/games/{game.pk}/plays/", {"play": "{}", **position})
        assert response.status_code in (400, 409, 422)
        assert log_snapshot() == before


def test_plays_for_a_finished_game_are_refused(client, scorer) -> None:
    game = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["A", "B"], user=scorer
    )
    play_out(game, scorer)
    client.force_login(scorer)
    before = log_snapshot()
    n = game.plays.count()
    response = client.post(
        f"/games/{game.pk}/plays/", {"expected": n + 1, "play": json.dumps({"swing": 1})}
    )
    assert response.status_code in (409, 422)
    assert log_snapshot() == before


def test_nul_characters_never_crash(client, scorer, games) -> None:
    client.force_login(scorer)
    for url in (f"/games/{games[0].pk}/plays/", "/games/new/", "/accounts/signup/"):
        response = client.post(url, {"expected": "1\x00", "visitors": "a\x00b", "cards": "\x00"})
        assert response.status_code < 500


@GARBAGE_SETTINGS
@given(data=form_data, htmx=st.booleans())
def test_new_game_and_scorer_add_never_crash(client, scorer, games, data, htmx) -> None:
    client.force_login(scorer)
    response = _post(client, "/games/new/", data, htmx)
    assert response.status_code < 500
    before = log_snapshot()
    response = _post(client, f"/games/{games[0].pk}/scorers/", data, htmx)
    _assert_refused_cleanly(response, before)
    assert_every_log_replays()


@GARBAGE_SETTINGS
@given(data=form_data)
def test_sign_up_and_log_in_never_crash(data) -> None:
    from django.core.cache import caches

    def forget_the_limits() -> None:
        for alias in ("default", "limits"):
            caches[alias].clear()

    forget_the_limits()
    client = Client()
    try:
        for url in ("/accounts/signup/", "/accounts/login/"):
            response = client.post(url, data)
            assert response.status_code in (200, 302), (url, response.status_code)
    finally:
        forget_the_limits()  # the failures counted for 127.0.0.1 must not lock out other tests


@GARBAGE_SETTINGS
@given(data=form_data, target=st.integers(min_value=0, max_value=30))
def test_league_manage_forms_never_crash(client, organiser, league, data, target) -> None:
    from django.urls import reverse

    lg, season, teams = league
    client.force_login(organiser)
    urls = [
        reverse("games:manage-leagues"),
        reverse("games:manage-league-edit", args=[lg.slug]),
        reverse("games:manage-season-add", args=[lg.slug]),
        reverse("games:manage-fixture-add", args=[lg.slug, season.slug]),
        reverse("games:manage-round-robin", args=[lg.slug, season.slug]),
        reverse("games:manage-team-add", args=[lg.slug]),
        reverse("games:manage-team-edit", args=[lg.slug, teams[1].slug]),
        reverse("games:manage-organiser-add", args=[lg.slug]),
        reverse("games:manage-fixture-start", args=[lg.slug, season.slug, 10**12]),
        reverse("games:manage-game-void", args=[lg.slug, 10**12]),
    ]
    response = client.post(urls[target % len(urls)], data)
    assert response.status_code < 500
    assert response.status_code in (200, 302, 400, 403, 404, 405, 409, 422)


@GARBAGE_SETTINGS
@given(params=form_data)
def test_read_pages_with_garbage_query_params_never_crash(client, league, params) -> None:
    lg, season, _ = league
    query = {k: (v if isinstance(v, str) else v[:1] or "") for k, v in params.items()}
    for url in (
        "/",
        "/archive/",
        "/leagues/",
        f"/leagues/{lg.slug}/",
        f"/leagues/{lg.slug}/{season.slug}/",
        f"/leagues/{lg.slug}/{season.slug}/standings/",
        f"/leagues/{lg.slug}/{season.slug}/standings.csv",
        f"/leagues/{lg.slug}/{season.slug}/stats.csv",
        f"/leagues/{lg.slug}/{season.slug}/stats/",
        f"/leagues/{lg.slug}/stats/",
        f"/leagues/{lg.slug}/stats.csv",
        f"/leagues/{lg.slug}/{season.slug}/records/",
    ):
        response = client.get(url, query)
        assert response.status_code in (200, 400, 404), (url, query, response.status_code)


# Corrections, reopening, and the organisers' writes on a league's objects


@pytest.fixture
def scene(django_user_model, scorer, stranger, organiser, league, games) -> dict:
    """This league with a game in progress, a final game, a final game reopened for correction,
    fixtures not started and a team on no fixture; a friendly of every kind with some plays;
    staff; and another league with its own organiser."""
    lg, season, teams = league
    staff = django_user_model.objects.create_user("staff", is_staff=True)
    other_organiser = django_user_model.objects.create_user("other_organiser")
    other_league, _, _ = make_league("quick-tennis", teams=("Hornets", "Wasps"))
    other_league.organisers.add(other_organiser)
    spare_team = Team.objects.create(league=lg, name="Spare", slug="spare")
    fixture = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    live = play_some(league_services.fixture_start(fixture=fixture, user=scorer), scorer, 8)
    final = play_fixture(season, teams[1], teams[0], scorer, seed=2)
    reopened = play_fixture(season, teams[0], teams[1], scorer, seed=3)
    corrections.game_reopen(game=reopened, user=organiser)
    unstarted = [
        Fixture.objects.create(season=season, away=teams[i], home=teams[1 - i]) for i in (0, 1)
    ]
    friendlies = [play_some(game, scorer, 6, seed=i) for i, game in enumerate(games)]
    assert final.is_final and reopened.is_final and not live.is_final
    return {
        "league": lg,
        "season": season,
        "other_league": other_league,
        "games": [live, final, reopened, *friendlies],
        "fixtures": [fixture, final.fixture, reopened.fixture, *unstarted],
        "teams": [*teams, spare_team],
        "users": {
            "anonymous": None,
            "scorer": scorer,
            "organiser": organiser,
            "stranger": stranger,
            "staff": staff,
            "other_organiser": other_organiser,
        },
    }


def _as(client: Client, user) -> Client:
    client.logout()
    if user is not None:
        client.force_login(user)
    return client


def _this_league(league) -> tuple:
    """What only the league's organisers may change: to compare before and after."""
    league = League.objects.get(pk=league.pk)
    return (
        sorted(league.organisers.values_list("pk", flat=True)),
        sorted(Team.objects.filter(league=league).values_list("pk", "name")),
        sorted(Fixture.objects.filter(season__league=league).values_list("pk", "game_id")),
        sorted(Game.objects.filter(season__league=league).values_list("pk", "voided_at")),
        sorted(league.seasons.values_list("pk", "name")),
        (league.name, league.options),
    )


@GARBAGE_SETTINGS
@given(
    which=st.integers(min_value=0, max_value=50),
    # A play counted from the start, from the end (-1: the last), or none at all.
    seq=st.one_of(
        st.integers(min_value=1, max_value=40),
        st.integers(min_value=-3, max_value=-1),
        st.sampled_from([0, 10**6, 10**30]),
    ),
    deleting=st.booleans(),
    who=st.sampled_from(["scorer", "organiser", "stranger", "staff"]),
    # The form's hidden position fields: left to the garbage, as drawn, or one step behind.
    aim=st.sampled_from(["no", "yes", "yes", "stale"]),
    legal=st.one_of(st.none(), st.integers(min_value=0, max_value=10**6)),
    reason=st.one_of(st.just("Mis-tap at the table"), scalars),
    data=form_data,
    read_first=st.booleans(),
)
def test_corrections_never_crash(
    client, scene, which, seq, deleting, who, aim, legal, reason, data, read_first
) -> None:
    """Correct or delete a play with garbage, or with the form's own position fields and a
    legal play (so that some corrections are made, some are refused by the replay and some
    meet a conflict), as a scorer, an organiser, staff or a stranger."""
    game = Game.objects.get(pk=scene["games"][which % len(scene["games"])].pk)
    user = scene["users"][who]
    _as(client, user)
    plays = list(game.plays.order_by("seq"))
    seq = len(plays) + 1 + seq if seq < 0 else seq
    url = f"/games/{game.pk}/plays/{max(seq, 0)}/{'delete' if deleting else 'correct'}/"
    may = corrections.may_correct(game=game, user=user)
    # A play number past the database's integer range is no address: a 404 for anyone.
    beyond = seq > ID_MAX
    if read_first:
        response = client.get(url)
        allowed = (200 if 1 <= seq <= len(plays) else 404) if may else 403
        assert response.status_code == (404 if beyond else allowed)
    fields = dict(data)
    if aim != "no":
        behind = 1 if aim == "stale" else 0
        fields.update(
            expected=len(plays) - behind,
            after=plays[-1].pk if plays else 0,
            revision=game.corrections.count(),
            reason=reason,
        )
        if legal is not None and not deleting and 1 <= seq <= len(plays):
            state = replay_game(game).states[seq - 1]
            options = game.engine.legal_plays(state)
            fields["play"] = json.dumps(options[legal % len(options)])
    before, kept = log_snapshot(), PlayCorrection.objects.count()
    response = client.post(url, fields)
    event(f"correction answered {response.status_code}")
    if beyond:
        assert response.status_code == 404
        assert log_snapshot() == before
        return
    assert response.status_code in (302, 400, 403, 409, 422), response.status_code
    assert (response.status_code == 403) == (not may)
    if response.status_code == 302:
        assert PlayCorrection.objects.count() == kept + 1
        assert log_snapshot() != before
        assert game.plays.count() == len(plays) - deleting
    else:
        assert log_snapshot() == before
        assert PlayCorrection.objects.count() == kept
        assert "Traceback" not in response.content.decode()
    assert_every_log_replays()


@GARBAGE_SETTINGS
@given(
    which=st.integers(min_value=0, max_value=50),
    who=st.sampled_from(["anonymous", "scorer", "organiser", "stranger", "staff"]),
    action=st.sampled_from(["reopen", "close"]),
    data=form_data,
    htmx=st.booleans(),
)
def test_reopen_and_close_never_crash(client, scene, which, who, action, data, htmx) -> None:
    game = Game.objects.get(pk=scene["games"][which % len(scene["games"])].pk)
    user = scene["users"][who]
    allowed = user is not None and corrections.is_organiser(game=game, user=user)
    before, opened = log_snapshot(), list(GameReopening.objects.values_list())
    response = _post(_as(client, user), f"/games/{game.pk}/{action}/", data, htmx)
    event(f"{action} answered {response.status_code}")
    assert response.status_code == (302 if allowed else 403)
    assert log_snapshot() == before  # reopening and closing never touch the plays
    if not allowed:
        assert list(GameReopening.objects.values_list()) == opened
    open_games = GameReopening.objects.filter(closed_at__isnull=True).values_list("game", flat=True)
    assert len(open_games) == len(set(open_games))  # one open reopening per game at most
    assert_every_log_replays()


slugs = st.one_of(st.from_regex(r"[-a-zA-Z0-9_]{1,12}", fullmatch=True), st.just("2026"))


@GARBAGE_SETTINGS
@given(
    action=st.sampled_from(
        [
            "fixtures/{pk}/delete",
            "fixtures/{pk}/start",
            "teams/{team}/delete",
            "teams/{team}",
            "organisers/{user}/remove",
            "organisers",
            "games/{game}/void",
            "games/{game}/unvoid",
        ]
    ),
    who=st.sampled_from(["anonymous", "organiser", "stranger", "staff", "other_organiser"]),
    own_league=st.booleans(),
    pick=st.integers(min_value=0, max_value=50),
    # Mostly this league's real objects (None), sometimes made-up ids and slugs.
    garbage_id=st.one_of(st.none(), st.none(), st.integers(min_value=0, max_value=10**12)),
    season=st.one_of(st.none(), st.none(), slugs),
    team=st.one_of(st.none(), st.none(), slugs),
    data=form_data,
)
def test_league_object_writes_never_crash(
    client, scene, action, who, own_league, pick, garbage_id, season, team, data
) -> None:
    """Delete, start, rename, void and unvoid this league's objects, and remove its organisers,
    with real and made-up ids, as everyone, under this league's slug or (for another league's
    organiser) their own: only this league's organisers change anything of it."""
    lg, user = scene["league"], scene["users"][who]
    slug = scene["other_league"].slug if own_league and who == "other_organiser" else lg.slug

    def real(items):
        return garbage_id if garbage_id is not None else items[pick % len(items)].pk

    users = list(scene["users"].values())[1:]
    url = f"/leagues/{slug}/manage/" + action.format(
        pk=real(scene["fixtures"]),
        game=real(scene["games"]),
        user=real(users),
        team=team or scene["teams"][pick % len(scene["teams"])].slug,
    )
    url = url.replace("/manage/fixtures/", f"/manage/seasons/{season or '2026'}/fixtures/") + "/"
    organises = user is not None and League.objects.get(slug=slug).is_organiser(user)
    before, league_before = log_snapshot(), _this_league(lg)
    response = _as(client, user).post(url, data)
    status = response.status_code
    event(f"{action} answered {status}")
    if user is None:
        assert status == 302 and response["Location"].startswith("/accounts/login/")
    elif not organises:
        assert status == 403
    else:
        # 200: a removal without ``confirm=1`` asks first (and removes nothing).
        assert status in (200, 302, 400, 404), (url, status)
    assert log_snapshot() == before  # none of these touches a play
    if not (user is not None and lg.is_organiser(user)):
        assert _this_league(lg) == league_before, url
    assert_every_log_replays()


@GARBAGE_SETTINGS
@given(
    data=form_data,
    kind=st.one_of(st.sampled_from([e.id for e in all_engines()]), st.text(max_size=12)),
    complete=st.booleans(),
    htmx=st.booleans(),
)
def test_league_creation_by_staff_never_crashes(client, scene, data, kind, complete, htmx) -> None:
    """Only staff get past the rights check of the new-league form, so only they fuzz it:
    garbage alone, or garbage over a complete form (its initial values and a name)."""
    _as(client, scene["users"]["staff"])
    fields = {}
    if complete and kind in {e.id for e in all_engines()}:
        form = LeagueForm(kind=kind)
        fields = {name: form[name].value() for name in form.fields}
        fields["name"] = f"New {kind}"
    before = log_snapshot()
    response = _post(client, "/leagues/manage/", {**fields, **data, "kind": kind}, htmx)
    event(f"new league answered {response.status_code}")
    assert response.status_code in (302, 400), response.status_code
    assert log_snapshot() == before
