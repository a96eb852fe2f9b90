"""Server time to accept one play: the scoring screen's request (an htmx POST answered with
the board), handled in this process, on a game with a short log and on one with a long log."""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from django.conf import settings
from django.test import Client

from games.bench.data import long_game
from games.bench.players import random_legal_play
from games.engines import get
from games.models import Game
from games.scoring import board as boards
from games.scoring import services

# Games a random player keeps going past 1,000 plays (solitaire ends with its deck, and a
# random Test match after about a hundred balls).
LONG_LOGS = {
    "quick-baseball": {"innings": 60},
    "backyard-baseball": {"innings": 120},
    "bedard-baseball": {"innings": 9},
}


def host() -> str:
    for allowed in settings.ALLOWED_HOSTS:
        if allowed == "*":
            return "localhost"
        return "www" + allowed if allowed.startswith(".") else allowed
    return "localhost"


def scorer_client(user) -> Client:
    client = Client(HTTP_HOST=host())
    client.force_login(user)
    return client


def _current(game: Game) -> boards.Board:
    """The game's board as the database has it now (``game`` may be an older copy)."""
    return boards.current(Game.objects.get(pk=game.pk))


def post_play(game, *, client: Client, rng: random.Random, **_: Any) -> float:
    """Post a random legal play as the scoring screen does (with the position and revision of
    the board it shows); the seconds the server took."""
    current = _current(game)
    raw = random_legal_play(get(game.kind), current.state, rng, unasked=True)
    started = time.perf_counter()
    fields = {
        "expected": current.length + 1,
        "after": current.last_play_id,
        "revision": current.revision,  # the screen shows this board: only a line to add
        "play": json.dumps(raw),
    }
    reply = client.post(
        f"/games/{game.pk}/plays/",
        fields,
        HTTP_HX_REQUEST="true",
        secure=settings.SECURE_SSL_REDIRECT,
    )
    took = time.perf_counter() - started
    if reply.status_code != 200 or _current(game).length != current.length + 1:
        raise RuntimeError(f"posting a play to game {game.pk} failed: {reply.status_code}")
    return took


def record_play(game, *, owner, rng: random.Random, **_: Any) -> float:
    """The write alone (``services.play_record``, no page): the seconds it took."""
    current = _current(game)
    raw = random_legal_play(get(game.kind), current.state, rng, unasked=True)
    started = time.perf_counter()
    services.play_record(game=game, raw=raw, expected_seq=current.length + 1, user=owner)
    return time.perf_counter() - started


def accept_play(*, owner, lengths: tuple[int, int], samples: int) -> dict[str, Any]:
    """Per game: median server time to accept a play at each log length, and their ratio;
    the same for the write alone (the service, without drawing the board in answer).

    Each sample posts one play to each game and then undoes it (not timed), so the logs
    stay at exactly the lengths asked for; posts alternate between the games.
    """
    client = scorer_client(owner)
    rng = random.Random(11)
    results = {}
    for kind, options in LONG_LOGS.items():
        games = [long_game(kind, options, n, owner, seed=n) for n in lengths]
        times: list[list[float]] = [[] for _ in games]
        writes: list[list[float]] = [[] for _ in games]
        for sample in range(samples + 3):
            for game, taken, written in zip(games, times, writes, strict=True):
                for measure, into in ((post_play, taken), (record_play, written)):
                    took = measure(game, owner=owner, client=client, rng=rng)
                    if sample >= 3:  # the first posts warm up templates and caches
                        into.append(took)
                    length = _current(game).length
                    services.play_undo(game=game, expected_seq=length, user=owner)
        medians = [statistics.median(taken) * 1000 for taken in times]
        write_medians = [statistics.median(written) * 1000 for written in writes]
        results[kind] = {
            "plays_in_log": list(lengths),
            "median_ms": [round(m, 2) for m in medians],
            "ratio": round(medians[-1] / medians[0], 3),
            "write_only_median_ms": [round(m, 2) for m in write_medians],
            "write_only_ratio": round(write_medians[-1] / write_medians[0], 3),
            "samples": samples,
        }
    return results
