"""A play is only what its game defines, within a size, and JSON from a user is shallow.

Every way a play comes in (a tap, the offline queue's post, a correction, an imported record
or a restored backup) refuses a key the game does not define, naming it, and a play larger
than ``PLAY_LIMIT``, naming the limit; JSON nested deeper than ``MAX_DEPTH`` is a 400 saying
so, never a 500 (``json.loads`` recurses once a level). Nothing is written for a refusal."""

import json

import pytest

from games.archive import imports
from games.engines import all_engines
from games.models import Game, PlayCorrection
from games.scoring import services
from tests.leagues.conftest import make_league
from tests.leagues.organisers_helpers import random_record

from .conftest import log_snapshot

pytestmark = pytest.mark.django_db

PLAY_LIMIT = 1024  # bytes of a play as compact JSON (games.engines.base)
MAX_DEPTH = 20  # levels of JSON posted by a user (games.engines.json_text)
DEEP = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"pitch": ' * 5000 + '"C1"' + "}" * 5000
TOO_DEEP = "nested too deeply"


@pytest.fixture
def game(scorer):
    return services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Giants", "Yankees"], user=scorer
    )


@pytest.fixture
def scorer_client(client, scorer):
    client.force_login(scorer)
    return client


def tap(client, game, play, htmx=False, target=None):
    headers = {"HX-Request": "true"} if htmx else {}
    if target:
        headers["HX-Target"] = target
    return client.post(
        f"/games/{game.pk}/plays/",
        {"expected": game.plays.count() + 1, "play": play},
        headers=headers,
    )


# A key the game does not define ----------------------------------------------------------------


def test_a_tap_with_a_key_the_game_does_not_define_is_refused_naming_it(scorer_client, game):
    before = log_snapshot()
    play = json.dumps({"pitch": "SO1", "bat": "B4", "junk": "x" * 100})
    response = tap(scorer_client, game, play, htmx=True)
    assert response.status_code == 422
    assert "Unknown key &#x27;junk&#x27; in a Quick Baseball play" in response.content.decode()
    assert log_snapshot() == before


def test_a_key_inside_a_backyard_card_is_checked_too(scorer_client, scorer):
    game = services.game_create(
        kind="backyard-baseball", options={}, sides=["Giants", "Yankees"], user=scorer
    )
    play = {
        "fielder": "CF",
        "pitcher": {"number": 3, "pitch": "fastball", "result": "strikeout", "x": 1},
        "batter": {"pitch": "fastball", "result": "home-run"},
        "die": 4,
    }
    before = log_snapshot()
    response = tap(scorer_client, game, json.dumps(play))
    assert response.status_code == 422
    assert "Unknown key &#x27;x&#x27; in pitcher of a Backyard" in response.content.decode()
    assert log_snapshot() == before


def test_a_note_and_a_time_beside_a_play_are_still_accepted(scorer_client, game):
    play = json.dumps({"pitch": "SO1", "bat": "B4", "note": "first pitch", "at": "12:00"})
    response = tap(scorer_client, game, play)
    assert response.status_code == 200
    assert game.plays.get().payload["note"] == "first pitch"


def test_an_oversize_play_is_refused_naming_the_limit(scorer_client, game):
    before = log_snapshot()
    play = json.dumps({"pitch": "SO1", "bat": "B4", "note": "x" * 2 * 1024 * 1024})
    response = tap(scorer_client, game, play)
    assert response.status_code == 422
    assert f"{PLAY_LIMIT:,} bytes" in response.content.decode()
    assert log_snapshot() == before


def test_a_correction_with_an_unknown_key_is_refused_naming_it(scorer_client, game, scorer):
    services.play_record(game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=scorer)
    before = log_snapshot()
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        {
            "expected": 1,
            "after": game.plays.get().pk,
            "revision": 0,
            "reason": "misread",
            "play": json.dumps({"pitch": "SO1", "bat": "B5", "junk": 1}),
        },
    )
    assert response.status_code == 422
    assert "unknown key" in response.content.decode() and "junk" in response.content.decode()
    assert log_snapshot() == before and not PlayCorrection.objects.exists()


def test_an_imported_record_with_an_unknown_key_is_refused_naming_it():
    league, season, _ = make_league("quick-baseball", {"innings": 1}, teams=("Giants", "Mets"))
    record = random_record(sides=["Giants", "Mets"], seed=1)
    record["plays"][2] = {**record["plays"][2], "junk": "x"}
    user = imports.import_user()
    with pytest.raises(imports.BadRecord, match=r"^play 3: unknown key 'junk'"):
        imports.import_text(text=json.dumps(record), season=season, user=user)
    assert not Game.objects.exists()


def test_an_imported_record_with_an_oversize_play_is_refused_naming_the_limit():
    league, season, _ = make_league("quick-baseball", {"innings": 1}, teams=("Giants", "Mets"))
    record = random_record(sides=["Giants", "Mets"], seed=1)
    record["plays"][0] = {**record["plays"][0], "note": "x" * (PLAY_LIMIT + 1)}
    with pytest.raises(imports.BadRecord, match=rf"^play 1: .*{PLAY_LIMIT:,} bytes"):
        imports.import_text(text=json.dumps(record), season=season, user=imports.import_user())
    assert not Game.objects.exists()


def test_a_restored_game_with_an_unknown_key_is_refused_naming_it():
    record = random_record(sides=["Giants", "Mets"], seed=1)
    record["plays"][0] = {**record["plays"][0], "junk": 1}
    with pytest.raises(imports.BadRecord, match=r"^play 1: unknown key 'junk'"):
        imports.import_archived(data=record, user=imports.import_user())
    assert not Game.objects.exists()


def test_a_stored_play_with_an_unknown_key_still_replays(scorer_client, game, scorer):
    """Logs written before keep what they hold: the check is for plays coming in."""
    services.play_record(game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=scorer)
    game.plays.update(payload={"pitch": "SO1", "bat": "B4", "junk": 1})
    services.refresh_summary(game)
    game.refresh_from_db()
    assert game.summary["status"] == Game.IN_PROGRESS
    response = tap(scorer_client, game, json.dumps({"pitch": "C1", "call": "leave"}))
    assert response.status_code == 200 and game.plays.count() == 2


# JSON nested too deeply -------------------------------------------------------------------------


@pytest.mark.parametrize("deep", [DEEP, DEEP_OBJECT], ids=["arrays", "objects"])
def test_a_deeply_nested_tap_is_a_400_naming_the_problem(scorer_client, games, deep):
    for game in games:
        before = log_snapshot()
        response = tap(scorer_client, game, deep)
        assert response.status_code == 400, game.kind
        assert TOO_DEEP in response.content.decode()
        assert log_snapshot() == before


def test_a_deeply_nested_play_from_the_offline_queue_is_a_400(scorer_client, game):
    """The offline queue posts its waiting plays to the tap's address, as htmx does."""
    before = log_snapshot()
    response = tap(scorer_client, game, DEEP, htmx=True, target="board")
    assert response.status_code == 400
    assert TOO_DEEP in response.content.decode()
    assert log_snapshot() == before


def test_a_deeply_nested_correction_is_a_400_naming_the_problem(scorer_client, game, scorer):
    services.play_record(game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=scorer)
    before = log_snapshot()
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        {
            "expected": 1,
            "after": game.plays.get().pk,
            "revision": 0,
            "reason": "misread",
            "play": DEEP,
        },
    )
    assert response.status_code == 400
    assert TOO_DEEP in response.content.decode()
    assert log_snapshot() == before and not PlayCorrection.objects.exists()


def test_json_at_the_depth_limit_is_read_and_one_more_is_refused(scorer_client, game):
    at_limit = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    response = tap(scorer_client, game, at_limit)
    assert response.status_code == 422  # read, and refused as not a play object
    response = tap(scorer_client, game, "[" + at_limit + "]")
    assert response.status_code == 400 and TOO_DEEP in response.content.decode()


def test_the_limits_are_the_codes():
    from games.engines import base, json_text

    assert (base.PLAY_LIMIT, json_text.MAX_DEPTH) == (PLAY_LIMIT, MAX_DEPTH)


def test_every_engine_declares_its_play_keys():
    for engine in all_engines():
        assert getattr(engine, "play_keys", None), engine.id
