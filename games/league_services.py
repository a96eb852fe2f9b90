"""Writes for leagues: starting a fixture's game (more organiser services join here)."""

from __future__ import annotations

from django.db import transaction

from . import services
from .models import Fixture, Game


@transaction.atomic
def fixture_start(*, fixture: Fixture, user) -> Game:
    """Create the fixture's game: its sides are the fixture's teams, its options the league's."""
    fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
    if fixture.game_id is not None:
        return fixture.game
    league = fixture.season.league
    game = services.game_create(
        kind=league.kind,
        options=league.options,
        sides=[team.name for team in fixture.teams],
        user=user,
    )
    game.season = fixture.season
    game.save(update_fields=["season"])
    fixture.game = game
    fixture.save(update_fields=["game"])
    return game
