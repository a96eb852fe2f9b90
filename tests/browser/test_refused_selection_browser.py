"""A play missing a choice in a real browser: the screen says what is still to choose and
sends nothing; a post the server refuses (the screen's own check set aside) comes back with
the scorer's choices still ticked, as choices (a reset clears them), and one more tap
finishes the play."""

import pytest
from playwright.sync_api import Page, expect

from tests.web.test_backyard_baseball_views import STRIKEOUT

from .helpers import log_in, mark_page
from .test_backyard_baseball_browser import expect_plays, start_game, tap

pytestmark = pytest.mark.browser

PASSWORD = "forgot-the-die-again-7"
# A strikeout once the die (1) is tapped.
CHOSEN = {k: v for k, v in STRIKEOUT.items() if k != "die"}


def test_a_refused_play_keeps_its_choices(live_server, django_user_model, page: Page) -> None:
    django_user_model.objects.create_user(username="yard", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "yard", PASSWORD)
    start_game(page, base_url)
    mark_page(page)

    page.locator('.field label.space[data-space="CF"]').click()
    for name, value in CHOSEN.items():
        if name != "fielder":
            tap(page, name, value)
    play = page.locator("#play-form button.play")
    expect(play).to_have_attribute("aria-disabled", "true")
    play.click(force=True)  # aria-disabled, no die: the screen says so, and nothing goes
    expect(page.locator("#play-form .play-needs.error")).to_have_text("Still to choose: the die")
    expect(page.locator("#play-form .die-step.step-error .step-need")).to_be_visible()
    expect_plays(page, 0)
    # Set the screen's check aside: the server refuses the play and keeps the choices.
    page.evaluate("document.querySelector('#play-form .dice').removeAttribute('data-need')")
    play.click(force=True)
    expect(page.locator("#board .feedback .error")).to_have_text("Tap the die")
    expect_plays(page, 0)
    for name, value in CHOSEN.items():
        expect(page.locator(f'#play-form input[name="{name}"][value="{value}"]')).to_be_checked()
    # Ticked as the scorer's choices, not as the form's defaults.
    defaults = page.evaluate(
        "Array.from(document.querySelectorAll('#play-form input'))"
        ".filter(i => i.defaultChecked || i.hasAttribute('data-selected')).length"
    )
    assert defaults == 0

    page.locator('#play-form label:has(input[name="die"][value="1"])').click()  # it plays
    expect_plays(page, 1)
    expect(page.locator("#board .feedback .error")).to_have_count(0)
    # The next at-bat starts clean but for the fielder pawn, which stays where it was placed.
    expect(page.locator("#play-form input:checked")).to_have_count(1)
    expect(page.locator('#play-form input[name="fielder"][value="CF"]')).to_be_checked()
