"""The organisers' pages: who may open them, and leagues, seasons, teams, fixtures and
organisers made through them."""

import pytest
from django.urls import reverse

from games.engines import catalogues
from games.models import Fixture, Game, League, Season, Team

from .conftest import make_league

pytestmark = pytest.mark.django_db

# The league tests' Quick Baseball leagues keep the first reconstruction (``make_league``).
FIRST = catalogues.reference("quick-baseball", "first-reconstruction")


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)


@pytest.fixture
def fan(django_user_model):
    return django_user_model.objects.create_user("fan", password="pw-fan-1")


def manage_urls(league, season):
    slug = league.slug
    return [
        reverse("games:manage-league", kwargs={"league": slug}),
        reverse("games:manage-season", kwargs={"league": slug, "season": season.slug}),
    ]


def post_urls(league, season, team):
    slug, s = league.slug, season.slug
    return [
        (reverse("games:manage-league-edit", kwargs={"league": slug}), {"name": "Taken"}),
        (reverse("games:manage-season-add", kwargs={"league": slug}), {"name": "2027"}),
        (reverse("games:manage-team-add", kwargs={"league": slug}), {"name": "Cubs"}),
        (
            reverse("games:manage-team-edit", kwargs={"league": slug, "team": team.slug}),
            {"name": "Renamed"},
        ),
        (reverse("games:manage-team-delete", kwargs={"league": slug, "team": team.slug}), {}),
        (reverse("games:manage-organiser-add", kwargs={"league": slug}), {"username": "fan"}),
        (
            reverse("games:manage-round-robin", kwargs={"league": slug, "season": s}),
            {"rounds": 1, "days_between": 7},
        ),
    ]


# Who may open the pages


def test_visitors_are_sent_to_log_in(client, baseball_league):
    league, season, _ = baseball_league
    for url in [reverse("games:manage-leagues"), *manage_urls(league, season)]:
        response = client.get(url)
        assert response.status_code == 302 and reverse("login") in response["Location"]


def test_fans_get_403_and_change_nothing(client, fan, baseball_league):
    league, season, teams = baseball_league
    client.force_login(fan)
    assert client.get(reverse("games:manage-leagues")).status_code == 403
    for url in manage_urls(league, season):
        assert client.get(url).status_code == 403
    for url, data in post_urls(league, season, teams[0]):
        assert client.post(url, data).status_code == 403, url
    assert league.seasons.count() == 1 and league.teams.count() == 3
    assert not league.organisers.filter(username="fan").exists()
    assert not Fixture.objects.exists()


def test_an_organiser_manages_only_their_own_leagues(client, organiser, baseball_league):
    league, season, _ = baseball_league
    other, other_season, _ = make_league("quick-cricket", teams=("Owls", "Kestrels"))
    client.force_login(organiser)
    page = client.get(reverse("games:manage-leagues"))
    assert page.status_code == 200
    assert league.name in page.content.decode() and other.name not in page.content.decode()
    for url in manage_urls(league, season):
        assert client.get(url).status_code == 200
    for url in manage_urls(other, other_season):
        assert client.get(url).status_code == 403
    add_team = reverse("games:manage-team-add", kwargs={"league": other.slug})
    assert client.post(add_team, {"name": "Sneaky"}).status_code == 403
    assert not other.teams.filter(name="Sneaky").exists()


def test_staff_manage_every_league(client, staff, baseball_league):
    league, season, _ = baseball_league
    client.force_login(staff)
    assert league.name in client.get(reverse("games:manage-leagues")).content.decode()
    for url in manage_urls(league, season):
        assert client.get(url).status_code == 200


def test_fans_read_the_public_pages_without_logging_in(client, baseball_league, organiser):
    from .conftest import play_fixture

    league, season, (giants, yankees, _) = baseball_league
    game = play_fixture(season, giants, yankees, organiser)
    for url in [
        reverse("games:league", args=[league.slug]),
        reverse("games:season", args=[league.slug, season.slug]),
        game.get_absolute_url(),
    ]:
        assert client.get(url).status_code == 200, url


def test_an_unknown_league_is_404_for_staff(client, staff):
    client.force_login(staff)
    assert client.get(reverse("games:manage-league", args=["nowhere"])).status_code == 404


# Leagues


def test_only_staff_create_leagues(client, organiser, baseball_league):
    client.force_login(organiser)
    page = client.get(reverse("games:manage-leagues")).content.decode()
    assert "Create a league" not in page
    response = client.post(
        reverse("games:manage-leagues"), {"kind": "quick-baseball", "name": "Mine"}
    )
    assert response.status_code == 403
    assert not League.objects.filter(name="Mine").exists()


def test_staff_create_a_cricket_league_with_its_options_and_points(client, staff):
    client.force_login(staff)
    form = client.get(reverse("games:manage-leagues"), {"kind": "quick-cricket"})
    assert 'name="option_overs"' in form.content.decode()
    response = client.post(
        reverse("games:manage-leagues"),
        {
            "kind": "quick-cricket",
            "name": "  Village   Cup ",
            "option_overs": "8",
            "option_innings": "1",
            "option_first_style": "spin",
            "points_win": "4",
            "points_tie": "2",
            "points_loss": "1",
        },
    )
    league = League.objects.get(name="Village Cup")
    assert response.status_code == 302
    assert response["Location"] == reverse("games:manage-league", args=[league.slug])
    assert league.slug == "village-cup" and league.kind == "quick-cricket"
    assert league.options == {
        "overs": 8,
        "innings": 1,
        "first_style": "spin",
        "catalogue": catalogues.reference("quick-cricket", "reconstruction"),  # kept
    }
    assert (league.points_win, league.points_tie, league.points_loss) == (4, 2, 1)
    assert list(league.organisers.all()) == [staff]


def test_bad_league_options_are_refused_with_a_message(client, staff):
    client.force_login(staff)
    data = {"kind": "quick-baseball", "name": "Bad", "option_innings": "0"}
    response = client.post(reverse("games:manage-leagues"), data)
    assert response.status_code == 400
    assert "Ensure this value is greater than or equal to 1" in response.content.decode()
    data = {"kind": "no-such-game", "name": "Bad", "option_innings": "3"}
    assert client.post(reverse("games:manage-leagues"), data).status_code == 400
    assert not League.objects.exists()


def test_league_names_are_unique_and_manage_is_not_a_slug(client, staff):
    from games.leagues import services as league_services

    client.force_login(staff)
    league_services.league_create(name="Manage", kind="quick-baseball", options={}, user=staff)
    assert League.objects.get().slug == "manage-2"
    response = client.post(
        reverse("games:manage-leagues"),
        {"kind": "quick-baseball", "name": "MANAGE", "option_innings": "9"},
    )
    assert response.status_code == 400
    assert "There is already a league called" in response.content.decode()
    assert League.objects.count() == 1


def test_editing_a_league_changes_name_options_and_points(client, organiser, baseball_league):
    league, _, _ = baseball_league
    client.force_login(organiser)
    url = reverse("games:manage-league-edit", args=[league.slug])
    response = client.post(url, {"name": "Big League", "option_innings": "3"})
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.name == "Big League"
    assert league.options == {"innings": 3, "catalogue": FIRST}  # the cards are kept
    response = client.post(url, {"name": "Big League", "option_innings": "-1"})
    assert response.status_code == 400
    league.refresh_from_db()
    assert league.options == {"innings": 3, "catalogue": FIRST}


def test_names_are_shown_as_text(client, organiser, baseball_league):
    league, season, _ = baseball_league
    client.force_login(organiser)
    url = reverse("games:manage-team-add", args=[league.slug])
    client.post(url, {"name": "<script>alert(1)</script>"})
    page = client.get(reverse("games:manage-league", args=[league.slug])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# Seasons and teams


def test_adding_a_season_and_teams(client, organiser, baseball_league):
    league, _, _ = baseball_league
    client.force_login(organiser)
    response = client.post(
        reverse("games:manage-season-add", args=[league.slug]),
        {"name": "Spring 2027", "starts_on": "2027-04-01"},
    )
    season = Season.objects.get(name="Spring 2027")
    assert response["Location"] == reverse("games:manage-season", args=[league.slug, season.slug])
    assert season.slug == "spring-2027" and str(season.starts_on) == "2027-04-01"
    response = client.post(reverse("games:manage-team-add", args=[league.slug]), {"name": "Cubs"})
    assert response.status_code == 302 and league.teams.filter(slug="cubs").exists()
    response = client.post(reverse("games:manage-team-add", args=[league.slug]), {"name": "cubs"})
    assert response.status_code == 400
    assert "already has a team called" in response.content.decode()
    assert league.teams.filter(name__iexact="cubs").count() == 1


@pytest.mark.parametrize("name", ["Stats", "teams", "Manage"])
def test_season_slugs_never_take_page_addresses(organiser, baseball_league, name):
    from games.leagues import services as league_services

    league, _, _ = baseball_league
    season = league_services.season_create(league=league, user=organiser, name=name)
    assert season.slug == f"{name.lower()}-2"


def test_a_bad_season_date_changes_nothing(client, organiser, baseball_league):
    league, _, _ = baseball_league
    client.force_login(organiser)
    response = client.post(
        reverse("games:manage-season-add", args=[league.slug]),
        {"name": "2028", "starts_on": "not a date"},
    )
    assert response.status_code == 400 and "Enter a valid date" in response.content.decode()
    assert not league.seasons.filter(name="2028").exists()


def test_renaming_and_removing_teams(client, organiser, baseball_league):
    league, season, (giants, yankees, mets) = baseball_league
    Fixture.objects.create(season=season, away=giants, home=yankees)
    client.force_login(organiser)
    client.post(reverse("games:manage-team-edit", args=[league.slug, mets.slug]), {"name": "Jets"})
    mets.refresh_from_db()
    assert mets.name == "Jets"
    client.post(reverse("games:manage-team-delete", args=[league.slug, giants.slug]))
    assert Team.objects.filter(pk=giants.pk).exists()
    page = client.get(reverse("games:manage-league", args=[league.slug])).content.decode()
    assert "Giants is on the fixture list, so it stays." in page
    client.post(reverse("games:manage-team-delete", args=[league.slug, mets.slug]), {"confirm": 1})
    assert not Team.objects.filter(pk=mets.pk).exists()


# Organisers


def test_granting_and_revoking_organiser_rights(client, organiser, fan, baseball_league):
    league, season, _ = baseball_league
    client.force_login(organiser)
    url = reverse("games:manage-organiser-add", args=[league.slug])
    response = client.post(url, {"username": "nobody"})
    assert response.status_code == 400 and "There is no user called" in response.content.decode()
    assert client.post(url, {"username": "fan"}).status_code == 302
    assert league.is_organiser(fan)
    client.force_login(fan)
    assert client.get(reverse("games:manage-league", args=[league.slug])).status_code == 200
    remove_self = reverse("games:manage-organiser-remove", args=[league.slug, fan.pk])
    client.post(remove_self)
    assert league.is_organiser(fan)
    client.force_login(organiser)
    client.post(remove_self)
    assert league.is_organiser(fan)  # asked first (tests/leagues/test_organisers_confirm.py)
    client.post(remove_self, {"confirm": 1})
    assert not league.is_organiser(fan)
    client.force_login(fan)
    assert client.get(reverse("games:manage-league", args=[league.slug])).status_code == 403


# Fixtures


def test_adding_a_fixture(client, organiser, baseball_league):
    league, season, (giants, yankees, _) = baseball_league
    client.force_login(organiser)
    url = reverse("games:manage-fixture-add", args=[league.slug, season.slug])
    data = {"away": giants.pk, "home": yankees.pk, "scheduled_on": "2026-05-02"}
    assert client.post(url, data).status_code == 302
    fixture = season.fixtures.get()
    assert (fixture.away, fixture.home, str(fixture.scheduled_on)) == (
        giants,
        yankees,
        "2026-05-02",
    )
    response = client.post(url, {"away": giants.pk, "home": giants.pk})
    assert response.status_code == 400 and "A team cannot play itself." in response.content.decode()
    other, _, (owls, _) = make_league("quick-cricket", teams=("Owls", "Kestrels"))
    assert client.post(url, {"away": owls.pk, "home": giants.pk}).status_code == 400
    assert season.fixtures.count() == 1


def test_a_solitaire_fixture_has_one_player(client, organiser):
    league, season, (ann, _) = make_league("solitaire-baseball", teams=("Ann", "Bo"))
    league.organisers.add(organiser)
    client.force_login(organiser)
    page = client.get(reverse("games:manage-season", args=[league.slug, season.slug]))
    assert 'name="home"' not in page.content.decode()
    url = reverse("games:manage-fixture-add", args=[league.slug, season.slug])
    assert client.post(url, {"away": ann.pk}).status_code == 302
    fixture = season.fixtures.get()
    assert fixture.away == ann and fixture.home is None


def test_starting_a_fixture_makes_its_game(client, organiser, baseball_league):
    league, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    client.force_login(organiser)
    url = reverse("games:manage-fixture-start", args=[league.slug, season.slug, fixture.pk])
    response = client.post(url)
    fixture.refresh_from_db()
    game = fixture.game
    assert response["Location"] == reverse("games:score", args=[game.pk])
    assert game.sides == ["Giants", "Yankees"] and game.season == season
    assert game.options == {"innings": 1, "catalogue": FIRST} and game.created_by == organiser
    assert game.is_scorer(organiser)
    client.post(url)
    assert Game.objects.count() == 1
    page = client.get(reverse("games:manage-season", args=[league.slug, season.slug]))
    assert reverse("games:score", args=[game.pk]) in page.content.decode()


def test_a_started_fixture_cannot_be_removed(client, organiser, baseball_league):
    league, season, (giants, yankees, mets) = baseball_league
    started = Fixture.objects.create(season=season, away=giants, home=yankees)
    waiting = Fixture.objects.create(season=season, away=mets, home=giants)
    client.force_login(organiser)
    client.post(reverse("games:manage-fixture-start", args=[league.slug, season.slug, started.pk]))
    for fixture in (started, waiting):
        client.post(
            reverse("games:manage-fixture-delete", args=[league.slug, season.slug, fixture.pk]),
            {"confirm": 1},
        )
    assert list(season.fixtures.all()) == [started]


def test_round_robin_through_the_page(client, organiser, baseball_league):
    league, season, _ = baseball_league
    client.force_login(organiser)
    url = reverse("games:manage-round-robin", args=[league.slug, season.slug])
    data = {"rounds": "2", "first_date": "2026-04-04", "days_between": "7"}
    assert client.post(url, data).status_code == 302
    assert season.fixtures.count() == 6
    page = client.get(reverse("games:manage-season", args=[league.slug, season.slug]))
    assert page.content.decode().count("Start the game") == 6
    assert client.post(url, {"rounds": "9", "days_between": "7"}).status_code == 400
    assert season.fixtures.count() == 6


def test_the_season_page_lists_fixtures_with_their_state(client, organiser, baseball_league):
    from .conftest import play_fixture

    league, season, (giants, yankees, mets) = baseball_league
    game = play_fixture(season, giants, yankees, organiser)
    Fixture.objects.create(season=season, away=mets, home=giants)
    client.force_login(organiser)
    page = client.get(reverse("games:manage-season", args=[league.slug, season.slug]))
    text = page.content.decode()
    assert "Final" in text and "–".join(map(str, game.summary["score"])) in text
    assert "Not started" in text and "Void" in text


def test_picking_a_game_swaps_only_the_new_league_form(client, staff):
    client.force_login(staff)
    response = client.get(
        reverse("games:manage-leagues"), {"kind": "solitaire-baseball"}, HTTP_HX_REQUEST="true"
    )
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="new-league">')
    assert "Innings to play" in text and "<html" not in text
    assert 'aria-current="true">Double-deck solitaire baseball' in text


def test_a_fixture_whose_league_options_no_longer_suit_its_game(client, organiser):
    league, season, (a, b, _) = make_league("quick-baseball", {"innings": 1})
    league.organisers.add(organiser)
    League.objects.filter(pk=league.pk).update(options={"innings": "nine"})
    fixture = Fixture.objects.create(season=season, away=a, home=b)
    client.force_login(organiser)
    url = reverse("games:manage-fixture-start", args=[league.slug, season.slug, fixture.pk])
    response = client.post(url, follow=True)
    assert "The game could not start: option &#x27;innings&#x27;" in response.content.decode()
    fixture.refresh_from_db()
    assert fixture.game is None and not Game.objects.exists()
