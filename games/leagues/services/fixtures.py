"""Writes for a season's fixture list: adding fixtures one by one or as a round robin,
removing one, starting a fixture's game, and its date and start time.

- ``round_robin`` makes every pair of teams meet ``rounds`` times in the season, counting
  the fixtures it already has, so running it twice adds nothing; home and away alternate
  between meetings. A solitaire league gets one fixture per player per round.
- A fixture has a date (``scheduled_on``) and, optionally, a start time (``scheduled_time``).
  The time is the league's local wall-clock time, as the players agree it at the table: it
  is stored and shown as given, never converted between time zones (the calendar feeds give
  it as a "floating" time, which a calendar shows as it is wherever it is read). A time
  needs a date. Any fixture whose game is not final (a league, group or cup fixture) can be
  given, moved to, or taken off a date (``fixture_schedule``); a final game's date stays.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, time, timedelta

from django.db import transaction

from games.engines import get
from games.kinds import kind as game_kind
from games.leagues.services.common import (
    LeagueError,
    check_when,
    locked_fixture,
    require_organiser,
    two_sided,
)
from games.models import Fixture, Game, Season, Team
from games.scoring import services

MAX_ROUNDS = 4


@transaction.atomic
def fixture_create(
    *,
    season: Season,
    user,
    away: Team,
    home: Team | None = None,
    scheduled_on: date | None = None,
    scheduled_time: time | None = None,
) -> Fixture:
    """One fixture: ``away`` bats first; a solitaire league's fixture has no ``home``.
    ``scheduled_time`` is a local start time, and needs ``scheduled_on``."""
    league = season.league
    require_organiser(league=league, user=user)
    check_when(scheduled_on, scheduled_time)
    teams = [away] if home is None else [away, home]
    if any(team.league_id != league.pk for team in teams):
        raise LeagueError(f"Both teams must be teams of {league.name}.")
    if two_sided(league):
        if home is None:
            raise LeagueError("A fixture needs two teams.")
        if home.pk == away.pk:
            raise LeagueError("A team cannot play itself.")
    elif home is not None:
        raise LeagueError(f"A {get(league.kind).name} game has one player.")
    return Fixture.objects.create(
        season=season,
        away=away,
        home=home,
        scheduled_on=scheduled_on,
        scheduled_time=scheduled_time,
    )


def _hosts(i: int, j: int, n: int) -> bool:
    """Whether team ``i`` of ``n`` is at home to team ``j``: everybody hosts half its
    opponents (one more or one fewer when that half is not whole)."""
    gap = (j - i) % n
    if n % 2 or gap != n // 2:
        return 1 <= gap <= (n - 1) // 2
    return (i < j) == (min(i, j) % 2 == 0)


def circle_rounds(teams: list[Team]) -> list[list[tuple[Team, Team]]]:
    """One round robin by the circle method: rounds of (away, home) pairs, byes left out."""
    n = len(teams)
    slots: list[int | None] = list(range(n)) + ([None] if n % 2 else [])
    rounds = []
    for _ in range(len(slots) - 1):
        pairs = []
        for k in range(len(slots) // 2):
            i, j = slots[k], slots[-1 - k]
            if i is None or j is None:
                continue
            away, home = (j, i) if _hosts(i, j, n) else (i, j)
            pairs.append((teams[away], teams[home]))
        rounds.append(pairs)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds


@transaction.atomic
def round_robin(
    *,
    season: Season,
    user,
    rounds: int = 1,
    first_date: date | None = None,
    days_between: int = 7,
    scheduled_time: time | None = None,
) -> list[Fixture]:
    """Fixtures so that every pair of the league's teams meets ``rounds`` times this season.

    Fixtures the season already has count towards the meetings, so nothing is doubled.
    Returns the fixtures added. Each round is ``days_between`` days after the previous one
    when ``first_date`` is given, every fixture starting at ``scheduled_time`` (local) if
    that is given too.
    """
    league = season.league
    require_organiser(league=league, user=user)
    check_when(first_date, scheduled_time)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise LeagueError(f"Rounds must be 1 to {MAX_ROUNDS}.")
    if not 1 <= days_between <= 60:
        raise LeagueError("Days between rounds must be 1 to 60.")
    teams = list(league.teams.order_by("name", "pk"))
    paired = two_sided(league)
    if len(teams) < (2 if paired else 1):
        raise LeagueError(
            f"Add at least {'two teams' if paired else 'one player'} to {league.name} first."
        )
    if paired:
        one_round = circle_rounds(teams)
        schedule = []
        for leg in range(rounds):
            for pairs in one_round:
                schedule.append([(h, a) if leg % 2 else (a, h) for a, h in pairs])
    else:
        schedule = [[(team, None) for team in teams] for _ in range(rounds)]

    def meeting(away: Team, home: Team | None) -> frozenset[int | None]:
        return frozenset({away.pk, home.pk if home else None})

    league_fixtures = season.fixtures.filter(competition__isnull=True).select_related()
    existing = Counter(meeting(f.away, f.home) for f in league_fixtures)
    added = []
    for number, pairs in enumerate(schedule):
        when = first_date + timedelta(days=days_between * number) if first_date else None
        for away, home in pairs:
            key = meeting(away, home)
            if existing[key] > 0:
                existing[key] -= 1
                continue
            added.append(
                Fixture.objects.create(
                    season=season,
                    away=away,
                    home=home,
                    scheduled_on=when,
                    scheduled_time=scheduled_time if when else None,
                )
            )
    return added


@transaction.atomic
def fixture_delete_refusal(*, fixture: Fixture) -> str:
    """Why ``fixture`` cannot be removed ('' when it can)."""
    if fixture.game_id is not None:
        return "This fixture's game has started, so the fixture stays."
    if fixture.competition_id is not None:
        return f"This fixture belongs to {fixture.competition.name}, whose draw keeps it."
    if fixture.is_no_result:
        return "This fixture counts as played (no result): undo that first to remove it."
    return ""


def fixture_delete(*, fixture: Fixture, user) -> None:
    """Take a fixture off the list; one whose game has started stays."""
    require_organiser(league=fixture.season.league, user=user)
    refusal = fixture_delete_refusal(fixture=fixture)
    if refusal:
        raise LeagueError(refusal)
    fixture.delete()


@transaction.atomic
def fixture_start(*, fixture: Fixture, user) -> Game:
    """Create the fixture's game: its sides are the fixture's teams, its options the league's.

    ``user`` becomes the game's creator, so its scorer. No rights are checked here (like
    ``services.game_create``): the organisers' pages call ``fixture_start_as_organiser``.
    """
    fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
    if fixture.game_id is not None:
        return fixture.game
    if fixture.is_no_result:
        raise LeagueError(f"This fixture is recorded as {fixture.get_outcome_display()}.")
    league = fixture.season.league
    options = league.options
    if fixture.decider:
        options = game_kind(league.kind).decider_options(dict(league.options))
    game = services.game_create(
        kind=league.kind,
        options=options,
        sides=[team.name for team in fixture.teams],
        user=user,
    )
    game.season = fixture.season
    game.save(update_fields=["season"])
    fixture.game = game
    fixture.save(update_fields=["game"])
    return game


def fixture_start_as_organiser(*, fixture: Fixture, user) -> Game:
    """``fixture_start`` for one of the league's organisers (else ``PermissionDenied``)."""
    require_organiser(league=fixture.season.league, user=user)
    return fixture_start(fixture=fixture, user=user)


@transaction.atomic
def fixture_schedule(
    *, fixture: Fixture, user, scheduled_on: date | None, scheduled_time: time | None
) -> Fixture:
    """Set, move or clear the fixture's date and local start time (both ``None``: no date).

    Any fixture of the season (league, group or cup) whose game is not final; a time needs a
    date. The time is the league's local wall-clock time, stored as given.
    """
    fixture = locked_fixture(fixture, user)
    check_when(scheduled_on, scheduled_time)
    if fixture.game_id is not None and Game.objects.get(pk=fixture.game_id).is_final:
        raise LeagueError("This fixture's game is finished, so its date stays as it was played.")
    fixture.scheduled_on = scheduled_on
    fixture.scheduled_time = scheduled_time
    fixture.save(update_fields=["scheduled_on", "scheduled_time"])
    return fixture
