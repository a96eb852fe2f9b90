"""Reads: a season's standings table, computed from ``GameStats`` rows only (no replays).

Whatever the season's size, a table costs two queries (the league's teams, each with how many
of its fixtures this season are recorded as abandoned or no result, and a few columns of the
season's stats rows); the page, the CSV download and ``manage.py standings`` all print the
same ``Standings`` so their rows and columns cannot drift apart.

Four shapes of table, chosen by the ``family`` the league's game declares (``games.kinds``),
each a module of this package giving its columns, order and cells (``table.Family``) to the
one loop here:

- **solitaire** (``solitaire-baseball``): per player, G, W, L, PCT, best score.
- **cricket** (``quick-cricket``): P, W, L, T, NR, Pts, runs/overs for and against, NRR.
- **tennis** (``quick-tennis``): per player, P, W, L, NR, sets and games won, lost and their
  difference.
- **baseball** (every other game, two-sided): W, L, T, NR, PCT, GB, RF, RA, DIFF, STRK, L10.

NR counts the fixtures an organiser recorded as abandoned or no result (``Fixture.outcome``);
each family says how it counts them. Their runs never count (a marked fixture's game has no
stats rows). Games are read in the order they became final. Stats rows without a team
(friendlies), or with a team of another league, are left out; teams with no games yet are in
the table with zeros.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from games.kinds import BASEBALL, CRICKET, SOLITAIRE, TENNIS
from games.kinds import kind as game_kind
from games.leagues.standings import baseball, cricket, solitaire, tennis
from games.leagues.standings.cricket import net_run_rate, nrr_text, overs_text
from games.leagues.standings.table import (
    Cell,
    Column,
    Family,
    Record,
    Row,
    Standings,
    Value,
    pct_text,
    signed,
)
from games.models import Fixture, GameStats, League, Season, Team

__all__ = [
    "BASEBALL",
    "CRICKET",
    "FAMILIES",
    "SOLITAIRE",
    "TENNIS",
    "Cell",
    "Column",
    "Row",
    "Standings",
    "family_of",
    "find_league",
    "find_season",
    "net_run_rate",
    "nrr_text",
    "overs_text",
    "pct_text",
    "season_standings",
    "signed",
]

FAMILIES: dict[str, Family] = {
    BASEBALL: baseball.FAMILY,
    CRICKET: cricket.FAMILY,
    SOLITAIRE: solitaire.FAMILY,
    TENNIS: tennis.FAMILY,
}


def family_of(kind: str) -> str:
    """The shape of standings table the game ``kind`` declares."""
    return game_kind(kind).family


def find_league(*, name: str) -> League | None:
    """The league whose slug is ``name``, or whose name is ``name`` in any case."""
    return League.objects.filter(Q(slug=name) | Q(name__iexact=name)).first()


def find_season(*, league: League, name: str) -> Season | None:
    """The league's season whose slug is ``name``, or whose name is ``name`` in any case."""
    return (
        Season.objects.select_related("league")
        .filter(Q(slug=name) | Q(name__iexact=name), league=league)
        .first()
    )


def season_standings(*, season: Season, group: tuple[Any, str] | None = None) -> Standings:
    """The season's standings table, in order, with every team of the league: its league
    games only (a cup's games stay out). With ``group`` (a competition and a group letter),
    the table of that group: its teams and its games."""
    league = season.league
    family_name = family_of(league.kind)
    family = FAMILIES[family_name]
    if group is None:
        teams = Team.objects.filter(league=league)
        counted = Q(competition__isnull=True)
        fixtures = Q(competition__isnull=True)
    else:
        competition, letter = group
        teams = Team.objects.filter(entries__competition=competition, entries__group=letter)
        counted = Q(competition=competition, game__fixture__group=letter)
        fixtures = Q(competition=competition, group=letter)
    records = {
        team.pk: Record(team=team, no_results=team.away_no_results + team.home_no_results)
        for team in _teams_with_no_results(season, teams, fixtures)
    }
    games = _add_games(records, season, counted, reads_data=family.reads_data)
    return Standings(
        league=league,
        season=season,
        family=family_name,
        columns=family.columns,
        rows=tuple(_rows(family, league, list(records.values()))),
        games_counted=len(games),
        ordering=family.ordering(league),
        no_results=sum(record.no_results for record in records.values()) // family.sides,
    )


def _add_games(records: dict[int, Record], season: Season, counted: Q, *, reads_data: bool) -> set:
    """Sum the season's stats rows (those of ``counted``) into ``records``; the ids of the
    games counted."""
    extra = ("data",) if reads_data else ()
    stats = (
        GameStats.objects.filter(counted, season=season, team__isnull=False)
        .order_by("finished_at", "game_id", "side")
        .values_list(
            "game_id",
            "team_id",
            "opponent_id",
            "result",
            "runs_for",
            "runs_against",
            "balls_faced",
            "balls_bowled",
            *extra,
        )
    )
    games = set()
    for game_id, team_id, opponent_id, result, rf, ra, faced, bowled, *data in stats:
        record = records.get(team_id)
        if record is None:
            continue
        games.add(game_id)
        record.add(
            result=result,
            opponent_id=opponent_id,
            runs_for=rf,
            runs_against=ra,
            balls_faced=faced,
            balls_bowled=bowled,
            data=data[0] if data else None,
        )
    return games


def _rows(family: Family, league: League, records: list[Record]) -> list[Row]:
    """The table's rows in the family's order: position, name, then the family's cells."""
    ordered = family.order(league, records)
    rows = []
    for position, record in enumerate(ordered, start=1):
        values: dict[str, Value] = {
            "pos": position,
            "team": record.team.name,
            **family.values(league, record, ordered[0]),
        }
        cells = tuple(Cell(column, values[column.key]) for column in family.columns)
        rows.append(Row(team=record.team, cells=cells))
    return rows


def _teams_with_no_results(season: Season, teams: QuerySet[Team], fixtures: Q) -> QuerySet[Team]:
    """``teams``, each with ``away_no_results`` and ``home_no_results``: its fixtures
    of ``season`` recorded as abandoned or no result (subqueries, so still one query)."""
    marked = Fixture.objects.filter(fixtures, season=season).exclude(outcome=Fixture.NORMAL)
    marked = marked.order_by()

    def count(side: str) -> Coalesce:
        per_team = marked.filter(**{side: OuterRef("pk")}).values(side).annotate(n=Count("pk"))
        return Coalesce(Subquery(per_team.values("n")[:1]), 0)

    return teams.annotate(away_no_results=count("away"), home_no_results=count("home")).order_by(
        "pk"
    )
