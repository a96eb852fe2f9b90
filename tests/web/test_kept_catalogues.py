"""A game keeps the card catalogue it was started with: new games, leagues and fixture games
store it pinned; the migration pins every game and league stored before catalogues had
names to the catalogue of that time, so an old game replays to the same summary after
Quick Baseball's default changed; an archive written before then restores the same way."""

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps

from games.engines import catalogues, get
from games.kinds.records import game_record, replay_game
from games.leagues import services as league_services
from games.models import CardCatalogue, Fixture, Game, League, Play, Season, Team
from games.scoring import services

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.migrations.0015_pin_catalogues")
ROOT = Path(__file__).resolve().parents[2]
FIRST = catalogues.reference("quick-baseball", "first-reconstruction")
ONE_BORDER = catalogues.reference("quick-baseball", "one-border")
# Batter 1 plays B1 against SO1: a single with the first reconstruction (B1 hits blue for
# batters 1-3), a strike out with the one-border default (B1 hits green and yellow there);
# batter 2's B3 against FLY is a single with either.
PLAYS = [{"pitch": "SO1", "bat": "B1"}, {"pitch": "FLY", "bat": "B3"}]


def _old_game(user) -> Game:
    """A game as stored before catalogues had names: no catalogue in its options, its
    plays played with the first reconstruction (the default of that time)."""
    game = Game.objects.create(
        kind="quick-baseball", options={"innings": 3}, sides=["A", "B"], created_by=user
    )
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=play, created_by=user)
        for seq, play in enumerate(PLAYS, start=1)
    )
    return game


def _summary(options: dict) -> dict:
    engine = get("quick-baseball")
    state = engine.initial_state(engine.options(options))
    for play in PLAYS:
        state, _ = engine.play(state, play)
    return engine.summary(state)


def test_an_old_game_replays_to_the_same_summary_after_the_migration(scorer):
    played = _summary({"innings": 3, "catalogue": "first-reconstruction"})
    assert played["bases"] == [True, True, False] and played["outs"] == 0  # two singles
    game = _old_game(scorer)
    assert replay_game(game).summary() != played  # unpinned, it would read the new default
    MIGRATION.pin(apps, None)
    game.refresh_from_db()
    assert game.options == {"innings": 3, "catalogue": FIRST}
    assert replay_game(game).summary() == played
    record = game_record(game)
    assert record.options["catalogue"] == FIRST


def test_the_migration_pins_leagues_keeps_named_catalogues_and_moves_the_seeded_row(scorer):
    league = League.objects.create(name="Old", slug="old", kind="quick-cricket", options={})
    own = catalogues.named("backyard-baseball", "reconstruction")
    own["throws"]["RF"]["home"] = 2
    mine = Game.objects.create(
        kind="backyard-baseball", options={"catalogue": own}, sides=["A", "B"], created_by=scorer
    )
    tennis = Game.objects.create(
        kind="quick-tennis", options={}, sides=["A", "B"], created_by=scorer
    )
    row = CardCatalogue.objects.get(kind="quick-baseball")
    row.data = catalogues.named("quick-baseball", "first-reconstruction")
    row.save()
    MIGRATION.pin(apps, None)
    league.refresh_from_db()
    assert league.options["catalogue"] == catalogues.reference("quick-cricket", "reconstruction")
    assert Game.objects.get(pk=mine.pk).options == {"catalogue": own}
    assert Game.objects.get(pk=tennis.pk).options == {}
    row.refresh_from_db()
    assert row.data == catalogues.named("quick-baseball", "one-border")


def test_a_new_game_pins_the_default_or_its_named_catalogue(scorer):
    game = services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=scorer)
    assert game.options["catalogue"] == ONE_BORDER
    older = services.game_create(
        kind="quick-baseball",
        options={"catalogue": "first-reconstruction"},
        sides=["A", "B"],
        user=scorer,
    )
    assert older.options["catalogue"] == FIRST
    services.play_record(game=older, raw=PLAYS[0], expected_seq=1, user=scorer)
    older.refresh_from_db()
    assert older.summary["bases"] == [True, False, False]


def test_a_league_keeps_its_catalogue_and_its_fixture_games_use_it(scorer):
    scorer.is_staff = True
    scorer.save()
    league = league_services.league_create(
        name="Keepers",
        kind="quick-baseball",
        options={"innings": 3, "catalogue": "first-reconstruction"},
        user=scorer,
    )
    assert league.options["catalogue"] == FIRST
    league_services.league_update(
        league=league, user=scorer, name="Keepers", options={"innings": 5}, points={}
    )
    league.refresh_from_db()
    assert league.options == {"innings": 5, "catalogue": FIRST}
    season = Season.objects.create(league=league, name="2026", slug="2026")
    away, home = (Team.objects.create(league=league, name=n, slug=n.lower()) for n in "AB")
    fixture = Fixture.objects.create(season=season, away=away, home=home)
    game = league_services.fixture_start(fixture=fixture, user=scorer)
    assert game.options["catalogue"] == FIRST
    default = league_services.league_create(
        name="Defaults", kind="quick-baseball", options={}, user=scorer
    )
    assert default.options["catalogue"] == ONE_BORDER


def test_the_exported_record_replays_with_the_manage_command(scorer):
    game = services.game_create(
        kind="quick-baseball",
        options={"catalogue": "first-reconstruction", "innings": 3},
        sides=["A", "B"],
        user=scorer,
    )
    for seq, play in enumerate(PLAYS, start=1):
        services.play_record(game=game, raw=play, expected_seq=seq, user=scorer)
    record = game_record(game)
    text = json.dumps(
        {
            "game": record.game,
            "options": record.options,
            "sides": list(record.sides),
            "plays": list(record.plays),
        }
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == _summary({"innings": 3, "catalogue": "first-reconstruction"})
