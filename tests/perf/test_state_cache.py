"""The cached current state per game: always the board a full replay of the log gives, after
every kind of write; rebuilt when missing, stale or corrupted; a play costs one ``apply``."""

import json
import pickle

import pytest

from games import corrections, league_services, services, state_cache
from games.bench.players import generate
from games.engines import all_engines, get
from games.engines.record import Record, replay
from games.models import GameState, Play, PlayChunk
from games.play_lines import CHUNK
from games.sealed_cache import seal
from games.selectors import game_record, scoreboard
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
def test_every_engines_states_survive_a_pickle_round_trip(kind):
    generated = generate(kind, LONG[kind], limit=120, seed=9)
    for state in replay(Record(kind, generated.options, ("A", "B"), generated.plays)).states:
        assert pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)) == state


def assert_board_is_the_replay(game) -> None:
    """What the pages draw (from the cache) equals a replay of the stored log."""
    game.refresh_from_db()
    replayed = replay(game_record(game))
    engine = get(game.kind)
    board = scoreboard(game)
    assert board.state == replayed.final_state
    assert board.summary == engine.summary(replayed.final_state) == game.summary
    plays = list(game.plays.order_by("seq"))
    assert board.log_length == len(plays)
    assert board.last_play_id == (plays[-1].pk if plays else 0)
    assert [(line.seq, line.payload, line.outcome, line.summary) for line in board.lines] == [
        (seq, play.payload, outcome, engine.summary(state))
        for seq, (play, outcome, state) in enumerate(
            zip(plays, replayed.outcomes, replayed.states[1:], strict=True), start=1
        )
    ]
    assert list(reversed(board.lines)) == list(board.lines)[::-1]


@pytest.mark.parametrize("kind", sorted(LONG))
def test_recording_and_undoing_plays_keeps_the_board_equal_to_a_replay(kind, scorer):
    plays = random_plays(kind, LONG[kind], 2 * CHUNK + 5 if kind != "quick-cricket" else 40)
    game = services.game_create(
        kind=kind,
        options=LONG[kind],
        sides=["A", "B"][: 1 if kind == "solitaire-baseball" else 2],
        user=scorer,
    )
    for raw in plays:
        record_plays(game, [raw], scorer)
        assert_board_is_the_replay(game)
    # Undo back across two chunk boundaries, then play on again.
    for _ in range(CHUNK + 7):
        length = game.plays.count()
        services.play_undo(game=game, expected_seq=length, user=scorer)
        assert_board_is_the_replay(game)
    record_plays(game, plays[len(plays) - CHUNK - 7 :], scorer)
    assert_board_is_the_replay(game)


def test_corrections_replacing_and_deleting_plays_rebuild_the_board(scorer):
    game = game_with_log("quick-baseball", {"innings": 1}, PLAYS, scorer)
    before = game.log_revision

    def correct(seq, after):
        game.refresh_from_db()
        corrections.play_correct(
            game=game, seq=seq, after=after, reason="misread card", user=scorer, **position(game)
        )

    scoreboard(game)  # the cached copy is in place before the corrections
    correct(1, {"pitch": "C1", "bat": "B2"})
    assert_board_is_the_replay(game)
    assert game.log_revision != before
    correct(6, None)
    assert_board_is_the_replay(game)
    assert scoreboard(game).lines[0].payload == {"pitch": "C1", "bat": "B2"}


def test_void_and_reopening_give_a_new_revision_and_keep_the_board(staff, scorer):
    generated = random_plays("quick-baseball", {"innings": 1}, 1)
    game = game_with_log("quick-baseball", {"innings": 1}, generated, scorer)
    final = _final_game(scorer)
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


def _final_game(user):
    generated = generate("quick-baseball", {"innings": 1}, limit=10_000, seed=5)
    assert generated.over
    game = game_with_log("quick-baseball", {"innings": 1}, list(generated.plays), user)
    assert game.is_final
    return game


def _row(game) -> GameState:
    return GameState.objects.get(game=game)


def test_a_missing_copy_is_rebuilt_from_the_log(scorer):
    game = game_with_log(
        "quick-baseball", {"innings": 9}, random_plays("quick-baseball", {"innings": 9}, 40), scorer
    )
    GameState.objects.filter(game=game).delete()
    PlayChunk.objects.filter(game=game).delete()
    state_cache.forget()  # as another server would read it
    assert_board_is_the_replay(game)
    assert _row(game).length == 40
    assert PlayChunk.objects.filter(game=game).count() == 40 // CHUNK


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda data, game: b"not a pickle at all", id="garbage"),
        pytest.param(lambda data, game: data[:-7] + b"\x00" * 7, id="truncated-bytes"),
        pytest.param(
            lambda data, game: data[:20] + bytes([data[20] ^ 1]) + data[21:], id="one-bit"
        ),
        pytest.param(lambda data, game: b"", id="empty"),
        pytest.param(
            lambda data, game: seal(pickle.loads(bytes(data)[16:]), f"state:{game.pk + 1}"),
            id="another-games-copy",
        ),
        pytest.param(
            lambda data, game: seal({"state": "forged"}, f"state:{game.pk}"), id="not-a-board"
        ),
    ],
)
def test_a_corrupted_copy_is_ignored_and_replaced(scorer, spoil):
    plays = random_plays("quick-baseball", {"innings": 9}, 30)
    game = game_with_log("quick-baseball", {"innings": 9}, plays[:20], scorer)
    row = _row(game)
    row.data = spoil(bytes(row.data), game)
    row.save()
    state_cache.forget()  # as another server would read it
    record_plays(game, plays[20:], scorer)  # a write applies to the true state, not the copy
    assert_board_is_the_replay(game)
    assert state_cache.current(game).length == 30


def test_a_copy_made_for_another_revision_is_not_used(scorer):
    plays = random_plays("quick-baseball", {"innings": 9}, 30)
    game = game_with_log("quick-baseball", {"innings": 9}, plays[:20], scorer)
    old = bytes(_row(game).data)
    record_plays(game, plays[20:25], scorer)
    # The copy of five plays ago, put back as if a slow writer had overwritten the new one.
    GameState.objects.filter(game=game).update(data=old)
    state_cache.forget()  # as another server would read it
    assert_board_is_the_replay(game)
    record_plays(game, plays[25:], scorer)
    assert_board_is_the_replay(game)


def test_this_processs_copy_is_used_without_unpickling_only_while_it_fits(scorer, monkeypatch):
    plays = random_plays("quick-baseball", {"innings": 9}, 25)
    game = game_with_log("quick-baseball", {"innings": 9}, plays[:20], scorer)
    unsealed = []
    real_unseal = state_cache.sealed_cache.unseal
    monkeypatch.setattr(
        state_cache.sealed_cache,
        "unseal",
        lambda data, place: unsealed.append(place) or real_unseal(data, place),
    )
    record_plays(game, plays[20:22], scorer)
    assert state_cache.current(game).length == 22
    assert unsealed == []  # the copy this process wrote was used
    # Another server records a play: this process's copy no longer fits the log.
    kept = dict(state_cache._recent)
    record_plays(game, plays[22:23], scorer)
    state_cache._recent.clear()
    state_cache._recent.update(kept)
    assert state_cache.current(game).length == 23
    assert unsealed == [f"state:{game.pk}"]  # the stored copy, written by the other server
    assert_board_is_the_replay(game)


def test_plays_written_behind_the_caches_back_are_noticed(scorer):
    plays = random_plays("quick-baseball", {"innings": 9}, 25)
    game = game_with_log("quick-baseball", {"innings": 9}, plays[:20], scorer)
    scoreboard(game)
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=raw) for seq, raw in enumerate(plays[20:], start=21)
    )
    assert scoreboard(game).log_length == 25
    game.plays.filter(seq__gt=22).delete()
    assert scoreboard(game).log_length == 22
    record_plays(game, plays[22:], scorer)
    assert_board_is_the_replay(game)


def test_lost_chunks_of_play_lines_are_replayed(scorer):
    plays = random_plays("quick-baseball", {"innings": 9}, 3 * CHUNK + 3)
    game = game_with_log("quick-baseball", {"innings": 9}, plays, scorer)
    PlayChunk.objects.filter(game=game, index=1).update(data=b"lost")
    PlayChunk.objects.filter(game=game, index=2).delete()
    assert_board_is_the_replay(game)
    assert PlayChunk.objects.filter(game=game).count() == 3


def _count_applies(monkeypatch, kind) -> list:
    engine = get(kind)
    calls = []
    real = type(engine).apply

    def counting(state, play):
        calls.append(1)
        return real(engine, state, play)

    monkeypatch.setattr(engine, "apply", counting)
    return calls


@pytest.mark.parametrize("kind", ["quick-baseball", "backyard-baseball", "bedard-baseball"])
def test_a_play_costs_the_same_few_applies_at_20_or_400_plays(kind, scorer, client, monkeypatch):
    options = LONG[kind] if kind == "bedard-baseball" else {"innings": 80}
    plays = random_plays(kind, options, 410, seed=3)
    client.force_login(scorer)
    applies = []
    for length in (20, 400):
        game = game_with_log(kind, options, plays[:length], scorer)
        scoreboard(game)
        calls = _count_applies(monkeypatch, kind)
        rebuilds = state_cache.Stats.rebuilds
        for seq in range(length + 1, length + 6):
            services.play_record(game=game, raw=plays[seq - 1], expected_seq=seq, user=scorer)
        reply = client.post(
            f"/games/{game.pk}/plays/",
            {"expected": length + 6, "play": json.dumps(plays[length + 5])},
            headers={"HX-Request": "true"},
        )
        assert reply.status_code == 200
        assert game.plays.count() == length + 6
        assert state_cache.Stats.rebuilds == rebuilds  # nothing was replayed
        applies.append(len(calls))
        monkeypatch.undo()
    assert applies[0] == applies[1] <= 6 + 2  # one per play (and at most one more to ask)


def test_an_undo_replays_at_most_one_chunk_of_plays(scorer, monkeypatch):
    plays = random_plays("quick-baseball", {"innings": 80}, 300, seed=4)
    game = game_with_log("quick-baseball", {"innings": 80}, plays, scorer)
    scoreboard(game)
    calls = _count_applies(monkeypatch, "quick-baseball")
    for _ in range(CHUNK + 2):
        length = game.plays.count()
        before = len(calls)
        services.play_undo(game=game, expected_seq=length, user=scorer)
        assert len(calls) - before <= CHUNK
    monkeypatch.undo()
    assert_board_is_the_replay(game)


def test_this_process_keeps_the_latest_boards_of_a_bounded_number_of_games(scorer, monkeypatch):
    monkeypatch.setattr(state_cache, "RECENT_GAMES", 3)
    state_cache.forget()
    games = [
        game_with_log(
            "quick-baseball",
            {"innings": 9},
            random_plays("quick-baseball", {"innings": 9}, 5, seed=n),
            scorer,
        )
        for n in range(5)
    ]
    assert list(state_cache._recent) == [game.pk for game in games[2:]]
    state_cache.current(games[2])  # read again: now the latest
    assert list(state_cache._recent) == [games[3].pk, games[4].pk, games[2].pk]
    assert state_cache.current(games[0]).length == 5  # from the stored copy, and kept again
    assert list(state_cache._recent) == [games[4].pk, games[2].pk, games[0].pk]
