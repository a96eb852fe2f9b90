"""The API's leagues: each league, its seasons and teams, a season's fixtures, standings,
stats and competitions (cups and group stages), as the public league pages show them."""

# No ``from __future__ import annotations`` here: django-ninja reads a paged operation's
# parameter types through ``paginate``'s wrapper, whose module could not resolve them as text.

import datetime
from typing import Literal

from django.db.models import F, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from ninja import Query, Router, Schema
from pydantic import Field

from games.api import rows
from games.api.paging import Shown, paged, refused
from games.api.schemas import (
    CompetitionDetail,
    Error,
    FixtureOut,
    LeagueDetail,
    LeagueOut,
    SeasonDetail,
    SeasonOut,
    StandingsOut,
    StatsOut,
    TeamDetail,
    TeamOut,
)
from games.archive import selectors
from games.kinds import CRICKET, game_rows
from games.kinds import kind as game_kind
from games.leagues import stats_selectors
from games.leagues.cups import selectors as cup_selectors
from games.leagues.cups.export import bracket_document
from games.leagues.standings_cache import cached_standings
from games.models import Competition, League, Season, Team
from games.plumbing import page_cache, revalidation
from games.plumbing.replica import mark_replica_reads

router = Router(tags=["leagues"])
ERRORS = {400: Error, 404: Error, 429: Error}


def _league(slug: str) -> League:
    found = League.objects.filter(slug=slug).first()
    if found is None:
        raise Http404(f"There is no league {slug!r}.")
    return found


def _season(league: str, season: str) -> Season:
    found = Season.objects.select_related("league").filter(league__slug=league, slug=season)
    found = found.first()
    if found is None:
        _league(league)
        raise Http404(f"The league {league!r} has no season {season!r}.")
    return found


@mark_replica_reads
@router.get("/leagues", response={200: list[LeagueOut], **ERRORS}, summary="Every league")
@paged
def league_list(request: HttpRequest) -> Shown:
    return Shown(selectors.leagues(), rows.league)


@mark_replica_reads
@router.get("/leagues/{league}", response={200: LeagueDetail, **ERRORS}, summary="One league")
def league_detail(request: HttpRequest, league: str) -> dict:
    found = selectors.leagues().filter(slug=league).first()
    if found is None:
        raise Http404(f"There is no league {league!r}.")
    cricket = game_kind(found.kind).family == CRICKET
    return {
        **rows.league(found),
        "options": [
            {"label": label, "value": value}
            for label, value in selectors.league_options(league=found)
        ],
        "points": {
            "win": found.points_win,
            "tie": found.points_tie,
            "loss": found.points_loss,
            "no_result": found.points_no_result,
        }
        if cricket
        else None,
        "season_list": [rows.season(s, found) for s in selectors.league_seasons(league=found)],
        "team_list": [rows.team(t, found) for t in selectors.league_teams(league=found)],
    }


@mark_replica_reads
@router.get(
    "/leagues/{league}/seasons",
    response={200: list[SeasonOut], **ERRORS},
    summary="A league's seasons",
)
@paged
def season_list(request: HttpRequest, league: str) -> Shown:
    found = _league(league)
    return Shown(selectors.league_seasons(league=found), lambda s: rows.season(s, found))


@mark_replica_reads
@router.get(
    "/leagues/{league}/seasons/{season}",
    response={200: SeasonDetail, **ERRORS},
    summary="One season",
)
def season_detail(request: HttpRequest, league: str, season: str) -> dict:
    found = _season(league, season)
    counted = selectors.league_seasons(league=found.league).get(pk=found.pk)
    lg = found.league
    return {
        **rows.season(counted, lg),
        "teams": [rows.team(t, lg) for t in selectors.league_teams(league=lg)],
        "competitions": [
            rows.competition(c, lg, found) for c in cup_selectors.season_competitions(season=found)
        ],
        "standings": reverse("api:season_standings", args=[lg.slug, found.slug]),
        "stats": reverse("api:season_stats", args=[lg.slug, found.slug]),
        "data_pack": reverse("games:season-data-pack", args=[lg.slug, found.slug]),
    }


@mark_replica_reads
@router.get(
    "/leagues/{league}/teams", response={200: list[TeamOut], **ERRORS}, summary="A league's teams"
)
@paged
def team_list(request: HttpRequest, league: str) -> Shown:
    found = _league(league)
    return Shown(selectors.league_teams(league=found), lambda t: rows.team(t, found))


@mark_replica_reads
@router.get(
    "/leagues/{league}/teams/{team}", response={200: TeamDetail, **ERRORS}, summary="One team"
)
def team_detail(request: HttpRequest, league: str, team: str) -> dict:
    found = Team.objects.select_related("league").filter(league__slug=league, slug=team).first()
    if found is None:
        _league(league)
        raise Http404(f"The league {league!r} has no team {team!r}.")
    return {
        **rows.team(found, found.league),
        "seasons": [s.slug for s in selectors.team_seasons(team=found)],
        "form": selectors.team_form(team=found),
    }


class FixtureFilters(Schema):
    team: str | None = Field(None, description="a team's slug: its fixtures only")
    status: Literal["scheduled", "live", "final", "void", "no_result"] | None = None
    competition: str | None = Field(
        None, description="a cup's or group stage's slug, or \"league\" for league games only"
    )
    date_from: datetime.date | None = Field(None, description="scheduled on or after")
    date_to: datetime.date | None = Field(None, description="scheduled on or before")


@mark_replica_reads
@router.get(
    "/leagues/{league}/seasons/{season}/fixtures",
    response={200: list[FixtureOut], **ERRORS},
    summary="A season's fixtures",
    description="Every fixture (league, cup and group games) by date and start time, undated "
    "last, with its game once started.",
)
@paged
def fixture_list(
    request: HttpRequest,
    league: str,
    season: str,
    filters: Query[FixtureFilters],
) -> Shown:
    found = _season(league, season)
    fixtures = found.fixtures.select_related(
        "season", "away", "home", "game__season__league", "competition"
    ).order_by(
        F("scheduled_on").asc(nulls_last=True), F("scheduled_time").asc(nulls_first=True), "id"
    )
    if filters.team:
        team = found.league.teams.filter(slug=filters.team).first()
        if team is None:
            raise refused("team", f"the league has no team {filters.team!r}")
        fixtures = fixtures.filter(Q(away=team) | Q(home=team))
    if filters.competition == "league":
        fixtures = fixtures.filter(competition__isnull=True)
    elif filters.competition:
        fixtures = fixtures.filter(competition__slug=filters.competition)
    if filters.date_from:
        fixtures = fixtures.filter(scheduled_on__gte=filters.date_from)
    if filters.date_to:
        fixtures = fixtures.filter(scheduled_on__lte=filters.date_to)
    if filters.status:
        fixtures = [f for f in fixtures if game_rows.fixture_row(f).status == filters.status]
    return Shown(fixtures, rows.fixture)


@mark_replica_reads
@router.get(
    "/leagues/{league}/seasons/{season}/standings",
    response={200: StandingsOut, **ERRORS},
    summary="A season's standings",
    description="The league table as the standings page shows it: its columns, then a row "
    "per team in table order.",
)
def season_standings(request: HttpRequest, league: str, season: str) -> dict | HttpResponse:
    key = page_cache.standings_page_key(league, season)
    kept = revalidation.from_cache(request, key and f"api-{key}")
    if kept is not None:
        return kept
    found = _season(league, season)
    table = cached_standings(found)
    return {
        "league": found.league.slug,
        "season": found.slug,
        "game": found.league.kind,
        "games_counted": table.games_counted,
        "no_results": table.no_results,
        "columns": [{"key": c.key, "label": c.label, "title": c.title} for c in table.columns],
        "rows": [{**row.as_dict(), "team_slug": row.team.slug} for row in table.rows],
    }


def _stats(page: stats_selectors.StatsPage) -> dict:
    return {
        "league": page.league.slug,
        "season": page.season.slug if page.season else None,
        "heading": page.heading,
        "games": page.games,
        "tables": [
            {
                "id": t.id,
                "title": t.title,
                "heading": t.heading,
                "note": t.note,
                "columns": [
                    {"key": c.key, "label": c.label, "title": c.title, "format": c.format}
                    for c in t.columns
                ],
                "rows": [
                    {"label": r.label, "cells": list(r.cells), "total": r.total} for r in t.rows
                ],
            }
            for t in page.tables
        ],
    }


@mark_replica_reads
@router.get(
    "/leagues/{league}/seasons/{season}/stats",
    response={200: StatsOut, **ERRORS},
    summary="A season's stats",
    description="The season's stats tables per team, their cells as the stats page prints them.",
)
def season_stats(request: HttpRequest, league: str, season: str) -> dict:
    return _stats(stats_selectors.season_stats(season=_season(league, season)))


@mark_replica_reads
@router.get(
    "/leagues/{league}/stats", response={200: StatsOut, **ERRORS}, summary="A league's stats"
)
def league_stats(request: HttpRequest, league: str) -> dict:
    return _stats(stats_selectors.league_stats(league=_league(league)))


@mark_replica_reads
@router.get(
    "/leagues/{league}/seasons/{season}/competitions/{competition}",
    response={200: CompetitionDetail, **ERRORS},
    summary="A cup or group stage",
    description="Its bracket as the bracket.json download has it: entrants, group games, "
    "ties and their games.",
)
def competition_detail(request: HttpRequest, league: str, season: str, competition: str) -> dict:
    found = get_object_or_404(
        Competition.objects.select_related("season__league"),
        season__league__slug=league,
        season__slug=season,
        slug=competition,
    )
    return {
        **rows.competition(found, found.season.league, found.season),
        "bracket": bracket_document(found),
    }
