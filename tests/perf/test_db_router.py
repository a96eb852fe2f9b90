"""The read replica: public pages read the games app's tables from it; writes, sessions and
accounts never touch it; migrations run on the primary only."""

import hashlib
import json
import shutil
import sqlite3

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import resolve

from games.models import Game, GameStats, Play
from games.plumbing import replica as db_router
from games.plumbing.replica import PublicReadsMiddleware, ReplicaRouter, reading_public_page

router = ReplicaRouter()


def test_outside_a_public_page_everything_uses_the_primary():
    assert not reading_public_page()
    for model in (Game, Play, GameStats, Session, get_user_model()):
        assert router.db_for_read(model) == "default"
        assert router.db_for_write(model) == "default"


def test_a_public_page_reads_the_games_tables_from_the_replica():
    token = db_router._public_read.set(True)
    try:
        assert router.db_for_read(Game) == "replica"
        assert router.db_for_read(GameStats) == "replica"
        assert router.db_for_read(Session) == "default"  # a fresh login is never lost
        assert router.db_for_read(get_user_model()) == "default"
        assert router.db_for_write(Game) == "default"
    finally:
        db_router._public_read.reset(token)


def test_migrations_run_on_the_primary_only():
    assert router.allow_migrate("default", "games")
    assert not router.allow_migrate("replica", "games")
    assert not router.allow_migrate("replica", "auth")


@pytest.mark.parametrize(
    ("method", "path", "public"),
    [
        ("get", "/games/1/", True),
        ("get", "/leagues/l/s/standings/", True),
        ("get", "/api/v1/games/1", True),
        ("get", "/api/v1/leagues/l/seasons/s/standings", True),
        ("get", "/api/v1/games/1/win-probability", False),  # may store the game's swing
        ("get", "/", True),
        ("post", "/games/1/plays/", False),
        ("get", "/games/1/score/", False),
        ("get", "/games/new/", False),
        ("get", "/leagues/manage/", False),
    ],
)
def test_the_middleware_marks_only_gets_of_public_pages(monkeypatch, method, path, public):
    monkeypatch.setitem(django_settings.DATABASES, "replica", {})
    seen = []

    def view(request):
        seen.append(reading_public_page())
        return HttpResponse("ok")

    middleware = PublicReadsMiddleware(lambda request: _run(middleware, request, view))
    request = getattr(RequestFactory(), method)(path)
    request.resolver_match = resolve(path)
    middleware(request)
    assert seen == [public]
    assert not reading_public_page()  # reset once the response is made


def _run(middleware, request, view):
    middleware.process_view(request, view, (), {})
    return view(request)


def test_without_a_replica_nothing_is_routed():
    assert "replica" not in django_settings.DATABASES
    seen = []
    middleware = PublicReadsMiddleware(lambda request: _run(middleware, request, _note(seen)))
    request = RequestFactory().get("/games/1/")
    request.resolver_match = resolve("/games/1/")
    middleware(request)
    assert seen == [False]


def _note(seen):
    def view(request):
        seen.append(reading_public_page())
        return HttpResponse("ok")

    return view


SETTINGS_PROBE = """
import json
from django.conf import settings
print(json.dumps({
    "replica": settings.DATABASES.get("replica", {}).get("NAME"),
    "engine": settings.DATABASES.get("replica", {}).get("ENGINE"),
    "routers": settings.DATABASE_ROUTERS,
}))
"""


def test_replica_database_url_adds_the_replica_and_the_router(run_python, tmp_path):
    replica = tmp_path / "replica.sqlite3"
    result = run_python(
        "-c",
        "import django; django.setup()\n" + SETTINGS_PROBE,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        SCOREKEEPER_SQLITE_PATH=str(tmp_path / "primary.sqlite3"),
        REPLICA_DATABASE_URL=f"sqlite:///{replica}",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "replica": str(replica),
        "engine": "django.db.backends.sqlite3",
        "routers": ["games.plumbing.replica.ReplicaRouter"],
    }


# Run against a primary and a replica (a copy of the primary in which the game's sides were
# renamed, so the pages show which database they read).
SITE = """
import json
from django.test import Client
from django.contrib.auth import get_user_model
from games.models import Game
scorer = get_user_model().objects.get(username="scorer")
game = Game.objects.get()
out = {}
out["public_page"] = Client(HTTP_HOST="localhost").get(f"/games/{game.pk}/").content.decode()
fan = Client(HTTP_HOST="localhost")
fan.force_login(scorer)
out["scoring_page"] = fan.get(f"/games/{game.pk}/score/").content.decode()
reply = fan.post(
    f"/games/{game.pk}/plays/", {"expected": 2, "play": json.dumps({"pitch": "C1", "bat": "B1"})}
)
out["post"] = reply.status_code
out["plays_on_primary"] = game.plays.count()
print(json.dumps(out))
"""

MAKE = """
import json
from django.contrib.auth import get_user_model
from games.scoring import services
scorer = get_user_model().objects.create_user("scorer", password="pw-scorer-1")
game = services.game_create(
    kind="quick-baseball", options={}, sides=["Giants", "Yankees"], user=scorer
)
services.play_record(game=game, raw={"pitch": "C2", "call": "leave"}, expected_seq=1, user=scorer)
"""


def test_public_pages_read_the_replica_and_writes_never_reach_it(run_python, tmp_path):
    primary, replica, env = _primary_and_replica(
        run_python,
        tmp_path,
        """UPDATE games_game SET sides = '["Replica Reds", "Replica Blues"]'""",
    )
    before = hashlib.sha256(replica.read_bytes()).hexdigest()

    result = run_python(
        "manage.py", "shell", "-c", SITE, **env, REPLICA_DATABASE_URL=f"sqlite:///{replica}"
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert "Replica Reds" in out["public_page"] and "Giants" not in out["public_page"]
    assert "Giants" in out["scoring_page"] and "Replica Reds" not in out["scoring_page"]
    assert out["post"] == 200 and out["plays_on_primary"] == 2
    assert hashlib.sha256(replica.read_bytes()).hexdigest() == before
    db = sqlite3.connect(replica)
    assert db.execute("SELECT COUNT(*) FROM games_play").fetchone() == (1,)
    assert db.execute("SELECT COUNT(*) FROM django_session").fetchone() == (0,)
    assert db.execute("SELECT COUNT(*) FROM games_play WHERE state IS NOT NULL").fetchone() == (1,)
    db.close()


# A replica behind the primary: the primary has plays the replica has not seen, and the
# replica's copy of the last play it has lost its state (a row spoiled, or written by code
# that stored none). The public page replays the replica's log and writes nothing anywhere;
# the scoring page (the primary) still shows every play.
LAGGING = """
import json
from django.test import Client
from games.models import Game, Play
game = Game.objects.get()
before = list(Play.objects.order_by("seq").values_list("seq", "state", "chain"))
page = Client(HTTP_HOST="localhost").get(f"/games/{game.pk}/").content.decode()
after = list(Play.objects.order_by("seq").values_list("seq", "state", "chain"))
print(json.dumps({"page": page, "primary_unchanged": before == after, "plays": len(after)}))
"""

MORE = """
from django.contrib.auth import get_user_model
from games.scoring import services
from games.models import Game
scorer = get_user_model().objects.get(username="scorer")
game = Game.objects.get()
for seq, raw in enumerate(
    [{"pitch": "C1", "bat": "B1"}, {"pitch": "FLY", "call": "leave"}], start=2
):
    services.play_record(game=game, raw=raw, expected_seq=seq, user=scorer)
"""


def test_a_lagging_replica_is_replayed_and_nothing_is_written_or_deleted(run_python, tmp_path):
    primary, replica, env = _primary_and_replica(
        run_python, tmp_path, "UPDATE games_play SET state = '{\"spoiled\": true}'"
    )
    result = run_python("manage.py", "shell", "-c", MORE, **env)
    assert result.returncode == 0, result.stderr
    _checkpoint(primary)
    replica_before = hashlib.sha256(replica.read_bytes()).hexdigest()

    result = run_python(
        "manage.py", "shell", "-c", LAGGING, **env, REPLICA_DATABASE_URL=f"sqlite:///{replica}"
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["primary_unchanged"] and out["plays"] == 3  # nothing written, nothing deleted
    assert 'id="play-1"' in out["page"] and 'id="play-2"' not in out["page"]  # the replica's
    assert hashlib.sha256(replica.read_bytes()).hexdigest() == replica_before


def _primary_and_replica(run_python, tmp_path, on_replica: str):
    """A primary with one game (``MAKE``) and a replica copied from it, then changed by the
    SQL ``on_replica``; and the environment that points the site at the primary."""
    primary, replica = tmp_path / "primary.sqlite3", tmp_path / "replica.sqlite3"
    env = {
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "SCOREKEEPER_SQLITE_PATH": str(primary),
    }
    for args in (["manage.py", "migrate", "-v", "0"], ["manage.py", "shell", "-c", MAKE]):
        result = run_python(*args, **env)
        assert result.returncode == 0, result.stderr
    _checkpoint(primary)
    shutil.copy(primary, replica)
    db = sqlite3.connect(replica)
    db.execute(on_replica)
    db.commit()
    db.close()
    _checkpoint(replica)
    return primary, replica, env


def _checkpoint(path) -> None:
    """Write the WAL back into the database file, so the file alone holds every row."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
