"""Bedard's card pickers at the four table sizes: every target at least 44×44 CSS px. The
larger screens show all 52 cards a picker; a phone shows a row of four suit tabs and the
chosen suit's 13 cards, and the answer picker turns to the led suit when the lead is tapped."""

import pytest
from playwright.sync_api import Browser, Page, expect

from games.scoring import services

from .helpers import log_in
from .test_table_layout import SIZES
from .test_taps_per_play_browser import bedard

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "thumbs-not-pins-44"
SMALLEST = 44

# Every target on show in the pickers: the suit tabs and the cards.
TARGETS = """() => [...document.querySelectorAll(
    '.picker .suit-tab, .picker .pick')].flatMap(el => {
  const box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return [];  // not on show (display: none)
  return [{picker: el.closest('.picker').classList[1], card: el.dataset.card || el.dataset.suit,
           width: box.width, height: box.height, left: box.left, right: box.right}];
})"""


def _targets(page: Page) -> list[dict]:
    return page.evaluate(TARGETS)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_picker_target_is_44_px_and_a_pitch_goes_in(
    width: int, height: int, live_server, django_user_model, browser: Browser
) -> None:
    user = django_user_model.objects.create_user(username="pitcher", password=PASSWORD)
    game = services.game_create(
        kind="bedard-baseball", options={"innings": 3}, sides=["Aces", "Kings"], user=user
    )
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    phone = width < 600
    try:
        log_in(page, live_server.url, "pitcher", PASSWORD)
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        targets = _targets(page)
        small = [
            f"{t['picker']} {t['card']}: {t['width']:.1f}×{t['height']:.1f}"
            for t in targets
            if t["width"] < SMALLEST - 0.01 or t["height"] < SMALLEST - 0.01
        ]
        assert not small, f"targets under {SMALLEST}×{SMALLEST} px:\n" + "\n".join(small)
        off = [t["card"] for t in targets if t["left"] < -0.5 or t["right"] > width + 0.5]
        assert not off, f"off the screen: {off}"
        for picker in ("lead-picker", "answer-picker"):
            shown = [t for t in targets if t["picker"] == picker]
            # A phone: four suit tabs and one suit's 13 cards; larger screens: all 52 cards.
            assert len(shown) == (4 + 13 if phone else 52), (picker, len(shown))
        tabs = page.locator(".suit-tabs").first
        if phone:
            expect(tabs).to_be_visible()
        else:
            expect(tabs).to_be_hidden()

        if phone:
            # The lead's suit, then its value; the answer picker turns to the led suit.
            page.locator('.lead-picker .suit-tabs label[data-suit="Y"]').click()
            page.locator('.lead-picker label.pick[data-card="Y12"]').click()
            expect(page.locator('.lead-picker input[value="Y12"]')).to_be_checked()
            expect(page.locator('.answer-picker .suit-tabs input[value="Y"]')).to_be_checked()
            expect(page.locator('.answer-picker button.pick[data-card="Y7"]')).to_be_visible()
            expect(page.locator('.answer-picker button.pick[data-card="K7"]')).to_be_hidden()
        for number, pitch in enumerate((("Y12", "Y7"), ("B13", "R13")), start=1):
            for step in bedard(*pitch):
                step(page).click()
            expect(page.locator("ol.play-list > li")).to_have_count(number)
        payloads = list(game.plays.order_by("seq").values_list("payload", flat=True))
        assert payloads == [{"bat": "Y12", "field": "Y7"}, {"bat": "B13", "field": "R13"}]
        # After a pitch every target still has its size.
        assert all(
            t["width"] >= SMALLEST - 0.01 and t["height"] >= SMALLEST - 0.01 for t in _targets(page)
        )
    finally:
        context.close()
