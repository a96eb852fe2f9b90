"""Quick Cricket's "Place the fielder?" at the four table sizes: answered once, it leaves the
board; "Move the fielder" then offers only placements that change something, so tapping it
again records nothing; a ball can then be bowled, and the fielder stays for the spell."""

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Game
from games.scoring import services

from .helpers import log_in
from .test_quick_cricket_browser import tap_delivery
from .test_table_layout import SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "one-fielder-a-spell-5"


def plays(page: Page):
    return page.locator("ol.play-list > li")


def fielder_rows(game: Game) -> int:
    return sum("fielder" in p for p in game.plays.values_list("payload", flat=True))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_fielder_is_asked_once_and_moved_without_filling_the_log(
    width: int, height: int, live_server, django_user_model, browser: Browser
) -> None:
    user = django_user_model.objects.create_user(username="umpire", password=PASSWORD)
    game = services.game_create(
        kind="quick-cricket",
        options={"overs": 2, "innings": 1, "first_style": "pace"},
        sides=["Owls", "Herons"],
        user=user,
    )
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server.url, "umpire", PASSWORD)
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        board = page.locator("#board")
        question = board.locator("section.spell-start")
        move = board.locator("details.move-fielder")
        expect(question.locator("h3")).to_have_text("Spell 1: Pace. Place the fielder?")
        expect(move).to_have_count(0)

        # Answered once: the question leaves the board.
        question.get_by_role("button", name="Beside B").click()
        expect(plays(page)).to_have_count(1)
        expect(question).to_have_count(0)
        expect(board.locator("dd.fielder")).to_have_text("beside B")
        expect(move).to_be_visible()
        expect(move.locator("button.fielder-move").first).to_be_hidden()  # closed until asked

        # Moving it: the place it stands is never offered, so no tap repeats it.
        move.locator("summary").click()
        expect(move.locator("button.fielder-move")).to_have_text(
            ["Beside A", "Beside C", "Beside D", "No fielder"]
        )
        move.get_by_role("button", name="Beside C").click()
        expect(plays(page)).to_have_count(2)
        expect(board.locator("dd.fielder")).to_have_text("beside C")
        # Tapping the control again and again opens and closes it, and records nothing.
        for _ in range(5):
            move.locator("summary").click()
        expect(move).to_have_attribute("open", "")
        expect(plays(page)).to_have_count(2)
        expect(move.get_by_role("button", name="Beside C")).to_have_count(0)
        expect(move.locator("button.fielder-move")).to_have_text(
            ["Beside A", "Beside B", "Beside D", "No fielder"]
        )
        # A double tap on a move records one placement.
        move.get_by_role("button", name="Beside D").dblclick()
        expect(board.locator("dd.fielder")).to_have_text("beside D")
        expect(plays(page)).to_have_count(3)
        page.wait_for_timeout(500)
        expect(plays(page)).to_have_count(3)
        assert fielder_rows(game) == 3

        # A ball can be bowled; then the fielder stays where it is for the spell.
        tap_delivery(page, pitch="A", card="4", path="B", move="B", stroke="D")
        expect(plays(page)).to_have_count(4)
        said = board.locator(".feedback .said")
        expect(said).to_have_text("Runs through D: 5 + 4 − 4 (fielder) = 5 — 5/0.")
        expect(question).to_have_count(0)
        expect(move).to_have_count(0)
        assert fielder_rows(game) == 3
    finally:
        context.close()
