"""Fixtures for league tests: a league with a season and teams, and finished fixture games."""

import random

import pytest

from games.kinds.records import replay_game
from games.leagues import services as league_services
from games.models import Fixture, League, Season, Team
from games.scoring import services


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("organiser", password="pw-organiser-1")


# The scripted plays of the league tests were written for Quick Baseball's first
# reconstruction of the cards: its leagues here keep it, as a league stored before the
# default changed does.
KEPT = {"quick-baseball": {"catalogue": "first-reconstruction"}}


def make_league(kind="quick-baseball", options=None, teams=("Giants", "Yankees", "Mets")):
    league = League.objects.create(
        name=f"{kind} league",
        slug=f"{kind}-league",
        kind=kind,
        options={**KEPT.get(kind, {}), **(options or {})},
    )
    season = Season.objects.create(league=league, name="2026", slug="2026")
    made = [Team.objects.create(league=league, name=name, slug=name.lower()) for name in teams]
    return league, season, made


def play_out(game, user, seed=0, limit=5000):
    """Play random legal plays (never declarations, rain or a lone cricket fielder move)
    until the game is final."""
    rng = random.Random(seed)
    engine = game.engine
    for _ in range(limit):
        state = replay_game(game).final_state
        if engine.is_over(state):
            return game
        legal = [
            p
            for p in engine.legal_plays(state)
            if "declare" not in p and "rain" not in p and list(p) != ["fielder"]
        ]
        services.play_record(
            game=game, raw=rng.choice(legal), expected_seq=game.plays.count() + 1, user=user
        )
    raise AssertionError("the game did not end")


def play_fixture(season, away, home, user, seed=0):
    fixture = Fixture.objects.create(season=season, away=away, home=home)
    game = league_services.fixture_start(fixture=fixture, user=user)
    play_out(game, user, seed=seed)
    game.refresh_from_db()
    return game


@pytest.fixture
def baseball_league(organiser):
    league, season, teams = make_league("quick-baseball", {"innings": 1})
    league.organisers.add(organiser)
    return league, season, teams
