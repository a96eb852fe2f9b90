"""Writes for leagues: leagues, seasons, teams, the fixture list, organiser rights, starting a
fixture's game, and voiding a game. All atomic; each checks the user's rights first.

Choices where the issue is silent:

- Only staff create leagues (the creator is listed as its first organiser); a league's
  organisers (or staff) manage it and give or take organiser rights. Nobody removes their
  own rights, so a league is never left by accident without the person who was managing it.
- A league's game cannot change once created (its games, stats and standings depend on
  it); its options can, and apply to games started from then on.
- Slugs come from names. Season slugs never take ``manage``, ``stats`` or ``teams``, and
  no league is called ``manage``: those words are page addresses under ``leagues/``.
- Renaming a team does not rename it in games already played (a game keeps the names it
  was played under, as its record does).
- ``round_robin`` makes every pair of teams meet ``rounds`` times in the season, counting
  the fixtures it already has, so running it twice adds nothing; home and away alternate
  between meetings. A solitaire league gets one fixture per player per round.
- Only a league game (one with a season) can be voided, by that league's organisers. A voided
  game stays in the archive with its reason and has no stats rows, so it is out of the
  standings; un-voiding puts it back.
- A fixture not yet played to the end (not started, or started and unfinished) can be recorded
  as abandoned or no result, with a reason: it counts as played, for ``points_no_result``
  each, and its runs never enter net run rate. Its game, if any, stays in the archive as it
  is; a game scored on to the end after all has no stats rows until the mark is undone. A
  final game cannot be marked (void it if it should not count). A marked fixture is not
  started, not given an imported game, and not removed until the mark is undone.
- A fixture has a date (``scheduled_on``) and, optionally, a start time (``scheduled_time``).
  The time is the league's local wall-clock time, as the players agree it at the table: it
  is stored and shown as given, never converted between time zones (the calendar feeds give
  it as a "floating" time, which a calendar shows as it is wherever it is read). A time
  needs a date. Any fixture whose game is not final (a league, group or cup fixture) can be
  given, moved to, or taken off a date (``fixture_schedule``); a final game's date stays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from datetime import date, time, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.utils import timezone
from django.utils.text import slugify

from games.engines import EngineError, get
from games.kinds import kind as game_kind
from games.leagues import stats
from games.leagues.cups import changes
from games.leagues.standings_cache import bump_seasons
from games.models import Fixture, Game, League, Season, Team
from games.scoring import services

RESERVED_LEAGUE_SLUGS = frozenset({"manage"})
RESERVED_SEASON_SLUGS = frozenset({"manage", "stats", "teams"})
MAX_ROUNDS = 4
MAX_VOID_REASON = 200
MAX_OUTCOME_REASON = 200
POINTS = ("points_win", "points_tie", "points_loss", "points_no_result")


class LeagueError(ValueError):
    """A league write that cannot be done as asked; the message says why."""


def require_organiser(*, league: League, user) -> None:
    if not league.is_organiser(user):
        raise PermissionDenied("Only this league's organisers can manage it.")


def can_create_leagues(user) -> bool:
    return bool(user.is_authenticated and user.is_staff)


def is_any_organiser(user) -> bool:
    """Staff, or organiser of at least one league: who may open the organisers' pages."""
    if not user.is_authenticated:
        return False
    return user.is_staff or user.leagues_organised.exists()


def _name(value: str, what: str, max_length: int) -> str:
    name = " ".join(str(value).split())
    if not name:
        raise LeagueError(f"The {what} needs a name.")
    if len(name) > max_length:
        raise LeagueError(f"The {what}'s name is too long (at most {max_length} characters).")
    return name


def _unique_slug(name: str, taken: set[str], reserved: frozenset[str], fallback: str) -> str:
    base = slugify(name)[:50] or fallback
    slug, n = base, 1
    while slug in taken or slug in reserved:
        n += 1
        slug = f"{base}-{n}"
    return slug


def _league_options(kind: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as the game's engine validates them (raises ``LeagueError``)."""
    try:
        return get(kind).options(dict(options))
    except EngineError as exc:
        raise LeagueError(f"Options: {exc}") from None


def _points(points: Mapping[str, int]) -> dict[str, int]:
    result = {}
    for key in POINTS:
        value = points.get(key, League._meta.get_field(key).default)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
            raise LeagueError(f"{key.replace('_', ' ').capitalize()} must be 0 to 100.")
        result[key] = value
    return result


# Leagues


@transaction.atomic
def league_create(
    *,
    name: str,
    kind: str,
    options: Mapping[str, Any],
    user,
    points: Mapping[str, int] | None = None,
) -> League:
    """A new league of game ``kind``; ``options`` are checked by that game's engine."""
    if not can_create_leagues(user):
        raise PermissionDenied("Only staff can create leagues.")
    name = _name(name, "league", League._meta.get_field("name").max_length)
    try:
        get(kind)
    except EngineError as exc:
        raise LeagueError(str(exc)) from None
    checked = _league_options(kind, options)
    if League.objects.filter(name__iexact=name).exists():
        raise LeagueError(f"There is already a league called {name!r}.")
    taken = set(League.objects.values_list("slug", flat=True))
    league = League.objects.create(
        name=name,
        slug=_unique_slug(name, taken, RESERVED_LEAGUE_SLUGS, "league"),
        kind=kind,
        options=checked,
        **_points(points or {}),
    )
    league.organisers.add(user)
    return league


@transaction.atomic
def league_update(
    *, league: League, user, name: str, options: Mapping[str, Any], points: Mapping[str, int]
) -> League:
    """Rename the league, change its options (for games started from now) and its points."""
    require_organiser(league=league, user=user)
    name = _name(name, "league", League._meta.get_field("name").max_length)
    if League.objects.filter(name__iexact=name).exclude(pk=league.pk).exists():
        raise LeagueError(f"There is already a league called {name!r}.")
    league.name = name
    league.options = _league_options(league.kind, options)
    current = {key: getattr(league, key) for key in POINTS}
    for key, value in _points({**current, **points}).items():
        setattr(league, key, value)
    league.save()
    return league


# Seasons and teams


@transaction.atomic
def season_create(*, league: League, user, name: str, starts_on: date | None = None) -> Season:
    require_organiser(league=league, user=user)
    name = _name(name, "season", Season._meta.get_field("name").max_length)
    if league.seasons.filter(name__iexact=name).exists():
        raise LeagueError(f"{league.name} already has a season called {name!r}.")
    taken = set(league.seasons.values_list("slug", flat=True))
    slug = _unique_slug(name, taken, RESERVED_SEASON_SLUGS, "season")
    return Season.objects.create(league=league, name=name, slug=slug, starts_on=starts_on)


@transaction.atomic
def team_create(*, league: League, user, name: str) -> Team:
    require_organiser(league=league, user=user)
    name = _name(name, "team", Team._meta.get_field("name").max_length)
    if league.teams.filter(name__iexact=name).exists():
        raise LeagueError(f"{league.name} already has a team called {name!r}.")
    taken = set(league.teams.values_list("slug", flat=True))
    return Team.objects.create(
        league=league, name=name, slug=_unique_slug(name, taken, frozenset(), "team")
    )


@transaction.atomic
def team_rename(*, team: Team, user, name: str) -> Team:
    """A new name for the team's future games (games played keep the name they had)."""
    require_organiser(league=team.league, user=user)
    name = _name(name, "team", Team._meta.get_field("name").max_length)
    if team.league.teams.filter(name__iexact=name).exclude(pk=team.pk).exists():
        raise LeagueError(f"{team.league.name} already has a team called {name!r}.")
    team.name = name
    team.save(update_fields=["name"])
    return team


@transaction.atomic
def team_delete_refusal(*, team: Team) -> str:
    """Why ``team`` cannot be removed ('' when it can): the confirmation asks only then."""
    if team.away_fixtures.exists() or team.home_fixtures.exists():
        return f"{team.name} is on the fixture list, so it stays."
    if team.entries.exists():
        return f"{team.name} is entered in a cup, so it stays."
    return ""


def team_delete(*, team: Team, user) -> None:
    """Remove a team that is on no fixture list."""
    require_organiser(league=team.league, user=user)
    refusal = team_delete_refusal(team=team)
    if refusal:
        raise LeagueError(refusal)
    team.delete()


# The fixture list


def _two_sided(league: League) -> bool:
    return len(get(league.kind).default_sides) > 1


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
    _check_when(scheduled_on, scheduled_time)
    teams = [away] if home is None else [away, home]
    if any(team.league_id != league.pk for team in teams):
        raise LeagueError(f"Both teams must be teams of {league.name}.")
    if _two_sided(league):
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


def _check_when(scheduled_on: date | None, scheduled_time: time | None) -> None:
    if scheduled_time is not None and scheduled_on is None:
        raise LeagueError("A start time needs a date: give the date too, or leave the time out.")


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
    _check_when(first_date, scheduled_time)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise LeagueError(f"Rounds must be 1 to {MAX_ROUNDS}.")
    if not 1 <= days_between <= 60:
        raise LeagueError("Days between rounds must be 1 to 60.")
    teams = list(league.teams.order_by("name", "pk"))
    two_sided = _two_sided(league)
    if len(teams) < (2 if two_sided else 1):
        raise LeagueError(
            f"Add at least {'two teams' if two_sided else 'one player'} to {league.name} first."
        )
    if two_sided:
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


# Organisers


@transaction.atomic
def organiser_grant(*, league: League, username: str, user):
    """Give an existing user organiser rights for ``league``. Returns that user."""
    require_organiser(league=league, user=user)
    users = get_user_model().objects
    try:
        organiser = users.get(username=username.strip())
    except users.model.DoesNotExist:
        raise LeagueError(f"There is no user called {username.strip()!r}.") from None
    league.organisers.add(organiser)
    return organiser


@transaction.atomic
def organiser_revoke_refusal(*, league: League, organiser, user) -> str:
    """Why ``user`` cannot take ``organiser``'s rights over ``league`` ('' when they can)."""
    if organiser.pk == user.pk:
        return "You cannot take away your own organiser rights; ask another organiser."
    if not league.organisers.filter(pk=organiser.pk).exists():
        return f"{organiser.get_username()} does not manage {league.name}."
    return ""


def organiser_revoke(*, league: League, organiser, user) -> None:
    require_organiser(league=league, user=user)
    refusal = organiser_revoke_refusal(league=league, organiser=organiser, user=user)
    if refusal:
        raise LeagueError(refusal)
    league.organisers.remove(organiser)


# Voiding games


def _league_game(game: Game, user) -> League:
    if game.season_id is None:
        raise LeagueError("Only a league's games can be voided.")
    league = game.season.league
    require_organiser(league=league, user=user)
    return league


@transaction.atomic
def game_void(*, game: Game, user, reason: str) -> Game:
    """Void a league game: it stays in the archive with ``reason`` and leaves the standings."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    _league_game(game, user)
    reason = " ".join(str(reason).split())
    if not reason:
        raise LeagueError("Give the reason the game is voided.")
    if len(reason) > MAX_VOID_REASON:
        raise LeagueError(f"The reason is too long (at most {MAX_VOID_REASON} characters).")
    game.voided_at = game.voided_at or timezone.now()
    game.void_reason = reason
    game.save(update_fields=["voided_at", "void_reason"])
    services.touch(game)
    stats.sync(game)
    return game


@transaction.atomic
def game_unvoid(*, game: Game, user) -> Game:
    """Count a voided game again (its stats rows come back if it is final)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    _league_game(game, user)
    game.voided_at = None
    game.void_reason = ""
    game.save(update_fields=["voided_at", "void_reason"])
    services.touch(game)
    stats.sync(game)
    return game


# Abandoned and no-result fixtures, and dates


def _locked_fixture(fixture: Fixture, user) -> Fixture:
    fixture = (
        Fixture.objects.select_for_update().select_related("season__league").get(pk=fixture.pk)
    )
    require_organiser(league=fixture.season.league, user=user)
    return fixture


def _outcome_changed(fixture: Fixture) -> None:
    """The standings (and any page showing the fixture's game) must be drawn again."""
    bump_seasons(pk=fixture.season_id)
    if fixture.game_id is not None:
        game = Game.objects.get(pk=fixture.game_id)
        services.touch(game)
        stats.sync(game)
    else:
        changes.fixture_changed(fixture)


@transaction.atomic
def fixture_mark_no_result(*, fixture: Fixture, user, outcome: str, reason: str) -> Fixture:
    """Record the fixture as abandoned or no result (``outcome``), with ``reason``: it counts
    as played, for the league's points for a no result, and is left out of net run rate."""
    fixture = _locked_fixture(fixture, user)
    if outcome not in (Fixture.ABANDONED, Fixture.NO_RESULT):
        raise LeagueError("Choose abandoned or no result.")
    if fixture.tie_id is not None:
        raise LeagueError("A knockout tie needs a winner: play the game again, or give a walkover.")
    reason = " ".join(str(reason).split())
    if not reason:
        raise LeagueError("Give the reason there was no result.")
    if len(reason) > MAX_OUTCOME_REASON:
        raise LeagueError(f"The reason is too long (at most {MAX_OUTCOME_REASON} characters).")
    if fixture.is_no_result:
        raise LeagueError(
            f"This fixture is already recorded as {fixture.get_outcome_display()}: undo that first."
        )
    if fixture.game_id is not None and Game.objects.get(pk=fixture.game_id).is_final:
        raise LeagueError(
            "This fixture's game is finished, so it has a result; void the game if it should "
            "not count."
        )
    fixture.outcome = outcome
    fixture.outcome_reason = reason
    fixture.outcome_recorded_at = timezone.now()
    fixture.save(update_fields=["outcome", "outcome_reason", "outcome_recorded_at"])
    _outcome_changed(fixture)
    return fixture


@transaction.atomic
def fixture_clear_no_result(*, fixture: Fixture, user) -> Fixture:
    """Undo ``fixture_mark_no_result``: the fixture is to be played (or its game counts) again."""
    fixture = _locked_fixture(fixture, user)
    if not fixture.is_no_result:
        raise LeagueError("This fixture is not recorded as abandoned or no result.")
    fixture.outcome = Fixture.NORMAL
    fixture.outcome_reason = ""
    fixture.outcome_recorded_at = None
    fixture.save(update_fields=["outcome", "outcome_reason", "outcome_recorded_at"])
    _outcome_changed(fixture)
    return fixture


@transaction.atomic
def fixture_schedule(
    *, fixture: Fixture, user, scheduled_on: date | None, scheduled_time: time | None
) -> Fixture:
    """Set, move or clear the fixture's date and local start time (both ``None``: no date).

    Any fixture of the season (league, group or cup) whose game is not final; a time needs a
    date. The time is the league's local wall-clock time, stored as given.
    """
    fixture = _locked_fixture(fixture, user)
    _check_when(scheduled_on, scheduled_time)
    if fixture.game_id is not None and Game.objects.get(pk=fixture.game_id).is_final:
        raise LeagueError("This fixture's game is finished, so its date stays as it was played.")
    fixture.scheduled_on = scheduled_on
    fixture.scheduled_time = scheduled_time
    fixture.save(update_fields=["scheduled_on", "scheduled_time"])
    return fixture


# Reads the organisers' pages need


def leagues_managed_by(*, user) -> list[League]:
    """Every league for staff; the leagues a user organises otherwise."""
    leagues = League.objects.all() if user.is_staff else user.leagues_organised.all()
    return list(leagues.prefetch_related("seasons").order_by("name"))


def season_fixture_list(*, season: Season) -> list[Fixture]:
    """The fixture list by date and time; fixtures without a date (e.g. imported) last, as
    they came."""
    return list(
        season.fixtures.select_related("away", "home", "game").order_by(
            models.F("scheduled_on").asc(nulls_last=True),
            models.F("scheduled_time").asc(nulls_first=True),
            "id",
        )
    )


def season_friendlies(*, season: Season) -> list[Game]:
    """The season's games that are on no fixture list (imported friendlies)."""
    return list(season.games.filter(fixture__isnull=True).order_by("created_at", "id"))


def games_scored_by(*, season: Season, user) -> set[int]:
    """Ids of the season's games ``user`` may score."""
    games = season.games.filter(models.Q(created_by=user) | models.Q(scorers=user))
    return set(games.values_list("pk", flat=True))


def league_seasons(*, league: League) -> list[Season]:
    """The league's seasons, each with ``fixture_count`` and ``game_count`` (games started)."""
    return list(
        league.seasons.annotate(
            fixture_count=models.Count("fixtures", distinct=True),
            game_count=models.Count("games", distinct=True),
        )
    )
