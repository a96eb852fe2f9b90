"""Typing plays in the games' notation with Enter in a real browser (htmx swaps)."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_not_reloaded, log_in, mark_page
from .test_quick_baseball_browser import start_game as start_baseball
from .test_quick_cricket_browser import start_game as start_cricket

pytestmark = pytest.mark.browser

PASSWORD = "typed-line-18"


def type_play(page: Page, line: str, *, plays_after: int) -> None:
    mark_page(page)
    field = page.get_by_label("Type a play")
    field.fill(line)
    field.press("Enter")
    expect(page.locator("ol.play-list > li")).to_have_count(plays_after)
    assert_not_reloaded(page)


def test_typing_quick_baseball_and_a_cricket_delivery(
    live_server, django_user_model, page: Page
) -> None:
    django_user_model.objects.create_user(username="typist", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "typist", PASSWORD)

    start_baseball(page, base_url)
    board = page.locator("#board")
    field = page.get_by_label("Type a play")
    expect(field).to_have_attribute("autocomplete", "off")
    field.focus()
    field.type("SO1 ")
    expect(page.locator('#typed-options option[value="SO1 B4"]')).to_have_count(1)
    type_play(page, "SO1 B4", plays_after=1)
    expect(page.get_by_label("Type a play")).to_be_focused()  # ready for the next line
    type_play(page, "so2 b1", plays_after=2)
    # A typo: refused naming the token, the line kept to mend, nothing recorded.
    mark_page(page)
    field = page.get_by_label("Type a play")
    field.fill("C1 B9")
    field.press("Enter")
    expect(board.locator(".feedback .error")).to_contain_text("B9")
    expect(page.get_by_label("Type a play")).to_have_value("C1 B9")
    expect(page.locator("ol.play-list > li")).to_have_count(2)

    start_cricket(page, base_url)
    said = page.locator("#board .feedback .said")
    type_play(page, "fielder:B", plays_after=1)
    expect(said).to_have_text("Fielder placed beside B.")
    type_play(page, "A 4 B B D", plays_after=2)
    expect(said).to_have_text("Runs through D: 5 + 4 = 9 — 9/0.")
    expect(page.locator("#board .score-line .big")).to_have_attribute("data-score", "9/0")
