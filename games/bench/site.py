"""A real site to measure or load: gunicorn in its own process group, and HTTP clients.

The server runs ``scorekeeper.wsgi`` (or any WSGI app) under gunicorn on 127.0.0.1 with
several worker processes and threads, against a SQLite file or a PostgreSQL database given
as a URL. Clients log in through the login form and post plays like the scoring screen does.
Used by ``manage.py bench`` and by the concurrency and load tests.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0
# Only catches a server that hangs: forty failed log-ins racing on two workers each hash a
# password, and on a busy two-core machine one request waited past 20 s behind the others.
REQUEST_TIMEOUT = 60.0


def site_env(
    *, sqlite_path: Path | None = None, database_url: str | None = None, **extra: str
) -> dict[str, str]:
    """The environment for manage.py and gunicorn: exactly one database, no replica."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "SCOREKEEPER_SQLITE_PATH", "REPLICA_DATABASE_URL")
    }
    env["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    env["DJANGO_LOG_LEVEL"] = "WARNING"
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["SCOREKEEPER_SQLITE_PATH"] = str(sqlite_path)
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed: {result.stderr}")
    return result.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    """gunicorn in a process group of its own, so SIGKILL reaches the workers too."""

    env: dict[str, str]
    workers: int = 4
    threads: int = 2
    app: str = "scorekeeper.wsgi:application"
    ready_path: str = "/accounts/login/"
    port: int = 0
    process: subprocess.Popen | None = None
    log: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port = free_port()
        command = [
            sys.executable, "-m", "gunicorn", self.app,
            "--bind", f"127.0.0.1:{self.port}",
            "--workers", str(self.workers), "--threads", str(self.threads),
            "--timeout", "60", "--graceful-timeout", "5",
        ]  # fmt: skip
        out = self.log.open("ab") if self.log else subprocess.DEVNULL
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=out, stderr=out, start_new_session=True
        )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + self.ready_path, timeout=2) as reply:
                    if reply.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        self.kill()
        raise RuntimeError("gunicorn did not answer in time")

    def cpu_seconds(self) -> float | None:
        """CPU time used so far by the master and its workers (Linux), else ``None``."""
        if self.process is None:
            return None
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        try:
            paths = list(Path("/proc").glob("[0-9]*/stat"))
        except OSError:
            return None
        for path in paths:
            try:
                fields = path.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            # After the command name: state, ppid, pgrp, … utime (11), stime (12).
            if int(fields[2]) == self.process.pid:
                total += int(fields[11]) + int(fields[12])
        return total / tick if total else None

    def kill(self) -> None:
        """SIGKILL the master and every worker: no graceful shutdown, no flushing."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()


@dataclass
class Reply:
    status: int
    text: str


@dataclass
class Client:
    """One tablet: its own cookies, logged in through the login form."""

    base: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)
    headers: dict[str, str] = field(default_factory=dict)  # sent with every request

    def __post_init__(self) -> None:
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def request(self, path: str, data: dict[str, Any] | None = None) -> Reply:
        body = None
        if data is not None:
            fields = {**data, "csrfmiddlewaretoken": self.cookie("csrftoken")}
            body = urllib.parse.urlencode(fields).encode()
        headers = {"HX-Request": "true", **self.headers}
        req = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(req, timeout=REQUEST_TIMEOUT) as reply:
                return Reply(reply.status, reply.read().decode())
        except urllib.error.HTTPError as error:
            return Reply(error.code, error.read().decode())

    def login(self, username: str, password: str) -> None:
        self.request("/accounts/login/")
        reply = self.request("/accounts/login/", {"username": username, "password": password})
        if reply.status != 200 or not any(c.name == "sessionid" for c in self.jar):
            raise RuntimeError(f"could not log in as {username}: {reply.status}")

    def post_play(self, game: int, *, expected: int, play: dict[str, Any]) -> Reply:
        return self.request(
            f"/games/{game}/plays/", {"expected": expected, "play": json.dumps(play)}
        )

    def record(self, game: int) -> dict[str, Any]:
        reply = self.request(f"/games/{game}/record.json")
        if reply.status != 200:
            raise RuntimeError(f"record of game {game}: {reply.status}")
        return json.loads(reply.text)
