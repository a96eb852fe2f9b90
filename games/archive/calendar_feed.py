"""Fixtures as an iCalendar feed (RFC 5545), for a league or one of its teams.

The text is written by the ``icalendar`` library, which escapes text values (commas,
semicolons, backslashes, new lines), folds lines at 75 octets and ends them with CRLF.

Choices made here:

- One ``VEVENT`` per dated fixture; its ``UID`` is ``fixture-<pk>@scorekeeper``, so a
  calendar that subscribed to the feed updates the event when the fixture moves. Fixtures
  without a date are left out.
- Start times are the league's local wall-clock time, as the players agree them at the
  table, so a timed fixture's ``DTSTART`` is a "floating" date-time (no ``TZID``, no ``Z``):
  every calendar shows it at that time, wherever it is read. A timed event lasts ``PT2H``
  (long enough for a game at the table; the feed says nothing better, as games have no set
  length); a fixture with a date and no time is an all-day event (``VALUE=DATE``).
- ``SUMMARY`` is "Away at Home — League Season" (a solitaire league's: "Player — League
  Season"); a cup's or group's game names the competition and its round instead: "Spring Cup
  semi-final: Away at Home", "Spring Cup group A: …", with "(leg 2)" or "(decider 1)".
- ``URL`` is the game's page once it is started, else the season's page. A fixture recorded
  as abandoned or no result is ``STATUS:CANCELLED`` with the reason as its ``DESCRIPTION``;
  a final game's ``DESCRIPTION`` is its result and score ("void" and the reason for a voided
  game).
- ``DTSTAMP`` is when the feed was made (the feed is drawn afresh on every request).
- The feed's name (``NAME``, ``X-WR-CALNAME``) is escaped text like ``SUMMARY``; both refresh
  hints (``REFRESH-INTERVAL``, ``X-PUBLISHED-TTL``) are durations, ``PT6H``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable

from django.db.models import Max
from django.utils import timezone
from icalendar import Calendar, Event, vDuration, vText

from games.kinds.game_rows import game_row
from games.models import Fixture, Tie

CONTENT_TYPE = "text/calendar; charset=utf-8"
PRODID = "-//Scorekeeper//Fixtures//EN"
DURATION = datetime.timedelta(hours=2)
REFRESH = datetime.timedelta(hours=6)


def fixture_uid(fixture: Fixture) -> str:
    return f"fixture-{fixture.pk}@scorekeeper"


def _stage(fixture: Fixture, rounds: dict[int, int]) -> str:
    """Where a competition's fixture stands: "semi-final", "final", "group A", "round 1"."""
    tie = fixture.tie
    if tie is None:
        return f"group {fixture.group}" if fixture.group else ""
    if tie.third_place:
        stage = "third-place match"
    else:
        left = rounds.get(tie.competition_id, tie.round) - tie.round
        stage = {0: "final", 1: "semi-final", 2: "quarter-final"}.get(left, f"round {tie.round}")
    if fixture.decider:
        return f"{stage} (decider {fixture.leg})"
    if fixture.competition is not None and fixture.competition.two_legs:
        return f"{stage} (leg {fixture.leg})"
    return stage


def fixture_summary(fixture: Fixture, rounds: dict[int, int] | None = None) -> str:
    """The event's title: "Giants at Mets — Baseball League 2026", or for a cup's game
    "Spring Cup semi-final: Giants at Mets"."""
    sides = str(fixture)
    competition = fixture.competition
    if competition is None:
        return f"{sides} — {fixture.season}"
    stage = _stage(fixture, rounds or {})
    return f"{competition.name}{' ' + stage if stage else ''}: {sides}"


def _description(fixture: Fixture) -> str:
    if fixture.is_no_result:
        return fixture.outcome_text
    game = fixture.game
    if game is None or not game.is_final:
        return ""
    if game.is_voided:
        return f"Void: {game.void_reason or 'voided'}"
    row = game_row(game, fixture)
    scores = " v ".join(f"{side.name} {side.score}" for side in row.sides)
    return f"{row.result} ({scores})" if row.result else scores


def _rounds(fixtures: Iterable[Fixture]) -> dict[int, int]:
    """Each competition's number of knockout rounds (to name the final and semi-finals)."""
    ids = {f.competition_id for f in fixtures if f.tie_id is not None}
    if not ids:
        return {}
    totals = (
        Tie.objects.filter(competition__in=ids, third_place=False)
        .values_list("competition")
        .annotate(total=Max("round"))
    )
    return dict(totals)


def calendar(*, name: str, fixtures: list[Fixture], absolute: Callable[[str], str]) -> bytes:
    """The feed called ``name`` with one event per dated fixture; ``absolute`` makes a path an
    absolute URL (``request.build_absolute_uri``)."""
    feed = Calendar()
    feed.add("prodid", PRODID)
    feed.add("version", "2.0")
    feed.add("calscale", "GREGORIAN")
    feed.add("method", "PUBLISH")
    # NAME (RFC 7986) and X-WR-CALNAME are text, but ``icalendar`` knows neither and would
    # write the name as it is; given as text, its commas, semicolons and backslashes are
    # escaped as in SUMMARY, so a parser that reads them as text gets the whole name back.
    feed.add("name", vText(name))
    feed.add("x-wr-calname", vText(name))
    feed.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    # An X- property has no known type, so it is given as a DURATION value, as the
    # REFRESH-INTERVAL above is: "PT6H", not Python's "6:00:00".
    feed.add("x-published-ttl", vDuration(REFRESH))
    stamp = timezone.now().astimezone(datetime.UTC)
    rounds = _rounds(fixtures)
    for fixture in fixtures:
        if fixture.scheduled_on is None:
            continue
        event = Event()
        event.add("uid", fixture_uid(fixture))
        event.add("dtstamp", stamp)
        event.add("summary", fixture_summary(fixture, rounds))
        if fixture.scheduled_time is not None:
            # Floating local time: no time zone, as agreed at the table.
            event.add(
                "dtstart", datetime.datetime.combine(fixture.scheduled_on, fixture.scheduled_time)
            )
            event.add("duration", DURATION)
        else:
            event.add("dtstart", fixture.scheduled_on)
        page = (
            fixture.game.get_absolute_url() if fixture.game else fixture.season.get_absolute_url()
        )
        event.add("url", absolute(page))
        if fixture.is_no_result:
            event.add("status", "CANCELLED")
        description = _description(fixture)
        if description:
            event.add("description", description)
        feed.add_component(event)
    return feed.to_ical()
