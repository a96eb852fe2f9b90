"""Scoring a Bedard half-inning by tapping the card pickers in a real browser (htmx swaps)."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_not_reloaded, log_in, mark_page, open_new_game

pytestmark = pytest.mark.browser

PASSWORD = "play-ball-1927"
SCREENSHOT = "/tmp/bedard-browser.png"


def start_game(page: Page, base_url: str) -> None:
    open_new_game(page, base_url, "Bedard's Universal Baseball")
    page.locator("#id_option_innings").fill("3")
    expect(page.locator("#id_option_deck")).to_have_value("colour")
    page.locator("#id_visitors").fill("Owls")
    page.locator("#id_home").fill("Herons")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(f"{base_url}/games/*/score/")


def tap(page: Page, lead: str, answer: str) -> None:
    """Tap the batter's lead, then the fielder's answer (which sends the pitch)."""
    mark_page(page)
    page.locator(f'.lead-picker label.pick[data-card="{lead}"]').click()
    expect(page.locator(f'.lead-picker input[value="{lead}"]')).to_be_checked()
    page.locator(f'.answer-picker button.pick[data-card="{answer}"]').click()


def pitch(page: Page, lead: str, answer: str, *, plays_after: int) -> None:
    tap(page, lead, answer)
    expect(page.locator("ol.play-list > li")).to_have_count(plays_after)
    assert_not_reloaded(page)


def expect_situation(
    page: Page, *, half: str, outs: int, bases: set[int], count: str = "0-0"
) -> None:
    board = page.locator("#board")
    expect(board.locator("dd.inning")).to_have_text(half)
    expect(board.locator("dd.outs")).to_have_attribute("data-outs", str(outs))
    expect(board.locator("dd.outs .dot.on")).to_have_count(outs)
    for base in (1, 2, 3):
        rect = board.locator(f'rect.base[data-base="{base}"]')
        expect(rect).to_have_class("base occupied" if base in bases else "base")
    expect(board.locator(".count-value")).to_have_attribute("data-count", count)
    balls, strikes = (int(n) for n in count.split("-"))
    expect(board.locator("dd.count-balls .dot.on")).to_have_count(balls)
    expect(board.locator("dd.strikes .dot.on")).to_have_count(strikes)


def expect_gone(page: Page, cards: list[str]) -> None:
    for picker, tag in (("lead", "label"), ("answer", "button")):
        expect(page.locator(f".{picker}-picker .pick.gone")).to_have_count(len(cards))
        for card in cards:
            expect(page.locator(f'.{picker}-picker {tag}.pick[data-card="{card}"]')).to_have_class(
                "pick gone"
            )
    for card in cards:
        expect(page.locator(f'.lead-picker input[value="{card}"]')).to_be_disabled()
        expect(page.locator(f'.answer-picker button[data-card="{card}"]')).to_be_disabled()


def expect_line(page: Page, side: int, cells: list[str], runs: int, hits: int) -> None:
    row = page.locator("table.line-score tbody tr").nth(side)
    expect(row.locator("td:not(.total)")).to_have_text(cells)
    expect(row.locator("td.total")).to_have_text([str(runs), str(hits)])


def test_tap_through_the_top_of_the_first(live_server, django_user_model, page: Page) -> None:
    django_user_model.objects.create_user(username="bedard", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "bedard", PASSWORD)
    start_game(page, base_url)

    board = page.locator("#board")
    said = board.locator(".feedback .said")
    expect(page.locator("h1")).to_contain_text("Owls v Herons")
    expect(page.locator("table.line-score thead th")).to_have_text(
        ["Team", "1", "2", "3", "R", "H"]
    )
    expect_situation(page, half="Top of the 1st", outs=0, bases=set())
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 1")
    expect(page.locator(".lead-picker .suit-row")).to_have_count(4)
    expect(page.locator(".lead-picker .pick")).to_have_count(52)
    expect(page.locator(".answer-picker .pick")).to_have_count(52)
    expect(page.locator(".lead-picker .suit-row").nth(2)).to_have_class("suit-row suit-yellow")
    expect(page.locator("#play-form .gone")).to_have_count(0)
    expect(page.locator(".bedard-count .deal")).to_have_text("Deal 1 · pitch 1 of 11")
    # Every card is a touch target of at least 48 by 48 pixels.
    box = page.locator('.answer-picker button.pick[data-card="B13"]').bounding_box()
    assert box and box["width"] >= 48 and box["height"] >= 48

    # 1. R4 led, R2 answered: a single.
    pitch(page, "R4", "R2", plays_after=1)
    expect(said).to_have_text("Batter 1 singles (Red 2 against Red 4).")
    expect_situation(page, half="Top of the 1st", outs=0, bases={1})
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 2")
    expect_line(page, 0, ["0", "", ""], runs=0, hits=1)
    expect_gone(page, ["R4", "R2"])

    # 2. Y12 led, Y7 answered: a double; the runner from first is pushed to third.
    pitch(page, "Y12", "Y7", plays_after=2)
    expect(said).to_have_text("Batter 2 doubles (Yellow 7 against Yellow 12).")
    expect_situation(page, half="Top of the 1st", outs=0, bases={2, 3})
    expect_line(page, 0, ["0", "", ""], runs=0, hits=2)

    # 3-4. A strike, then a foul ball (another suit, the same value): 0-2.
    pitch(page, "K11", "K12", plays_after=3)
    expect(said).to_have_text("Strike one (Black 12 against Black 11).")
    expect_situation(page, half="Top of the 1st", outs=0, bases={2, 3}, count="0-1")
    pitch(page, "B13", "R13", plays_after=4)
    expect(said).to_have_text("Foul ball, strike two (Red 13 against Blue 13).")
    expect_situation(page, half="Top of the 1st", outs=0, bases={2, 3}, count="0-2")

    # The lead and the answer cannot be the same card: the answer picker does not offer it.
    page.locator('.lead-picker label.pick[data-card="K5"]').click()
    expect(page.locator('.answer-picker button[data-card="K5"]')).to_be_disabled()
    expect(page.locator('.answer-picker button[data-card="K6"]')).to_be_enabled()
    page.locator('.lead-picker label.pick[data-card="K6"]').click()
    expect(page.locator('.answer-picker button[data-card="K5"]')).to_be_enabled()
    expect(page.locator('.answer-picker button[data-card="K6"]')).to_be_disabled()
    expect(page.locator("ol.play-list > li")).to_have_count(4)

    # 5. Y6 led, R3 answered (another suit and value): the screen asks before recording.
    tap(page, "Y6", "R3")
    question = board.locator('.question[data-ask="had_suit"]')
    expect(question.locator("h3")).to_have_text(
        "Yellow 6 led, Red 3 answered: another suit and another value."
    )
    expect(question).to_contain_text("Did Herons hold a yellow card?")
    expect(page.locator(".lead-picker")).to_have_count(0)
    expect(page.locator("ol.play-list > li")).to_have_count(4)
    assert_not_reloaded(page)
    question.get_by_role("button", name="No: ball").click()
    expect(page.locator("ol.play-list > li")).to_have_count(5)
    assert_not_reloaded(page)
    expect(said).to_have_text("Ball one (Red 3 against Yellow 6, the fielder holding no yellow).")
    expect_situation(page, half="Top of the 1st", outs=0, bases={2, 3}, count="1-2")
    expect(page.locator(".lead-picker .pick.gone")).to_have_count(10)

    # 6. K8 led, K10 answered: a foul fly out, whatever the count; runners stay.
    pitch(page, "K8", "K10", plays_after=6)
    expect(said).to_have_text("Foul fly out: batter 3 is out (Black 10 against Black 8).")
    expect_situation(page, half="Top of the 1st", outs=1, bases={2, 3})
    expect(board.locator("dd.batter-due")).to_have_text("Owls: batter 4")

    # 7. B1 (a lead 1: a home-run attempt) answered by B5: three runs.
    pitch(page, "B1", "B5", plays_after=7)
    expect(said).to_have_text("Batter 4 homers (Blue 5 against Blue 1): three runs score.")
    expect_situation(page, half="Top of the 1st", outs=1, bases=set())
    expect_line(page, 0, ["3", "", ""], runs=3, hits=3)

    # 8. B7 led, Y1 answered: the fielder owns up to holding blue, a balk.
    tap(page, "B7", "Y1")
    page.locator('.question button[value="true"]').click()
    expect(page.locator("ol.play-list > li")).to_have_count(8)
    assert_not_reloaded(page)
    expect(said).to_have_text(
        "Balk: batter 5 takes first (Yellow 1 against Blue 7, the fielder holding blue)."
    )
    expect_situation(page, half="Top of the 1st", outs=1, bases={1})

    # 9-10. Two fly outs (the fielder's 1 of the led suit): the half-inning is over.
    pitch(page, "K3", "K1", plays_after=9)
    expect(said).to_have_text("Batter 6 flies out (Black 1 against Black 3).")
    expect_situation(page, half="Top of the 1st", outs=2, bases={1})
    pitch(page, "R9", "R1", plays_after=10)
    expect(said).to_have_text(
        "Batter 7 flies out (Red 1 against Red 9). Three outs: end of the top of the 1st."
    )
    expect_situation(page, half="Bottom of the 1st", outs=0, bases=set())
    expect(board.locator("dd.batter-due")).to_have_text("Herons: batter 1")
    expect_line(page, 0, ["3", "", ""], runs=3, hits=3)
    expect_line(page, 1, ["0", "", ""], runs=0, hits=0)
    expect(page.locator("table.line-score tbody tr.batting th")).to_have_text("Herons")
    # A new half-inning is a new deal: every card is back.
    expect(page.locator("#play-form .gone")).to_have_count(0)
    expect(page.locator(".bedard-count .deal")).to_have_text("Deal 1 · pitch 1 of 11")
    expect(page.locator(".lead-picker legend")).to_contain_text("Herons lead — batter 1")
    assert_not_reloaded(page)

    page.reload()
    expect(page.locator("ol.play-list > li")).to_have_count(10)
    expect_line(page, 0, ["3", "", ""], runs=3, hits=3)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOT)
