"""Durability: SIGKILL gunicorn while several tablets post plays; nothing acknowledged is lost.

Each client scores its own game, posting the next legal play at the next position and
remembering every play the server acknowledged (200). Mid-stream the whole server (master
and workers) is killed with SIGKILL, then started again on the same SQLite file.
"""

import http.client
import threading
import time

from games.engines.record import from_json, replay

from .live import Client, create_scorer_and_games
from .test_racing_writers import legal_plays

CLIENTS = 3
KILL_AFTER = 15  # acknowledged plays in all, then SIGKILL
MAX_PLAYS = 60  # per client: a bound on the loop if the kill came late


def score_until_the_server_dies(
    client: Client, record: dict, game: int, acked: list[dict], stop, errors: list
) -> None:
    try:
        _score(client, record, game, acked, stop)
    except Exception as exc:  # an assertion in a thread must fail the test
        errors.append(exc)


def _score(client: Client, record: dict, game: int, acked: list[dict], stop) -> None:
    while len(acked) < MAX_PLAYS and not stop.is_set():
        options = legal_plays({**record, "plays": record["plays"] + acked})
        if not options:
            return
        play = options[len(acked) % len(options)]
        try:
            reply = client.post_play(game, expected=len(acked) + 1, play=play)
        except (OSError, http.client.HTTPException):
            # the server is gone (the kill can land between the status line and the body):
            # this play was never acknowledged to the tablet
            return
        assert reply.status == 200, reply.text[:500]
        acked.append(play)


def test_acknowledged_plays_survive_a_sigkill(sqlite_env, server_for) -> None:
    games = create_scorer_and_games(sqlite_env, username="durable", games=CLIENTS)
    server = server_for(sqlite_env)
    acked: dict[int, list[dict]] = {game: [] for game in games}
    stop, errors, threads = threading.Event(), [], []
    for game in games:
        client = Client(server.url)
        client.login("durable")
        args = (client, client.record(game), game, acked[game], stop, errors)
        threads.append(threading.Thread(target=score_until_the_server_dies, args=args))
    for thread in threads:
        thread.start()

    def mid_stream() -> bool:
        return sum(map(len, acked.values())) >= KILL_AFTER and all(map(len, acked.values()))

    deadline = time.monotonic() + 60
    while not mid_stream() and time.monotonic() < deadline:
        time.sleep(0.005)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
        assert not thread.is_alive()
    assert not errors, errors
    assert mid_stream(), acked

    restarted = server_for(sqlite_env)
    client = Client(restarted.url)
    client.login("durable")
    for game in games:
        record = client.record(game)
        # every acknowledged play is there, in order; at most the one in flight follows it
        assert record["plays"][: len(acked[game])] == acked[game]
        assert len(record["plays"]) <= len(acked[game]) + 1
        replay(from_json(record))
        # and the game goes on from where the log is
        nxt = legal_plays(record)[0]
        reply = client.post_play(game, expected=len(record["plays"]) + 1, play=nxt)
        assert reply.status == 200, reply.text[:500]
