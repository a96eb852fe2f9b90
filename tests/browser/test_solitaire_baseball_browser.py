"""Scoring a solitaire half-inning by tapping cards in a real browser (htmx swaps)."""

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_not_reloaded, log_in, mark_page, open_new_game

pytestmark = pytest.mark.browser

PASSWORD = "ninety-five-cards-9"
SCREENSHOT = "/tmp/solitaire-browser.png"


def start_game(page: Page, base_url: str) -> None:
    open_new_game(page, base_url, "Double-deck solitaire baseball")
    expect(page.locator("#id_home")).to_have_count(0)  # one player, no second team
    expect(page.locator("label[for=id_visitors]")).to_contain_text("Player")
    page.locator("#id_option_innings").fill("3")
    page.locator("#id_visitors").fill("Casey")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(f"{base_url}/games/*/score/")


def lay(page: Page, *cards: str, preview: str, tray: tuple[str, ...] = ()) -> None:
    """Tap cards in the picker; the tray shows what is laid down (``tray``, by default the
    cards tapped) in order, the last on top, and what the cards make."""
    for card in cards:
        page.locator(f'button.pick[data-card="{card}"]').click()
    tray = tray or cards
    expect(page.locator(".laid-cards button")).to_have_text([_face(c) for c in tray])
    expect(page.locator(".laid-cards li.top button")).to_have_attribute("data-card", tray[-1])
    expect(page.locator(".laid-preview")).to_have_text(preview)
    label = "Play" if preview == "Not a play" else f"Play: {preview}"
    expect(page.locator("button.play-cards")).to_have_text(label)


def play(
    page: Page, *cards: str, preview: str, plays_after: int, tray: tuple[str, ...] = ()
) -> None:
    mark_page(page)
    lay(page, *cards, preview=preview, tray=tray)
    page.locator("button.play-cards").click()
    expect(page.locator("ol.play-list > li")).to_have_count(plays_after)
    assert_not_reloaded(page)


def _face(card: str) -> str:
    return card[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]


def expect_situation(page: Page, *, inning: str, outs: int, runners: dict[int, str]) -> None:
    board = page.locator("#board")
    expect(board.locator("dd.inning")).to_have_text(inning)
    expect(board.locator("dd.outs")).to_have_attribute("data-outs", str(outs))
    expect(board.locator("dd.outs .dot.on")).to_have_count(outs)
    for base in (1, 2, 3):
        rect = board.locator(f'rect.base[data-base="{base}"]')
        mark = board.locator(f'text.base-mark[data-base="{base}"]')
        if base in runners:
            expect(rect).to_have_class("base occupied")
            expect(mark).to_contain_text(runners[base])
        else:
            expect(rect).to_have_class("base")
            expect(mark).to_have_count(0)


def expect_line(page: Page, cells: list[str], runs: int, hits: int) -> None:
    row = page.locator("table.line-score tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("th")).to_have_text("Casey")
    expect(row.locator("td:not(.total)")).to_have_text(cells)
    expect(row.locator("td.total")).to_have_text([str(runs), str(hits)])


def expect_batter_due(page: Page, batter: int) -> None:
    expect(page.locator(".lineup-card.due")).to_have_attribute("data-batter", str(batter))
    expect(page.locator(".lineup-card.due")).to_have_count(1)
    expect(page.locator("dd.batter-due")).to_have_text(f"Casey: batter {batter}")
    expect(page.locator(".picker legend")).to_contain_text(f"Batter {batter} is up")
    expect(page.locator("button.pick.due")).to_have_count(4)  # the batter's number in 4 suits


def test_tap_through_the_first_inning(live_server, django_user_model, page: Page) -> None:
    django_user_model.objects.create_user(username="casey", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "casey", PASSWORD)
    start_game(page, base_url)

    board = page.locator("#board")
    said = board.locator(".feedback .said")
    expect(page.locator("h1")).to_contain_text("Casey")
    expect(page.locator("table.line-score thead th")).to_have_text(
        ["Team", "1", "2", "3", "R", "H"]
    )
    expect_situation(page, inning="1st of 3", outs=0, runners={})
    expect_batter_due(page, 1)
    expect(page.locator("dd.deck")).to_have_text("0 played · 95 of 95 left")
    expect(page.locator("dd.player-record")).to_have_text("casey: 0 wins, 0 losses")
    expect(page.locator("button.play-cards")).to_be_disabled()
    expect(page.locator("button.pick:disabled")).to_have_count(0)

    # 1. The ace of spades: batter 1 singles; his runner carries spades.
    play(page, "AS", preview="Single", plays_after=1)
    expect(said).to_have_text("Batter 1 singles (spades).")
    expect_situation(page, inning="1st of 3", outs=0, runners={1: "♠"})
    expect_line(page, ["0", "", ""], runs=0, hits=1)
    expect_batter_due(page, 2)

    # 2. The two of spades: the runner in spades takes an extra base, to third.
    play(page, "2S", preview="Single", plays_after=2)
    expect(said).to_contain_text("a runner in spades takes an extra base")
    expect_situation(page, inning="1st of 3", outs=0, runners={1: "♠", 3: "♠"})

    # 3. A card laid by mistake is taken back from the tray; then 3H under 3C, a double in
    # clubs: the runner on third scores, the one from first (spades) goes two bases, to third.
    mark_page(page)
    lay(page, "3H", "3D", preview="Double")
    page.locator('.laid-cards button[data-card="3D"]').click()
    expect(page.locator(".laid-preview")).to_have_text("Single")
    play(page, "3C", preview="Double", plays_after=3, tray=("3H", "3C"))
    expect(said).to_have_text("Batter 3 doubles (clubs): one run scores.")
    expect(page.locator("ol.play-list > li").first.locator("code")).to_have_text("3H+3C")
    expect_situation(page, inning="1st of 3", outs=0, runners={2: "♣", 3: "♠"})
    expect_line(page, ["1", "", ""], runs=1, hits=3)
    expect(page.locator("dd.deck")).to_have_text("4 played · 91 of 95 left")

    # 4. The king of diamonds: an out; nobody moves.
    play(page, "KD", preview="Out", plays_after=4)
    expect(said).to_have_text("Batter 4 is out on the K♦.")
    expect_situation(page, inning="1st of 3", outs=1, runners={2: "♣", 3: "♠"})

    # 5. A ten is a sacrifice bunt, but the runners are not all clubs: nobody moves.
    play(page, "10C", preview="Sacrifice bunt", plays_after=5)
    expect(said).to_contain_text("not every runner is in clubs: none move")
    expect_situation(page, inning="1st of 3", outs=2, runners={2: "♣", 3: "♠"})

    # A bad tap: two 5s for batter 6. "Not a play", and Play is not offered.
    lay(page, "5H", "5S", preview="Not a play")
    expect(page.locator("button.play-cards")).to_be_disabled()
    expect(page.locator(".laid-cards button")).to_have_text([_face("5H"), _face("5S")])
    expect(page.locator('button.pick[data-card="5H"]')).to_have_class(re.compile(r"\bpicked\b"))
    # Take the top card back: one 5 is an out, a play again.
    page.locator('.laid-cards button[data-card="5S"]').click()
    expect(page.locator(".laid-preview")).to_have_text("Out")
    expect(page.locator("button.play-cards")).to_be_enabled()
    expect(page.locator("ol.play-list > li")).to_have_count(5)
    page.locator("button.clear-cards").click()
    expect(page.locator(".laid-cards li")).to_have_count(0)
    expect_situation(page, inning="1st of 3", outs=2, runners={2: "♣", 3: "♠"})

    # 6. The nine of hearts: the third out, end of the 1st; the bases clear.
    play(page, "9H", preview="Out", plays_after=6)
    expect(said).to_have_text("Batter 6 is out on the 9♥. Three outs: end of the 1st.")
    expect_situation(page, inning="2nd of 3", outs=0, runners={})
    expect_line(page, ["1", "0", ""], runs=1, hits=3)
    expect_batter_due(page, 7)

    # The ace of diamonds was never played; the king of diamonds has one copy left.
    expect(page.locator('button.pick[data-card="AD"]')).to_have_attribute("data-left", "1")
    expect(page.locator('button.pick[data-card="KD"]')).to_have_attribute("data-left", "1")

    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOT)

    # Rain: the game is called, a loss, and the player's record counts it.
    mark_page(page)
    page.locator("button.rain-out").click()
    expect(page.locator("ol.play-list > li")).to_have_count(7)
    assert_not_reloaded(page)
    expect(said).to_contain_text("Rain: the game is called after 1 completed inning")
    expect(board.locator(".final-note")).to_have_text("The game is over: Loss.")
    expect(board.locator(".solitaire-result dd")).to_have_text("Loss")
    expect(page.locator("#play-form")).to_have_count(0)
    expect(page.locator("dd.player-record")).to_have_text("casey: 0 wins, 1 loss")
