"""Fixtures for correction tests: a game in progress with a few plays, its scorer, others."""

import pytest

from games.scoring import services
from tests.leagues.conftest import baseball_league, organiser  # noqa: F401

# Six legal plays of a one-inning Quick Baseball game, and what each keeps legal:
# replacing play 1 by any other C1 pitch keeps the log legal; pitching C2 first breaks play 2,
# which pitches C2 again.
PLAYS = [
    {"pitch": "C1", "bat": "B1"},
    {"pitch": "C2", "call": "leave"},
    {"pitch": "FLY", "call": "leave"},
    {"pitch": "PO", "call": "leave"},
    {"pitch": "PO", "call": "leave"},
    {"pitch": "PO", "call": "leave"},
]


@pytest.fixture
def scorer(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("stranger", password="pw-stranger-1")


@pytest.fixture
def game(scorer):
    game = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Giants", "Yankees"], user=scorer
    )
    for seq, raw in enumerate(PLAYS, start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=scorer)
    game.refresh_from_db()
    return game


def position(game) -> dict:
    """The position fields a correction form drawn now would carry."""
    plays = list(game.plays.order_by("seq"))
    return {
        "expected": len(plays),
        "after_play": plays[-1].pk if plays else 0,
        "revision": game.corrections.count(),
    }


def log(game) -> list[dict]:
    return list(game.plays.order_by("seq").values_list("payload", flat=True))
