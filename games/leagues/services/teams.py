"""Writes for a league's teams (or, in a solitaire league, its players).

Renaming a team does not rename it in games already played (a game keeps the names it was
played under, as its record does). A team on a fixture list, or entered in a cup, stays.
"""

from __future__ import annotations

from django.db import transaction

from games.leagues.services.common import (
    LeagueError,
    clean_name,
    require_organiser,
    unique_slug,
)
from games.models import League, Team


@transaction.atomic
def team_create(*, league: League, user, name: str) -> Team:
    require_organiser(league=league, user=user)
    name = clean_name(name, "team", Team._meta.get_field("name").max_length)
    if league.teams.filter(name__iexact=name).exists():
        raise LeagueError(f"{league.name} already has a team called {name!r}.")
    taken = set(league.teams.values_list("slug", flat=True))
    return Team.objects.create(
        league=league, name=name, slug=unique_slug(name, taken, frozenset(), "team")
    )


@transaction.atomic
def team_rename(*, team: Team, user, name: str) -> Team:
    """A new name for the team's future games (games played keep the name they had)."""
    require_organiser(league=team.league, user=user)
    name = clean_name(name, "team", Team._meta.get_field("name").max_length)
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
