"""Leagues, their seasons and teams, the fixture list, and the stats stored per final game.

Standings and stats pages read ``GameStats`` rows (written when a game becomes final, redone
when it is corrected or voided), so they never replay a league's games on a request.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from games import engines
from games.models.games import Game, game_choices, new_revision


class League(models.Model):
    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    kind = models.CharField("game", max_length=40, choices=game_choices)
    options = models.JSONField(
        default=dict, blank=True, help_text="the options every game of the league uses"
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="leagues_organised"
    )
    points_win = models.PositiveSmallIntegerField(default=2, help_text="cricket points for a win")
    points_tie = models.PositiveSmallIntegerField(default=1, help_text="cricket points for a tie")
    points_loss = models.PositiveSmallIntegerField(default=0, help_text="cricket points for a loss")
    points_no_result = models.PositiveSmallIntegerField(
        default=1, help_text="cricket points for each side of an abandoned or no-result fixture"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("games:league", args=[self.slug])

    @property
    def entrant(self) -> str:
        """ "team" or "player": what this league's game calls the sides it enters."""
        try:
            return engines.get(self.kind).entrant
        except engines.InvalidOptions:
            return "team"

    def is_organiser(self, user) -> bool:
        if not user.is_authenticated:
            return False
        return user.is_staff or self.organisers.filter(pk=user.pk).exists()


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    slug = models.SlugField(max_length=60)
    starts_on = models.DateField(null=True, blank=True)
    stats_revision = models.CharField(
        max_length=32,
        default=new_revision,
        editable=False,
        help_text="changes whenever the season's stats rows or the league's teams change, so "
        "cached standings are only used for the revision they were computed from",
    )

    class Meta:
        ordering = ["league", "-starts_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="one_season_slug_per_league")
        ]

    def __str__(self) -> str:
        return f"{self.league} {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("games:season", args=[self.league.slug, self.slug])


class Team(models.Model):
    """A team of a league (for solitaire leagues, a player)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=60)
    slug = models.SlugField(max_length=60)

    class Meta:
        ordering = ["league", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="one_team_slug_per_league"),
            models.UniqueConstraint(fields=["league", "name"], name="one_team_name_per_league"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("games:team", args=[self.league.slug, self.slug])


class Fixture(models.Model):
    """A game on a season's fixture list; ``game`` is set once it is started or imported.

    ``away`` bats first (side 0), ``home`` second (side 1); a solitaire fixture has no home.
    An organiser may record it as abandoned or no result (``outcome``, with a reason): it then
    counts as played, for the league's ``points_no_result`` each, and stays out of net run rate.
    """

    NORMAL, ABANDONED, NO_RESULT = "", "abandoned", "no_result"
    OUTCOMES = [(NORMAL, "normal"), (ABANDONED, "abandoned"), (NO_RESULT, "no result")]

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="fixtures")
    away = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="away_fixtures")
    home = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="home_fixtures"
    )
    scheduled_on = models.DateField(null=True, blank=True)
    scheduled_time = models.TimeField(null=True, blank=True, help_text="local start time")
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="fixture"
    )
    competition = models.ForeignKey(
        "games.Competition",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="fixtures",
        help_text="a cup's or a group stage's game; none for the season's league games",
    )
    group = models.CharField(max_length=1, blank=True, help_text="group stage: the group")
    tie = models.ForeignKey(
        "games.Tie", null=True, blank=True, on_delete=models.PROTECT, related_name="fixtures"
    )
    leg = models.PositiveSmallIntegerField(
        default=1, help_text="a tie's game: 1, 2 (second leg), or the decider's number after"
    )
    decider = models.BooleanField(
        default=False, help_text="played to settle a level tie (cricket: a one-over eliminator)"
    )
    outcome = models.CharField(max_length=20, choices=OUTCOMES, blank=True, default=NORMAL)
    outcome_reason = models.CharField(max_length=200, blank=True)
    outcome_recorded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "scheduled_on", "scheduled_time", "id"]

    def __str__(self) -> str:
        return f"{self.away} at {self.home}" if self.home else str(self.away)

    @property
    def teams(self) -> list[Team]:
        return [self.away, self.home] if self.home else [self.away]

    @property
    def is_no_result(self) -> bool:
        """Abandoned or no result: played, without a winner or a run rate."""
        return self.outcome != self.NORMAL

    @property
    def outcome_text(self) -> str:
        """ "Abandoned: <reason>" or "No result: <reason>" ('' for a normal fixture)."""
        if not self.is_no_result:
            return ""
        return f"{self.get_outcome_display().capitalize()}: {self.outcome_reason}"


class GameStats(models.Model):
    """One side's numbers in one final game, stored when the game becomes final.

    ``data`` holds the game's own stats (hits, partnerships, wickets by kind, …); the columns
    are what standings sort and sum on.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="stats")
    side = models.PositiveSmallIntegerField()
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="stats"
    )
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.CASCADE, related_name="stats"
    )
    opponent = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="opponent_stats"
    )
    result = models.CharField(max_length=1, choices=[("W", "won"), ("L", "lost"), ("T", "tied")])
    runs_for = models.PositiveIntegerField(default=0)
    runs_against = models.PositiveIntegerField(default=0)
    balls_faced = models.PositiveIntegerField(default=0, help_text="cricket: for net run rate")
    balls_bowled = models.PositiveIntegerField(default=0, help_text="cricket: for net run rate")
    finished_at = models.DateTimeField()
    data = models.JSONField(default=dict)
    competition = models.ForeignKey(
        "games.Competition",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="stats",
        help_text="set for a cup's or group's game, which stays out of the league standings",
    )

    class Meta:
        ordering = ["finished_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "side"], name="one_stats_row_per_side")
        ]
        indexes = [models.Index(fields=["season", "team"]), models.Index(fields=["team"])]

    def __str__(self) -> str:
        return f"stats of side {self.side} in game {self.game_id}"
