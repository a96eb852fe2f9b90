"""The Bedard scoring screen: taps become plays, the held-the-suit question, bad taps."""

import re

import pytest
from django.http import QueryDict

from games.scoring import services
from games.scoring.forms import play_from_post

from .conftest import post_play

pytestmark = pytest.mark.django_db


@pytest.fixture
def bedard(scorer):
    return services.game_create(
        kind="bedard-baseball", options={"innings": 3}, sides=["Owls", "Herons"], user=scorer
    )


@pytest.fixture
def standard(scorer):
    return services.game_create(
        kind="bedard-baseball",
        options={"innings": 3, "deck": "standard"},
        sides=["Owls", "Herons"],
        user=scorer,
    )


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def cell(html: str, picker: str, card: str) -> str:
    """The tag of one card of the lead or answer picker."""
    section = html.split(f'class="picker {picker}-picker"', 1)[1].split("</fieldset>", 1)[0]
    match = re.search(rf'<(label|button)[^>]*data-card="{card}"[^>]*>(.*?)</\1>', section, re.S)
    assert match, f"{card} not in the {picker} picker"
    return match.group(0)


def test_the_scoring_screen_shows_both_pickers_and_the_count(scorer_client, bedard):
    html = scorer_client.get(f"/games/{bedard.pk}/score/").content.decode()
    assert 'id="play-form"' in html and f'hx-post="/games/{bedard.pk}/plays/"' in html
    assert 'name="expected" value="1"' in html and 'name="after" value="0"' in html
    for picker in ("lead", "answer"):
        for card in ("K1", "R7", "Y13", "B10"):
            assert "disabled" not in cell(html, picker, card)
    assert 'type="radio" name="bat" value="R7"' in cell(html, "lead", "R7")
    assert 'type="submit" name="field" value="R7"' in cell(html, "answer", "R7")
    assert html.count('class="suit-row suit-yellow"') == 2
    assert 'data-count="0-0"' in html and 'data-strikes="0"' in html
    assert "Deal 1 · pitch 1 of 11" in html
    assert "/static/games/bedard-baseball.css" in html


def test_a_pitch_is_recorded_from_the_taps(scorer_client, bedard):
    response = post_play(scorer_client, bedard, 1, bat="R4", field="R2")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="board"' in html and "<html" not in html
    assert "Batter 1 singles (Red 2 against Red 4)." in html
    assert payloads(bedard) == [{"bat": "R4", "field": "R2"}]
    # Both cards are gone from both pickers until the next deal.
    for picker in ("lead", "answer"):
        for card in ("R4", "R2"):
            tag = cell(html, picker, card)
            assert "gone" in tag and "disabled" in tag
    assert "Owls: batter 2" in html


def test_strikes_and_balls_show_on_the_board(scorer_client, bedard):
    post_play(scorer_client, bedard, 1, bat="K11", field="K12")
    html = post_play(scorer_client, bedard, 2, bat="B13", field="R13").content.decode()
    assert "Foul ball, strike two (Red 13 against Blue 13)." in html
    assert 'data-count="0-2"' in html and 'data-strikes="2"' in html
    assert html.count('class="dot strike on"') == 2


def test_an_off_suit_answer_asks_whether_the_fielder_held_the_suit(scorer_client, bedard):
    first = post_play(scorer_client, bedard, 1, bat="Y6", field="R3")
    html = first.content.decode()
    assert first.status_code == 200
    assert 'data-ask="had_suit"' in html
    assert "Did Herons hold a yellow card?" in html
    assert '<input type="hidden" name="bat" value="Y6">' in html
    assert '<input type="hidden" name="field" value="R3">' in html
    assert payloads(bedard) == []  # nothing recorded until the table has answered
    second = post_play(scorer_client, bedard, 1, bat="Y6", field="R3", field_had_suit="false")
    html = second.content.decode()
    assert "Ball one (Red 3 against Yellow 6, the fielder holding no yellow)." in html
    assert 'data-ask="had_suit"' not in html
    assert payloads(bedard) == [{"bat": "Y6", "field": "R3", "field_had_suit": False}]


def test_answering_yes_records_a_balk(scorer_client, bedard):
    response = post_play(scorer_client, bedard, 1, bat="B1", field="R5", field_had_suit="true")
    assert "Balk: batter 1 takes first" in response.content.decode()
    assert payloads(bedard) == [{"bat": "B1", "field": "R5", "field_had_suit": True}]


@pytest.mark.parametrize(("bat", "field"), [("R7", "R9"), ("B13", "R13"), ("K1", "Y1")])
def test_no_question_when_the_answer_follows_suit_or_value(scorer_client, bedard, bat, field):
    html = post_play(scorer_client, bedard, 1, bat=bat, field=field).content.decode()
    assert 'data-ask="had_suit"' not in html
    assert payloads(bedard) == [{"bat": bat, "field": field}]


@pytest.mark.parametrize(
    "fields, words",
    [
        ({}, "no play was entered"),
        ({"field": "R2"}, "tap the batter's lead card first"),
        ({"bat": "R4"}, "tap the fielder's answer card"),
        ({"bat": "Z9", "field": "R2"}, "bat 'Z9' is not a card of the colour deck"),
        ({"bat": "R4", "field": "7D"}, "field '7D' is not a card of the colour deck"),
        ({"bat": "R4", "field": "r4"}, "card Red 4 cannot be both"),
        ({"bat": "B1", "field": "R5", "field_had_suit": "perhaps"}, "must be true or false"),
        ({"play": "{not json"}, "not valid JSON"),
    ],
)
def test_bad_taps_show_the_message_and_record_nothing(scorer_client, bedard, fields, words):
    response = post_play(scorer_client, bedard, 1, **fields)
    assert response.status_code == 422
    assert words.lower() in response.content.decode().lower().replace("&#x27;", "'")
    assert payloads(bedard) == []


def test_a_card_already_played_in_the_deal_is_refused_by_name(scorer_client, bedard):
    post_play(scorer_client, bedard, 1, bat="R4", field="R2")
    response = post_play(scorer_client, bedard, 2, bat="K9", field="K4")
    assert response.status_code == 200
    response = post_play(scorer_client, bedard, 3, bat="R2", field="R9")
    assert response.status_code == 422
    assert (
        "Bat Red 2 (R2): card Red 2 has already been played in this deal"
        in response.content.decode()
    )
    assert len(payloads(bedard)) == 2


def test_read_play_turns_fields_into_the_play_object():
    def read(query: str):
        return play_from_post("bedard-baseball", QueryDict(query))

    assert read("bat=R4&field=R2") == {"bat": "R4", "field": "R2"}
    assert read("bat=Y6&field=R3&field_had_suit=false") == {
        "bat": "Y6",
        "field": "R3",
        "field_had_suit": False,
    }
    assert read("bat=Y6&field=R3&field_had_suit=yes")["field_had_suit"] is True
    assert read("bat=Y6&field=R3&field_had_suit=") == {"bat": "Y6", "field": "R3"}


def test_a_standard_deck_game_shows_suit_letters_and_faces(scorer_client, standard):
    html = scorer_client.get(f"/games/{standard.pk}/score/").content.decode()
    assert '<span class="letter">C</span>' in html and '<span class="letter">S</span>' in html
    assert 'title="Queen of Hearts"' in cell(html, "answer", "QH")
    assert '<span class="face">A</span>' in cell(html, "lead", "AS")
    assert '<span class="face">10</span>' in cell(html, "lead", "10D")
    response = post_play(scorer_client, standard, 1, bat="AH", field="7H")
    assert (
        "Batter 1 homers (7 of Hearts against Ace of Hearts): one run scores."
        in response.content.decode()
    )
    assert payloads(standard) == [{"bat": "AH", "field": "7H"}]
    assert "gone" in cell(response.content.decode(), "lead", "AH")


def grid_title(html: str, card: str) -> str:
    """The title the lead picker gives ``card``: what the scorer sees the card called."""
    match = re.search(r'title="([^"]*)"', cell(html, "lead", card))
    assert match is not None
    return match.group(1)


@pytest.mark.parametrize(
    ("deck", "lead", "answer", "later"),
    [("bedard", "R4", "R2", "R9"), ("standard", "4H", "2H", "9H")],
)
def test_the_words_name_cards_as_the_grid_titles_them(
    request, scorer_client, deck, lead, answer, later
):
    game = request.getfixturevalue(deck)
    grid = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    lead_title, answer_title = grid_title(grid, lead), grid_title(grid, answer)
    html = post_play(scorer_client, game, 1, bat=lead, field=answer).content.decode()
    assert f"Batter 1 singles ({answer_title} against {lead_title})." in html
    # A refusal names the tapped card as the grid does, its notation (what was posted) after.
    response = post_play(scorer_client, game, 2, bat=later, field=lead)
    assert response.status_code == 422
    words = f"Field {lead_title} ({lead}): card {lead_title} has already been played"
    assert words in response.content.decode()
    response = post_play(scorer_client, game, 2, bat=later, field=later)
    assert response.status_code == 422
    words = f"Card {grid_title(grid, later)} cannot be both the batter&#x27;s lead"
    assert words in response.content.decode()
    assert len(payloads(game)) == 1


def test_a_new_deal_brings_every_card_back(scorer_client, bedard):
    for seq, value in enumerate(range(2, 13), start=1):
        response = post_play(scorer_client, bedard, seq, bat=f"K{value}", field=f"R{value}")
        assert response.status_code == 200
    html = response.content.decode()
    assert "Eleven pitches: a new deal." in html
    assert "gone" not in cell(html, "lead", "K2")
    assert "Deal 2 · pitch 1 of 11" in html


def test_the_detail_page_shows_the_count_without_controls(scorer_client, bedard):
    post_play(scorer_client, bedard, 1, bat="K11", field="K12")
    scorer_client.logout()
    html = scorer_client.get(f"/games/{bedard.pk}/").content.decode()
    assert 'data-count="0-1"' in html
    assert 'id="play-form"' not in html
