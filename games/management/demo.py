"""Demo data: finished and live games of each game, and a demo league per game with a played
season, all played by a seeded random scorer (so the records stay legal as the rules evolve)."""

from __future__ import annotations

import json
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction

from games.archive import imports
from games.engines import get
from games.leagues import services as league_services
from games.models import Game, League
from games.scoring import services
from games.scoring.selectors import replay_game

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


def _ordinary(play: dict) -> bool:
    """A plain pitch or delivery, or a tennis serve or shot without a lob or drop-shot call."""
    if "pitch" in play:
        return not play.get("no_ball") and "review" not in play
    return ("serve" in play or "hit" in play) and "call" not in play


def _demo_choice(legal: list[dict], rng: random.Random) -> dict:
    """A random pitch, delivery or shot; refreshes, fielders, no balls, calls and declarations
    rarely."""
    ordinary = [p for p in legal if _ordinary(p)]
    rare = [p for p in legal if "declare" not in p and "rain" not in p]
    if ordinary and rng.random() > 0.04:
        return rng.choice(ordinary)
    return rng.choice(rare or legal)


def random_record(kind: str, options: dict, sides: list[str], rng: random.Random) -> dict:
    """A complete game record of ``kind``, played by the random scorer on the engine alone."""
    engine = get(kind)
    state = engine.initial_state(engine.options(options))
    plays: list[dict] = []
    while not engine.is_over(state) and len(plays) < MAX_DEMO_PLAYS:
        raw = _demo_choice(engine.legal_plays(state), rng)
        state, _ = engine.play(state, raw)
        plays.append(raw)
    return {"game": kind, "options": options, "sides": sides, "plays": plays}


MAX_DEMO_PLAYS = 5000
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
            record = random_record(kind, league.options, sides, rng)
            imports.import_text(text=json.dumps(record), season=season, user=user)
        game = league_services.fixture_start(fixture=live, user=user)
        random_plays(game, rng, 12, user)
        leagues.append(league)
    return leagues


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
        ("quick-tennis", {"sets": 3}, ["Ann", "Bea"], 40),
    ]
    games = [finished, live, test, chase]
    for kind, options, sides, plays in others:
        game = services.game_create(kind=kind, options=options, sides=sides, user=user)
        random_plays(game, rng, plays, user)
        games.append(game)
    load_demo_leagues(user, rng)
    return games
