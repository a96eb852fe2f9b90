"""Fixtures for the security tests: users in every role, a game of every kind, a league."""

import pytest

from games import services
from games.engines import all_engines
from games.models import Game, Play
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
