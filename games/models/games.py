"""A game and its append-only log of plays; card catalogues staff can edit.

Every scoreboard is derived by replaying the log. ``Game.summary`` is a disposable cache of
the last replay, kept only so that lists of games need not replay each one.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Exists, OuterRef
from django.urls import reverse

from games.engines import EngineError, all_engines, get


def game_choices() -> list[tuple[str, str]]:
    return [(engine.id, engine.name) for engine in all_engines()]


def new_revision() -> str:
    """A fresh random revision token: never reused, so a rolled-back write's token is never
    mistaken for a later one."""
    return secrets.token_hex(8)


class Game(models.Model):
    IN_PROGRESS, FINAL = "in_progress", "final"

    kind = models.CharField("game", max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    sides = models.JSONField(default=list, help_text="team names; index 0 bats first")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    scorers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="games_scored"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    summary = models.JSONField(default=dict, blank=True, editable=False)
    season = models.ForeignKey(
        "games.Season", null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    finished_at = models.DateTimeField(null=True, blank=True, editable=False)
    show_win_probability = models.BooleanField(
        default=False, help_text="show each side's chance of winning on the scoring screen"
    )
    voided_at = models.DateTimeField(null=True, blank=True)
    void_reason = models.CharField(max_length=200, blank=True)
    record_hash = models.CharField(
        max_length=64,
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text="SHA-256 of an imported record, so the same record is not imported twice",
    )
    game_key = models.CharField(
        max_length=64,
        null=True,
        blank=True,
        db_index=True,
        editable=False,
        help_text="SHA-256 of an imported record's game in canonical form (sides case aside, "
        "notes aside), so the same game spelt another way is not imported twice",
    )
    log_revision = models.CharField(
        max_length=32,
        default=new_revision,
        editable=False,
        help_text="changes with every write to the log (or its void or reopening), in the "
        "write's transaction: cached boards are only used for the revision they were made of",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["-created_at"])]

    def __str__(self) -> str:
        return f"{' v '.join(self.sides)} ({self.get_kind_display()})"

    def get_absolute_url(self) -> str:
        return reverse("games:detail", args=[self.pk])

    @property
    def engine(self):
        return get(self.kind)

    @property
    def is_final(self) -> bool:
        return self.summary.get("status") == self.FINAL

    @property
    def is_voided(self) -> bool:
        return self.voided_at is not None

    def is_scorer(self, user) -> bool:
        """Whether ``user`` may score this game: its creator without a query, anyone else
        asked of the database once per game object (so once per request)."""
        if not user.is_authenticated:
            return False
        if user.pk == self.created_by_id:
            return True
        known = self.__dict__.setdefault("_scorers_known", {})
        if user.pk not in known:
            known[user.pk] = self.scorers.filter(pk=user.pk).exists()
        return known[user.pk]

    @classmethod
    def scored_by(cls, user, game_ref: str = "pk") -> Exists:
        """An expression for a query's rows: whether ``user`` was added as a scorer of the
        game ``game_ref`` names (``"pk"`` on games, ``"game_id"`` on plays), so the check rides
        on a query that reads the game anyway; hand the answer to ``knows_scorer``."""
        added = cls.scorers.through.objects.filter(game_id=OuterRef(game_ref), user_id=user.pk)
        return Exists(added)

    def knows_scorer(self, user, added: bool) -> None:
        """Remember what ``scored_by`` answered for ``user``, so ``is_scorer`` asks no query."""
        self.__dict__.setdefault("_scorers_known", {})[user.pk] = added


class Play(models.Model):
    """One physical play, exactly as the record holds it, with what it produced (like a move
    on python-chess's move stack): the engine state after it, its outcome, the summary after
    it. Rows are appended or removed last; ``games.scoring.board`` writes what they produced in the
    play's own transaction, and rewrites it when a correction changes an earlier play."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="plays")
    seq = models.PositiveIntegerField(help_text="1-based position in the game's log")
    payload = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # What the play produced (``games.scoring.board``); empty for a play that no longer replays.
    state = models.JSONField(
        null=True,
        editable=False,
        help_text="the engine state after the play, as signed JSON data",
    )
    outcome = models.JSONField(null=True, editable=False, help_text="what the play did")
    summary = models.JSONField(null=True, editable=False, help_text="the summary after the play")
    tally = models.JSONField(
        default=dict, editable=False, help_text="running counts after the play (hits by side)"
    )
    chain = models.CharField(
        max_length=32,
        blank=True,
        default="",
        editable=False,
        help_text="digest of the log through the play",
    )

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_play_per_position"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="play_seq_from_one"),
        ]

    def __str__(self) -> str:
        return f"play {self.seq} of game {self.game_id}"


class CardCatalogue(models.Model):
    """The card catalogue new games of ``kind`` are played with (seeded with the default)."""

    kind = models.CharField("game", max_length=40, unique=True, choices=game_choices)
    data = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.get_kind_display()} card catalogue"

    def clean(self) -> None:
        try:
            get(self.kind).options({"catalogue": self.data})
        except EngineError as exc:
            raise ValidationError({"data": str(exc)}) from None
