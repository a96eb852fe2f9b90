"""Reads for the public league pages and the game archive.

Everything here comes from stored rows (``Game.summary``, ``Fixture``, ``GameStats``): no game
is replayed to draw a list.

Choices made here:

- The archive holds every game (friendlies and games outside any league too, live ones, and
  voided ones, which are marked "Void"). A game's date is when it became final, else when it
  was started; the archive is ordered newest first by that date, and the date filters use it.
- The archive's filters: ``league`` (its slug), ``season`` and ``team`` (ids: one season or
  team of one league, offered grouped by league), ``game`` (the game id) and ``date_from`` /
  ``date_to`` (inclusive). The team filter finds the team's fixture games.
- A season page shows its games under way, its results (newest first), the fixtures still to
  play (by date and start time, undated last) and the season's games outside the fixture
  list. The league fixtures' results and the cups' results are listed and counted apart:
  only league fixtures count in the standings (``games.leagues.standings``), so the
  league results' count of final games is the standings' count. A voided game is listed with
  its reason; a fixture recorded as abandoned or no result is among the results (dated by
  its game, else by when it was recorded) with "No result: <reason>".
- Cricket scores in lists are each side's innings ("120/7 & 88"; all out shows the runs only,
  a declaration ends in "d").
- A team's form is its last five counted results (voided games have no stats rows), oldest
  first so that the most recent result is on the right.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, F, Q, QuerySet
from django.db.models.functions import Coalesce

from games.engines import get
from games.kinds.game_rows import GameRow, fixture_row, game_row, played_at
from games.models import Fixture, Game, GameStats, League, Season, Team

FORM_LENGTH = 5


def leagues() -> QuerySet[League]:
    """Every league, with how many seasons, teams and games it has."""
    return League.objects.annotate(
        season_count=Count("seasons", distinct=True),
        team_count=Count("teams", distinct=True),
        game_count=Count("seasons__games", distinct=True),
    ).order_by("name")


def league_seasons(*, league: League) -> QuerySet[Season]:
    return league.seasons.annotate(
        fixture_count=Count("fixtures", distinct=True),
        played_count=Count("games", filter=Q(games__finished_at__isnull=False), distinct=True),
    ).order_by("-starts_on", "-id")


def league_teams(*, league: League) -> QuerySet[Team]:
    return league.teams.order_by("name")


def league_options(*, league: League) -> list[tuple[str, str]]:
    """The options every game of the league uses, by their labels (card catalogues left out)."""
    specs = {spec.name: spec for spec in get(league.kind).option_specs}
    shown = []
    for name, value in league.options.items():
        spec = specs.get(name)
        if spec is None or not spec.field:
            continue
        choices = dict(spec.choices)
        text = choices.get(value, "unlimited" if value is None else str(value))
        shown.append((spec.label or name.replace("_", " ").capitalize(), str(text)))
    return shown


# Season and team pages.


@dataclass(frozen=True)
class ResultCounts:
    """How many of a list of results are final, void and without a result."""

    final: int
    void: int
    no_result: int

    @classmethod
    def of(cls, rows: list[GameRow]) -> ResultCounts:
        statuses = [row.status for row in rows]
        return cls(statuses.count("final"), statuses.count("void"), statuses.count("no_result"))


@dataclass(frozen=True)
class SeasonPage:
    season: Season
    live: list[GameRow]
    results: list[GameRow]  # the league fixtures' (the standings' games)
    cup_results: list[GameRow]  # the cups' fixtures', each naming its cup
    to_play: list[GameRow]
    friendlies: list[GameRow]
    teams: list[Team]

    @property
    def result_counts(self) -> ResultCounts:
        return ResultCounts.of(self.results)

    @property
    def cup_result_counts(self) -> ResultCounts:
        return ResultCounts.of(self.cup_results)


def _newest_first(rows: list[GameRow]) -> list[GameRow]:
    return sorted(rows, key=_row_when, reverse=True)


def _row_when(row: GameRow) -> tuple[datetime.datetime, int]:
    if row.game is not None:
        return played_at(row.game), row.game.pk
    # A fixture recorded as no result before its game started.
    recorded = row.fixture.outcome_recorded_at if row.fixture else None
    return recorded or datetime.datetime.min.replace(tzinfo=datetime.UTC), 0


def season_page(*, season: Season) -> SeasonPage:
    """The season's games under way, results (newest first; the league fixtures' and the
    cups' apart), fixtures still to play (by date, undated last) and its games outside the
    fixture list."""
    fixtures = [
        fixture_row(f)
        for f in season.fixtures.select_related("away", "home", "game", "competition").order_by(
            F("scheduled_on").asc(nulls_last=True), F("scheduled_time").asc(nulls_first=True), "id"
        )
    ]
    friendlies = season.games.filter(fixture__isnull=True)
    results = [r for r in fixtures if r.status in ("final", "void", "no_result")]
    return SeasonPage(
        season=season,
        live=_newest_first([r for r in fixtures if r.status == "live"]),
        results=_newest_first([r for r in results if r.fixture.competition_id is None]),
        cup_results=_newest_first([r for r in results if r.fixture.competition_id is not None]),
        to_play=[r for r in fixtures if r.status == "scheduled"],
        friendlies=_newest_first([game_row(g) for g in friendlies]),
        teams=list(season.league.teams.order_by("name")),
    )


@dataclass(frozen=True)
class TeamResult:
    row: GameRow
    opponent: Team | None
    at_home: bool
    runs_for: str
    runs_against: str
    result: str  # "W", "L", "T", "" while live, "Void", "NR" (abandoned or no result)


@dataclass(frozen=True)
class TeamPage:
    team: Team
    season: Season | None
    seasons: list[Season]
    results: list[TeamResult]
    upcoming: list[GameRow]
    form: list[str] = field(default_factory=list)


def team_fixtures(*, team: Team, season: Season | None = None) -> QuerySet[Fixture]:
    fixtures = Fixture.objects.filter(Q(away=team) | Q(home=team)).select_related(
        "away", "home", "game", "season"
    )
    return fixtures.filter(season=season) if season else fixtures


def team_form(*, team: Team, season: Season | None = None) -> list[str]:
    """The team's last five counted results as "W", "L" or "T", the most recent last."""
    rows = GameStats.objects.filter(team=team)
    if season is not None:
        rows = rows.filter(season=season)
    recent = rows.order_by("-finished_at", "-id").values_list("result", flat=True)[:FORM_LENGTH]
    return list(reversed(recent))


def team_page(*, team: Team, season: Season | None = None) -> TeamPage:
    """A team's results (newest first), fixtures to come and form, in a season or all-time."""
    fixtures = list(team_fixtures(team=team, season=season))
    played = [f for f in fixtures if f.game is not None or f.is_no_result]
    counted = {
        row.game_id: row.result
        for row in GameStats.objects.filter(
            team=team, game__in=[f.game for f in played if f.game is not None]
        )
    }
    results = []
    for fixture in sorted(played, key=lambda f: _row_when(fixture_row(f)), reverse=True):
        row = fixture_row(fixture)
        mine = 0 if fixture.away_id == team.pk else 1
        other = 1 - mine
        if row.status == "no_result":
            letter = "NR"
        elif row.status == "void":
            letter = "Void"
        else:
            letter = counted.get(fixture.game.pk, "")
        results.append(
            TeamResult(
                row=row,
                opponent=fixture.home if mine == 0 else fixture.away,
                at_home=mine == 1,
                runs_for=row.sides[mine].score if mine < len(row.sides) else "",
                runs_against=row.sides[other].score if other < len(row.sides) else "",
                result=letter,
            )
        )
    upcoming = [fixture_row(f) for f in fixtures if f.game is None and not f.is_no_result]
    upcoming.sort(
        key=lambda r: (
            r.played_on is None,
            r.played_on or datetime.date.min,
            (r.fixture.scheduled_time if r.fixture else None) or datetime.time.min,
        )
    )
    return TeamPage(
        team=team,
        season=season,
        seasons=list(team_seasons(team=team)),
        results=results,
        upcoming=upcoming,
        form=team_form(team=team, season=season),
    )


def team_seasons(*, team: Team) -> QuerySet[Season]:
    """The league's seasons in which the team has a fixture, newest first."""
    return (
        Season.objects.filter(Q(fixtures__away=team) | Q(fixtures__home=team))
        .distinct()
        .order_by("-starts_on", "-id")
    )


# The game archive.


@dataclass(frozen=True)
class ArchiveFilters:
    league: League | None = None
    season: Season | None = None
    team: Team | None = None
    kind: str = ""
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None


def archive_games(*, filters: ArchiveFilters) -> QuerySet[Game]:
    """Every game matching the filters, newest first (by the date it ended, else started)."""
    games = (
        Game.objects.select_related("season__league", "fixture__away", "fixture__home")
        .annotate(played_at=Coalesce("finished_at", "created_at"))
        .order_by("-played_at", "-id")
    )
    if filters.league is not None:
        games = games.filter(season__league=filters.league)
    if filters.season is not None:
        games = games.filter(season=filters.season)
    if filters.team is not None:
        games = games.filter(Q(fixture__away=filters.team) | Q(fixture__home=filters.team))
    if filters.kind:
        games = games.filter(kind=filters.kind)
    if filters.date_from is not None:
        games = games.filter(played_at__date__gte=filters.date_from)
    if filters.date_to is not None:
        games = games.filter(played_at__date__lte=filters.date_to)
    return games


def archive_rows(games: list[Game]) -> list[GameRow]:
    """Rows for one page of the archive (the games come with their fixtures selected)."""
    return [game_row(game, getattr(game, "fixture", None)) for game in games]


def seasons_by_league() -> list[tuple[League, list[Season]]]:
    return _grouped(Season.objects.select_related("league").order_by("league__name", "name"))


def teams_by_league() -> list[tuple[League, list[Team]]]:
    return _grouped(Team.objects.select_related("league").order_by("league__name", "name"))


def _grouped(rows: QuerySet) -> list[tuple[League, list[Any]]]:
    groups: dict[int, tuple[League, list[Any]]] = {}
    for row in rows:
        groups.setdefault(row.league_id, (row.league, []))[1].append(row)
    return list(groups.values())


# Calendar feeds.


def calendar_fixtures(*, league: League, team: Team | None = None) -> list[Fixture]:
    """Every dated fixture of every season of ``league`` (league, group and cup games), or of
    ``team`` only, by date and time. Undated fixtures are left out: no calendar can place
    them."""
    fixtures = Fixture.objects.filter(season__league=league, scheduled_on__isnull=False)
    if team is not None:
        fixtures = fixtures.filter(Q(away=team) | Q(home=team))
    return list(
        fixtures.select_related(
            "season__league", "away", "home", "game", "competition", "tie"
        ).order_by("scheduled_on", F("scheduled_time").asc(nulls_first=True), "id")
    )
