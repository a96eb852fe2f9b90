"""Disposable copies of each game's current board, kept in the database beside the log.

``GameState`` holds the engine state after the last play (with the summary and the latest
play lines), so recording a play applies that one play instead of replaying the log.
``PlayChunk`` holds the derived lines (outcome and score after each play) of a run of plays,
so a page can draw a long play-by-play without replaying it. Both are written in the same
transaction as the play, only ever used for the ``Game.log_revision`` they were made of, and
rebuilt from the log when missing, stale or unreadable: deleting every row is always safe.
They live in the database rather than only in Django's cache so that every app server and
worker process shares them and they can never outlive a rolled-back write.
"""

from __future__ import annotations

from django.db import models

from .games import Game


class GameState(models.Model):
    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="cached_state"
    )
    revision = models.CharField(max_length=32)
    length = models.PositiveIntegerField(help_text="plays in the log it was made of")
    last_play_id = models.PositiveBigIntegerField(default=0)
    data = models.BinaryField(help_text="sealed pickle of games.state_cache.Current")

    def __str__(self) -> str:
        return f"cached state of game {self.game_id} at {self.length} plays"


class PlayChunk(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="play_chunks")
    index = models.PositiveIntegerField(help_text="0 for the first run of plays")
    digest = models.CharField(max_length=64, help_text="the log up to the run's last play")
    data = models.BinaryField(help_text="sealed pickle of the run's play lines")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="one_chunk_per_position")
        ]

    def __str__(self) -> str:
        return f"play lines chunk {self.index} of game {self.game_id}"
