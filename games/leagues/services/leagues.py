"""Writes and reads for leagues themselves: creating one, its name, options and points, and
the lists the organisers' pages show.

A league's game cannot change once created (its games, stats and standings depend on it);
its options can, and apply to games started from then on. The creator is listed as the
league's first organiser. No league is called ``manage``: that word is a page's address
under ``leagues/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import models, transaction

from games.engines import EngineError, get
from games.kinds.catalogues import pinned
from games.leagues.services.common import (
    LeagueError,
    can_create_leagues,
    clean_name,
    require_organiser,
    unique_slug,
)
from games.models import League, Season

RESERVED_LEAGUE_SLUGS = frozenset({"manage"})
POINTS = ("points_win", "points_tie", "points_loss", "points_no_result")


def _league_options(kind: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as the game's engine validates them, the catalogue pinned so the
    league's games keep it (raises ``LeagueError``)."""
    try:
        return pinned(kind, get(kind).options(dict(options)))
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
    name = clean_name(name, "league", League._meta.get_field("name").max_length)
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
        slug=unique_slug(name, taken, RESERVED_LEAGUE_SLUGS, "league"),
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
    name = clean_name(name, "league", League._meta.get_field("name").max_length)
    if League.objects.filter(name__iexact=name).exclude(pk=league.pk).exists():
        raise LeagueError(f"There is already a league called {name!r}.")
    league.name = name
    kept = {"catalogue": league.options["catalogue"]} if "catalogue" in league.options else {}
    league.options = _league_options(league.kind, {**kept, **options})
    current = {key: getattr(league, key) for key in POINTS}
    for key, value in _points({**current, **points}).items():
        setattr(league, key, value)
    league.save()
    return league


def leagues_managed_by(*, user) -> list[League]:
    """Every league for staff; the leagues a user organises otherwise."""
    leagues = League.objects.all() if user.is_staff else user.leagues_organised.all()
    return list(leagues.prefetch_related("seasons").order_by("name"))


def league_seasons(*, league: League) -> list[Season]:
    """The league's seasons, each with ``fixture_count`` and ``game_count`` (games started)."""
    return list(
        league.seasons.annotate(
            fixture_count=models.Count("fixtures", distinct=True),
            game_count=models.Count("games", distinct=True),
        )
    )
