"""Cached standings: computed once per state of the season, and never shown once a stats row,
a team or the league's settings have changed."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.archive import imports
from games.bench import data
from games.bench.players import generate
from games.leagues import services as league_services
from games.leagues.standings import season_standings
from games.leagues.standings_cache import cached_standings
from games.models import Game, Season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(staff):
    return data.league_season(games=12, teams=4, organiser=staff)


def counted(client, season) -> int:
    path = reverse("games:standings", args=[season.league.slug, season.slug])
    html = client.get(path).content.decode()
    return int(re.search(r"from (\d+) final league game", html).group(1))


def csv_rows(client, season) -> list[str]:
    path = reverse("games:standings-csv", args=[season.league.slug, season.slug])
    return client.get(path).content.decode().splitlines()


def viewers(staff):
    logged_in = Client()
    logged_in.force_login(staff)
    return [Client(), logged_in]


def test_a_new_final_game_reaches_the_cached_standings(season, staff):
    clients = viewers(staff)
    assert [counted(c, season) for c in clients] == [12, 12]
    _import_one(season, staff, seed=99)
    assert [counted(c, season) for c in clients] == [13, 13]
    assert cached_standings(Season.objects.get(pk=season.pk)).games_counted == 13


def _import_one(season, staff, seed):
    generated = generate("quick-baseball", season.league.options, limit=10_000, seed=seed)
    record = {
        "game": "quick-baseball",
        "options": season.league.options,
        "sides": ["Team 01", "Team 02"],
        "plays": list(generated.plays),
    }
    imports.import_text(text=json.dumps(record), season=season, user=staff)


def test_voiding_and_unvoiding_reach_the_cached_standings(season, staff):
    clients = viewers(staff)
    assert [counted(c, season) for c in clients] == [12, 12]
    game = Game.objects.filter(season=season).first()
    league_services.game_void(game=game, user=staff, reason="wrong deck")
    assert [counted(c, season) for c in clients] == [11, 11]
    league_services.game_unvoid(game=game, user=staff)
    assert [counted(c, season) for c in clients] == [12, 12]


def test_team_changes_reach_the_cached_standings(season, staff):
    client = Client()
    assert any(row.startswith("1,") for row in csv_rows(client, season))
    team = season.league.teams.get(name="Team 01")
    league_services.team_rename(team=team, user=staff, name="Renamed Robins")
    assert "Renamed Robins" in client.get(_page(season)).content.decode()
    assert any("Renamed Robins" in row for row in csv_rows(client, season))
    league_services.team_create(league=season.league, user=staff, name="Newcomers")
    assert "Newcomers" in client.get(_page(season)).content.decode()


def test_league_settings_reach_the_cached_standings(staff):
    season = data.league_season(games=3, teams=3, organiser=staff)
    client = Client()
    assert "Bench League" in client.get(_page(season)).content.decode()
    league = season.league
    league_services.league_update(
        league=league, user=staff, name="Renamed League", options=league.options, points={}
    )
    assert "Renamed League" in client.get(_page(season)).content.decode()


def test_the_cached_table_is_the_computed_one(season):
    fresh = season_standings(season=season)
    cached = cached_standings(season)  # computed and stored
    again = cached_standings(Season.objects.select_related("league").get(pk=season.pk))
    for table in (cached, again):
        assert table.to_csv() == fresh.to_csv() and table.to_json() == fresh.to_json()


def _page(season) -> str:
    return reverse("games:standings", args=[season.league.slug, season.slug])
