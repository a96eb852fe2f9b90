"""The solitaire scoring screen: picked cards and rain as form fields, one player, the record."""

import re

import pytest
from django.http import QueryDict

from games.engines import InvalidPlay
from games.kinds.solitaire_baseball import screen
from games.kinds.solitaire_baseball.win_loss import WinLoss, solitaire_record
from games.models import Game
from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

# One inning: batter 1 singles, batter 2 homers (two runs, more than one inning), three outs.
WIN_IN_ONE = [["AS"], ["2S", "2H", "2C", "2D"], ["KC"], ["KC"], ["KS"]]
LOSS_IN_ONE = [["KC"], ["KC"], ["KS"]]


@pytest.fixture
def solo(scorer):
    return services.game_create(
        kind="solitaire-baseball", options={}, sides=["Player"], user=scorer
    )


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def finish(game, user, plays, start=1):
    for seq, cards in enumerate(plays, start=start):
        services.play_record(game=game, raw={"cards": cards}, expected_seq=seq, user=user)


def one_inning_game(user, plays):
    game = services.game_create(
        kind="solitaire-baseball", options={"innings": 1}, sides=["Player"], user=user
    )
    finish(game, user, plays)
    game.refresh_from_db()
    return game


# --- the new game form -------------------------------------------------------------------------


def test_the_new_game_form_asks_for_one_player(scorer_client):
    html = scorer_client.get("/games/new/?kind=solitaire-baseball").content.decode()
    assert "<h2>Double-deck solitaire baseball</h2>" in html
    assert 'name="visitors"' in html and 'name="home"' not in html
    assert re.search(r'<label for="id_visitors">Player:?</label>', html)
    assert 'value="Player"' in html
    assert 'name="option_innings"' in html


def test_a_new_solitaire_game_has_one_side(scorer_client, scorer):
    response = scorer_client.post(
        "/games/new/",
        {"kind": "solitaire-baseball", "option_innings": 9, "visitors": " Ann "},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/score/"
    assert game.sides == ["Ann"]
    assert game.options == {"innings": 9}
    assert game.summary["score"] == [0]
    page = scorer_client.get(response["Location"]).content.decode()
    assert 'id="play-form"' in page


def test_the_two_sided_form_still_asks_for_both_teams(scorer_client):
    html = scorer_client.get("/games/new/?kind=quick-baseball").content.decode()
    assert 'name="visitors"' in html and 'name="home"' in html


# --- taps become plays --------------------------------------------------------------------------


def test_read_play_turns_the_picked_cards_into_a_play_in_order():
    data = QueryDict(mutable=True)
    data.setlist("cards", ["3H", "3C"])
    assert screen.read_play(data) == {"cards": ["3H", "3C"]}
    assert screen.read_play(QueryDict("rain=1")) == {"rain": True}
    with pytest.raises(InvalidPlay, match="no cards were laid down"):
        screen.read_play(QueryDict(""))


def test_one_tapped_card_is_recorded_and_the_board_comes_back(scorer_client, solo):
    response = post_play(scorer_client, solo, 1, cards="AS")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="board"' in html and "<html" not in html
    assert "Batter 1 singles (spades)." in html
    assert payloads(solo) == [{"cards": ["AS"]}]
    # The runner's suit is drawn on first base.
    assert re.search(r'<text[^>]*class="base-mark black"[^>]*data-base="1"', html)
    assert "♠</text>" in html
    # Batter 2 is due: his lineup card is highlighted and the 2s are marked in the picker.
    assert re.search(r'class="lineup-card due" data-batter="2"', html)
    assert 'data-card="2S"' in html and re.search(
        r'data-card="2S"[^>]*\n?[^>]*class="[^"]* due', html
    )


def test_cards_laid_down_together_keep_their_order(scorer_client, solo):
    response = post_play(scorer_client, solo, 1, cards=["AH", "AC"])
    assert response.status_code == 200
    assert payloads(solo) == [{"cards": ["AH", "AC"]}]
    html = response.content.decode()
    assert "Batter 1 doubles (clubs)." in html
    assert re.search(r'<text[^>]*data-base="2"[^>]*><title>clubs</title>♣</text>', html)


def test_a_card_with_no_copy_left_cannot_be_tapped(scorer_client, solo):
    post_play(scorer_client, solo, 1, cards="AD")
    html = scorer_client.get(f"/games/{solo.pk}/score/").content.decode()
    button = re.search(r'<button[^>]*data-card="AD"[^>]*>', html, re.S).group(0)
    assert 'data-left="0"' in button and "disabled" in button
    button = re.search(r'<button[^>]*data-card="AS"[^>]*>', html, re.S).group(0)
    assert 'data-left="2"' in button and "disabled" not in button


@pytest.mark.parametrize(
    "fields, words",
    [
        ({}, "no cards were laid down"),
        ({"cards": "1H"}, "is not a card: an ace is A"),
        ({"cards": ["5H", "6H"]}, "cards 5♥, 6♥ make no play"),
        ({"cards": ["5H", "5S"]}, "batter 1 is up, and two 5s make no hit for him"),
        ({"cards": ["AS", "AH", "AC", "AD", "AS"]}, "5 cards were laid down"),
        ({"cards": ["5D", "5D"]}, "the deck holds it once"),
        ({"play": '{"rain": false}'}, "rain False must be true"),
    ],
)
def test_a_bad_tap_shows_the_engines_message_and_records_nothing(
    scorer_client, solo, fields, words
):
    response = post_play(scorer_client, solo, 1, **fields)
    assert response.status_code == 422
    html = response.content.decode()
    assert words.lower() in html.lower().replace("&#x27;", "'")
    assert 'class="error"' in html
    assert payloads(solo) == []


def test_a_card_already_played_out_is_refused_by_name(scorer_client, solo):
    post_play(scorer_client, solo, 1, cards="AD")
    response = post_play(scorer_client, solo, 2, cards="AD")
    assert response.status_code == 422
    assert (
        "Card A♦ (AD): the deck&#x27;s only A♦ has already been played" in response.content.decode()
    )
    assert payloads(solo) == [{"cards": ["AD"]}]


def grid_face(html: str, card: str) -> str:
    """What the picker shows on ``card``'s button: its value and suit symbol."""
    button = re.search(rf'<button[^>]*data-card="{card}"[^>]*>(.*?)</button>', html, re.S)
    assert button is not None
    return re.sub(r"<[^>]+>|\s", "", button.group(1))


def test_the_words_name_cards_as_the_picker_shows_them(scorer_client, solo):
    grid = scorer_client.get(f"/games/{solo.pk}/score/").content.decode()
    assert (grid_face(grid, "KD"), grid_face(grid, "10S")) == ("K♦", "10♠")
    html = post_play(scorer_client, solo, 1, cards="KD").content.decode()
    assert f"Batter 1 is out on the {grid_face(grid, 'KD')}." in html
    html = post_play(scorer_client, solo, 2, cards="10S").content.decode()
    assert f"Batter 2 lays down a sacrifice bunt ({grid_face(grid, '10S')})" in html
    # A refusal names the card as the picker does, its notation (what was posted) after.
    post_play(scorer_client, solo, 3, cards="AD")
    response = post_play(scorer_client, solo, 4, cards="AD")
    assert response.status_code == 422
    words = f"Card {grid_face(grid, 'AD')} (AD): the deck&#x27;s only A♦ has already been played"
    assert words in response.content.decode()
    assert len(payloads(solo)) == 3


def test_the_tray_draws_laid_cards_as_the_picker_does():
    laid = screen.selected({"cards": ("10s", "AD", "XQ")})["laid"]
    assert [card["face"] for card in laid] == ["10♠", "A♦", "XQ"]  # unknown: as posted
    assert [card["id"] for card in laid] == ["10s", "AD", "XQ"]
    assert [card["red"] for card in laid] == [False, True, False]


def test_rain_calls_the_game_and_the_board_says_loss(scorer_client, solo):
    response = post_play(scorer_client, solo, 1, rain="1")
    assert response.status_code == 200
    assert payloads(solo) == [{"rain": True}]
    html = response.content.decode()
    assert "Rain: the game is called after 0 completed innings with 0 runs, a loss." in html
    assert "The game is over: Loss." in html
    assert 'id="play-form"' not in html  # no controls once the game is over
    assert "called for rain after 0 completed innings" in html
    solo.refresh_from_db()
    assert solo.summary["called"] is True and solo.summary["result"] == "loss"
    again = post_play(scorer_client, solo, 2, cards="AS")
    assert again.status_code == 422
    assert "The game is over: no more plays" in again.content.decode()
    assert len(payloads(solo)) == 1


def test_a_won_game_says_win_in_words(scorer_client, scorer):
    game = one_inning_game(scorer, WIN_IN_ONE)
    html = scorer_client.get(f"/games/{game.pk}/").content.decode()
    assert re.search(r'<div class="solitaire-result result-win"><dt>Result</dt><dd>Win</dd>', html)
    assert "2 runs in 1 inning (target: more than 1)" in html
    assert re.search(r"<dt>Final</dt><dd>Win</dd>", html)


# --- the personal record -------------------------------------------------------------------------


def test_the_record_counts_the_creators_final_solitaire_games(scorer, stranger):
    assert solitaire_record(scorer) == WinLoss(0, 0)
    one_inning_game(scorer, WIN_IN_ONE)
    one_inning_game(scorer, LOSS_IN_ONE)
    one_inning_game(scorer, LOSS_IN_ONE)
    one_inning_game(scorer, [["KC"]])  # in progress: not counted
    one_inning_game(stranger, WIN_IN_ONE)  # someone else's
    services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=scorer)
    assert solitaire_record(scorer) == WinLoss(wins=1, losses=2)
    assert solitaire_record(scorer).played == 3
    assert solitaire_record(stranger) == WinLoss(wins=1, losses=0)


def test_the_record_shows_on_the_game_page_and_the_scoring_screen(client, scorer_client, scorer):
    one_inning_game(scorer, WIN_IN_ONE)
    one_inning_game(scorer, LOSS_IN_ONE)
    live = services.game_create(
        kind="solitaire-baseball", options={}, sides=["Player"], user=scorer
    )
    expected = 'data-wins="1" data-losses="1">scorer: 1 win, 1 loss</dd>'
    assert expected in scorer_client.get(f"/games/{live.pk}/score/").content.decode()
    assert expected in client.get(f"/games/{live.pk}/").content.decode()  # anyone may look


def test_the_record_counts_the_game_that_just_ended(scorer_client, scorer):
    game = services.game_create(
        kind="solitaire-baseball", options={"innings": 1}, sides=["Player"], user=scorer
    )
    finish(game, scorer, WIN_IN_ONE[:-1])
    response = post_play(scorer_client, game, len(WIN_IN_ONE), cards="KS")
    html = response.content.decode()
    assert "Game over: 2 runs in 1 inning, a win." in html
    assert "scorer: 1 win, 0 losses" in html
