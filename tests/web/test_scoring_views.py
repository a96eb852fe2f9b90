"""The scoring screen's writes: plays, illegal plays, undo, the position rule, htmx partials."""

import pytest

from games.models import Play
from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def test_a_play_is_recorded_and_the_board_partial_comes_back(scorer_client, game):
    response = post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="board"' in html and "<html" not in html
    assert "Batter 1 singles on Strike Out." in html
    assert payloads(game) == [{"pitch": "SO1", "bat": "B4"}]


def test_without_htmx_the_full_page_is_rendered(scorer_client, game):
    response = post_play(scorer_client, game, 1, htmx=False, pitch="SO1", bat="B4")
    assert response.status_code == 200
    assert "<html" in response.content.decode()


def test_a_call_is_recorded_without_a_batting_card(scorer_client, game):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    response = post_play(scorer_client, game, 2, pitch="SO2", call="steal")
    assert response.status_code == 200
    assert payloads(game)[1] == {"pitch": "SO2", "call": "steal"}
    assert "Runner steals second" in response.content.decode()


def test_refresh_buttons_post_a_refresh(scorer_client, game):
    plays = [("SO1", "leave"), ("SO2", "leave"), ("RUN", "leave")]
    for seq, (pitch, call) in enumerate(plays, start=1):
        post_play(scorer_client, game, seq, pitch=pitch, call=call)
    # third out: a new half-inning, full hands; play on to empty the pitcher's hand
    for seq, pitch in enumerate(["FLY", "C1", "C2", "SO1", "SO2"], start=4):
        post_play(scorer_client, game, seq, pitch=pitch, call="leave")
    response = post_play(scorer_client, game, 9, refresh=["pitcher"])
    assert response.status_code == 200, response.content.decode()
    assert payloads(game)[-1] == {"refresh": ["pitcher"]}
    assert "relief pitcher comes in" in response.content.decode()


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"pitch": "SO1", "call": "steal"}, "no runner can steal"),
        ({"pitch": "ZZ9", "bat": "B1"}, "is not a pitching card"),
        ({"pitch": "SO1"}, "choose the batter"),
        ({"bat": "B1"}, "choose the pitcher"),
        ({}, "no play was entered"),
        ({"play": "{not json"}, "not valid JSON"),
        ({"play": "[1, 2]"}, "must be a JSON object"),
        ({"refresh": ["batter"]}, "a refresh needs a hand down to one card"),
        ({"pitch": "SO1", "call": "bunt"}, "is not a call"),
    ],
)
def test_bad_plays_show_the_message_and_change_nothing(scorer_client, game, fields, words):
    response = post_play(scorer_client, game, 1, **fields)
    assert response.status_code == 422
    assert words.lower() in response.content.decode().lower()
    assert payloads(game) == []


def test_a_card_not_in_hand_is_refused_by_name(scorer_client, game):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    response = post_play(scorer_client, game, 2, pitch="SO1", bat="B1")
    assert response.status_code == 422
    assert "Card SO1 is not in the pitcher&#x27;s hand" in response.content.decode()
    assert len(payloads(game)) == 1


def test_a_missing_position_is_a_bad_request(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/plays/", {"pitch": "SO1", "bat": "B4"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 400
    assert payloads(game) == []


def test_the_second_tablet_at_the_same_position_is_told_the_game_moved_on(scorer_client, game):
    first = post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    second = post_play(scorer_client, game, 1, pitch="SO2", bat="B1")
    assert first.status_code == 200
    assert second.status_code == 409
    html = second.content.decode()
    assert "was not recorded" in html
    assert "Batter 1 singles" in html  # the fresh scoreboard comes with the message
    assert payloads(game) == [{"pitch": "SO1", "bat": "B4"}]


def test_the_database_allows_one_play_per_position(game, scorer):
    from django.db import IntegrityError, transaction

    Play.objects.create(game=game, seq=1, payload={"pitch": "SO1", "bat": "B4"})
    with pytest.raises(IntegrityError), transaction.atomic():
        Play.objects.create(game=game, seq=1, payload={"pitch": "SO2", "bat": "B1"})


def test_undo_removes_the_last_play(scorer_client, game):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    post_play(scorer_client, game, 2, pitch="SO2", call="leave")
    response = scorer_client.post(
        f"/games/{game.pk}/undo/", {"expected": 2}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "Play 2 undone." in response.content.decode()
    assert payloads(game) == [{"pitch": "SO1", "bat": "B4"}]
    game.refresh_from_db()
    assert game.summary["outs"] == 0 and game.summary["bases"] == [True, False, False]


def test_undo_of_a_play_that_is_no_longer_last_is_a_conflict(scorer_client, game):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    post_play(scorer_client, game, 2, pitch="SO2", call="leave")
    response = scorer_client.post(
        f"/games/{game.pk}/undo/", {"expected": 1}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 409
    assert len(payloads(game)) == 2


def test_undo_with_nothing_to_undo(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/undo/", {"expected": 1}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 422
    assert "no play to undo" in response.content.decode()


def test_a_finished_game_offers_no_cards(scorer_client, scorer):
    game = services.game_create(
        kind="quick-baseball",
        options={"innings": 1, "catalogue": "first-reconstruction"},
        sides=["A", "B"],
        user=scorer,
    )
    plays = [
        {"pitch": "C2", "bat": "B5"},  # batter 1 doubles
        {"pitch": "RUN", "bat": "B1"},  # batter 2 singles, runner to third
        {"pitch": "FLY", "bat": "B3"},  # batter 3 singles, a run scores
        {"pitch": "SO1", "call": "leave"},
        {"pitch": "SO2", "call": "leave"},
        {"pitch": "C1", "bat": "B2"},  # batter 6 is caught: three outs
        {"pitch": "SO1", "call": "leave"},
        {"pitch": "SO2", "call": "leave"},
        {"pitch": "RUN", "call": "leave"},  # three outs in the bottom: A win 1-0
    ]
    for seq, fields in enumerate(plays, start=1):
        response = post_play(scorer_client, game, seq, **fields)
        assert response.status_code == 200, response.content.decode()
    game.refresh_from_db()
    assert game.summary["status"] == "final" and game.summary["winner"] == 0
    html = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    assert "The game is over: A win 1–0." in html
    assert 'id="play-form"' not in html
    response = post_play(scorer_client, game, 10, pitch="C1", bat="B1")
    assert response.status_code == 422
    assert "The game is over: no more plays" in response.content.decode()


def test_a_screen_that_missed_an_undo_and_a_new_play_is_refused(scorer_client, game):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    stale_after = game.plays.get(seq=1).pk
    scorer_client.post(f"/games/{game.pk}/undo/", {"expected": 1, "after": stale_after})
    post_play(scorer_client, game, 1, after=0, pitch="PO", bat="B1")
    # the stale screen still thinks play 1 is SO1 + B4 and posts play 2
    response = post_play(scorer_client, game, 2, after=stale_after, pitch="SO2", call="leave")
    assert response.status_code == 409
    assert "undid play 1 and entered it again first: Pitch Out" in response.content.decode()
    assert payloads(game) == [{"pitch": "PO", "bat": "B1"}]
