"""A real site for concurrency tests: gunicorn and HTTP clients from ``games.bench.site``
(the bench shares them), with the concurrency tests' scorer and password."""

from __future__ import annotations

import json

from games.bench import site
from games.bench.site import Reply, Server, manage, site_env

PASSWORD = "racing-tablets-42"
CONFLICT = "was not recorded"

__all__ = ["CONFLICT", "PASSWORD", "Client", "Reply", "Server", "manage", "site_env"]


class Client(site.Client):
    def login(self, username: str, password: str = PASSWORD) -> None:
        super().login(username, password)


SETUP = """
import json
from django.contrib.auth import get_user_model
from games.scoring import services
user = get_user_model().objects.create_user({username!r}, password={password!r})
games = [
    services.game_create(
        kind="quick-baseball", options={{"innings": 9}}, sides=["Giants", "Yankees"], user=user
    ).pk
    for _ in range({games})
]
print(json.dumps(games))
"""


def create_scorer_and_games(env: dict, *, username: str, games: int) -> list[int]:
    """A user and ``games`` Quick Baseball games they score, made through manage.py shell."""
    code = SETUP.format(username=username, password=PASSWORD, games=games)
    return json.loads(manage(env, "shell", "-c", code).strip().splitlines()[-1])
