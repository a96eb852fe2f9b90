"""The league's and a team's iCalendar feeds read by a second, independent iCalendar parser
(``vobject``; the feeds are written with ``icalendar``): names with commas, semicolons and
backslashes, timed, all-day and cancelled fixtures, and the refresh hint all read back as
the site means them."""

import datetime

import pytest
import vobject
from django.urls import reverse

from games.leagues import services as league_services
from games.models import Fixture, League, Season, Team

from ..cups.helpers import finish

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 5, 2)
LEAGUE = "Back\\Yard; Weekend, Club"
AWAY = "Semi;colon, Comma\\Back"
HOME = "Smith, Jones & Sons; Ltd"
OTHER = "Plain Team"


def _read(client, url: str):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return vobject.readOne(response.content.decode("utf-8"))


def _events(calendar) -> dict[str, object]:
    return {event.uid.value: event for event in calendar.contents.get("vevent", [])}


@pytest.fixture
def season_with_fixtures(organiser):
    league = League.objects.create(
        name=LEAGUE, slug="backyard", kind="quick-baseball", options={"innings": 1}
    )
    league.organisers.add(organiser)
    season = Season.objects.create(league=league, name="2026, spring", slug="2026")
    away, home, other = (
        Team.objects.create(league=league, name=name, slug=slug)
        for name, slug in ((AWAY, "away"), (HOME, "home"), (OTHER, "other"))
    )
    fixtures = {
        "timed": Fixture.objects.create(
            season=season,
            away=away,
            home=home,
            scheduled_on=DAY,
            scheduled_time=datetime.time(19, 30),
        ),
        "all_day": Fixture.objects.create(
            season=season, away=home, home=away, scheduled_on=DAY + datetime.timedelta(days=7)
        ),
        "cancelled": Fixture.objects.create(
            season=season, away=away, home=other, scheduled_on=DAY + datetime.timedelta(days=14)
        ),
        "played": Fixture.objects.create(
            season=season, away=other, home=home, scheduled_on=DAY + datetime.timedelta(days=21)
        ),
        "undated": Fixture.objects.create(season=season, away=home, home=other),
    }
    league_services.fixture_mark_no_result(
        fixture=fixtures["cancelled"],
        user=organiser,
        outcome=Fixture.ABANDONED,
        reason="rain; then hail, \\ and wind",
    )
    finish(fixtures["played"], 5, 3, user=organiser)
    return league, season, (away, home, other), fixtures


def _uid(fixture: Fixture) -> str:
    return f"fixture-{fixture.pk}@scorekeeper"


def test_the_league_feed_reads_the_same_with_vobject(client, season_with_fixtures):
    league, season, (away, home, other), fixtures = season_with_fixtures
    calendar = _read(client, reverse("games:league-calendar", args=[league.slug]))
    assert calendar.version.value == "2.0"
    assert calendar.x_wr_calname.value == f"{LEAGUE} fixtures"
    assert calendar.x_published_ttl.value == "PT6H"
    assert calendar.refresh_interval.value == "PT6H"
    found = _events(calendar)
    dated = ("timed", "all_day", "cancelled", "played")
    assert set(found) == {_uid(fixtures[key]) for key in dated}  # the undated one left out

    timed = found[_uid(fixtures["timed"])]
    assert timed.summary.value == f"{AWAY} at {HOME} — {LEAGUE} 2026, spring"
    start = timed.dtstart.value
    assert start == datetime.datetime(2026, 5, 2, 19, 30) and start.tzinfo is None
    assert timed.duration.value == datetime.timedelta(hours=2)
    assert "status" not in timed.contents

    all_day = found[_uid(fixtures["all_day"])]
    assert all_day.summary.value == f"{HOME} at {AWAY} — {LEAGUE} 2026, spring"
    assert all_day.dtstart.value == DAY + datetime.timedelta(days=7)
    assert not isinstance(all_day.dtstart.value, datetime.datetime)  # a date: all day
    assert "duration" not in all_day.contents and "dtend" not in all_day.contents

    cancelled = found[_uid(fixtures["cancelled"])]
    assert cancelled.summary.value == f"{AWAY} at {OTHER} — {LEAGUE} 2026, spring"
    assert cancelled.status.value == "CANCELLED"
    assert cancelled.description.value == "Abandoned: rain; then hail, \\ and wind"
    assert cancelled.dtstart.value == DAY + datetime.timedelta(days=14)

    played = found[_uid(fixtures["played"])]
    assert "status" not in played.contents
    assert played.description.value == f"{OTHER} won 5–3 ({OTHER} 5 v {HOME} 3)"
    assert played.url.value.startswith("http://testserver/games/")


def test_a_team_feed_reads_the_same_with_vobject(client, season_with_fixtures):
    league, season, (away, home, other), fixtures = season_with_fixtures
    url = reverse("games:team-calendar", args=[league.slug, away.slug])
    calendar = _read(client, url)
    assert calendar.x_wr_calname.value == f"{AWAY} fixtures · {LEAGUE}"
    assert calendar.x_published_ttl.value == "PT6H"
    found = _events(calendar)
    assert set(found) == {_uid(fixtures[key]) for key in ("timed", "all_day", "cancelled")}
    assert found[_uid(fixtures["cancelled"])].status.value == "CANCELLED"
    assert found[_uid(fixtures["all_day"])].summary.value.startswith(f"{HOME} at {AWAY} — ")
    assert found[_uid(fixtures["timed"])].dtstart.value == datetime.datetime(2026, 5, 2, 19, 30)
