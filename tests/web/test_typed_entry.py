"""Typed entry on the scoring screens: a line in the game's notation posts like the taps."""

import pytest

from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


@pytest.fixture
def match(scorer):
    return services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["Hornets", "Wasps"], user=scorer
    )


def test_the_scoring_screen_has_the_typed_field(scorer_client, game):
    html = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    assert 'id="typed-play"' in html and ">Type a play</label>" in html
    assert 'inputmode="text"' in html and 'autocomplete="off"' in html
    assert 'list="typed-options"' in html and f"/games/{game.pk}/plays/completions/" in html


def test_a_typed_line_records_the_same_play_as_the_taps(scorer_client, scorer, game):
    typed = post_play(scorer_client, game, 1, typed="so1 b4")
    assert typed.status_code == 200
    other = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Giants", "Yankees"], user=scorer
    )
    tapped = post_play(scorer_client, other, 1, pitch="SO1", bat="B4")
    assert payloads(game) == payloads(other) == [{"pitch": "SO1", "bat": "B4"}]
    game.refresh_from_db()
    other.refresh_from_db()
    assert game.summary == other.summary
    assert tapped.status_code == 200
    post_play(scorer_client, game, 2, typed="PO steal")
    assert payloads(game)[-1] == {"pitch": "PO", "call": "steal"}


def test_a_typo_is_refused_naming_the_token_and_the_board_is_unchanged(scorer_client, game):
    response = post_play(scorer_client, game, 1, typed="SO1 B9")
    assert response.status_code == 422
    assert "B9" in response.content.decode()
    response = post_play(scorer_client, game, 1, typed="SO1 B4 hmm")
    assert response.status_code == 422
    html = response.content.decode()
    assert "&#x27;hmm&#x27;" in html and 'value="SO1 B4 hmm"' in html
    assert payloads(game) == []


def test_a_typed_delivery_asks_the_umpire_question_then_records(scorer_client, match):
    line = "A 1 B C A"  # a caught appeal (see test_cricket_views)
    first = post_play(scorer_client, match, 1, typed=line)
    html = first.content.decode()
    assert first.status_code == 200
    assert 'data-ask="umpire"' in html and "Turn 1 of the 3 face-down umpire cards" in html
    assert 'name="typed" value="A 1 B C A"' in html  # the draft carries the line
    assert payloads(match) == []
    second = post_play(scorer_client, match, 1, typed=line, umpire_1="not out")
    assert 'data-ask="review"' in second.content.decode()
    post_play(scorer_client, match, 1, typed=line, umpire_1="not out", review="out")
    assert payloads(match) == [
        {
            "pitch": "A",
            "path_card": "1",
            "path": "B",
            "move": "C",
            "stroke": "A",
            "umpire": ["not out"],
            "review": "out",
        }
    ]


def test_a_fully_typed_appeal_needs_no_question(scorer_client, match):
    response = post_play(
        scorer_client, match, 1, typed="A 1 B C A umpire:not_out review:out", answered="umpire"
    )
    assert response.status_code == 200
    assert payloads(match)[0]["umpire"] == ["not out"]


def test_completions_list_the_legal_lines_for_the_scorer(scorer_client, game):
    response = scorer_client.get(f"/games/{game.pk}/plays/completions/", {"typed": "SO1 "})
    html = response.content.decode()
    assert response.status_code == 200
    assert '<option value="SO1 B4">' in html
    assert html.count("<option") <= 30
    assert "no-store" in response["Cache-Control"]


def test_completions_are_for_scorers_only(client, stranger, game):
    url = f"/games/{game.pk}/plays/completions/"
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(stranger)
    assert client.get(url).status_code == 403
