"""The Backyard Baseball scoring screen: taps as form fields, the extension and bobble
questions, swaps and events, refused taps, and the editable field catalogue."""

import pytest

from games.engines.catalogues import default_catalogue
from games.models import CardCatalogue
from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

# Taps for a hit: the batter's line drive to RF gets past the fielder at IL (die 5 >= 2).
HIT = {
    "fielder": "IL",
    "pitcher_number": "2",
    "pitcher_pitch": "curve",
    "pitcher_result": "fly",
    "pitcher_space": "LF",
    "batter_pitch": "heater",
    "batter_result": "line-drive",
    "batter_space": "RF",
    "die": "5",
}
HIT_PLAY = {
    "fielder": "IL",
    "pitcher": {"number": 2, "pitch": "curve", "result": "fly", "space": "LF"},
    "batter": {"pitch": "heater", "result": "line-drive", "space": "RF"},
    "die": 5,
}
# A strikeout: die 1 < 9, the pitcher's card.
STRIKEOUT = {
    "fielder": "CF",
    "pitcher_number": "9",
    "pitcher_pitch": "slow",
    "pitcher_result": "strikeout",
    "batter_pitch": "heater",
    "batter_result": "home-run",
    "die": "1",
}


@pytest.fixture
def yard(scorer):
    return services.game_create(
        kind="backyard-baseball", options={}, sides=["Owls", "Herons"], user=scorer
    )


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def test_the_scoring_screen_draws_the_field_the_cards_and_the_pawn_at_bat(scorer_client, yard):
    html = scorer_client.get(f"/games/{yard.pk}/score/").content.decode()
    assert 'id="play-form"' in html and 'hx-post="/games/' in html
    assert 'name="expected" value="1"' in html and 'name="after" value="0"' in html
    for space in ("IL", "IR", "LF", "CF", "RF"):
        assert f'data-space="{space}"' in html
    assert html.count('class="connection"') == 9  # the dashed lines, from the catalogue
    assert 'data-pawn="dot"' in html and "Owls: dot pawn" in html
    assert "backyard-baseball.css" in html
    assert "Swap" not in html  # nothing to swap yet


def test_a_strikeout_is_recorded_from_the_taps(scorer_client, yard):
    response = post_play(scorer_client, yard, 1, pitcher_space="LF", **STRIKEOUT)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Die 1 &lt; 9: the pitcher&#x27;s card. Dot strikes out." in html
    # the space tapped before the strikeout result is left out
    assert payloads(yard) == [
        {
            "fielder": "CF",
            "pitcher": {"number": 9, "pitch": "slow", "result": "strikeout"},
            "batter": {"pitch": "heater", "result": "home-run"},
            "die": 1,
        }
    ]
    assert 'data-outs="1"' in html and "Owls: plain pawn" in html


def test_a_bunt_needs_no_die(scorer_client, yard):
    taps = {**STRIKEOUT, "batter_result": "bunt", "batter_space": "IL"}
    del taps["die"]
    response = post_play(scorer_client, yard, 1, **taps)
    assert response.status_code == 200
    assert payloads(yard)[0]["batter"] == {"pitch": "heater", "result": "bunt"}
    assert "die" not in payloads(yard)[0]


def test_a_hit_asks_about_the_extension_with_the_throw_worked_out(scorer_client, yard):
    response = post_play(scorer_client, yard, 1, **HIT)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-ask="extend"' in html and "Dot goes for second." in html
    assert "2 connections to the ball in RF and 1 from the throw table" in html
    assert 'data-subtract="3"' in html
    assert payloads(yard) == []  # nothing recorded until the table has answered
    # the taps come back as hidden fields, to post again with the answer
    assert '<input type="hidden" name="batter_space" value="RF">' in html


def test_an_answered_extension_is_recorded_with_the_play(scorer_client, yard):
    response = post_play(scorer_client, yard, 1, extend_runners="1", extend_pitcher="6", **HIT)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Extend: 6 − 2 connections − 1 throw = 3 ≥ 1 runner icon: dot is out at second" in html
    assert payloads(yard) == [{**HIT_PLAY, "extend": {"runners": 1, "pitcher_number": 6}}]


def test_no_pitcher_card_for_an_extension(scorer_client, yard):
    post_play(scorer_client, yard, 1, extend_runners="0", extend_pitcher="none", **HIT)
    assert payloads(yard)[0]["extend"] == {"runners": 0, "pitcher_number": None}
    yard.refresh_from_db()
    assert yard.summary["runners"] == [None, "dot", None]


def test_declining_the_extension_records_the_play_alone(scorer_client, yard):
    response = post_play(scorer_client, yard, 1, answered="extend", **HIT)
    assert response.status_code == 200
    assert "Dot lines a hit to RF (fielder at IL); dot takes first." in response.content.decode()
    assert payloads(yard) == [HIT_PLAY]


def test_after_an_event_an_out_by_the_fielder_asks_for_a_bobble_roll(scorer_client, yard):
    assert post_play(scorer_client, yard, 1, event="Mom wants to pitch").status_code == 200
    assert payloads(yard) == [{"event": "Mom wants to pitch"}]
    fly_out = {**STRIKEOUT, "pitcher_result": "fly", "pitcher_space": "CF"}
    html = post_play(scorer_client, yard, 2, **fly_out).content.decode()
    assert 'data-ask="bobble"' in html and "Mom wants to pitch" in html
    assert payloads(yard) == [{"event": "Mom wants to pitch"}]
    # no roll: recorded with "bobble": null (nobody on base, so nothing to extend)
    response = post_play(scorer_client, yard, 2, bobble="none", **fly_out)
    assert response.status_code == 200
    assert payloads(yard)[1]["bobble"] is None
    # a roll of 5 makes the next fly-ball out a hit, which may then be extended
    html = post_play(scorer_client, yard, 3, bobble="5", **fly_out).content.decode()
    assert 'data-ask="extend"' in html and "bobbled, a hit" in html
    response = post_play(scorer_client, yard, 3, bobble="5", answered="extend", **fly_out)
    assert response.status_code == 200
    assert payloads(yard)[2]["bobble"] == 5
    yard.refresh_from_db()
    assert yard.summary["runners"] == ["plain", None, None] and yard.summary["outs"] == 1


def test_the_swap_is_offered_when_allowed_and_posts_a_swap(scorer_client, yard):
    post_play(scorer_client, yard, 1, answered="extend", **HIT)
    html = post_play(scorer_client, yard, 2, answered="extend", **HIT).content.decode()
    assert "Swap plain (1st) and the ghost (2nd)" in html
    assert 'data-pawn="ghost"' in html
    response = post_play(scorer_client, yard, 3, swap="1")
    html = response.content.decode()
    assert response.status_code == 200
    assert payloads(yard)[-1] == {"swap": True}
    assert "plain to second, the ghost to first" in html
    assert "Swap plain" not in html
    yard.refresh_from_db()
    assert yard.summary["runners"] == ["ghost", "plain", None]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({}, "Tap the fielder&#x27;s space on the field first"),
        ({**HIT, "pitcher_number": ""}, "Tap the number on the pitcher&#x27;s card"),
        ({**HIT, "batter_result": ""}, "Tap the result on the batter&#x27;s card"),
        ({**HIT, "batter_space": ""}, "Tap the space on the batter&#x27;s card"),
        ({**HIT, "die": ""}, "Tap the die"),
        ({**HIT, "batter_space": "IL"}, "a line drive goes only to LF, CF, RF, not IL"),
        ({**HIT, "fielder": "MOUND"}, "Fielder &#x27;MOUND&#x27; must stand on one of"),
        ({**HIT, "extend_runners": "2"}, "tap the pitcher&#x27;s card number, or No card"),
        ({**STRIKEOUT, "extend_runners": "1", "extend_pitcher": "4"}, "Extend: a strikeout"),
        ({**HIT, "bobble": "4", "answered": "extend"}, "Bobble 4: only an out made by the"),
        ({"swap": "1"}, "Swap: a swap is allowed only right after a ghost"),
        ({"event": "  "}, "Write the event card&#x27;s name first"),
    ],
)
def test_a_bad_tap_shows_the_message_and_records_nothing(scorer_client, yard, fields, words):
    response = post_play(scorer_client, yard, 1, **fields)
    assert response.status_code == 422
    html = response.content.decode()
    assert 'class="error"' in html and words in html
    assert payloads(yard) == []


def test_the_field_catalogue_is_seeded_and_staff_edits_reach_new_games(scorer):
    row = CardCatalogue.objects.get(kind="backyard-baseball")
    assert row.data == default_catalogue("backyard-baseball")
    game = services.game_create(kind="backyard-baseball", options={}, sides=["A", "B"], user=scorer)
    assert game.options == {
        "innings": 3,
        "catalogue": {"name": "reconstruction", "digest": "08333bcd95dfb46a"},
    }
    row.data["throws"]["RF"]["home"] = 0
    row.full_clean()
    row.save()
    edited = services.game_create(
        kind="backyard-baseball", options={}, sides=["A", "B"], user=scorer
    )
    assert edited.options["catalogue"]["throws"]["RF"]["home"] == 0
    row.data["connections"] = []
    with pytest.raises(Exception, match="cut off"):
        row.full_clean()


def _fielder_chosen(html: str) -> list[str]:
    import re

    return re.findall(r'name="fielder" value="(\w+)" required checked', html)


def test_the_fielder_pawn_stays_where_it_was_placed_until_the_sides_change(scorer_client, yard):
    assert _fielder_chosen(scorer_client.get(f"/games/{yard.pk}/score/").content.decode()) == []
    html = post_play(scorer_client, yard, 1, answered="extend", **HIT).content.decode()
    assert _fielder_chosen(html) == ["IL"]  # the next at-bat starts with the pawn at IL
    assert _fielder_chosen(scorer_client.get(f"/games/{yard.pk}/score/").content.decode()) == ["IL"]
    for seq in (2, 3, 4):
        html = post_play(scorer_client, yard, seq, **STRIKEOUT).content.decode()
        assert _fielder_chosen(html) == (["CF"] if seq < 4 else [])  # three outs: sides change
