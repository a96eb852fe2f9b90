"""The audit trail of corrections: every change to an earlier play, and every reopening of a
final game for correction. Rows are only ever added (a reopening is closed, never removed)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models.games import Game, Play


class PlayCorrection(models.Model):
    """Play ``seq`` of ``game`` was replaced by ``after`` (or deleted, when ``after`` is null).

    ``seq`` is the play's position when it was corrected; a later deletion may renumber the
    log, so ``play`` (kept for replacements) is what ties the row to the play it changed.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="corrections")
    play = models.ForeignKey(
        Play, null=True, blank=True, on_delete=models.SET_NULL, related_name="corrections"
    )
    seq = models.PositiveIntegerField()
    before = models.JSONField()
    after = models.JSONField(null=True, blank=True, help_text="null when the play was deleted")
    reason = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at", "id"]

    def __str__(self) -> str:
        return f"{'deletion' if self.is_deletion else 'correction'} of play {self.seq}"

    @property
    def is_deletion(self) -> bool:
        return self.after is None


class GameReopening(models.Model):
    """An organiser reopened a final game for correction; open until ``closed_at`` is set."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reopenings")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "opened_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"],
                condition=models.Q(closed_at__isnull=True),
                name="one_open_reopening_per_game",
            )
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} reopened {self.opened_at:%Y-%m-%d %H:%M}"
