"""A cup's fixture changed: its tie is settled again, or its group's table read again and,
once the group stage is complete, its qualifiers drawn into the knockout. Called whenever a
game's result may have changed (``games.leagues.stats.sync``) and when an organiser records a
fixture's outcome."""

from __future__ import annotations

from django.db import transaction

from games.leagues.cups import advance, groups
from games.models import Fixture, Game


def game_changed(game: Game) -> None:
    """Called whenever a game's result may have changed (``stats.sync``)."""
    fixture = Fixture.objects.filter(game=game, competition__isnull=False).first()
    if fixture is not None:
        fixture_changed(fixture)


def fixture_changed(fixture: Fixture) -> None:
    """A competition's fixture changed (its game's result, or a group game's no result)."""
    if fixture.competition_id is None:
        return
    with transaction.atomic():
        competition = advance.lock(fixture.competition_id)
        advance.touch(competition)
        if fixture.tie_id is not None:
            advance.settle(competition, fixture.tie)
        elif fixture.group:
            groups.replay_voided(competition, fixture)
            groups.draw_knockout_when_complete(competition)
