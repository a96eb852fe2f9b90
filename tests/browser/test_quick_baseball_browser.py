"""Scoring a Quick Baseball half-inning by tapping cards in a real browser (htmx swaps)."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_not_reloaded, log_in, mark_page, open_new_game

pytestmark = pytest.mark.browser

PASSWORD = "three-up-three-down-9"
SCREENSHOT = "/tmp/qb-browser.png"


def start_game(page: Page, base_url: str) -> None:
    open_new_game(page, base_url, "Quick Baseball")
    page.locator("#id_option_innings").fill("3")
    page.locator("#id_visitors").fill("Owls")
    page.locator("#id_home").fill("Herons")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(f"{base_url}/games/*/score/")


def play(page: Page, pitch: str, *, bat: str = "", call: str = "", plays_after: int) -> None:
    """Tap a pitch card, then a batting card or a call; wait for htmx to swap the board."""
    mark_page(page)
    page.locator(f'label.pitch-card[data-card="{pitch}"]').click()
    expect(page.locator(f'label.pitch-card[data-card="{pitch}"] input')).to_be_checked()
    if bat:
        page.locator(f'button.bat-card[data-card="{bat}"]').click()
    else:
        page.locator("button.call", has_text=call).click()
    expect(page.locator("ol.play-list > li")).to_have_count(plays_after)
    assert_not_reloaded(page)


def stop_following(page: Page) -> None:
    """Keep ``page`` from following the game live (scoring.js polls the board while idle),
    to leave it stale on purpose."""

    def live_poll(route) -> None:
        request = route.request
        if request.method == "GET" and request.headers.get("hx-request"):
            route.abort()
        else:
            route.continue_()

    page.route(lambda url: "/score/" in url, live_poll)


def expect_situation(page: Page, *, half: str, outs: int, bases: set[int]) -> None:
    board = page.locator("#board")
    expect(board.locator("dd.inning")).to_have_text(half)
    expect(board.locator("dd.outs")).to_have_attribute("data-outs", str(outs))
    expect(board.locator("dd.outs .dot.on")).to_have_count(outs)
    for base in (1, 2, 3):
        rect = board.locator(f'rect.base[data-base="{base}"]')
        if base in bases:
            expect(rect).to_have_class("base occupied")
        else:
            expect(rect).to_have_class("base")


def expect_line(page: Page, side: int, cells: list[str], runs: int, hits: int) -> None:
    row = page.locator("table.line-score tbody tr").nth(side)
    expect(row.locator("td:not(.total):not(.rp)")).to_have_text(cells)
    expect(row.locator("td.total")).to_have_text([str(runs), str(hits)])


def test_tap_through_the_top_of_the_first(live_server, django_user_model, page: Page) -> None:
    django_user_model.objects.create_user(username="umpire", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "umpire", PASSWORD)
    start_game(page, base_url)

    board = page.locator("#board")
    said = board.locator(".feedback .said")
    expect(page.locator("h1")).to_contain_text("Owls v Herons")
    expect(page.locator("table.line-score thead th")).to_have_text(
        ["Team", "1", "2", "3", "R", "H", "RP"]
    )
    expect_situation(page, half="Top of the 1st", outs=0, bases=set())
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 1")
    expect(board.locator("dd.balls")).to_have_attribute("data-balls", "0")
    expect(page.locator(".plays .empty")).to_have_text("No plays yet.")
    # Nobody on base: Steal is disabled; nothing is gone from either hand yet.
    expect(page.locator("button.call", has_text="Steal")).to_be_disabled()
    expect(page.locator("#play-form .gone")).to_have_count(0)

    # 1. SO1 (blue) v B4 (blue 1 for batters 1-3): batter 1 singles.
    play(page, "SO1", bat="B4", plays_after=1)
    expect(said).to_have_text("Batter 1 singles on Strike Out.")
    expect_situation(page, half="Top of the 1st", outs=0, bases={1})
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 2")
    expect_line(page, 0, ["0", "", ""], runs=0, hits=1)
    # Played cards stay on screen, marked gone and no longer tappable.
    expect(page.locator('label.pitch-card[data-card="SO1"]')).to_have_class("card pitch-card gone")
    expect(page.locator('label.pitch-card[data-card="SO1"] input')).to_be_disabled()
    expect(page.locator('button.bat-card[data-card="B4"]')).to_have_class("card bat-card gone")
    expect(page.locator('button.bat-card[data-card="B4"]')).to_be_disabled()
    expect(page.locator("button.call", has_text="Steal")).to_be_enabled()

    # 2. RUN (blue-bordered) + Leave: strike out.
    play(page, "RUN", call="Leave", plays_after=2)
    expect(said).to_contain_text("strike out")
    expect_situation(page, half="Top of the 1st", outs=1, bases={1})
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 3")
    # A call keeps the batting card face down: the whole bat hand but B4 is still there.
    expect(page.locator("button.bat-card.gone")).to_have_count(1)

    # 3. SO2 (green) v B1 (green 1 for batters 1-3): single, the runner moves up one.
    play(page, "SO2", bat="B1", plays_after=3)
    expect(said).to_have_text("Batter 3 singles on Strike Out.")
    expect_situation(page, half="Top of the 1st", outs=1, bases={1, 2})
    expect_line(page, 0, ["0", "", ""], runs=0, hits=2)

    # 4. FLY (yellow) v B3 (yellow 2 for batters 4-6): double, the runner on 2nd scores.
    play(page, "FLY", bat="B3", plays_after=4)
    expect(said).to_have_text("Batter 4 doubles on Fly Ball: one run scores.")
    expect_situation(page, half="Top of the 1st", outs=1, bases={2, 3})
    expect_line(page, 0, ["1", "", ""], runs=1, hits=3)
    expect_line(page, 1, ["", "", ""], runs=0, hits=0)
    expect(page.locator("ol.play-list > li").first).to_contain_text("1–0")

    # 5. C1 (green) v B2 (red only): no match, caught.
    play(page, "C1", bat="B2", plays_after=5)
    expect(said).to_have_text("Batter 5 is caught.")
    expect_situation(page, half="Top of the 1st", outs=2, bases={2, 3})
    expect_line(page, 0, ["1", "", ""], runs=1, hits=3)

    # 6. C2 (yellow, no blue) + Leave is no harm done, the batter stays.
    play(page, "C2", call="Leave", plays_after=6)
    expect(said).to_have_text("Batter 6 leaves Caught: no harm done.")
    expect_situation(page, half="Top of the 1st", outs=2, bases={2, 3})
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 6")
    # The pitcher holds only Pitch Out now: the screen says the next pitch refreshes his hand
    # and offers every pitch, not a row of struck-through cards.
    expect(page.locator(".pitcher-hand .hand-empty")).to_contain_text("tap any pitch")
    expect(page.locator("label.pitch-card.gone")).to_have_count(0)
    expect(page.locator("button.refresh", has_text="Refresh pitcher")).to_be_visible()

    # 7. SO1 again (the empty hand refreshes, the relief pitcher comes in) + Leave: third out.
    play(page, "SO1", call="Leave", plays_after=7)
    expect(said).to_contain_text("relief pitcher comes in")
    expect(said).to_contain_text("Three outs: end of the top of the 1st.")
    expect_situation(page, half="Bottom of the 1st", outs=0, bases=set())
    expect(board.locator("dd.batter-due")).to_have_text("Herons: batter 1")
    expect_line(page, 0, ["1", "", ""], runs=1, hits=3)
    expect_line(page, 1, ["0", "", ""], runs=0, hits=0)
    expect(page.locator("table.line-score tbody tr.batting th")).to_have_text("Herons")
    # The Herons' relief pitcher came in (RP box); both hands are full again.
    expect(page.locator("td.rp")).to_have_text(["", "X"])
    expect(page.locator("#play-form .gone")).to_have_count(0)
    expect(page.locator("button.undo")).to_have_text("Undo play 7")

    # Undo the third out with one tap: top of the 1st again, two outs, runners on.
    mark_page(page)
    page.locator("button.undo").click()
    expect(page.locator("ol.play-list > li")).to_have_count(6)
    assert_not_reloaded(page)
    expect(said).to_have_text("Play 7 undone.")
    expect_situation(page, half="Top of the 1st", outs=2, bases={2, 3})
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 6")
    expect_line(page, 0, ["1", "", ""], runs=1, hits=3)
    expect_line(page, 1, ["", "", ""], runs=0, hits=0)
    expect(page.locator("button.undo")).to_have_text("Undo play 6")

    # An illegal tap that looks legal: a second scorer's tab, left open at this point,
    # shows the pitcher's hand empty, so every pitch card is tappable there (the next pitch
    # would refresh the hand).
    stale = page.context.new_page()
    stop_following(stale)
    stale.goto(page.url)
    expect(stale.locator('label.pitch-card[data-card="SO1"] input')).to_be_enabled()
    # Meanwhile the first scorer replaces play 6 by a Pitch Out (ball one): C2 is back in
    # the pitcher's hand, so his hand is not empty and SO1 is no longer playable.
    page.locator("button.undo").click()
    expect(page.locator("ol.play-list > li")).to_have_count(5)
    play(page, "PO", bat="B5", plays_after=6)
    expect(said).to_have_text("Pitch Out: ball 1.")
    expect(board.locator("dd.balls")).to_have_attribute("data-balls", "1")
    expect(page.locator('label.pitch-card[data-card="SO1"] input')).to_be_disabled()

    # The stale tab missed an undo and a new play at the same position: it is told the
    # game moved on, nothing is recorded, and it gets the fresh board.
    mark_page(stale)
    stale.locator('label.pitch-card[data-card="SO1"]').click()
    stale.locator("button.call", has_text="Leave").click()
    error = stale.locator("#board .feedback .error")
    expect(error).to_contain_text("Your other screen undid play 6 and entered it again first")
    expect(error).to_contain_text("Your tap (pitch SO1, call leave) was not recorded.")
    assert_not_reloaded(stale)
    expect(stale.locator("ol.play-list > li")).to_have_count(6)
    expect_situation(stale, half="Top of the 1st", outs=2, bases={2, 3})
    expect(stale.locator("dd.balls")).to_have_attribute("data-balls", "1")
    expect(stale.locator('label.pitch-card[data-card="SO1"] input')).to_be_disabled()
    expect(stale.locator('label.pitch-card[data-card="C2"] input')).to_be_enabled()

    # An illegal tap reaches the engine when a card that is gone is forced back on screen:
    # the engine's message shows next to the cards and nothing changes.
    mark_page(stale)
    stale.evaluate(
        "document.querySelector('label.pitch-card[data-card=\"SO1\"] input').disabled = false"
    )
    stale.locator('label.pitch-card[data-card="SO1"]').click()
    stale.locator("button.call", has_text="Leave").click()
    expect(error).to_contain_text("SO1 is not in the pitcher's hand")
    assert_not_reloaded(stale)
    expect(stale.locator("ol.play-list > li")).to_have_count(6)
    expect(stale.locator("dd.balls")).to_have_attribute("data-balls", "1")
    stale.close()

    page.reload()
    expect(page.locator("ol.play-list > li")).to_have_count(6)
    expect_line(page, 0, ["1", "", ""], runs=1, hits=3)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOT)
