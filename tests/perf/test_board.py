"""Each play carries the board it leaves (``games.scoring.board``): after every kind of write the
board and the play-by-play are what a full replay of the log gives; a stored state (signed JSON
data, never a pickle) is read only when its signature checks out, else the board is replayed from
the log (and written again only by a request that may write); a tap costs the same few queries
at any log length."""

import json
import pickle

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.bench.players import generate
from games.engines import all_engines, get
from games.engines.notation import notation_for
from games.engines.record import Record, replay
from games.kinds.records import game_record
from games.leagues import services as league_services
from games.models import Game, Play
from games.plumbing import replica as db_router
from games.scoring import board, corrections, services
from games.scoring.selectors import scoreboard
from tests.corrections.conftest import PLAYS, position

from .conftest import game_with_log, random_plays, record_plays

pytestmark = pytest.mark.django_db

LONG = {
    "quick-baseball": {"innings": 40},
    "quick-cricket": {"overs": None, "innings": 2},
    "backyard-baseball": {"innings": 40},
    "bedard-baseball": {"innings": 9},
    "solitaire-baseball": {"innings": 9},
    "quick-tennis": {"sets": 5},
}


def test_every_game_is_checked():
    assert set(LONG) == {engine.id for engine in all_engines()}


@pytest.mark.parametrize("kind", sorted(LONG))
def test_every_engines_states_survive_a_stored_round_trip(kind):
    """Signed as a play's row stores it, and read back: the same state, for every state of
    a long game."""
    generated = generate(kind, LONG[kind], limit=120, seed=9)
    engine = get(kind)
    states = replay(Record(kind, generated.options, ("A", "B"), generated.plays)).states
    for seq, state in enumerate(states):
        place = {"game_pk": 1, "seq": seq, "chain": "c"}
        stored = json.loads(json.dumps(board.sign_state(state, engine=engine, **place)))
        assert board.load_state(stored, engine=engine, **place) == state


def assert_board_is_the_replay(game) -> None:
    """What the pages draw (from the plays' rows) equals a replay of the stored log."""
    game.refresh_from_db()
    replayed = replay(game_record(game))
    engine = get(game.kind)
    drawn = scoreboard(game)
    assert drawn.state == replayed.final_state
    assert drawn.summary == engine.summary(replayed.final_state) == game.summary
    plays = list(game.plays.order_by("seq"))
    assert drawn.log_length == len(plays)
    assert drawn.last_play_id == (plays[-1].pk if plays else 0)
    assert [(line.seq, line.payload, line.outcome, line.summary) for line in drawn.lines] == [
        (seq, play.payload, outcome, engine.summary(state))
        for seq, (play, outcome, state) in enumerate(
            zip(plays, replayed.outcomes, replayed.states[1:], strict=True), start=1
        )
    ]
    assert list(reversed(drawn.lines)) == list(drawn.lines)[::-1]
    assert drawn.tally == board.rebuild(game).tally  # hits counted as a replay counts them


@pytest.mark.parametrize("kind", sorted(LONG))
def test_recording_and_undoing_plays_keeps_the_board_equal_to_a_replay(kind, scorer):
    plays = random_plays(kind, LONG[kind], 37 if kind != "quick-cricket" else 40)
    game = services.game_create(
        kind=kind,
        options=LONG[kind],
        sides=["A", "B"][: 1 if kind == "solitaire-baseball" else 2],
        user=scorer,
    )
    for raw in plays:
        record_plays(game, [raw], scorer)
        assert_board_is_the_replay(game)
    for _ in range(23):
        length = game.plays.count()
        services.play_undo(game=game, expected_seq=length, user=scorer)
        assert_board_is_the_replay(game)
    record_plays(game, plays[len(plays) - 23 :], scorer)
    assert_board_is_the_replay(game)


def test_corrections_replay_from_the_corrected_play_and_rewrite_the_rows_after_it(scorer):
    game = game_with_log("quick-baseball", {"innings": 1}, PLAYS, scorer)
    before = game.log_revision
    rows = dict(game.plays.values_list("seq", "state"))

    def correct(seq, after):
        game.refresh_from_db()
        corrections.play_correct(
            game=game, seq=seq, after=after, reason="misread card", user=scorer, **position(game)
        )

    correct(6, None)
    assert_board_is_the_replay(game)
    assert game.log_revision != before
    now = dict(game.plays.values_list("seq", "state"))
    assert all(now[seq] == rows[seq] for seq in range(1, 6))  # the plays before it kept theirs
    assert all(now[seq] != rows[seq + 1] for seq in range(6, len(PLAYS)))  # rewritten
    correct(1, {"pitch": "C1", "bat": "B2"})
    assert_board_is_the_replay(game)
    assert scoreboard(game).lines[0].payload == {"pitch": "C1", "bat": "B2"}


def test_void_and_reopening_give_a_new_revision_and_keep_the_board(staff, scorer):
    generated = random_plays("quick-baseball", {"innings": 1}, 1)
    game = game_with_log("quick-baseball", {"innings": 1}, generated, scorer)
    final = generate("quick-baseball", {"innings": 1}, limit=10_000, seed=5)
    assert final.over
    final = game_with_log("quick-baseball", {"innings": 1}, list(final.plays), scorer)
    revisions = {game.log_revision, final.log_revision}

    league = league_services.league_create(
        name="L", kind="quick-baseball", options={"innings": 1}, user=staff
    )
    game.season = league_services.season_create(league=league, user=staff, name="2026")
    game.save(update_fields=["season"])
    league_services.game_void(game=game, user=staff, reason="rained off")
    game.refresh_from_db()
    assert game.log_revision not in revisions
    revisions.add(game.log_revision)
    assert_board_is_the_replay(game)
    league_services.game_unvoid(game=game, user=staff)
    game.refresh_from_db()
    assert game.log_revision not in revisions
    assert_board_is_the_replay(game)

    corrections.game_reopen(game=final, user=staff)
    final.refresh_from_db()
    assert final.log_revision not in revisions
    assert_board_is_the_replay(final)
    corrections.game_close(game=final, user=staff)
    assert_board_is_the_replay(final)


# -- signed states ---------------------------------------------------------------------


class Planted:
    """A pickle that runs code when loaded: no stored state is ever unpickled."""

    ran = False

    def __reduce__(self):
        return (_plant, ())


def _plant():
    Planted.ran = True
    return "planted"


def _game_of(scorer, length=12):
    plays = random_plays("quick-baseball", {"innings": 9}, length, seed=4)
    game = services.game_create(
        kind="quick-baseball", options={"innings": 9}, sides=["A", "B"], user=scorer
    )
    record_plays(game, plays, scorer)
    game.refresh_from_db()
    return game


def _last(game) -> Play:
    return game.plays.order_by("-seq").first()


def _spoil_flip(data: dict) -> dict:
    state = {**data["state"], "balls": data["state"]["balls"] + 1}  # one value changed
    return {**data, "state": state}


def _spoil_pickle(data: dict) -> dict:
    # Protocol 0 is printable text: PostgreSQL's jsonb holds no NUL character.
    return {**data, "state": pickle.dumps(Planted(), protocol=0).decode("ascii")}


def _spoil_unsigned(data: dict) -> dict:
    return data["state"]


def _spoil_other_place(data: dict, earlier: dict) -> dict:
    return earlier  # a genuine state, signed for another play


def _spoil_foreign(data: dict, game: Game, last: Play) -> dict:
    """Signed with the site's key (as only the site can), but naming no engine's class."""
    foreign = {"@": "os:system"}
    return {
        **data,
        "state": foreign,
        "signature": board._signature(foreign, game.pk, last.seq, last.chain),
    }


@pytest.mark.parametrize("spoil", ["flip", "pickle", "unsigned", "other_place", "foreign", "empty"])
def test_a_tampered_state_is_refused_and_the_board_replayed_from_the_log(scorer, spoil):
    game = _game_of(scorer)
    engine = get(game.kind)
    expected = scoreboard(game)
    last = _last(game)
    data = last.state
    earlier = game.plays.get(seq=3).state
    spoiled = {
        "flip": lambda: _spoil_flip(data),
        "pickle": lambda: _spoil_pickle(data),
        "unsigned": lambda: _spoil_unsigned(data),
        "other_place": lambda: _spoil_other_place(data, earlier),
        "foreign": lambda: _spoil_foreign(data, game, last),
        "empty": lambda: None,
    }[spoil]()
    Play.objects.filter(pk=last.pk).update(state=spoiled)
    place = {"engine": engine, "game_pk": game.pk, "seq": last.seq, "chain": last.chain}
    assert board.load_state(spoiled, **place) is None

    # A read that may not write (a page routed to the replica): replayed, nothing written.
    token = db_router._public_read.set(True)
    try:
        drawn = scoreboard(game)
    finally:
        db_router._public_read.reset(token)
    assert not Planted.ran
    assert (drawn.state, drawn.summary) == (expected.state, expected.summary)
    assert (drawn.log_length, drawn.last_play_id) == (expected.log_length, expected.last_play_id)
    assert _last(game).state == spoiled

    # A read that may write puts the signed state back; the next tap applies to it.
    assert scoreboard(game).summary == expected.summary
    last = _last(game)
    assert board.load_state(last.state, **place) == expected.state
    raw = random_plays("quick-baseball", {"innings": 9}, 13, seed=4)[-1]
    services.play_record(game=game, raw=raw, expected_seq=13, user=scorer)
    assert_board_is_the_replay(game)
    assert not Planted.ran


def test_a_state_is_signed_with_a_key_from_the_secret_key(scorer, settings):
    game = _game_of(scorer, length=2)
    last = _last(game)
    place = {"engine": get(game.kind), "game_pk": game.pk, "seq": last.seq, "chain": last.chain}
    assert board.load_state(last.state, **place)
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    assert board.load_state(last.state, **place) is None
    assert scoreboard(game).summary == game.summary  # replayed from the log


def test_plays_written_behind_the_boards_back_are_replayed(scorer):
    game = _game_of(scorer, length=5)
    plays = random_plays("quick-baseball", {"innings": 9}, 8, seed=4)
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=raw, created_by=scorer)
        for seq, raw in enumerate(plays[5:], start=6)
    )
    assert board.current(game).length == 8  # the last row holds nothing: replayed, stored
    assert not game.plays.filter(state__isnull=True).exists()
    services.refresh_summary(game)  # what an import does after writing a log at once
    assert_board_is_the_replay(Game.objects.get(pk=game.pk))


def test_a_log_that_no_longer_replays_shows_the_plays_that_do(scorer):
    game = _game_of(scorer, length=6)
    Play.objects.filter(game=game, seq=4).update(payload={"pitch": "nonsense"}, state=None)
    services.refresh_summary(game)
    game.refresh_from_db()
    assert game.summary["status"] == "broken"
    drawn = scoreboard(game)
    assert drawn.error and drawn.log_length == 6 and len(drawn.lines) == 3


# -- queries per tap -------------------------------------------------------------------


def tap_queries(
    client, game, raw, django_assert_max_num_queries, limit: int = 5, typed: bool = False
) -> tuple:
    """The queries the scoring screen's tap on ``game`` makes that read or write rows (at most
    ``limit``), and all told (with the transaction's own statements, at most two). ``typed``:
    the play is posted as the "type a play" field does, a line of the game's notation."""
    current = board.current(Game.objects.get(pk=game.pk))
    fields = {
        "expected": current.length + 1,
        "after": current.last_play_id,
        "revision": current.revision,
    }
    if typed:
        fields["typed"] = notation_for(game.kind).format_play(raw)
    else:
        fields["play"] = json.dumps(raw)
    with CaptureQueriesContext(connection) as everything:
        with django_assert_max_num_queries(limit, connection=DataStatements(connection)):
            reply = client.post(f"/games/{game.pk}/plays/", fields, headers={"HX-Request": "true"})
    assert reply.status_code == 200, reply.content.decode()[:500]
    assert 'hx-swap-oob="afterbegin:#play-list"' in reply.content.decode()  # one line added
    control = [q["sql"] for q in everything.captured_queries if DataStatements.is_control(q)]
    assert len(control) <= 2  # the one transaction: BEGIN and COMMIT, or a savepoint in a test
    return len(everything) - len(control), len(everything)


class DataStatements:
    """``connection`` as the query counters see it, without the statements that open and close
    the write's transaction (``BEGIN IMMEDIATE``/``COMMIT``, which Django logs on SQLite, or
    the ``SAVEPOINT``/``RELEASE`` it takes instead inside a test's transaction): the queries
    counted are the ones that read or write rows."""

    def __init__(self, connection):
        self.__dict__["_connection"] = connection

    @classmethod
    def is_control(cls, query) -> bool:
        return query["sql"].strip().upper().split(" ")[0] in {
            "BEGIN",
            "COMMIT",
            "SAVEPOINT",
            "RELEASE",
            "ROLLBACK",
        }

    @property
    def queries_log(self):
        return [q for q in self._connection.queries_log if not self.is_control(q)]

    @property
    def queries(self):
        return [q for q in self._connection.queries if not self.is_control(q)]

    def __getattr__(self, name):
        return getattr(self._connection, name)

    def __setattr__(self, name, value):
        setattr(self._connection, name, value)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("helper", [False, True])
def test_a_tap_makes_at_most_6_queries_at_play_10_and_play_300(
    helper, django_user_model, django_assert_max_num_queries
):
    """The user is read (and the session row, where sessions have no shared cache: several
    servers on PostgreSQL without Redis); the game row is read once, with its last play's row
    (the board) and whether the user was added as a scorer; the play is inserted and the game
    updated: 4 queries and the transaction's BEGIN and COMMIT. The same for the game's creator
    and a scorer it added."""
    from django.test import Client

    owner = django_user_model.objects.create_user("owner", password="pw-owner-1")
    helper_user = django_user_model.objects.create_user("helper", password="pw-helper-1")
    plays = random_plays("quick-baseball", {"innings": 60}, 301, seed=2)
    game = game_with_log("quick-baseball", {"innings": 60}, plays[:9], owner)
    long = game_with_log("quick-baseball", {"innings": 60}, plays[:299], owner)
    for each in (game, long):
        each.scorers.add(helper_user)
    client = Client()
    client.force_login(helper_user if helper else owner)
    session_row = 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1
    expected = 4 + session_row
    short = tap_queries(client, game, plays[9], django_assert_max_num_queries, limit=expected)
    long_ = tap_queries(client, long, plays[299], django_assert_max_num_queries, limit=expected)
    assert short[0] == long_[0] == expected
    assert short[1] == long_[1] <= 6 + session_row


@pytest.mark.django_db(transaction=True)
def test_a_typed_play_makes_at_most_6_queries_at_play_10_and_play_300(
    django_user_model, django_assert_max_num_queries
):
    """A typed line is read against the board the write reads with the game's lock: the same
    queries as a tap (the last play's row is read once)."""
    from django.test import Client

    owner = django_user_model.objects.create_user("owner", password="pw-owner-1")
    plays = random_plays("quick-baseball", {"innings": 60}, 301, seed=2)
    game = game_with_log("quick-baseball", {"innings": 60}, plays[:9], owner)
    long = game_with_log("quick-baseball", {"innings": 60}, plays[:299], owner)
    client = Client()
    client.force_login(owner)
    session_row = 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1
    expected = 4 + session_row
    count = lambda each, raw: tap_queries(  # noqa: E731
        client, each, raw, django_assert_max_num_queries, limit=expected, typed=True
    )
    short, long_ = count(game, plays[9]), count(long, plays[299])
    assert short[0] == long_[0] == expected
    assert short[1] == long_[1] <= 6 + session_row
    assert [p.payload for p in Play.objects.filter(game=game).order_by("-seq")[:1]] == [plays[9]]


@pytest.mark.django_db(transaction=True)
def test_the_win_probability_setting_adds_no_query_to_a_tap(
    django_user_model, django_assert_max_num_queries
):
    """With the scoring screen's win probability on, the tap looks the board's state up in the
    table held in memory: the same queries as without (the table is read once per process)."""
    from django.test import Client

    from games.engines.win_probability.build import build_table
    from games.win import tables as win_tables

    owner = django_user_model.objects.create_user("owner", password="pw-owner-1")
    plays = random_plays("quick-baseball", {"innings": 20}, 30, seed=2)
    game = game_with_log("quick-baseball", {"innings": 20}, plays[:9], owner)
    Game.objects.filter(pk=game.pk).update(show_win_probability=True)
    win_tables.store(build_table("quick-baseball", {"innings": 20}, games=20))
    client = Client()
    client.force_login(owner)
    session_row = 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1
    expected = 4 + session_row
    tap_queries(client, game, plays[9], django_assert_max_num_queries, limit=expected)
    reply = client.get(f"/games/{game.pk}/score/").content.decode()
    assert "Win probability:" in reply
    second = tap_queries(client, game, plays[10], django_assert_max_num_queries, limit=expected)
    assert second[0] == expected
