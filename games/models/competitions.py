"""Competitions beyond the round robin: knockout cups, and group stages that feed one.

A ``Competition`` belongs to a season; its ``Entrant`` rows are the league's teams with their
seed (and group). A knockout is a bracket of ``Tie`` rows, one per place (round, slot); a tie
is played as one or more fixtures (``Fixture.tie``: legs, and deciders after a level result).
Group games are fixtures with ``Fixture.group`` set. Games of a competition stay out of the
season's league standings (``GameStats.competition``).
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse

from games.models.games import new_revision
from games.models.leagues import Season, Team


class Competition(models.Model):
    CUP, GROUPS = "cup", "groups"
    SEEDED, RANDOM = "seeded", "random"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=80)
    format = models.CharField(
        max_length=10,
        choices=[(CUP, "knockout cup"), (GROUPS, "group stage, then a knockout")],
        default=CUP,
    )
    draw = models.CharField(
        max_length=10,
        choices=[(SEEDED, "seeded"), (RANDOM, "drawn at random")],
        default=SEEDED,
    )
    draw_seed = models.PositiveIntegerField(
        null=True, blank=True, help_text="the random draw's seed, shown so the draw can be redone"
    )
    third_place = models.BooleanField(
        default=False, help_text="a match between the losing semi-finalists"
    )
    two_legs = models.BooleanField(default=False, help_text="ties over two games on aggregate")
    groups = models.PositiveSmallIntegerField(default=0, help_text="number of groups (group stage)")
    per_group = models.PositiveSmallIntegerField(
        default=0, help_text="how many of each group go through to the knockout"
    )
    knockout_drawn = models.BooleanField(
        default=False,
        help_text="whether the knockout's bracket exists (a group stage draws it later)",
    )
    from_standings = models.BooleanField(
        default=False, help_text="playoffs: seeded from the season's standings"
    )
    revision = models.CharField(max_length=32, default=new_revision, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "slug"], name="one_competition_slug_per_season"
            )
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.name}"

    def get_absolute_url(self) -> str:
        season = self.season
        return reverse("games:bracket", args=[season.league.slug, season.slug, self.slug])

    @property
    def has_groups(self) -> bool:
        return self.format == self.GROUPS


class Entrant(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entrants")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="entries")
    seed = models.PositiveSmallIntegerField(help_text="1 is the top seed")
    group = models.CharField(max_length=1, blank=True)
    knockout_seed = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="after a group stage: the seed in the knockout"
    )

    class Meta:
        ordering = ["competition", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "team"], name="one_entry_per_team"),
            models.UniqueConstraint(fields=["competition", "seed"], name="one_entrant_per_seed"),
        ]

    def __str__(self) -> str:
        return f"({self.seed}) {self.team}"


class Tie(models.Model):
    """One place in the knockout bracket: round ``round`` (1 is the first), ``slot`` from the
    top. Its winner goes to slot ``slot // 2`` of the next round (first if ``slot`` is even)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="ties")
    round = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField()
    third_place = models.BooleanField(default=False)
    first = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    second = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    bye = models.BooleanField(default=False, help_text="one entrant, who goes through unplayed")
    winner = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_by = models.CharField(max_length=20, blank=True)
    walkover_reason = models.CharField(max_length=200, blank=True)
    flag = models.CharField(
        max_length=300,
        blank=True,
        help_text="for the organisers: games kept here no longer match the bracket",
    )

    class Meta:
        ordering = ["competition", "third_place", "round", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "round", "slot", "third_place"], name="one_tie_per_place"
            )
        ]

    def __str__(self) -> str:
        return f"{self.competition.name} round {self.round} tie {self.slot + 1}"

    @property
    def entrants(self) -> list[Entrant | None]:
        return [self.first, self.second]
