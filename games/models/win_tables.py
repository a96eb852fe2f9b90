"""Win-probability tables (built by simulation, ``games.engines.win_probability``) and each
finished game's swing of fortune, both disposable: a table is rebuilt from its seed, a swing
from the game's log."""

from __future__ import annotations

from django.db import models


class WinTable(models.Model):
    """One built table: a game, the options it covers (by ``options_key``) and the version of
    the rules it was built by. A build writes its row in one go when it has finished, so an
    interrupted build leaves the table before it in use."""

    kind = models.CharField("game", max_length=40)
    options_key = models.CharField(max_length=32)
    version = models.CharField(max_length=32)
    options = models.JSONField(default=dict)
    games = models.PositiveIntegerField()
    seconds = models.FloatField()
    built_at = models.DateTimeField(auto_now=True)
    data = models.BinaryField(help_text="the table as zlib-compressed JSON")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "options_key", "version"], name="one_win_table_per_version"
            )
        ]
        indexes = [models.Index(fields=["kind"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.options} ({self.games} games, {self.version})"


class WinSwing(models.Model):
    """How a finished game's win probability swung: the winner's lowest chance (a comeback
    when low) on the table of ``version``, for the log at ``log_revision``."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="win_swing")
    log_revision = models.CharField(max_length=32)
    version = models.CharField(max_length=32)
    winner = models.PositiveSmallIntegerField()
    # Both empty for a game no table covers (e.g. an unlimited-overs match).
    winner_low = models.FloatField(null=True, help_text="the winner's lowest chance of winning")
    low_seq = models.PositiveIntegerField(null=True, help_text="the play after which it was lowest")

    class Meta:
        indexes = [models.Index(fields=["winner_low"])]

    def __str__(self) -> str:
        if self.winner_low is None:
            return f"game {self.game_id}: no figure"
        return f"game {self.game_id}: winner's lowest chance {self.winner_low:.0%}"
