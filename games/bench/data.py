"""What the bench measures, made in its temporary database: users, long games, a league.

The pages' games and the league are played by the plausible players (what real games look
like); the taps' long logs keep the uniform random player, which reaches 1,000 plays in any
game."""

from __future__ import annotations

import itertools
import json
from typing import Any

from django.contrib.auth import get_user_model

from games.archive import imports
from games.bench.players import generate
from games.engines import get
from games.engines.players import play_out
from games.leagues import services as league_services
from games.models import Game, Play, Season
from games.scoring import services

SIDES = ["Visitors", "Home"]


def user(username: str, password: str, *, staff: bool = False):
    return get_user_model().objects.create_user(username, password=password, is_staff=staff)


def game_with_plays(
    kind: str, options: dict[str, Any], plays: tuple[dict[str, Any], ...], owner
) -> Game:
    """A game whose log holds ``plays`` (written at once), its cached state built."""
    sides = SIDES[: len(get(kind).default_sides)]
    game = services.game_create(kind=kind, options=options, sides=sides, user=owner)
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=raw, created_by=owner)
        for seq, raw in enumerate(plays, start=1)
    )
    services.refresh_summary(game)
    return game


def long_game(kind: str, options: dict[str, Any], length: int, owner, seed: int = 1) -> Game:
    """A game of ``kind`` with ``length`` random legal plays, still in progress."""
    generated = generate(kind, options, limit=length, seed=seed)
    if len(generated.plays) < length or generated.over:
        raise ValueError(f"a random {kind} game ends before {length} plays")
    return game_with_plays(kind, generated.options, generated.plays, owner)


def plausible_game(kind: str, options: dict[str, Any], length: int, owner, seed: int = 1) -> Game:
    """A game of ``kind`` with the first ``length`` plays of a game played by the plausible
    players (``games.engines.players``): what a real game's page shows."""
    played = play_out(kind, options, seed)
    if len(played.plays) <= length:
        raise ValueError(f"a plausible {kind} game with {options} ends before {length} plays")
    return game_with_plays(kind, get(kind).options(options), played.plays[:length], owner)


def league_season(*, games: int, teams: int, organiser, name: str = "Bench League") -> Season:
    """A Quick Baseball league whose season has ``games`` final games played by the plausible
    players, imported as records like a league's paper scoresheets would be."""
    league = league_services.league_create(
        name=name, kind="quick-baseball", options={"innings": 3}, user=organiser
    )
    season = league_services.season_create(league=league, user=organiser, name="Bench Season")
    names = [f"Team {n:02d}" for n in range(1, teams + 1)]
    for team in names:
        league_services.team_create(league=league, user=organiser, name=team)
    pairs = itertools.cycle(itertools.permutations(names, 2))
    for number in range(games):
        played = play_out("quick-baseball", league.options, seed=number)
        record = {
            "game": "quick-baseball",
            "options": league.options,
            "sides": list(next(pairs)),
            "plays": list(played.plays),
        }
        imports.import_text(text=json.dumps(record), season=season, user=organiser)
    return season
