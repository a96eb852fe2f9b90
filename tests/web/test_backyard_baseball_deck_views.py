"""Backyard Baseball with a deck: the screen draws a tile per card, a tap posts the card's
label and the record holds its full face (the labels beside it under ``cards``); the
extension is answered by labels; a missing or unknown card is refused, nothing recorded; and
the faces can still be entered one by one."""

import re

import pytest

from games.engines.catalogues import default_catalogue
from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

DECK = {
    "pitcher": [
        {"card": "P2", "number": 2, "pitch": "curve", "result": "fly", "space": "LF"},
        {"card": "P6", "number": 6, "pitch": "heater", "result": "grounder", "space": "IL"},
        {"card": "P9", "number": 9, "pitch": "slow", "result": "strikeout"},
    ],
    "batter": [
        {"card": "B1", "pitch": "heater", "result": "line-drive", "space": "RF", "runners": 1},
        {"card": "B4", "pitch": "slow", "result": "bunt", "runners": 4},
    ],
}
# The batter's line drive to RF gets past the fielder at IL (die 5 >= 2): a hit.
HIT = {"fielder": "IL", "pitcher_card": "P2", "batter_card": "B1", "die": "5"}
HIT_PLAY = {
    "fielder": "IL",
    "pitcher": {"number": 2, "pitch": "curve", "result": "fly", "space": "LF"},
    "batter": {"pitch": "heater", "result": "line-drive", "space": "RF"},
    "die": 5,
}


@pytest.fixture
def yard(scorer):
    catalogue = {**default_catalogue("backyard-baseball"), "deck": DECK}
    return services.game_create(
        kind="backyard-baseball",
        options={"catalogue": catalogue},
        sides=["Owls", "Herons"],
        user=scorer,
    )


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def test_the_screen_draws_a_tile_per_card_with_its_face_in_words(scorer_client, yard):
    html = scorer_client.get(f"/games/{yard.pk}/score/").content.decode()
    assert html.count('type="radio" name="pitcher_card"') == 3
    assert html.count('type="radio" name="batter_card"') == 2
    assert "2 · Curve · Pop up / fly to LF" in html
    assert 'aria-label="Batter&#x27;s card B4: Slow, Bunt, 4 runner icons"' in html
    assert 'name="faces"' in html  # the faces one by one, still there behind a switch


def test_a_play_by_labels_is_recorded_with_the_full_faces_and_the_labels(scorer_client, yard):
    response = post_play(scorer_client, yard, 1, answered="extend", **HIT)
    assert response.status_code == 200
    assert payloads(yard) == [{**HIT_PLAY, "cards": {"pitcher": "P2", "batter": "B1"}}]


def test_a_bunt_card_needs_no_die(scorer_client, yard):
    taps = {"fielder": "IL", "pitcher_card": "P9", "batter_card": "B4"}
    assert post_play(scorer_client, yard, 1, **taps).status_code == 200
    assert payloads(yard)[0]["batter"] == {"pitch": "slow", "result": "bunt"}


def test_the_extension_by_labels_reads_the_runners_and_the_pitchers_number(scorer_client, yard):
    asked = post_play(scorer_client, yard, 1, **HIT).content.decode()
    assert 'data-ask="extend"' in asked
    assert (
        "Pitcher 6 − 2 spaces to the ball − 1 throw to second = 3; dot out if the batter's"
        " card shows 3 or fewer runner icons" in asked
    )
    assert '<input type="hidden" name="pitcher_card" value="P2">' in asked
    response = post_play(
        scorer_client, yard, 1, extend_batter_card="B4", extend_pitcher_card="P6", **HIT
    )
    assert response.status_code == 200
    assert payloads(yard) == [
        {
            **HIT_PLAY,
            "extend": {"runners": 4, "pitcher_number": 6},
            "cards": {
                "pitcher": "P2",
                "batter": "B1",
                "extend_batter": "B4",
                "extend_pitcher": "P6",
            },
        }
    ]


def test_no_pitcher_card_for_an_extension_by_labels(scorer_client, yard):
    post_play(scorer_client, yard, 1, extend_batter_card="B1", extend_pitcher_card="none", **HIT)
    assert payloads(yard)[0]["extend"] == {"runners": 1, "pitcher_number": None}
    assert "extend_pitcher" not in payloads(yard)[0]["cards"]


@pytest.mark.parametrize(
    ("taps", "words"),
    [
        ({**HIT, "pitcher_card": ""}, "Tap the number on the pitcher"),
        ({**HIT, "batter_card": "B7"}, "The batter&#x27;s deck has no card &#x27;B7&#x27;"),
        ({**HIT, "pitcher_card": "P5"}, "The pitcher&#x27;s deck has no card &#x27;P5&#x27;"),
        ({**HIT, "die": ""}, "Tap the die"),
        ({**HIT, "fielder": ""}, "Tap the fielder"),
        ({**HIT, "extend_batter_card": "B1"}, "tap the card the pitcher plays face up"),
    ],
)
def test_a_missing_or_unknown_card_is_refused_and_nothing_recorded(
    scorer_client, yard, taps, words
):
    response = post_play(scorer_client, yard, 1, **taps)
    assert response.status_code == 422
    assert words in response.content.decode()
    assert payloads(yard) == []


def test_the_faces_can_still_be_entered_one_by_one(scorer_client, yard):
    taps = {
        "fielder": "IL",
        "faces": "1",
        "pitcher_card": "P9",  # a tile left ticked: the faces switch wins
        "pitcher_number": "2",
        "pitcher_pitch": "curve",
        "pitcher_result": "fly",
        "pitcher_space": "LF",
        "batter_pitch": "heater",
        "batter_result": "line-drive",
        "batter_space": "RF",
        "die": "5",
    }
    assert post_play(scorer_client, yard, 1, answered="extend", **taps).status_code == 200
    assert payloads(yard) == [HIT_PLAY]


def test_a_game_without_a_deck_refuses_labels(scorer_client, scorer):
    game = services.game_create(
        kind="backyard-baseball", options={}, sides=["Owls", "Herons"], user=scorer
    )
    response = post_play(scorer_client, game, 1, **HIT)
    assert response.status_code == 422
    assert "This game has no deck" in response.content.decode()


def test_a_bad_deck_in_the_options_is_refused_naming_the_card(scorer):
    deck = {**DECK, "pitcher": [{**DECK["pitcher"][0], "space": "MOUND"}]}
    catalogue = {**default_catalogue("backyard-baseball"), "deck": deck}
    with pytest.raises(Exception, match="pitcher card P2: 'space' must be one of IL, IR"):
        services.game_create(
            kind="backyard-baseball",
            options={"catalogue": catalogue},
            sides=["Owls", "Herons"],
            user=scorer,
        )


def test_a_correction_draws_the_cards_by_label_and_rebuilds_the_same_play(scorer_client, yard):
    post_play(scorer_client, yard, 1, answered="extend", **HIT)
    url = f"/games/{yard.pk}/plays/1/correct/"
    html = scorer_client.get(url).content.decode()
    assert 'name="pitcher_card" value="P2" aria-label' in html
    assert re.search(r'name="pitcher_card" value="P2"[^>]* checked', html)
    assert re.search(r'name="batter_card" value="B1"[^>]* checked', html)
    assert not re.search(r'name="faces" value="1"[^>]* checked', html)
    fields = {**HIT, "answered": "extend", "reason": "same"}
    position = {"expected": 1, "after": yard.plays.get().pk, "revision": 0}
    response = scorer_client.post(url, {**position, **fields})
    assert "The corrected play is the same as the play it replaces." in response.content.decode()
