"""The iCalendar feeds of a league's and a team's fixtures: parsed back with ``icalendar``,
and the raw text checked for what RFC 5545 asks (CRLF, folding, escaping)."""

import datetime

import pytest
from django.urls import reverse
from icalendar import Calendar

from games.leagues import services as league_services
from games.leagues.cups import services as cups
from games.models import Fixture, Team

from ..cups.helpers import finish
from ..cups.helpers import make_league as make_cup_league

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 5, 2)


def feed(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return response.content, Calendar.from_ical(response.content)


def events(calendar):
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def league_feed(client, league):
    return feed(client, reverse("games:league-calendar", args=[league.slug]))


def test_timed_and_all_day_events(client, baseball_league):
    league, season, (giants, yankees, mets) = baseball_league
    timed = Fixture.objects.create(
        season=season,
        away=giants,
        home=yankees,
        scheduled_on=DAY,
        scheduled_time=datetime.time(19, 30),
    )
    all_day = Fixture.objects.create(season=season, away=mets, home=giants, scheduled_on=DAY)
    raw, calendar = league_feed(client, league)
    assert calendar["VERSION"] == "2.0" and "Scorekeeper" in str(calendar["PRODID"])
    found = events(calendar)
    assert set(found) == {f"fixture-{timed.pk}@scorekeeper", f"fixture-{all_day.pk}@scorekeeper"}
    event = found[f"fixture-{timed.pk}@scorekeeper"]
    start = event.decoded("DTSTART")
    assert start == datetime.datetime(2026, 5, 2, 19, 30) and start.tzinfo is None
    assert event.decoded("DURATION") == datetime.timedelta(hours=2)
    assert str(event["SUMMARY"]) == "Giants at Yankees — quick-baseball league 2026"
    assert str(event["URL"]) == f"http://testserver{season.get_absolute_url()}"
    assert "DTSTAMP" in event and "STATUS" not in event and "DESCRIPTION" not in event
    event = found[f"fixture-{all_day.pk}@scorekeeper"]
    assert event.decoded("DTSTART") == DAY
    assert "DURATION" not in event and "DTEND" not in event
    text = raw.decode()
    # Floating local time (no TZID, no Z) and an all-day date.
    assert "DTSTART:20260502T193000\r\n" in text
    assert "DTSTART;VALUE=DATE:20260502\r\n" in text
    assert "DURATION:PT2H\r\n" in text
    # Both refresh hints are iCalendar durations.
    assert "REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n" in text
    assert "X-PUBLISHED-TTL:PT6H\r\n" in text
    assert "\n" not in text.replace("\r\n", "")
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))


def test_fixtures_without_a_date_are_left_out(client, baseball_league):
    league, season, (giants, yankees, _) = baseball_league
    Fixture.objects.create(season=season, away=giants, home=yankees)
    raw, calendar = league_feed(client, league)
    assert events(calendar) == {}
    assert b"BEGIN:VCALENDAR\r\n" in raw and b"END:VCALENDAR\r\n" in raw


def test_a_no_result_fixture_is_cancelled_and_a_final_one_has_its_result(
    client, organiser, baseball_league
):
    league, season, (giants, yankees, mets) = baseball_league
    washed_out = Fixture.objects.create(season=season, away=giants, home=yankees, scheduled_on=DAY)
    league_services.fixture_mark_no_result(
        fixture=washed_out, user=organiser, outcome=Fixture.ABANDONED, reason="rain, then hail"
    )
    played = Fixture.objects.create(season=season, away=mets, home=giants, scheduled_on=DAY)
    game = finish(played, 5, 3, user=organiser)
    _, calendar = league_feed(client, league)
    found = events(calendar)
    event = found[f"fixture-{washed_out.pk}@scorekeeper"]
    assert str(event["STATUS"]) == "CANCELLED"
    assert str(event["DESCRIPTION"]) == "Abandoned: rain, then hail"
    event = found[f"fixture-{played.pk}@scorekeeper"]
    assert "STATUS" not in event
    assert str(event["DESCRIPTION"]) == "Mets won 5–3 (Mets 5 v Giants 3)"
    assert str(event["URL"]) == f"http://testserver{game.get_absolute_url()}"


def test_the_team_feed_has_only_that_teams_fixtures(client, baseball_league):
    league, season, (giants, yankees, mets) = baseball_league
    theirs = [
        Fixture.objects.create(season=season, away=giants, home=yankees, scheduled_on=DAY),
        Fixture.objects.create(season=season, away=mets, home=giants, scheduled_on=DAY),
    ]
    Fixture.objects.create(season=season, away=yankees, home=mets, scheduled_on=DAY)
    _, calendar = feed(client, reverse("games:team-calendar", args=[league.slug, giants.slug]))
    assert set(events(calendar)) == {f"fixture-{f.pk}@scorekeeper" for f in theirs}
    assert "Giants" in str(calendar["X-WR-CALNAME"])
    _, calendar = league_feed(client, league)
    assert len(events(calendar)) == 3


def test_a_cup_fixtures_summary_names_the_cup_and_round(client, organiser):
    league, season, teams = make_cup_league(count=4, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Spring Cup", teams=teams)
    semi = Fixture.objects.filter(competition=cup).order_by("id").first()
    semi.scheduled_on = DAY
    semi.save()
    league_fixture = Fixture.objects.create(
        season=season, away=teams[0], home=teams[1], scheduled_on=DAY
    )
    _, calendar = league_feed(client, league)
    found = events(calendar)
    assert str(found[f"fixture-{semi.pk}@scorekeeper"]["SUMMARY"]) == (
        f"Spring Cup semi-final: {semi.away.name} at {semi.home.name}"
    )
    assert str(found[f"fixture-{league_fixture.pk}@scorekeeper"]["SUMMARY"]).endswith(
        "— quick-baseball cup league 2026"
    )
    # And the final, once its sides are known.
    for fixture in Fixture.objects.filter(competition=cup):
        finish(fixture, 5, 1, user=organiser)
    final = Fixture.objects.filter(competition=cup, game__isnull=True).get()
    final.scheduled_on = DAY + datetime.timedelta(days=7)
    final.save()
    _, calendar = league_feed(client, league)
    summary = str(events(calendar)[f"fixture-{final.pk}@scorekeeper"]["SUMMARY"])
    assert summary.startswith("Spring Cup final: ")


def test_hostile_team_names_are_escaped_and_long_lines_folded(client, baseball_league):
    league, season, (giants, _, _) = baseball_league
    hostile = Team.objects.create(
        league=league,
        name="Semi;colon, Comma\\Back\nslash END:VEVENT",
        slug="hostile",
    )
    fixture = Fixture.objects.create(season=season, away=hostile, home=giants, scheduled_on=DAY)
    raw, calendar = league_feed(client, league)
    text = raw.decode()
    assert "Semi\\;colon\\, Comma\\\\Back\\nslash END:VEVENT" in text.replace("\r\n ", "")
    assert text.count("END:VEVENT\r\n") == 1  # the name did not end the event
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    event = events(calendar)[f"fixture-{fixture.pk}@scorekeeper"]
    assert str(event["SUMMARY"]).startswith("Semi;colon, Comma\\Back\nslash END:VEVENT at Giants")


def test_unknown_leagues_and_teams_are_404(client, baseball_league):
    league, _, _ = baseball_league
    assert client.get(reverse("games:league-calendar", args=["nope"])).status_code == 404
    assert client.get(reverse("games:team-calendar", args=[league.slug, "nope"])).status_code == 404
