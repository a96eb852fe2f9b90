"""Fixtures for the performance tests: games with long random logs, and an empty cache."""

import pytest
from django.core.cache import cache

from games.bench.players import generate
from games.models import Play
from games.scoring import services
from tests.site.conftest import clean_env, run_python  # noqa: F401
from tests.web.conftest import scorer, stranger  # noqa: F401


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def staff(django_user_model):
    """Staff: may create leagues, and organises every league it creates."""
    return django_user_model.objects.create_user("boss", password="pw-boss-1", is_staff=True)


def random_plays(kind: str, options: dict, length: int, seed: int = 1) -> list[dict]:
    generated = generate(kind, options, limit=length, seed=seed)
    assert len(generated.plays) == length and not generated.over
    return list(generated.plays)


def game_with_log(kind: str, options: dict, plays: list[dict], user):
    """A game whose log was written at once (an import does the same), state rebuilt."""
    sides = ["Solo"] if kind == "solitaire-baseball" else ["Giants", "Yankees"]
    game = services.game_create(kind=kind, options=options, sides=sides, user=user)
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=raw, created_by=user)
        for seq, raw in enumerate(plays, start=1)
    )
    services.refresh_summary(game)
    game.refresh_from_db()
    return game


def record_plays(game, plays: list[dict], user) -> None:
    for raw in plays:
        length = game.plays.count()
        services.play_record(game=game, raw=raw, expected_seq=length + 1, user=user)
