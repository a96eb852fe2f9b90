"""The screen never offers a play the engine would refuse: Bedard's answer picker
leaves out the lead card, solitaire's Play waits for a play, and a used-up Quick Baseball hand
says that a tap deals a fresh one instead of showing dead cards."""

import re

import pytest

from games.scoring import selectors, services

from .conftest import post_play

pytestmark = pytest.mark.django_db


def answer_button(html: str, card: str) -> str:
    section = html.split('class="picker answer-picker"', 1)[1].split("</fieldset>", 1)[0]
    match = re.search(rf'<button[^>]*data-card="{card}"[^>]*>', section)
    assert match, card
    return match.group(0)


def test_bedard_answer_picker_disables_the_lead_card(scorer_client, scorer):
    game = services.game_create(
        kind="bedard-baseball", options={"innings": 3}, sides=["Owls", "Herons"], user=scorer
    )
    response = post_play(scorer_client, game, 1, bat="R7", field="R7")
    assert response.status_code == 422
    html = response.content.decode()
    lead = answer_button(html, "R7")
    assert " disabled" in lead and "lead-card" in lead and "cannot answer itself" in lead
    assert " disabled" not in answer_button(html, "R8")
    # The script keeps the answer picker in step with the lead as the scorer taps.
    assert "/static/games/bedard-baseball.js" in html


def test_bedard_fresh_screen_offers_every_answer(scorer_client, scorer):
    game = services.game_create(
        kind="bedard-baseball", options={"innings": 3}, sides=["Owls", "Herons"], user=scorer
    )
    html = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    assert 'class="pick lead-card"' not in html
    assert "/static/games/bedard-baseball.js" in html


def _empty_batter_hand(client, game) -> str:
    """Tap pitches and bats from the hands until the batter's hand is used up."""
    for seq in range(1, 40):
        state = selectors.scoreboard(game).state
        if not state.batter_hand:
            return client.get(f"/games/{game.pk}/score/").content.decode()
        pitch = sorted(state.pitcher_cards())[0]
        bat = sorted(state.batter_hand)[0]
        assert post_play(client, game, seq, pitch=pitch, bat=bat).status_code == 200
    raise AssertionError("the batter's hand never ran out")


def test_quick_baseball_used_up_hand_says_a_tap_refreshes_it(scorer_client, game):
    html = _empty_batter_hand(scorer_client, game)
    hand = html.split('class="hand batter-hand"', 1)[1].split("</fieldset>", 1)[0]
    assert "The batter's hand is used up: tap any card" in hand
    bats = re.findall(r'<button type="submit" name="bat"[^>]*>', hand)
    assert bats and all("gone" not in tag and "disabled" not in tag for tag in bats)
    assert "Refresh batter" in html


def test_quick_baseball_full_hands_show_no_refresh_note(scorer_client, game):
    html = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    assert "hand is used up" not in html
