"""Demo data: finished and live games of each game, played by a seeded random scorer."""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model
from django.db import transaction

from . import services
from .models import Game
from .selectors import replay_game

DEMO_USER, DEMO_PASSWORD = "demo", "demo-scorer"


def random_plays(game: Game, rng: random.Random, limit: int, user) -> None:
    """Record up to ``limit`` random legal plays."""
    engine = game.engine
    for _ in range(limit):
        state = replay_game(game).final_state
        if engine.is_over(state):
            return
        seq = game.plays.count() + 1
        raw = _demo_choice(engine.legal_plays(state), rng)
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)


def _demo_choice(legal: list[dict], rng: random.Random) -> dict:
    """A random pitch or delivery; refreshes, fielders, no balls and declarations rarely."""
    ordinary = [p for p in legal if "pitch" in p and not p.get("no_ball") and "review" not in p]
    rare = [p for p in legal if "declare" not in p and "rain" not in p]
    if ordinary and rng.random() > 0.04:
        return rng.choice(ordinary)
    return rng.choice(rare or legal)


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
    test = services.game_create(
        kind="quick-cricket", options={"overs": 8}, sides=["Hornets", "Wasps"], user=user
    )
    random_plays(test, rng, 400, user)
    chase = services.game_create(
        kind="quick-cricket", options={"overs": 16}, sides=["Kestrels", "Owls"], user=user
    )
    random_plays(chase, rng, 40, user)
    others = [
        ("backyard-baseball", {"innings": 3}, ["Sandlot", "Alley Cats"], 30),
        ("bedard-baseball", {"innings": 3}, ["Reds", "Blues"], 60),
        ("solitaire-baseball", {"innings": 9}, ["Demo player"], 40),
    ]
    games = [finished, live, test, chase]
    for kind, options, sides, plays in others:
        game = services.game_create(kind=kind, options=options, sides=sides, user=user)
        random_plays(game, rng, plays, user)
        games.append(game)
    return games
