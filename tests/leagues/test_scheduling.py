"""Fixtures' dates and local start times: adding a fixture, the round robin, and the
organisers' "Schedule" action (service and view), and where the times are shown."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from games.archive import selectors
from games.leagues import services as league_services
from games.leagues.cups import services as cups
from games.leagues.services import LeagueError
from games.models import Fixture

from ..cups.helpers import finish
from ..cups.helpers import make_league as make_cup_league

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 5, 2)
SEVEN_THIRTY = datetime.time(19, 30)


def schedule_url(fixture):
    season = fixture.season
    return reverse(
        "games:manage-fixture-schedule",
        kwargs={"league": season.league.slug, "season": season.slug, "pk": fixture.pk},
    )


# The services


def test_a_fixture_is_added_with_a_date_and_a_start_time(organiser, baseball_league):
    _, season, (giants, yankees, _) = baseball_league
    fixture = league_services.fixture_create(
        season=season,
        user=organiser,
        away=giants,
        home=yankees,
        scheduled_on=DAY,
        scheduled_time=SEVEN_THIRTY,
    )
    fixture.refresh_from_db()
    assert (fixture.scheduled_on, fixture.scheduled_time) == (DAY, SEVEN_THIRTY)


def test_a_start_time_without_a_date_is_refused(organiser, baseball_league):
    _, season, (giants, yankees, _) = baseball_league
    with pytest.raises(LeagueError, match="A start time needs a date"):
        league_services.fixture_create(
            season=season, user=organiser, away=giants, home=yankees, scheduled_time=SEVEN_THIRTY
        )
    with pytest.raises(LeagueError, match="A start time needs a date"):
        league_services.round_robin(season=season, user=organiser, scheduled_time=SEVEN_THIRTY)
    assert not Fixture.objects.exists()


def test_the_round_robin_gives_every_fixture_the_start_time(organiser, baseball_league):
    _, season, _ = baseball_league
    added = league_services.round_robin(
        season=season, user=organiser, first_date=DAY, days_between=7, scheduled_time=SEVEN_THIRTY
    )
    assert len(added) == 3
    assert {f.scheduled_time for f in added} == {SEVEN_THIRTY}
    assert sorted({f.scheduled_on for f in added}) == [
        DAY + datetime.timedelta(days=7 * n) for n in range(3)
    ]


def test_schedule_sets_moves_and_clears_the_date_and_time(organiser, baseball_league):
    _, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    league_services.fixture_schedule(
        fixture=fixture, user=organiser, scheduled_on=DAY, scheduled_time=SEVEN_THIRTY
    )
    fixture.refresh_from_db()
    assert (fixture.scheduled_on, fixture.scheduled_time) == (DAY, SEVEN_THIRTY)
    league_services.fixture_schedule(
        fixture=fixture, user=organiser, scheduled_on=DAY, scheduled_time=None
    )
    fixture.refresh_from_db()
    assert (fixture.scheduled_on, fixture.scheduled_time) == (DAY, None)
    league_services.fixture_schedule(
        fixture=fixture, user=organiser, scheduled_on=None, scheduled_time=None
    )
    fixture.refresh_from_db()
    assert (fixture.scheduled_on, fixture.scheduled_time) == (None, None)


def test_schedule_refuses_a_time_without_a_date_and_a_final_game(organiser, baseball_league):
    _, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees, scheduled_on=DAY)
    with pytest.raises(LeagueError, match="A start time needs a date"):
        league_services.fixture_schedule(
            fixture=fixture, user=organiser, scheduled_on=None, scheduled_time=SEVEN_THIRTY
        )
    finish(fixture, 3, 2, user=organiser)
    with pytest.raises(LeagueError, match="game is finished"):
        league_services.fixture_schedule(
            fixture=fixture, user=organiser, scheduled_on=DAY, scheduled_time=SEVEN_THIRTY
        )
    fixture.refresh_from_db()
    assert (fixture.scheduled_on, fixture.scheduled_time) == (DAY, None)


def test_a_started_game_not_yet_final_can_be_rescheduled(organiser, baseball_league):
    _, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    league_services.fixture_start(fixture=fixture, user=organiser)
    league_services.fixture_schedule(
        fixture=fixture, user=organiser, scheduled_on=DAY, scheduled_time=SEVEN_THIRTY
    )
    fixture.refresh_from_db()
    assert fixture.scheduled_time == SEVEN_THIRTY


def test_only_the_leagues_organisers_schedule(django_user_model, baseball_league):
    _, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    stranger = django_user_model.objects.create_user("nosy")
    with pytest.raises(PermissionDenied):
        league_services.fixture_schedule(
            fixture=fixture, user=stranger, scheduled_on=DAY, scheduled_time=None
        )


# The organisers' pages


def test_the_schedule_view_saves_and_comes_back_to_the_season(client, organiser, baseball_league):
    league, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    client.force_login(organiser)
    response = client.post(
        schedule_url(fixture), {"scheduled_on": "2026-05-02", "scheduled_time": "19:30"}
    )
    manage = reverse("games:manage-season", kwargs={"league": league.slug, "season": season.slug})
    assert response.status_code == 302
    assert response["Location"] == f"{manage}#fixture-{fixture.pk}"
    fixture.refresh_from_db()
    assert (fixture.scheduled_on, fixture.scheduled_time) == (DAY, SEVEN_THIRTY)
    page = client.get(manage).content.decode()
    assert "Sat 2 May 2026 at 19:30" in page  # the message
    assert '<time class="fixture-time">19:30</time>' in page
    assert "Schedule…" in page


def test_the_schedule_view_answers_400_for_a_time_without_a_date(
    client, organiser, baseball_league
):
    _, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    client.force_login(organiser)
    response = client.post(schedule_url(fixture), {"scheduled_on": "", "scheduled_time": "19:30"})
    assert response.status_code == 400
    assert "A start time needs a date" in response.content.decode()
    fixture.refresh_from_db()
    assert fixture.scheduled_time is None
    response = client.post(schedule_url(fixture), {"scheduled_on": "2 May", "scheduled_time": ""})
    assert response.status_code == 400
    assert "Enter a valid date" in response.content.decode()


def test_a_final_games_fixture_has_no_schedule_action_and_is_refused(
    client, organiser, baseball_league
):
    _, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees, scheduled_on=DAY)
    finish(fixture, 3, 2, user=organiser)
    client.force_login(organiser)
    response = client.post(
        schedule_url(fixture), {"scheduled_on": "2026-06-01", "scheduled_time": ""}
    )
    assert response.status_code == 400
    assert "game is finished" in response.content.decode()
    page = client.get(
        reverse("games:manage-season", kwargs={"league": season.league.slug, "season": season.slug})
    )
    assert "Schedule…" not in page.content.decode()


def test_others_may_not_schedule(client, django_user_model, baseball_league):
    _, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    url = schedule_url(fixture)
    assert client.post(url, {"scheduled_on": "2026-05-02"}).status_code == 302  # to log in
    client.force_login(django_user_model.objects.create_user("nosy"))
    assert client.post(url, {"scheduled_on": "2026-05-02"}).status_code == 403
    fixture.refresh_from_db()
    assert fixture.scheduled_on is None


def test_the_add_fixture_and_round_robin_forms_take_a_start_time(
    client, organiser, baseball_league
):
    league, season, (giants, yankees, _) = baseball_league
    client.force_login(organiser)
    kwargs = {"league": league.slug, "season": season.slug}
    response = client.post(
        reverse("games:manage-fixture-add", kwargs=kwargs),
        {"away": giants.pk, "home": yankees.pk, "scheduled_on": "", "scheduled_time": "19:30"},
    )
    assert response.status_code == 400
    assert "A start time needs a date" in response.content.decode()
    response = client.post(
        reverse("games:manage-fixture-add", kwargs=kwargs),
        {
            "away": giants.pk,
            "home": yankees.pk,
            "scheduled_on": "2026-05-02",
            "scheduled_time": "19:30",
        },
    )
    assert response.status_code == 302
    assert Fixture.objects.get().scheduled_time == SEVEN_THIRTY
    response = client.post(
        reverse("games:manage-round-robin", kwargs=kwargs),
        {"rounds": 1, "first_date": "2026-05-09", "days_between": 7, "scheduled_time": "18:00"},
    )
    assert response.status_code == 302
    added = Fixture.objects.exclude(scheduled_on=DAY)
    assert added.count() == 2
    assert {f.scheduled_time for f in added} == {datetime.time(18)}


def test_cup_fixtures_are_scheduled_from_the_competition_page(client, organiser):
    league, season, teams = make_cup_league(count=4, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Spring Cup", teams=teams)
    fixture = Fixture.objects.filter(competition=cup).first()
    client.force_login(organiser)
    page_url = reverse(
        "games:manage-competition",
        kwargs={"league": league.slug, "season": season.slug, "competition": cup.slug},
    )
    assert "Schedule…" in client.get(page_url).content.decode()
    response = client.post(
        schedule_url(fixture),
        {"scheduled_on": "2026-05-02", "scheduled_time": "19:30", "from": "competition"},
    )
    assert response.status_code == 302
    assert response["Location"] == f"{page_url}#fixture-{fixture.pk}"
    assert "19:30" in client.get(page_url).content.decode()
    bad = client.post(schedule_url(fixture), {"scheduled_time": "20:00", "from": "competition"})
    assert bad.status_code == 400
    assert "Spring Cup" in bad.content.decode() and "A start time needs a date" in (
        bad.content.decode()
    )
    # The public bracket shows the date and time of a game still to play.
    bracket = client.get(cup.get_absolute_url()).content.decode()
    assert "Sat 2 May" in bracket and "19:30" in bracket


# The public pages


def test_the_season_and_team_pages_show_the_start_time(client, organiser, baseball_league):
    league, season, (giants, yankees, _) = baseball_league
    Fixture.objects.create(
        season=season, away=giants, home=yankees, scheduled_on=DAY, scheduled_time=SEVEN_THIRTY
    )
    season_page = client.get(season.get_absolute_url()).content.decode()
    assert '2 May 2026</time> · <time class="fixture-time">19:30</time>' in season_page
    team_page = client.get(giants.get_absolute_url()).content.decode()
    assert '<time class="fixture-time">19:30</time>' in team_page
    assert reverse("games:team-calendar", args=[league.slug, giants.slug]) in team_page
    league_page = client.get(league.get_absolute_url()).content.decode()
    assert reverse("games:league-calendar", args=[league.slug]) in league_page
    assert "Add to your calendar" in league_page


def test_fixtures_of_one_day_are_listed_by_start_time(organiser, baseball_league):
    _, season, (giants, yankees, mets) = baseball_league
    late = Fixture.objects.create(
        season=season, away=giants, home=yankees, scheduled_on=DAY, scheduled_time=SEVEN_THIRTY
    )
    early = Fixture.objects.create(
        season=season, away=mets, home=giants, scheduled_on=DAY, scheduled_time=datetime.time(18)
    )
    undated = Fixture.objects.create(season=season, away=yankees, home=mets)
    assert league_services.season_fixture_list(season=season) == [early, late, undated]
    assert [row.fixture for row in selectors.season_page(season=season).to_play] == [
        early,
        late,
        undated,
    ]
    upcoming = selectors.team_page(team=giants).upcoming
    assert [row.fixture for row in upcoming] == [early, late]
