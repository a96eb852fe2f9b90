"""A small world for the API's tests: a Quick Baseball league with a played season (two final
fixture games, one live, one still to play) and a Quick Cricket league with one final game."""

from __future__ import annotations

import pytest
from django.test import Client

from games.leagues import services as league_services
from games.models import Fixture
from games.scoring import services
from tests.leagues.conftest import make_league, play_fixture


@pytest.fixture
def scorer(django_user_model):
    return django_user_model.objects.create_user(
        "scorer", email="scorer-secret@example.com", password="pw-scorer-1"
    )


@pytest.fixture
def world(scorer) -> dict:
    league, season, teams = make_league("quick-baseball", {"innings": 1})
    final = play_fixture(season, teams[0], teams[1], scorer, seed=1)
    second = play_fixture(season, teams[1], teams[2], scorer, seed=2)
    live_fixture = Fixture.objects.create(season=season, away=teams[2], home=teams[0])
    live = league_services.fixture_start(fixture=live_fixture, user=scorer)
    services.play_record(game=live, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=scorer)
    spare = Fixture.objects.create(season=season, away=teams[0], home=teams[2])
    cricket_league, cricket_season, cricket_teams = make_league(
        "quick-cricket", {"overs": 1}, teams=("Hornets", "Wasps")
    )
    cricket = play_fixture(cricket_season, cricket_teams[0], cricket_teams[1], scorer, seed=3)
    for game in (final, second, live, cricket):
        game.refresh_from_db()
    return {
        "league": league,
        "season": season,
        "teams": teams,
        "final": final,
        "second": second,
        "live": live,
        "spare": spare,
        "cricket": cricket,
        "cricket_league": cricket_league,
    }


@pytest.fixture
def api_client() -> Client:
    return Client()
