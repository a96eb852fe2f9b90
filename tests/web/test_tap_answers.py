"""What a tap's answer carries: the board, and the play-by-play brought up to date line by
line (the new line, the line undone) when the screen showed the board the write followed,
else the whole list; never the whole list again for one play on a screen that is up to date,
so the answer does not grow with the log."""

import json
import re

import pytest

from games.bench.players import generate
from games.scoring import board, corrections, services
from games.scoring.board import PLAYS_PER_PAGE

from .conftest import post_play

pytestmark = pytest.mark.django_db

LINE = re.compile(r'<li id="play-(\d+)" class="play-line')
OLDER = re.compile(r'hx-get="([^"]*/plays/older/\?before=\d+)"')


def screen(client, game) -> dict:
    """The position fields the scoring screen shows now (as a tablet would post them)."""
    html = client.get(f"/games/{game.pk}/score/", headers={"HX-Request": "true"}).content.decode()
    return dict(re.findall(r'name="(expected|after|revision)" value="([^"]*)"', html)[:3])


def tap(client, game, **play):
    shown = screen(client, game)
    return post_play(client, game, shown.pop("expected"), **shown, **play)


def answer_parts(reply) -> dict:
    html = reply.content.decode()
    return {
        "board": html.count('id="board"'),
        "lines": LINE.findall(html),
        "added": 'hx-swap-oob="afterbegin:#play-list"' in html,
        "removed": re.findall(r'<li id="play-(\d+)" hx-swap-oob="delete">', html),
        "whole": '<section id="plays" class="plays" aria-label="Play by play" hx-swap-oob="true">'
        in html,
    }


def test_a_tap_on_an_up_to_date_screen_adds_one_line(scorer_client, game):
    assert answer_parts(tap(scorer_client, game, pitch="SO1", bat="B4"))["whole"]  # the first
    reply = tap(scorer_client, game, pitch="SO2", call="leave")
    assert reply.status_code == 200
    assert answer_parts(reply) == {
        "board": 1,
        "lines": ["2"],
        "added": True,
        "removed": [],
        "whole": False,
    }
    assert "Correct play 2" in reply.content.decode()  # the scorer may correct it


def test_the_answer_does_not_grow_with_the_log(scorer_client, scorer):
    generated = generate("quick-baseball", {"innings": 40}, limit=301, seed=5)
    game = services.game_create(
        kind="quick-baseball", options={"innings": 40}, sides=["A", "B"], user=scorer
    )
    sizes = {}
    for seq, raw in enumerate(generated.plays, start=1):
        if seq in (11, 301):
            reply = tap(scorer_client, game, play=json.dumps(raw))
            assert answer_parts(reply)["lines"] == [str(seq)]
            sizes[seq] = len(reply.content)
        else:
            services.play_record(game=game, raw=raw, expected_seq=seq, user=scorer)
    assert sizes[301] < 1.3 * sizes[11]
    whole = scorer_client.get(f"/games/{game.pk}/score/", headers={"HX-Request": "true"})
    html = whole.content.decode()
    lines = LINE.findall(html)
    assert lines == [str(seq) for seq in range(301, 301 - PLAYS_PER_PAGE, -1)]
    # The older plays come a page at a time ("Older plays", htmx), each page with the link to
    # the page before it, until the whole log is on the screen.
    while more := OLDER.search(html):
        html = scorer_client.get(more[1], headers={"HX-Request": "true"}).content.decode()
        lines += LINE.findall(html)
    assert lines == [str(seq) for seq in range(301, 0, -1)]
    assert 'id="older-plays" hx-swap-oob="delete"' in html  # the link goes with the last page


def test_undo_removes_the_line_and_the_last_undo_empties_the_list(scorer_client, game):
    tap(scorer_client, game, pitch="SO1", bat="B4")
    tap(scorer_client, game, pitch="SO2", call="leave")
    shown = screen(scorer_client, game)
    reply = scorer_client.post(
        f"/games/{game.pk}/undo/",
        {"expected": 2, "after": shown["after"], "revision": shown["revision"]},
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200
    parts = answer_parts(reply)
    assert parts["removed"] == ["2"] and parts["lines"] == [] and not parts["whole"]
    shown = screen(scorer_client, game)
    reply = scorer_client.post(
        f"/games/{game.pk}/undo/",
        {"expected": 1, "after": shown["after"], "revision": shown["revision"]},
        headers={"HX-Request": "true"},
    )
    parts = answer_parts(reply)
    assert parts["whole"] and parts["lines"] == [] and "No plays yet." in reply.content.decode()


def test_a_screen_behind_another_tablets_correction_gets_the_whole_list(
    scorer_client, game, scorer
):
    for pitch, call in (("SO1", "leave"), ("SO2", "leave"), ("RUN", "leave")):
        tap(scorer_client, game, pitch=pitch, call=call)
    old = screen(scorer_client, game)
    last = game.plays.order_by("-seq").first()
    corrections.play_correct(
        game=game,
        seq=1,
        after={"pitch": "C1", "call": "leave"},
        reason="wrong card",
        user=scorer,
        expected=3,
        after_play=last.pk,
        revision=0,
    )
    position = {"after": old["after"], "revision": old["revision"]}
    reply = post_play(scorer_client, game, 4, **position, pitch="FLY", call="leave")
    assert reply.status_code == 200
    parts = answer_parts(reply)
    assert parts["whole"] and parts["lines"] == ["4", "3", "2", "1"]
    assert "corrected" in reply.content.decode()


def test_a_screen_that_does_not_say_its_board_gets_the_whole_list(scorer_client, game):
    tap(scorer_client, game, pitch="SO1", bat="B4")
    reply = post_play(scorer_client, game, 2, pitch="SO2", call="leave")
    assert answer_parts(reply)["whole"] and answer_parts(reply)["lines"] == ["2", "1"]


def test_the_play_that_ends_the_game_sends_the_whole_list_without_correction_links(
    scorer_client, scorer
):
    generated = generate("quick-baseball", {"innings": 1}, limit=1000, seed=3)
    assert generated.over
    game = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["A", "B"], user=scorer
    )
    *before, last = generated.plays
    for seq, raw in enumerate(before, start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=scorer)
    reply = tap(scorer_client, game, play=json.dumps(last))
    parts = answer_parts(reply)
    assert parts["whole"] and len(parts["lines"]) == len(generated.plays)
    assert "The game is over" in reply.content.decode()
    assert "Correct play" not in reply.content.decode()


def test_refusals_and_questions_leave_the_list_alone_and_conflicts_resend_it(scorer_client, game):
    tap(scorer_client, game, pitch="SO1", bat="B4")
    shown = screen(scorer_client, game)
    position = {k: v for k, v in shown.items() if k != "expected"}
    illegal = post_play(scorer_client, game, 2, **position, pitch="SO1", bat="B1")
    assert illegal.status_code == 422 and "hx-swap-oob" not in illegal.content.decode()
    stale = post_play(scorer_client, game, 1, pitch="SO2", call="leave")
    assert stale.status_code == 409 and answer_parts(stale)["whole"]
    missing = scorer_client.post(f"/games/{game.pk}/plays/", {}, headers={"HX-Request": "true"})
    assert missing.status_code == 400 and answer_parts(missing)["whole"]


def test_the_board_a_write_leaves_is_the_one_drawn(scorer_client, game, monkeypatch):
    """The answer is drawn from the write's own board: no second read of the state."""
    tap(scorer_client, game, pitch="SO1", bat="B4")
    shown = screen(scorer_client, game)
    reads = []
    real = board.after_row  # every read of a board: ``current`` and the write's locked read
    monkeypatch.setattr(board, "after_row", lambda g, row: reads.append(g.pk) or real(g, row))
    position = {"after": shown["after"], "revision": shown["revision"]}
    post_play(scorer_client, game, 2, **position, pitch="SO2", call="leave")
    assert reads == [game.pk]  # the write's own read, inside its transaction


def test_the_write_asks_the_tables_question_first_and_writes_nothing(scorer):
    match = services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["Hornets", "Wasps"], user=scorer
    )
    appeal = {"pitch": "A", "path": "B", "move": "C", "stroke": "A", "path_card": "1"}
    with pytest.raises(services.NeedsAnswer) as asked:
        services.play_record(game=match, raw=appeal, expected_seq=1, user=scorer, answered=[])
    assert asked.value.question["ask"] == "umpire"
    assert match.plays.count() == 0 and board.current(match).length == 0
    answered = {**appeal, "umpire": ["not out"]}
    with pytest.raises(services.NeedsAnswer) as asked:
        services.play_record(game=match, raw=answered, expected_seq=1, user=scorer, answered=[])
    assert asked.value.question["ask"] == "review"
    recorded = services.play_record(
        game=match, raw=answered, expected_seq=1, user=scorer, answered=["review"]
    )
    assert recorded.play.seq == 1 and recorded.board.length == 1
    assert recorded.previous.length == 0 and recorded.game.summary == recorded.board.summary
