"""The locust load test runs headless against a live gunicorn site and nothing fails."""

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from games.bench.load import Target, prime
from games.bench.site import ROOT, Server, manage, site_env

PASSWORD = "load-test-pw-42"
# The scorers' account, and a game already live: fans pick one from the list at once
# instead of waiting for a scorer's first game on a slow machine.
MAKE_USER = f"""
from django.contrib.auth import get_user_model
from games.bench.data import long_game
user = get_user_model().objects.create_user("loader", password={PASSWORD!r})
print(long_game("quick-baseball", {{"innings": 9}}, 3, user).pk)
"""


@pytest.fixture
def site(tmp_path: Path):
    env = site_env(sqlite_path=tmp_path / "site.sqlite3")
    manage(env, "migrate", "--no-input", "-v", "0")
    game = int(manage(env, "shell", "-c", MAKE_USER).split()[-1])
    server = Server(env=env, workers=2, threads=2, log=tmp_path / "gunicorn.log")
    server.start()
    # Each worker's first answers load templates and tables: done before the short run.
    targets = [Target("/"), Target(f"/games/{game}/")]
    prime(server.port, targets * 2)
    yield server
    server.stop()


def test_scorers_and_fans_run_for_a_few_seconds_without_a_failure(site, tmp_path):
    env = {
        "SCOREKEEPER_USERNAME": "loader",
        "SCOREKEEPER_PASSWORD": PASSWORD,
        "SCOREKEEPER_SCORER_PAUSE": "0.2",
        "SCOREKEEPER_FAN_POLL": "0.3",
        "SCOREKEEPER_FANS_PER_SCORER": "2",
        "PATH": str(Path(sys.executable).parent),
    }
    stats = tmp_path / "stats"
    result = subprocess.run(
        [
            sys.executable, "-m", "locust", "-f", "tests/load/locustfile.py",
            "--headless", "--host", site.url, "--users", "6", "--spawn-rate", "6",
            "--run-time", "8s", "--stop-timeout", "5", "--csv", str(stats), "--only-summary",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    with open(f"{stats}_stats.csv", newline="") as handle:
        rows = {row["Name"]: row for row in csv.DictReader(handle)}
    assert int(rows["Aggregated"]["Failure Count"]) == 0
    for name in ("/games/[id]/plays/", "/games/[id]/ (poll)", "/games/new/"):
        assert int(rows[name]["Request Count"]) > 0, name
