"""SQLite writers take turns (Django's SQLite backend, ``BEGIN IMMEDIATE`` and a 20-second
busy timeout, scorekeeper/settings.py): a writer waits for the one before it longer than
SQLite's default 5 s, and threads writing at once lose nothing, a rollback included."""

import json
import subprocess
import sys
import time

import pytest

from tests.site.conftest import ROOT

SETUP = """
import json, sys, threading, time
import django
django.setup()
from django.db import connection, transaction

def write(tag):
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("CREATE TABLE IF NOT EXISTS probe (tag TEXT)")
            cursor.execute("INSERT INTO probe VALUES (%s)", [tag])

def count():
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM probe")
        return cursor.fetchone()[0]
"""

HOLD = (
    SETUP
    + """
write("first")
with transaction.atomic():
    write("holder")
    print("holding", flush=True)
    time.sleep(float(sys.argv[1]))
print("released", flush=True)
"""
)

WAIT = (
    SETUP
    + """
started = time.monotonic()
write("waiter")
print(json.dumps({"waited": time.monotonic() - started, "rows": count()}))
"""
)

THREADS = (
    SETUP
    + """
write("first")
errors = []

def writer(n):
    try:
        for i in range(40):
            write(f"{n}-{i}")
    except Exception as exc:
        errors.append(repr(exc))
    finally:
        connection.close()

threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(timeout=60)

def failing():
    with transaction.atomic():
        write("rolled back")
        raise RuntimeError("refused")

try:
    failing()
except RuntimeError:
    pass
other = threading.Thread(target=write, args=("after the rollback",))
other.start()
other.join(timeout=10)

print(json.dumps({
    "errors": errors,
    "alive": [t.is_alive() for t in threads] + [other.is_alive()],
    "rows": count(),
}))
"""
)


@pytest.fixture
def site_db(tmp_path, clean_env):
    env = {
        **clean_env,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "SCOREKEEPER_SQLITE_PATH": str(tmp_path / "writers.sqlite3"),
    }
    return env


def start(env, script, *args):
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_writer_waits_its_turn_longer_than_sqlites_default_timeout(site_db):
    holder = start(site_db, HOLD, "6")  # SQLite's default busy timeout is 5 s; ours is 20
    assert holder.stdout.readline().strip() == "holding", holder.stderr.read()
    began = time.monotonic()
    waiter = start(site_db, WAIT)
    out, err = waiter.communicate(timeout=60)
    assert waiter.returncode == 0, err
    result = json.loads(out)
    assert result["rows"] == 3
    assert result["waited"] > 4.5 and time.monotonic() - began < 30
    assert holder.wait(timeout=30) == 0


def test_threads_writing_at_once_lose_nothing_and_a_rollback_frees_the_lock(site_db):
    run = start(site_db, THREADS)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    result = json.loads(out)
    assert result["errors"] == [] and not any(result["alive"])
    assert result["rows"] == 1 + 4 * 40 + 1
