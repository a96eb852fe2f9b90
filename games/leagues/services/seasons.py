"""Writes and reads for seasons: adding one, and what a season's page lists.

Season slugs never take ``manage``, ``stats`` or ``teams``: those words are page addresses
under a league's.
"""

from __future__ import annotations

from datetime import date

from django.db import models, transaction

from games.leagues.services.common import (
    LeagueError,
    clean_name,
    require_organiser,
    unique_slug,
)
from games.models import Fixture, Game, League, Season

RESERVED_SEASON_SLUGS = frozenset({"manage", "stats", "teams"})


@transaction.atomic
def season_create(*, league: League, user, name: str, starts_on: date | None = None) -> Season:
    require_organiser(league=league, user=user)
    name = clean_name(name, "season", Season._meta.get_field("name").max_length)
    if league.seasons.filter(name__iexact=name).exists():
        raise LeagueError(f"{league.name} already has a season called {name!r}.")
    taken = set(league.seasons.values_list("slug", flat=True))
    slug = unique_slug(name, taken, RESERVED_SEASON_SLUGS, "season")
    return Season.objects.create(league=league, name=name, slug=slug, starts_on=starts_on)


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
