"""The leagues' answers to what scoring says: when a game's result may have changed, its
stats rows (and through them standings and a cup's bracket) are brought up to date."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.leagues import stats
from games.models import Game
from games.scoring.signals import result_changed


@receiver(result_changed, sender=Game, dispatch_uid="leagues-stats-sync")
def sync_stats(sender: type[Game], game: Game, **kwargs: Any) -> None:
    stats.sync(game)
