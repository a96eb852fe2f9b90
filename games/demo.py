"""Demo data: a finished and a live Quick Baseball game, played by a seeded random scorer."""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model
from django.db import transaction

from . import services
from .models import Game
from .selectors import replay_game

DEMO_USER, DEMO_PASSWORD = "demo", "demo-scorer"


def random_plays(game: Game, rng: random.Random, limit: int, user) -> None:
    """Record up to ``limit`` random legal plays (never a refresh unless nothing else is legal)."""
    engine = game.engine
    for _ in range(limit):
        state = replay_game(game).final_state
        if engine.is_over(state):
            return
        legal = engine.legal_plays(state)
        pitches = [p for p in legal if "refresh" not in p] or legal
        seq = game.plays.count() + 1
        services.play_record(game=game, raw=rng.choice(pitches), expected_seq=seq, user=user)


@transaction.atomic
def load_demo() -> list[Game]:
    """Create the demo user and games unless they exist. Returns the demo games."""
    users = get_user_model().objects
    user = users.filter(username=DEMO_USER).first()
    if user is not None:
        return list(Game.objects.filter(created_by=user))
    user = users.create_user(DEMO_USER, password=DEMO_PASSWORD)
    rng = random.Random(2026)
    finished = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Giants", "Yankees"], user=user
    )
    random_plays(finished, rng, 500, user)
    live = services.game_create(
        kind="quick-baseball", options={"innings": 9}, sides=["Hornets", "Comets"], user=user
    )
    random_plays(live, rng, 25, user)
    return [finished, live]
