"""SQLite writers take turns through a lock file (``scorekeeper/sqlite``): a writer waits for
the one before it however long it takes (SQLite's busy handler alone gives up after its
timeout), every turn is given back on commit, rollback or close, and a connection never
waits on its own thread."""

import json
import subprocess
import sys
import time

import pytest
from django.db import connection

from tests.site.conftest import ROOT

SETUP = """
import json, sys, threading, time
import django
django.setup()
from django.db import connection, connections, transaction

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

# A second connection of this thread, while the first holds the turn: it does not wait on
# itself, SQLite's own busy handler answers (here after 0.1 s).
second = connections.create_connection("default")
with transaction.atomic():
    write("outer")
    with second.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout = 100")
    try:  # what transaction.atomic does to begin
        second.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
        nested = "began"
    except Exception as exc:
        nested = str(exc)
second.close()
print(json.dumps({
    "errors": errors,
    "alive": [t.is_alive() for t in threads] + [other.is_alive()],
    "rows": count(),
    "nested": nested,
}))
"""
)


@pytest.fixture
def site_db(tmp_path, clean_env):
    env = {
        **clean_env,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "SCOREKEEPER_SQLITE_PATH": str(tmp_path / "queue.sqlite3"),
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


def test_a_writer_waits_its_turn_longer_than_sqlites_busy_timeout(site_db, tmp_path):
    holder = start(site_db, HOLD, "6")  # SQLite's busy handler alone gives up after 5 s
    assert holder.stdout.readline().strip() == "holding", holder.stderr.read()
    began = time.monotonic()
    waiter = start(site_db, WAIT)
    out, err = waiter.communicate(timeout=60)
    assert waiter.returncode == 0, err
    result = json.loads(out)
    assert result["rows"] == 3
    assert result["waited"] > 4.5 and time.monotonic() - began < 30
    assert holder.wait(timeout=30) == 0
    assert (tmp_path / "queue.sqlite3-writers").exists()


def test_threads_take_turns_and_every_turn_is_given_back(site_db):
    run = start(site_db, THREADS)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    result = json.loads(out)
    assert result["errors"] == [] and not any(result["alive"])
    assert result["rows"] == 1 + 4 * 40 + 1 + 1
    assert result["nested"] == "database is locked"


def test_the_in_memory_test_database_has_no_queue(db):
    connection.ensure_connection()
    assert connection.vendor == "sqlite" or connection.vendor == "postgresql"
    if connection.vendor == "sqlite":
        assert connection.is_in_memory_db() and connection._queue_path == ""
