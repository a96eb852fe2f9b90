"""Reads for the stats archive: a season's stats per team, a league's all-time stats, one
team's stats (per season and all-time), and a season's records.

Everything comes from the ``GameStats`` rows stored when games became final (see
``games/leagues/stats/``), read in one query per page whatever the number of games: nothing is
replayed. What each game counts and shows lives in the stats module its ``GameKind``
declares, ``games/kinds/<game>/stats.py`` (``TABLES``, ``summarise``, ``breakdowns``,
``records``).

Choices made here:
- Only games of the league's own game, played by the league's teams, count; friendlies
  without teams and voided games (which have no stats rows) are left out.
- A team's all-time line adds up every season of the league; the team page shows one line
  per season, newest first, then the all-time total.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from types import ModuleType
from typing import Any

from django.urls import NoReverseMatch, reverse

from games.kinds import kind as game_kind
from games.kinds.stats.tables import (
    Column,
    Labelled,
    RecordList,
    StatsTable,
    build,
    merged,
    to_csv,
)
from games.models import GameStats, League, Season, Team


class UnknownTable(ValueError):
    """A CSV was asked for a table the page does not have."""


def stats_module(kind: str) -> ModuleType:
    """The stats module the game ``kind`` declares (``games/kinds/<game>/stats.py``)."""
    return game_kind(kind).stats


def link(name: str, *args: Any) -> str | None:
    """The URL of a named page, or ``None`` while that page does not exist."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


@dataclass(frozen=True)
class TeamBreakdown:
    """Tables of one team drawn apart on a stats page (e.g. batting by lineup slot)."""

    name: str
    url: str | None
    tables: tuple[StatsTable, ...]


@dataclass(frozen=True)
class StatsPage:
    league: League
    season: Season | None
    heading: str  # "Team" or "Player"
    games: int
    tables: tuple[StatsTable, ...]
    breakdowns: tuple[TeamBreakdown, ...]

    @property
    def csv_tables(self) -> list[str]:
        ids = [table.id for table in self.tables]
        ids += dict.fromkeys(t.id for b in self.breakdowns for t in b.tables if t.id not in ids)
        return ids

    def to_csv(self, table: str | None = None) -> str:
        """Every team table side by side, or one table (a breakdown with a row per team and
        slot). Raises ``UnknownTable``."""
        if not table:
            return merged(list(self.tables)).to_csv()
        for whole in self.tables:
            if whole.id == table:
                return whole.to_csv()
        parts = [(b.name, t) for b in self.breakdowns for t in b.tables if t.id == table]
        if not parts:
            choices = ", ".join(self.csv_tables) or "none"
            raise UnknownTable(f"there is no stats table {table!r} here (tables: {choices})")
        first = parts[0][1]
        columns = (Column("slot", first.heading, first.heading), *first.columns)
        rows = [(name, (row.label, *row.cells)) for name, part in parts for row in part.rows]
        return to_csv(self.heading, columns, rows)


def _team_url(team: Team) -> str | None:
    return link("games:team", team.league.slug, team.slug)


def _page(league: League, season: Season | None, rows: list[GameStats]) -> StatsPage:
    module = stats_module(league.kind)
    by_team: dict[int, list[GameStats]] = defaultdict(list)
    teams: dict[int, Team] = {}
    for row in rows:
        by_team[row.team_id].append(row)
        teams[row.team_id] = row.team
    ordered = sorted(teams.values(), key=lambda team: team.name.casefold())
    sources = []
    breakdowns = []
    for team in ordered:
        team.league = league  # the rows' teams all belong to it: no query for their URLs
        summary = module.summarise(by_team[team.pk])
        url = _team_url(team)
        sources.append(Labelled(team.name, summary, url))
        breakdowns.append(TeamBreakdown(team.name, url, tuple(module.breakdowns(summary))))
    tables = tuple(build(spec, module.HEADING, sources) for spec in module.TABLES)
    return StatsPage(
        league=league,
        season=season,
        heading=module.HEADING,
        games=len({row.game_id for row in rows}),
        tables=tables,
        breakdowns=tuple(b for b in breakdowns if b.tables),
    )


def season_stats(*, season: Season) -> StatsPage:
    """Per team of the season: the game's tables, and each team's breakdowns."""
    league = season.league
    rows = list(
        GameStats.objects.filter(season=season, team__isnull=False, game__kind=league.kind)
        .select_related("team")
        .order_by()
    )
    return _page(league, season, rows)


def league_stats(*, league: League) -> StatsPage:
    """Per team, all-time: every season of the league added up."""
    rows = list(
        GameStats.objects.filter(team__league=league, game__kind=league.kind)
        .select_related("team")
        .order_by()
    )
    return _page(league, None, rows)


def _season_order(season: Season | None) -> tuple[date, int]:
    if season is None:
        return date.min, 0
    return season.starts_on or date.min, season.pk


def team_stats(*, team: Team, season: Season | None = None) -> dict[str, Any]:
    """One team's stats: for ``season``, or one line per season and the all-time total.

    The dict, for ``templates/games/stats/_team_stats.html``: ``team``, ``season``,
    ``heading``, ``games``, ``tables`` (rows: seasons, and "All-time"), ``breakdowns``
    (tables for the whole span, e.g. batting by lineup slot).
    """
    league = team.league
    module = stats_module(league.kind)
    query = GameStats.objects.filter(team=team, game__kind=league.kind)
    if season is not None:
        query = query.filter(season=season)
    rows = list(query.select_related("season").order_by())
    by_season: dict[int | None, list[GameStats]] = defaultdict(list)
    seasons: dict[int | None, Season | None] = {}
    for row in rows:
        by_season[row.season_id].append(row)
        seasons[row.season_id] = row.season
    ordered = sorted(seasons.values(), key=_season_order, reverse=True)
    sources = [
        Labelled(
            s.name if s else "Other games",
            module.summarise(by_season[s.pk if s else None]),
            link("games:season", league.slug, s.slug) if s else None,
        )
        for s in ordered
    ]
    summary = module.summarise(rows)
    if season is None and len(ordered) > 1:
        sources.append(Labelled("All-time", summary, total=True))
    return {
        "team": team,
        "season": season,
        "heading": "Season",
        "games": len(rows),
        "tables": [build(spec, "Season", sources) for spec in module.TABLES] if rows else [],
        "breakdowns": module.breakdowns(summary) if rows else [],
    }


def season_records(*, season: Season) -> list[RecordList]:
    """The season's best: highest totals, biggest innings, longest partnerships, …"""
    league = season.league
    rows = list(
        GameStats.objects.filter(season=season, team__isnull=False, game__kind=league.kind)
        .select_related("team", "opponent")
        .order_by()
    )
    return stats_module(league.kind).records(rows)
