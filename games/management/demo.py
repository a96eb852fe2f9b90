"""Demo data: finished and live games of each game, a demo league per game with a played
season, and cups (finished and in progress) and playoffs, all played by the seeded plausible
players (``games.engines.players``), so the demo looks like real games and its records stay
legal as the rules evolve."""

from __future__ import annotations

import json
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction

from games.archive import imports
from games.engines.players import play_out
from games.leagues import services as league_services
from games.leagues.cups import services as cups
from games.models import Competition, Fixture, Game, League
from games.scoring import services

DEMO_USER, DEMO_PASSWORD = "demo", "demo-scorer"


def plausible_plays(game: Game, rng: random.Random, limit: int | None, user) -> None:
    """Record the first ``limit`` plays (all of them for ``None``) of a game played out by the
    plausible players (``games.engines.players``), through the scorer's own service."""
    played = play_out(game.kind, game.options, rng.getrandbits(64))
    for seq, raw in enumerate(played.plays[:limit], start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)


def plausible_record(kind: str, options: dict, sides: list[str], rng: random.Random) -> dict:
    """A complete game record of ``kind``, played by the plausible players."""
    played = play_out(kind, options, rng.getrandbits(64))
    return {"game": kind, "options": options, "sides": sides, "plays": list(played.plays)}


DEMO_LEAGUES = [
    (
        "Demo Quick Baseball League",
        "quick-baseball",
        {"innings": 3},
        ["Giants", "Yankees", "Mets", "Cubs"],
    ),
    (
        "Demo Quick Cricket League",
        "quick-cricket",
        {"overs": 4},
        ["Hornets", "Wasps", "Kestrels", "Owls"],
    ),
    (
        "Demo Backyard League",
        "backyard-baseball",
        {"innings": 3},
        ["Sandlot", "Alley Cats", "Porch Lights", "Hedgehogs"],
    ),
    ("Demo Bedard League", "bedard-baseball", {"innings": 3}, ["Reds", "Blues", "Golds", "Blacks"]),
    ("Demo Solitaire Ladder", "solitaire-baseball", {"innings": 9}, ["Casey", "Dana", "Robin"]),
    ("Demo Quick Tennis Tour", "quick-tennis", {"sets": 3}, ["Ann", "Bea", "Cleo", "Dot"]),
]


def load_demo_leagues(user, rng: random.Random) -> list[League]:
    """A league per game: teams, a round robin, every fixture played but one live and one to
    come, so standings, stats and histories have something to show."""
    leagues = []
    for name, kind, options, teams in DEMO_LEAGUES:
        league = league_services.league_create(name=name, kind=kind, options=options, user=user)
        season = league_services.season_create(league=league, user=user, name="2026")
        for team in teams:
            league_services.team_create(league=league, user=user, name=team)
        fixtures = league_services.round_robin(season=season, user=user)
        *played, live, _to_come = fixtures
        for fixture in played:
            sides = [team.name for team in fixture.teams]
            record = plausible_record(kind, league.options, sides, rng)
            imports.import_text(text=json.dumps(record), season=season, user=user)
        game = league_services.fixture_start(fixture=live, user=user)
        plausible_plays(game, rng, 12, user)
        leagues.append(league)
    return leagues


def _open_fixture(competition: Competition) -> Fixture | None:
    return (
        competition.fixtures.filter(game__isnull=True, tie__isnull=False)
        .order_by("tie__round", "tie__third_place", "tie__slot", "leg", "id")
        .first()
    )


def play_cup(competition: Competition, user, rng: random.Random, games: int | None) -> None:
    """Play the cup's games in bracket order with the plausible players: all of them, or
    ``games`` of them and then a few plays of the next (a cup in progress)."""
    played = 0
    while (fixture := _open_fixture(competition)) is not None:
        game = cups.tie_start(fixture=fixture, user=user)
        if games is not None and played == games:
            plausible_plays(game, rng, 10, user)
            return
        plausible_plays(game, rng, None, user)
        played += 1


DEMO_CUPS = [
    # (league, cup, finished, draw)
    ("Demo Quick Cricket League", "Knockout Cup", True, Competition.SEEDED),
    ("Demo Quick Cricket League", "Plate", False, Competition.RANDOM),
    ("Demo Quick Tennis Tour", "Open", True, Competition.RANDOM),
    ("Demo Quick Tennis Tour", "Masters", False, Competition.SEEDED),
]


def load_demo_cups(user, rng: random.Random) -> None:
    """A finished cup and a cup in progress for cricket and tennis, and playoffs from the
    Quick Baseball league's standings (semi-finals played, the final live)."""
    for league_name, name, finished, draw in DEMO_CUPS:
        league = League.objects.get(name=league_name)
        season = league.seasons.get()
        cup = cups.cup_create(
            season=season,
            user=user,
            name=name,
            teams=list(league.teams.order_by("name")),
            draw_kind=draw,
            draw_seed=2026 if draw == Competition.RANDOM else None,
        )
        play_cup(cup, user, rng, None if finished else 1)
    league = League.objects.get(name="Demo Quick Baseball League")
    playoffs = cups.playoffs_create(season=league.seasons.get(), user=user, name="Playoffs", top=4)
    play_cup(playoffs, user, rng, 2)


@transaction.atomic
def load_demo() -> list[Game]:
    """Create the demo user and games unless they exist. Returns the demo games."""
    users = get_user_model().objects
    user = users.filter(username=DEMO_USER).first()
    if user is not None:
        return list(Game.objects.filter(created_by=user))
    # Staff, so that the demo user can also create and run leagues, and allowed to edit the
    # card catalogues in the admin (staff see only what their permissions let them).
    user = users.create_user(DEMO_USER, password=DEMO_PASSWORD, is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label="games", codename__endswith="_cardcatalogue"
        )
    )
    rng = random.Random(2026)
    finished = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Giants", "Yankees"], user=user
    )
    plausible_plays(finished, rng, None, user)
    live = services.game_create(
        kind="quick-baseball", options={"innings": 9}, sides=["Hornets", "Comets"], user=user
    )
    plausible_plays(live, rng, 25, user)
    test = services.game_create(
        kind="quick-cricket", options={"overs": 8}, sides=["Hornets", "Wasps"], user=user
    )
    plausible_plays(test, rng, None, user)
    chase = services.game_create(
        kind="quick-cricket", options={"overs": 16}, sides=["Kestrels", "Owls"], user=user
    )
    plausible_plays(chase, rng, 40, user)
    others = [
        ("backyard-baseball", {"innings": 3}, ["Sandlot", "Alley Cats"], 30),
        ("bedard-baseball", {"innings": 3}, ["Reds", "Blues"], 60),
        ("solitaire-baseball", {"innings": 9}, ["Demo player"], 40),
        ("quick-tennis", {"sets": 3}, ["Ann", "Bea"], 40),
    ]
    games = [finished, live, test, chase]
    for kind, options, sides, plays in others:
        game = services.game_create(kind=kind, options=options, sides=sides, user=user)
        plausible_plays(game, rng, plays, user)
        games.append(game)
    load_demo_leagues(user, rng)
    load_demo_cups(user, rng)
    return games
