"""Quick Cricket's "Place the fielder?": asked once a spell, gone once answered; moving the
fielder afterwards offers only the placements that change where it stands."""

import re

import pytest

from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

RUNS = {"pitch": "A", "path": "B", "move": "B", "stroke": "D"}


@pytest.fixture
def match(scorer):
    return services.game_create(
        kind="quick-cricket", options={"overs": 8}, sides=["Hornets", "Wasps"], user=scorer
    )


def page(client, game) -> str:
    response = client.get(f"/games/{game.pk}/score/")
    assert response.status_code == 200
    return response.content.decode()


def moves(html: str) -> list[str]:
    """The values the "Move the fielder" buttons post, in order."""
    return re.findall(
        r'name="fielder" value="([A-D]?)" class="button button-quiet fielder-move"', html
    )


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def test_the_question_is_asked_until_answered_then_the_move_control_offers_changes(
    scorer_client, match
):
    html = page(scorer_client, match)
    assert "Spell 1: Pace. Place the fielder?" in html
    assert "Move the fielder" not in html

    html = post_play(scorer_client, match, 1, fielder="B").content.decode()
    assert "Fielder placed beside B." in html
    assert "Place the fielder?" not in html
    assert "Move the fielder" in html
    assert moves(html) == ["A", "C", "D", ""]  # not B, where it stands

    html = post_play(scorer_client, match, 2, fielder="").content.decode()
    assert "Fielder taken away." in html
    assert "Place the fielder?" not in html
    assert moves(html) == ["A", "B", "C", "D"]  # no "No fielder": there is none
    assert payloads(match) == [{"fielder": "B"}, {"fielder": None}]


def test_a_ball_ends_the_moves_and_the_next_spell_asks_again(scorer_client, match):
    post_play(scorer_client, match, 1, fielder="C")
    for seq, card in enumerate(("4", "3", "2", "1"), start=2):
        post_play(scorer_client, match, seq, path_card=card, **RUNS)
    html = page(scorer_client, match)
    assert "Place the fielder?" not in html and "Move the fielder" not in html
    # Four overs of Pace make a spell: the fifth over starts Spell 2, of Spin.
    seq = 6
    for _over in range(3):
        for card in ("4", "3", "2", "1"):
            post_play(scorer_client, match, seq, path_card=card, **RUNS)
            seq += 1
    assert len(payloads(match)) == 17
    html = page(scorer_client, match)
    assert "Spell 2: Spin. Place the fielder?" in html
    assert "The fielder stands beside C." in html
    assert "Keep beside C" in html
    # Keeping it is the table's answer, recorded once; then the question is gone.
    html = post_play(scorer_client, match, 18, fielder="C").content.decode()
    assert "Place the fielder?" not in html
    assert moves(html) == ["A", "B", "D", ""]
    assert payloads(match)[-1] == {"fielder": "C"}


def test_undoing_the_answer_asks_again(scorer_client, scorer, match):
    post_play(scorer_client, match, 1, fielder="A")
    assert "Place the fielder?" not in page(scorer_client, match)
    services.play_undo(game=match, expected_seq=1, user=scorer)
    assert "Place the fielder?" in page(scorer_client, match)


def test_a_stale_repeat_of_a_placement_records_nothing(scorer_client, match):
    """A second tap posted from the same board (a double tap) is refused as out of date."""
    post_play(scorer_client, match, 1, fielder="B")
    post_play(scorer_client, match, 1, fielder="B")
    assert payloads(match) == [{"fielder": "B"}]
