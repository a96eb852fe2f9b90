"""Standings computed once per state of a season, not once per request.

A season's table depends on its stats rows, the league's teams, its fixtures recorded as no
result and a few league and season fields. Every change to a stats row or a team gives the
season a new ``stats_revision`` (the receivers below, in the same transaction as the change;
recording or undoing a no result bumps it in ``league_services``); the cache key holds that revision
and the league and season fields, so a cached table is never used once anything it was
computed from has changed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.leagues.standings import Standings, season_standings
from games.models import GameStats, Season, Team
from games.models.games import new_revision
from games.plumbing import safe_cache


def standings_key(season: Season) -> str:
    """Names this season's standings as they are now (``season`` comes with its league)."""
    league = season.league
    shown = repr(
        (
            league.pk,
            league.name,
            league.slug,
            league.kind,
            league.points_win,
            league.points_tie,
            league.points_loss,
            league.points_no_result,
            season.name,
            season.slug,
        )
    )
    digest = hashlib.blake2b(shown.encode(), digest_size=8).hexdigest()
    return f"standings:{season.pk}:{season.stats_revision}:{digest}"


def cached_standings(season: Season) -> Standings:
    key = standings_key(season)
    standings = safe_cache.get(key, Standings)
    if standings is None:
        standings = season_standings(season=season)
        safe_cache.put(key, standings)
    return standings


def bump_seasons(**filters: Any) -> None:
    """New stats revisions for the seasons ``filters`` select."""
    Season.objects.filter(**filters).update(stats_revision=new_revision())


@receiver(post_save, sender=GameStats, dispatch_uid="standings-stats-saved")
@receiver(post_delete, sender=GameStats, dispatch_uid="standings-stats-deleted")
def _stats_changed(sender: type, instance: GameStats, **kwargs: Any) -> None:
    if instance.season_id is not None:
        bump_seasons(pk=instance.season_id)


@receiver(post_save, sender=Team, dispatch_uid="standings-team-saved")
@receiver(post_delete, sender=Team, dispatch_uid="standings-team-deleted")
def _team_changed(sender: type, instance: Team, **kwargs: Any) -> None:
    bump_seasons(league_id=instance.league_id)
