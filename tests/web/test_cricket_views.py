"""The Quick Cricket scoring screen: taps as form fields, the umpire and review questions."""

import pytest

from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

RUNS = {"pitch": "A", "path": "B", "move": "B", "stroke": "D"}  # chart D + Path card
CAUGHT_APPEAL = {"pitch": "A", "path": "B", "move": "C", "stroke": "A"}
BOWLED = {"pitch": "D", "path": "C", "move": "A", "stroke": "B"}


@pytest.fixture
def match(scorer):
    return services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["Hornets", "Wasps"], user=scorer
    )


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def test_a_delivery_is_recorded_from_the_taps(scorer_client, match):
    response = post_play(scorer_client, match, 1, path_card="4", **RUNS)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Runs through D: 5 + 4 = 9 — 9/0." in html
    assert payloads(match) == [
        {"pitch": "A", "path_card": "4", "path": "B", "move": "B", "stroke": "D"}
    ]
    assert 'data-score="9/0"' in html


def test_an_appeal_asks_for_the_umpire_card_then_a_review_then_records(scorer_client, match):
    first = post_play(scorer_client, match, 1, path_card="1", **CAUGHT_APPEAL)
    assert first.status_code == 200
    html = first.content.decode()
    assert 'data-ask="umpire"' in html and "Turn 1 of the 3 face-down umpire cards" in html
    assert payloads(match) == []  # nothing recorded until the table has answered
    draft = {"path_card": "1", **CAUGHT_APPEAL}
    second = post_play(scorer_client, match, 1, umpire_1="not out", **draft)
    html = second.content.decode()
    assert 'data-ask="review"' in html
    assert "Wasps (the bowling side) may review: 3 reviews left" in html
    assert payloads(match) == []
    third = post_play(scorer_client, match, 1, umpire_1="not out", review="out", **draft)
    html = third.content.decode()
    assert third.status_code == 200
    assert "bowling side reviews: OUT, overturned — caught" in html
    assert payloads(match) == [{**draft, "umpire": ["not out"], "review": "out"}]
    match.refresh_from_db()
    innings = match.summary["innings"][0]
    assert innings["wickets"] == 1 and innings["reviews_left"] == [3, 3]
    assert match.summary["umpire_cards"] == 3


def test_declining_a_review_records_the_decision(scorer_client, match):
    draft = {"path_card": "1", "umpire_1": "not out", **CAUGHT_APPEAL}
    response = post_play(scorer_client, match, 1, answered="review", **draft)
    assert "NOT OUT — dot ball" in response.content.decode()
    assert payloads(match) == [
        {
            "pitch": "A",
            "path_card": "1",
            "path": "B",
            "move": "C",
            "stroke": "A",
            "umpire": ["not out"],
        }
    ]
    match.refresh_from_db()
    assert match.summary["umpire_cards"] == 2


def test_an_impossible_umpire_answer_is_refused(scorer_client, match):
    # two NOT OUT appeals leave one card face down: it must be OUT
    for seq, card in ((1, "1"), (2, "2")):
        post_play(
            scorer_client,
            match,
            seq,
            path_card=card,
            umpire_1="not out",
            answered="review",
            **CAUGHT_APPEAL,
        )
    response = post_play(
        scorer_client, match, 3, path_card="3", umpire_1="not out", **CAUGHT_APPEAL
    )
    assert response.status_code == 422
    assert "turning them all must find it" in response.content.decode()
    assert len(payloads(match)) == 2


def test_a_bouncer_met_in_a_asks_duck_or_big_hit(scorer_client, match):
    bouncer = {"pitch": "B", "path": "B", "move": "A", "stroke": "C", "path_card": "2"}
    response = post_play(scorer_client, match, 1, **bouncer)
    assert 'data-ask="bouncer"' in response.content.decode()
    response = post_play(scorer_client, match, 1, bouncer="duck", **bouncer)
    assert "the batter ducks" in response.content.decode()
    assert payloads(match)[0]["bouncer"] == "duck"


def test_no_ball_big_hit_fielder_and_declare_fields(scorer_client, match):
    response = post_play(scorer_client, match, 1, fielder="D")
    assert "Fielder placed beside D." in response.content.decode()
    response = post_play(
        scorer_client, match, 2, pitch="A", path_card="3", no_ball="1", move="B", stroke="C"
    )
    assert "No ball" in response.content.decode()
    response = post_play(
        scorer_client,
        match,
        3,
        pitch="A",
        path_card="3",
        path="C",
        big_hit="1",
        move="B",
        umpire_1="not out",
        answered="review",
    )
    assert "Big Hit over A: 8 + 3 + 6 = 17" in response.content.decode()
    response = post_play(scorer_client, match, 4, declare="1")
    assert "Declared at 22/0" in response.content.decode()
    assert payloads(match) == [
        {"fielder": "D"},
        {"pitch": "A", "path_card": "3", "no_ball": True},
        {"pitch": "A", "path_card": "3", "path": "C", "big_hit": True, "umpire": ["not out"]},
        {"declare": True},
    ]


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"path_card": "1", **BOWLED, "pitch": ""}, "tap the quadrant of the Pitch card first"),
        ({"pitch": "A"}, "choose the Path card"),
        ({"pitch": "A", "path_card": "1", "path": "B", "move": "B"}, "Move and Stroke"),
        (
            {"pitch": "E", "path_card": "1", **{k: v for k, v in BOWLED.items() if k != "pitch"}},
            "is not a quadrant",
        ),
    ],
)
def test_incomplete_deliveries_say_what_is_missing(scorer_client, match, fields, words):
    response = post_play(scorer_client, match, 1, **fields)
    assert response.status_code == 422
    assert words.lower() in response.content.decode().lower()
    assert payloads(match) == []


def test_the_public_page_shows_the_scorecard_and_charts(client, scorer_client, match):
    for seq, (card, play) in enumerate([("4", RUNS), ("1", BOWLED), ("2", RUNS)], start=1):
        post_play(scorer_client, match, seq, path_card=card, **play)
    html = client.get(f"/games/{match.pk}/").content.decode()
    assert 'class="partnerships"' in html
    assert "9 - 7" not in html  # the wicket splits the partnerships
    assert '<td class="runs-list">9</td>' in html
    assert '<td class="runs-list">9</td><td class="num">9*</td>' in html.replace("\n", "")
    assert "9/1" in html  # fall of wickets: score/wicket
    assert 'class="chart manhattan"' in html and 'class="chart worm"' in html
    assert 'class="mark wicket"' in html


def test_the_result_in_words(scorer_client, match):
    match = services.game_create(
        kind="quick-cricket",
        options={"overs": 1},
        sides=["Hornets", "Wasps"],
        user=match.created_by,
    )
    seq = 1
    for card in "1234":  # Hornets: four deliveries of 5 + card runs = 30
        post_play(scorer_client, match, seq, path_card=card, **RUNS)
        seq += 1
    for card in "1234":  # Wasps: all bowled
        post_play(scorer_client, match, seq, path_card=card, **BOWLED)
        seq += 1
    match.refresh_from_db()
    assert match.summary["status"] == "final"
    html = scorer_client.get(f"/games/{match.pk}/").content.decode()
    assert "Hornets won by 30 runs" in html


def test_the_cricket_catalogue_is_editable_data(scorer):
    from games.engines.catalogues import default_catalogue
    from games.models import CardCatalogue

    row = CardCatalogue.objects.get(kind="quick-cricket")
    assert row.data == default_catalogue("quick-cricket")
    row.data["path_cards"][3]["runs"] = 6  # a group whose "4" card reads 6
    row.full_clean()
    row.save()
    game = services.game_create(kind="quick-cricket", options={}, sides=["A", "B"], user=scorer)
    services.play_record(game=game, raw={"path_card": "4", **RUNS}, expected_seq=1, user=scorer)
    game.refresh_from_db()
    assert game.summary["score"] == [5 + 6, 0]


def test_the_game_list_shows_where_a_match_stands(client, scorer_client, match):
    post_play(scorer_client, match, 1, path_card="4", **RUNS)
    assert "Innings 1: 9/0 (0.1 ov)" in client.get("/").content.decode()


def test_one_tap_answers_the_umpire_with_every_card_turned(scorer_client, match):
    asked = post_play(scorer_client, match, 1, path_card="1", **CAUGHT_APPEAL).content.decode()
    # one card of three: it can say OUT or NOT OUT, a button each
    assert 'name="umpire_turned" value="out"' in asked
    assert 'name="umpire_turned" value="not out"' in asked
    draft = {"path_card": "1", **CAUGHT_APPEAL}
    post_play(scorer_client, match, 1, umpire_turned="not out", answered="review", **draft)
    assert payloads(match) == [{**draft, "umpire": ["not out"]}]


def test_the_last_two_cards_offer_only_what_can_happen():
    from games.engines.quick_cricket.umpire import possible_turns

    assert possible_turns(1, 3) == [("not out",), ("out",)]
    assert possible_turns(2, 3) == [("not out", "not out"), ("out", "not out"), ("not out", "out")]
    assert possible_turns(2, 2) == [("out", "not out"), ("not out", "out")]
    assert possible_turns(1, 1) == [("out",)]


def test_a_waiting_question_survives_a_reload_until_answered_cancelled_or_stale(
    scorer_client, match, scorer
):
    draft = {"path_card": "1", **CAUGHT_APPEAL}
    post_play(scorer_client, match, 1, umpire_turned="not out", **draft)
    page = scorer_client.get(f"/games/{match.pk}/score/").content.decode()
    assert 'data-ask="review"' in page
    assert 'type="hidden" name="umpire_turned" value="not out"' in page
    # Cancel forgets it
    scorer_client.get(f"/games/{match.pk}/score/?cancel=1", headers={"HX-Request": "true"})
    assert (
        'data-ask="review"' not in scorer_client.get(f"/games/{match.pk}/score/").content.decode()
    )

    # asked again, then another tablet records a play: the question no longer fits the log
    post_play(scorer_client, match, 1, umpire_turned="not out", **draft)
    services.play_record(game=match, raw={"fielder": "B"}, expected_seq=1, user=scorer)
    page = scorer_client.get(f"/games/{match.pk}/score/").content.decode()
    assert 'data-ask="review"' not in page and "Fielder placed beside B" in page

    # answered, it is gone too
    post_play(scorer_client, match, 2, umpire_turned="not out", **draft)
    post_play(scorer_client, match, 2, umpire_turned="not out", answered="review", **draft)
    assert len(payloads(match)) == 2
    assert (
        'data-ask="review"' not in scorer_client.get(f"/games/{match.pk}/score/").content.decode()
    )


def test_two_cards_turned_are_answered_in_one_tap_too(scorer_client, match):
    post_play(scorer_client, match, 1, fielder="D")  # beside D: a catch appeal turns two
    draft = {"path_card": "1", **CAUGHT_APPEAL}
    asked = post_play(scorer_client, match, 2, **draft).content.decode()
    assert "Turn 2 of the 3 face-down umpire cards" in asked
    assert ">1st NOT OUT · 2nd NOT OUT</button>" in asked
    assert ">1st OUT · 2nd NOT OUT</button>" in asked
    assert ">1st NOT OUT · 2nd OUT</button>" in asked
    post_play(scorer_client, match, 2, umpire_turned="not out,out", answered="review", **draft)
    assert payloads(match)[1]["umpire"] == ["not out", "out"]
