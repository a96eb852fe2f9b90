"""Helpers for the stats tests: small hand-built records whose stats are counted by hand, and
random finished fixtures stored quickly (plays written at once, then the stats synced)."""

from __future__ import annotations

import random
from typing import Any

from games.engines import get
from games.engines.record import from_json, replay
from games.leagues import services as league_services
from games.leagues import stats
from games.models import Fixture, Game, Play
from games.scoring import services

# --- hand-built records (each test module says what they hold) -------------------------------


def qb(pitch: str, bat: str | None = None, call: str | None = None) -> dict[str, Any]:
    play: dict[str, Any] = {"pitch": pitch}
    if bat:
        play["bat"] = bat
    if call:
        play["call"] = call
    return play


BALL = qb("PO", call="leave")

# Quick Baseball, one inning. Visitors: 1 double (B5 v FLY); 2 steals third against SO1,
# then walks; 3 leaves SO2 (blue: strike out); the runner on first is caught stealing
# (Pitch Out); 4 doubles (B3 v C1), the runner on third scores; 5 is run out (B2 v RUN).
# Home: 1 singles (B1 v FLY); 2, 3 and 4 strike out leaving SO1, SO2 and RUN. 1-0. Played
# with the first reconstruction of the cards, whose SO2 has a blue border.
QUICK_BASEBALL = {
    "game": "quick-baseball",
    "options": {"innings": 1, "catalogue": "first-reconstruction"},
    "sides": ["Giants", "Yankees"],
    "plays": [
        qb("FLY", "B5"),
        qb("SO1", call="steal"),
        BALL,
        BALL,
        BALL,
        BALL,
        qb("SO2", call="leave"),
        qb("PO", call="steal"),
        qb("C1", "B3"),
        qb("RUN", "B2"),
        qb("FLY", "B1"),
        qb("SO1", call="leave"),
        qb("SO2", call="leave"),
        qb("RUN", call="leave"),
    ],
}


def bedard(bat: str, field: str, had_suit: bool | None = None) -> dict[str, Any]:
    play: dict[str, Any] = {"bat": bat, "field": field}
    if had_suit is not None:
        play["field_had_suit"] = had_suit
    return play


# Bedard's game, one inning. Visitors: 1 singles (R9/R5), 2 homers (R1/R7: two runs),
# 3 doubles (K9/K6), 4 triples (K12/K11: the runner on second is pushed home), 5 walks on four
# balls, 6 reaches on a balk, 7 strikes out, 8 flies out (K2/K1), 9 fouls out (K3/K10).
# Home: three fly outs. 3-0.
BEDARD = {
    "game": "bedard-baseball",
    "options": {"innings": 1},
    "sides": ["Giants", "Yankees"],
    "plays": [
        bedard("R9", "R5"),
        bedard("R1", "R7"),
        bedard("K9", "K6"),
        bedard("K12", "K11"),
        bedard("Y2", "B3", False),
        bedard("Y4", "B5", False),
        bedard("Y6", "B8", False),
        bedard("Y8", "B9", False),
        bedard("Y3", "B4", True),
        bedard("R2", "R3"),
        bedard("R4", "R6"),
        bedard("R2", "R3"),  # a new deal: the cards may come again
        bedard("K2", "K1"),
        bedard("K3", "K10"),
        bedard("K2", "K1"),
        bedard("K3", "K10"),
        bedard("R2", "R1"),
    ],
}


def backyard(result: str, die: int | None, **extra: Any) -> dict[str, Any]:
    """An at-bat with the fielder at CF: a pitcher's ``result`` on a die of 1, a batter's on 6."""
    pitcher = {"number": 5, "pitch": "curve", "result": "strikeout"}
    batter = {"pitch": "heater", "result": "home-run"}
    if die == 1:
        pitcher = {**pitcher, "result": result}
    else:
        batter = {"pitch": "heater", "result": result, **extra.pop("space", {})}
    play = {"fielder": "CF", "pitcher": pitcher, "batter": batter, **extra}
    if die is not None:
        play["die"] = die
    return play


# Backyard Baseball, one inning. Visitors: dot homers; plain strikes out; dot's grounder to
# IL gets past the fielder and is extended (no pitcher card: safe at second); plain bunts dot
# to third (a sacrifice); dot (a ghost on third) strikes out. Home: three strike-outs. 1-0.
BACKYARD = {
    "game": "backyard-baseball",
    "options": {"innings": 1},
    "sides": ["Giants", "Yankees"],
    "plays": [
        backyard("home-run", 6),
        backyard("strikeout", 1),
        backyard(
            "grounder",
            6,
            space={"space": "IL"},
            extend={"runners": 1, "pitcher_number": None},
        ),
        backyard("bunt", None),
        backyard("strikeout", 1),
        backyard("strikeout", 1),
        backyard("strikeout", 1),
        backyard("strikeout", 1),
    ],
}

# Solitaire, one inning (more than one run wins): 1 singles (AH); 2 bunts him to second (10H,
# a sacrifice: every runner is a heart); 3 doubles (3S 3C), the runner scores; 4 walks (four
# face cards); 5 homers (four 5s: three runs); 6 is out (7H); 7 bunts with nobody on (10D: an
# out). Four runs: a win.
SOLITAIRE = {
    "game": "solitaire-baseball",
    "options": {"innings": 1},
    "sides": ["Ann"],
    "plays": [
        {"cards": ["AH"]},
        {"cards": ["10H"]},
        {"cards": ["3S", "3C"]},
        {"cards": ["JH", "QH", "KD", "JS"]},
        {"cards": ["5D", "5H", "5C", "5S"]},
        {"cards": ["7H"]},
        {"cards": ["10D"]},
    ],
}


def cricket(
    pitch: str, path: str | None, move: str | None, stroke: str | None, card: str, **extra: Any
) -> dict[str, Any]:
    play: dict[str, Any] = {"pitch": pitch, "path_card": card}
    for key, value in (("path", path), ("move", move), ("stroke", stroke)):
        if value is not None:
            play[key] = value
    return {**play, **extra}


def dot(card: str) -> dict[str, Any]:
    return cricket("A", "B", "A", "A", card)


# Quick Cricket, one over an innings. Side 1 bats: 13 runs (Path B with card 1: 12 + 1);
# caught on appeal, the batting side reviews and loses; a no ball (5 runs, the over starts
# again); four dots: 18/1. Side 2: bowled; a Big Hit against a yorker, bowled; not out on
# appeal, the bowling side reviews and wins: caught; a dot: 0/3. Side 1 wins by 18 runs.
CRICKET = {
    "game": "quick-cricket",
    "options": {"overs": 1},
    "sides": ["Giants", "Yankees"],
    "plays": [
        cricket("A", "B", "B", "B", "1"),
        cricket("A", "B", "C", "A", "2", umpire=["out"], review="out"),
        cricket("B", None, None, None, "3", no_ball=True),
        dot("1"),
        dot("2"),
        dot("3"),
        dot("4"),
        cricket("D", "C", "A", "B", "1"),
        cricket("A", "A", None, None, "2", big_hit=True),
        cricket("A", "B", "C", "A", "3", umpire=["not out"], review="out"),
        dot("4"),
    ],
}


def replayed(record: dict[str, Any]):
    return replay(from_json(record))


# --- stored games -----------------------------------------------------------------------------


def random_plays(kind: str, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """Random legal plays to the end (no declarations, rain or cricket fielder moves)."""
    rng = random.Random(seed)
    engine = get(kind)
    state = engine.initial_state(engine.options(options))
    plays = []
    while not engine.is_over(state):
        legal = [
            p
            for p in engine.legal_plays(state)
            if "declare" not in p and "rain" not in p and set(p) != {"fielder"}
        ]
        play = rng.choice(legal)
        state, _ = engine.play(state, play)
        plays.append(play)
    return plays


def store_fixture(season, away, home, user, plays: list[dict[str, Any]]) -> Game:
    """A fixture whose game holds ``plays`` (written at once), final, with its stats synced."""
    fixture = Fixture.objects.create(season=season, away=away, home=home)
    game = league_services.fixture_start(fixture=fixture, user=user)
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=play, created_by=user)
        for seq, play in enumerate(plays, start=1)
    )
    services.refresh_summary(game)
    stats.sync(game)
    game.refresh_from_db()
    return game


def score_fixture(season, away, home, user, plays: list[dict[str, Any]]) -> Game:
    """Like ``store_fixture``, but every play goes through ``services.play_record``."""
    fixture = Fixture.objects.create(season=season, away=away, home=home)
    game = league_services.fixture_start(fixture=fixture, user=user)
    for seq, play in enumerate(plays, start=1):
        services.play_record(game=game, raw=play, expected_seq=seq, user=user)
    game.refresh_from_db()
    return game
