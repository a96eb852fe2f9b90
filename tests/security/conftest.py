"""Fixtures for the security tests: users in every role, a game of every kind, a league."""

import json
import random

import pytest

from games.engines import all_engines
from games.kinds.records import replay_game
from games.models import Game, GameStats, Play
from games.scoring import services
from tests.leagues.conftest import make_league

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


@pytest.fixture
def scorer(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("stranger", password="pw-stranger-1")


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("organiser", password="pw-organiser-1")


@pytest.fixture
def games(scorer) -> list[Game]:
    """One fresh game of every kind, scored by ``scorer``."""
    made = []
    for engine in all_engines():
        sides = [f"{HOSTILE} {i}" for i in range(len(engine.default_sides))]
        made.append(services.game_create(kind=engine.id, options={}, sides=sides, user=scorer))
    return made


@pytest.fixture
def league(organiser):
    league, season, teams = make_league("quick-baseball", {"innings": 1}, teams=("Giants", "Mets"))
    league.name = f"{HOSTILE} league"
    league.save()
    teams[0].name = f"{HOSTILE} Giants"
    teams[0].save()
    league.organisers.add(organiser)
    return league, season, teams


def log_snapshot() -> list[tuple]:
    """Every play of every game, to prove a refused request changed nothing."""
    return list(Play.objects.order_by("pk").values_list("pk", "game_id", "seq", "payload"))


def play_some(game: Game, user, count: int, seed: int = 0) -> Game:
    """Up to ``count`` random legal plays (never declarations, rain or a lone cricket fielder
    move, as ``play_out``), stopping if the game ends."""
    rng = random.Random(seed)
    for _ in range(count):
        state = replay_game(game).final_state
        if game.engine.is_over(state):
            break
        legal = [
            p
            for p in game.engine.legal_plays(state)
            if "declare" not in p and "rain" not in p and list(p) != ["fielder"]
        ]
        services.play_record(
            game=game, raw=rng.choice(legal), expected_seq=game.plays.count() + 1, user=user
        )
    game.refresh_from_db()
    return game


def assert_every_log_replays() -> None:
    """Every game's stored plays are numbered 1..n, replay without error to the stored summary,
    and its finish time and standings rows follow (rows for a final game that is not void)."""
    for game in Game.objects.all():
        seqs = list(game.plays.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1)), game.pk
        summary = json.loads(json.dumps(replay_game(game).summary()))
        assert summary == game.summary, game.pk
        final = game.summary.get("status") == Game.FINAL
        assert (game.finished_at is not None) == final, game.pk
        counted = GameStats.objects.filter(game=game).exists()
        assert counted == (final and game.voided_at is None), game.pk
