"""A load test for any Scorekeeper deployment: scorers entering plays, fans following live
games, with locust (https://locust.io).

    locust -f tests/load/locustfile.py --host https://scores.example.org \\
        --headless --users 60 --spawn-rate 10 --run-time 5m

Scorers log in, start a game and post one legal play every few seconds (chosen by the
engines' random legal player, as the bench does), starting a new game when one ends. Fans
open the game list, pick a live game and poll its scoreboard like the public page does
(an htmx request every 3 seconds). By default there are ten fans for every scorer.

Settings, from the environment:

- ``SCOREKEEPER_USERNAME`` and ``SCOREKEEPER_PASSWORD``: the account the scorers use (any
  account may start games). Without them each scorer signs up an account of its own,
  ``load-<random>`` (not what you want on a production site).
- ``SCOREKEEPER_GAME`` (``quick-baseball``) and ``SCOREKEEPER_INNINGS`` (``9``): what the
  scorers play.
- ``SCOREKEEPER_SCORER_PAUSE`` (seconds between a scorer's plays, default 2) and
  ``SCOREKEEPER_FAN_POLL`` (seconds between a fan's polls, default 3).
- ``SCOREKEEPER_FANS_PER_SCORER`` (10).
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import sys
from pathlib import Path

from locust import HttpUser, between, constant, task

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.bench.load import hidden_fields  # noqa: E402 (pure Python: no Django)
from games.bench.players import random_legal_play  # noqa: E402
from games.engines import get  # noqa: E402

# What the scoring screen posts back with each play: the board it shows.
POSITION = ("after", "revision")

GAME = os.environ.get("SCOREKEEPER_GAME", "quick-baseball")
INNINGS = int(os.environ.get("SCOREKEEPER_INNINGS", "9"))
PAUSE = float(os.environ.get("SCOREKEEPER_SCORER_PAUSE", "2"))
POLL = float(os.environ.get("SCOREKEEPER_FAN_POLL", "3"))
FANS_PER_SCORER = int(os.environ.get("SCOREKEEPER_FANS_PER_SCORER", "10"))
LIVE_ROW = re.compile(r'<tr>(?:(?!</tr>).)*?href="/games/(\d+)/"(?:(?!</tr>).)*?class="live"', re.S)


class Scorer(HttpUser):
    """Starts a game and enters its plays one by one, like a tablet at the table."""

    weight = 1
    wait_time = between(PAUSE / 2, PAUSE * 1.5)

    def on_start(self) -> None:
        self.rng = random.Random()
        self.engine = get(GAME)
        username = os.environ.get("SCOREKEEPER_USERNAME")
        password = os.environ.get("SCOREKEEPER_PASSWORD")
        if not username or not password:
            username, password = f"load-{secrets.token_hex(6)}", secrets.token_urlsafe(16)
            self._form(
                "/accounts/signup/",
                {"username": username, "password1": password, "password2": password},
            )
        self._form("/accounts/login/", {"username": username, "password": password})
        self.new_game()

    def _form(self, path: str, fields: dict) -> None:
        self.client.get(path, name=path)
        fields = {**fields, "csrfmiddlewaretoken": self.client.cookies.get("csrftoken", "")}
        with self.client.post(path, data=fields, name=path, catch_response=True) as reply:
            if reply.status_code not in (200, 302):
                reply.failure(f"{path}: {reply.status_code}")

    def new_game(self) -> None:
        fields = {
            "kind": GAME,
            "visitors": f"Visitors {secrets.token_hex(2)}",
            "home": f"Home {secrets.token_hex(2)}",
            "option_innings": INNINGS,
            "csrfmiddlewaretoken": self.client.cookies.get("csrftoken", ""),
        }
        reply = self.client.post("/games/new/", data=fields, name="/games/new/")
        found = re.search(r"/games/(\d+)/score/", reply.url or "")
        if not found:
            raise RuntimeError(f"could not start a game: {reply.status_code}")
        self.game = int(found.group(1))
        self.sync()

    def sync(self) -> None:
        """Read the game's record and replay it (after a conflict, or at the start)."""
        record = self.client.get(f"/games/{self.game}/record.json", name="/games/[id]/record.json")
        options = self.engine.options(record.json()["options"])
        self.state = self.engine.initial_state(options)
        self.played = 0
        self.shown: dict[str, str] = {}  # the screen's position fields: none known yet
        for raw in record.json()["plays"]:
            self.state, _ = self.engine.play(self.state, raw)
            self.played += 1

    @task
    def enter_a_play(self) -> None:
        if self.engine.is_over(self.state):
            self.new_game()
            return
        raw = random_legal_play(self.engine, self.state, self.rng, unasked=True)
        fields = {
            "expected": self.played + 1,
            "play": json.dumps(raw),
            "csrfmiddlewaretoken": self.client.cookies.get("csrftoken", ""),
            **self.shown,
        }
        with self.client.post(
            f"/games/{self.game}/plays/",
            data=fields,
            headers={"HX-Request": "true"},
            name="/games/[id]/plays/",
            catch_response=True,
        ) as reply:
            if reply.status_code == 200:
                self.state, _ = self.engine.play(self.state, raw)
                self.played += 1
                self.shown = hidden_fields(reply.text, POSITION)
            else:
                reply.failure(f"play refused: {reply.status_code}")
                self.sync()


class Fan(HttpUser):
    """Follows a live game: opens the game list, then the game, then polls its board."""

    weight = FANS_PER_SCORER
    wait_time = constant(POLL)

    def on_start(self) -> None:
        self.game: int | None = None

    def pick_a_game(self) -> None:
        reply = self.client.get("/", name="/")
        live = LIVE_ROW.findall(reply.text)
        self.game = int(random.choice(live)) if live else None
        if self.game:
            self.client.get(f"/games/{self.game}/", name="/games/[id]/")

    @task
    def poll(self) -> None:
        if self.game is None or random.random() < 0.02:  # now and then, follow another game
            self.pick_a_game()
            return
        self.client.get(
            f"/games/{self.game}/", headers={"HX-Request": "true"}, name="/games/[id]/ (poll)"
        )
