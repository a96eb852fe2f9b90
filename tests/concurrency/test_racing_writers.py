"""N tablets racing for the same log position of one game, through a live gunicorn site.

Each round every writer waits at a barrier and then posts a legal play for the same
expected position. Exactly one wins; every other one is told the game moved on; the log
ends with one play per position, each the winner's, nothing lost or doubled.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.engines import get
from games.engines.record import from_json, replay

from .live import CONFLICT, Client, create_scorer_and_games

WRITERS = 8
ROUNDS = 6


def legal_plays(record: dict) -> list[dict]:
    state = replay(from_json(record)).final_state
    return get(record["game"]).legal_plays(state)


@pytest.mark.django_db(transaction=True)
def test_racing_writers_get_one_play_per_position(site_env_for, server_for) -> None:
    (game,) = create_scorer_and_games(site_env_for, username="racer", games=1)
    server = server_for(site_env_for)
    clients = [Client(server.url) for _ in range(WRITERS)]
    for client in clients:
        client.login("racer")
    winners: list[dict] = []
    with ThreadPoolExecutor(max_workers=WRITERS) as pool:
        for position in range(1, ROUNDS + 1):
            options = legal_plays(clients[0].record(game))
            plays = [options[i % len(options)] for i in range(WRITERS)]
            barrier = threading.Barrier(WRITERS, timeout=30)

            def post(i: int, position=position, plays=plays, barrier=barrier):
                barrier.wait()
                return clients[i].post_play(game, expected=position, play=plays[i])

            replies = list(pool.map(post, range(WRITERS)))
            won = [i for i, reply in enumerate(replies) if reply.status == 200]
            assert len(won) == 1, [(r.status, r.text[:200]) for r in replies]
            for i, reply in enumerate(replies):
                if i != won[0]:
                    assert reply.status == 409, (reply.status, reply.text[:500])
                    assert CONFLICT in reply.text
            winners.append(plays[won[0]])

    record = clients[0].record(game)
    assert record["plays"] == winners
    replay(from_json(record))  # the stored log replays cleanly
