"""Stored rows as the API shows them (the dicts the schemas in ``schemas`` describe), from the
same selectors the public pages draw with, so both always agree."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.kinds import game_rows
from games.kinds.game_rows import GameRow
from games.models import Competition, Fixture, Game, League, Season, Team


def league(row: League) -> dict[str, Any]:
    """A league from ``selectors.leagues()`` (with its counts)."""
    return {
        "slug": row.slug,
        "name": row.name,
        "game": row.kind,
        "game_name": row.get_kind_display(),
        "entrant": row.entrant,
        "seasons": row.season_count,
        "teams": row.team_count,
        "games": row.game_count,
        "url": row.get_absolute_url(),
    }


def season(row: Season, league: League) -> dict[str, Any]:
    """A season from ``selectors.league_seasons`` (with its counts)."""
    return {
        "slug": row.slug,
        "name": row.name,
        "league": league.slug,
        "starts_on": row.starts_on,
        "fixtures": row.fixture_count,
        "played": row.played_count,
        "url": reverse("games:season", args=[league.slug, row.slug]),
    }


def team(row: Team, league: League) -> dict[str, Any]:
    return {
        "slug": row.slug,
        "name": row.name,
        "league": league.slug,
        "url": reverse("games:team", args=[league.slug, row.slug]),
    }


def competition(row: Competition, league: League, season: Season) -> dict[str, Any]:
    return {
        "slug": row.slug,
        "name": row.name,
        "format": row.format,
        "url": reverse("games:bracket", args=[league.slug, season.slug, row.slug]),
    }


def sides(row: GameRow) -> list[dict[str, Any]]:
    return [
        {
            "name": side.name,
            "team": side.team.slug if side.team is not None else None,
            "score": side.score,
            "won": side.won,
        }
        for side in row.sides
    ]


def fixture(row: Fixture) -> dict[str, Any]:
    """A fixture (selected with its teams, game and competition)."""
    shown = game_rows.fixture_row(row)
    return {
        "id": row.pk,
        "season": row.season.slug,
        "competition": row.competition.slug if row.competition_id else None,
        "away": row.away.slug,
        "home": row.home.slug if row.home_id else None,
        "scheduled_on": row.scheduled_on,
        "scheduled_time": row.scheduled_time,
        "status": shown.status,
        "result": shown.result,
        "game": row.game_id,
        "sides": sides(shown),
    }


def game(row: Game) -> dict[str, Any]:
    """A game (selected with its season, league and fixture teams)."""
    fixture_row = getattr(row, "fixture", None)
    shown = game_rows.game_row(row, fixture_row)
    season_row = row.season
    return {
        "id": row.pk,
        "game": row.kind,
        "game_name": row.get_kind_display(),
        "sides": sides(shown),
        "status": shown.status,
        "result": shown.result,
        "league": season_row.league.slug if season_row is not None else None,
        "season": season_row.slug if season_row is not None else None,
        "fixture": fixture_row.pk if fixture_row is not None else None,
        "started_at": row.created_at,
        "finished_at": row.finished_at,
        "void_reason": row.void_reason if row.is_voided else None,
        "url": row.get_absolute_url(),
    }
