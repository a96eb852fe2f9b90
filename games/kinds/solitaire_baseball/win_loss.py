"""Reads: personal records across games (wins and losses of one player).

Counted from each game's cached summary (rebuilt from the log after every write), as the
game list does, so a record needs one query, not a replay of every game.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from games.models import Game

SOLITAIRE = "solitaire-baseball"


@dataclass(frozen=True)
class WinLoss:
    wins: int
    losses: int

    @property
    def played(self) -> int:
        return self.wins + self.losses


def solitaire_record(user) -> WinLoss:
    """Wins and losses over every final solitaire game ``user`` created."""
    if user is None or user.pk is None:
        return WinLoss(0, 0)
    counts = Game.objects.filter(
        kind=SOLITAIRE, created_by=user, summary__status=Game.FINAL
    ).aggregate(
        wins=Count("pk", filter=Q(summary__result="win")),
        losses=Count("pk", filter=Q(summary__result="loss")),
    )
    return WinLoss(wins=counts["wins"], losses=counts["losses"])
