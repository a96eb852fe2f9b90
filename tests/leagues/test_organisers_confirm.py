"""Removals on the organisers' pages ask first: a GET, or a POST without ``confirm=1``, answers
with a confirmation naming what goes; only the confirmed POST removes."""

import datetime

import pytest
from django.urls import reverse

from games.models import Fixture, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture_url(baseball_league):
    league, season, (giants, yankees, _) = baseball_league
    fixture = Fixture.objects.create(
        season=season, away=giants, home=yankees, scheduled_on=datetime.date(2026, 5, 2)
    )
    url = reverse("games:manage-fixture-delete", args=[league.slug, season.slug, fixture.pk])
    return fixture, url


def test_removing_a_fixture_asks_first(client, organiser, fixture_url):
    fixture, url = fixture_url
    client.force_login(organiser)
    for answer in (client.get(url), client.post(url), client.post(url, {"confirm": "yes"})):
        page = answer.content.decode()
        assert answer.status_code == 200
        assert "Remove the fixture Giants at Yankees on Sat 2 May 2026?" in page
        assert 'name="confirm" value="1"' in page and ">Keep</a>" in page
        assert Fixture.objects.filter(pk=fixture.pk).exists()
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    assert not Fixture.objects.filter(pk=fixture.pk).exists()
    season_page = client.get(response["Location"]).content.decode()
    assert "Fixture removed: Giants at Yankees." in season_page


def test_with_htmx_the_confirmation_is_the_box_alone(client, organiser, fixture_url):
    fixture, url = fixture_url
    client.force_login(organiser)
    page = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert page.lstrip().startswith('<div class="confirm-delete"')
    assert "Giants at Yankees" in page and "<html" not in page
    # "Keep" puts the row back from the season page, which has it under the same id.
    assert f'hx-select="#fixture-{fixture.pk}"' in page
    season = client.get(reverse("games:manage-season", args=["quick-baseball-league", "2026"]))
    season_page = season.content.decode()
    assert f'id="fixture-{fixture.pk}"' in season_page
    assert f'href="{url}"' in season_page and f'hx-get="{url}"' in season_page
    # "Remove…" is no longer a one-tap form beside "Start the game".
    assert f'action="{url}"' not in season_page


def test_a_started_fixture_is_not_offered_for_removal(client, organiser, fixture_url):
    fixture, url = fixture_url
    client.force_login(organiser)
    start = reverse(
        "games:manage-fixture-start",
        args=["quick-baseball-league", "2026", fixture.pk],
    )
    client.post(start)
    response = client.get(url)
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "This fixture&#x27;s game has started, so the fixture stays." in page
    assert Fixture.objects.filter(pk=fixture.pk).exists()


def test_removing_a_team_asks_first(client, organiser, baseball_league):
    league, _, (_, _, mets) = baseball_league
    client.force_login(organiser)
    url = reverse("games:manage-team-delete", args=[league.slug, mets.slug])
    for answer in (client.get(url), client.post(url)):
        assert answer.status_code == 200
        assert "Remove the team Mets from quick-baseball league?" in answer.content.decode()
    assert Team.objects.filter(pk=mets.pk).exists()
    assert client.post(url, {"confirm": "1"}).status_code == 302
    assert not Team.objects.filter(pk=mets.pk).exists()


def test_removing_an_organiser_asks_first(client, organiser, django_user_model, baseball_league):
    league, _, _ = baseball_league
    helper = django_user_model.objects.create_user("helper")
    league.organisers.add(helper)
    client.force_login(organiser)
    url = reverse("games:manage-organiser-remove", args=[league.slug, helper.pk])
    answer = client.get(url)
    assert "Take away helper&#x27;s organiser rights over quick-baseball league?" in (
        answer.content.decode()
    )
    client.post(url)
    assert league.is_organiser(helper)
    client.post(url, {"confirm": "1"})
    assert not league.is_organiser(helper)
    # Someone who does not manage the league: nothing to ask, the page says so.
    response = client.get(url)
    assert response.status_code == 302
    assert "helper does not manage" in client.get(response["Location"]).content.decode()
