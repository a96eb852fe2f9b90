"""Scoring a Backyard Baseball half-inning by tapping the field, the card faces and the die
in a real browser (htmx swaps), with an extension, a swap and ghost runners."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_not_reloaded, log_in, mark_page, open_new_game

pytestmark = pytest.mark.browser

PASSWORD = "ghost-runner-on-third-4"
SCREENSHOT = "/tmp/backyard-browser.png"


def start_game(page: Page, base_url: str) -> None:
    open_new_game(page, base_url, "Backyard Baseball")
    page.locator("#id_option_innings").fill("3")
    page.locator("#id_visitors").fill("Owls")
    page.locator("#id_home").fill("Herons")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(f"{base_url}/games/*/score/")


def tap(page: Page, name: str, value: str) -> None:
    page.locator(f'#play-form label:has(input[name="{name}"][value="{value}"])').click()
    expect(page.locator(f'#play-form input[name="{name}"][value="{value}"]')).to_be_checked()


def tap_at_bat(page: Page, *, fielder: str, pitcher: tuple, batter: tuple, die: int | None) -> None:
    """Tap the fielder's space, the pitcher's card (number, pitch, result[, space]), the
    batter's card (pitch, result[, space]) and the die, which plays (or Play, for a bunt)."""
    mark_page(page)
    page.locator(f'.field label.space[data-space="{fielder}"]').click()
    expect(page.locator(f'input[name="fielder"][value="{fielder}"]')).to_be_checked()
    for name, value in zip(("number", "pitch", "result", "space"), pitcher, strict=False):
        tap(page, f"pitcher_{name}", str(value))
    for name, value in zip(("pitch", "result", "space"), batter, strict=False):
        tap(page, f"batter_{name}", value)
    if die is not None:
        page.locator(f'#play-form label:has(input[name="die"][value="{die}"])').click()
    else:
        page.locator("#play-form button.play").click()


def expect_plays(page: Page, count: int) -> None:
    expect(page.locator("ol.play-list > li")).to_have_count(count)
    assert_not_reloaded(page)


def expect_board(page: Page, *, half: str, outs: int, at_bat: str, runners: list) -> None:
    board = page.locator("#board")
    expect(board.locator("dd.inning")).to_have_text(half)
    expect(board.locator("dd.outs")).to_have_attribute("data-outs", str(outs))
    expect(board.locator("dd.at-bat")).to_have_attribute("data-pawn", at_bat)
    expect(board.locator('.pawn-diamond g.pawn[data-base="4"]')).to_have_attribute(
        "data-pawn", at_bat
    )
    for base, runner in enumerate(runners, start=1):
        pawn = board.locator(f'.pawn-diamond g.pawn[data-base="{base}"]')
        if runner is None:
            expect(pawn).to_have_count(0)
        else:
            expect(pawn).to_have_attribute("data-pawn", runner)


def expect_line(page: Page, side: int, cells: list[str], runs: int, hits: int) -> None:
    row = page.locator("table.line-score tbody tr").nth(side)
    expect(row.locator("td:not(.total)")).to_have_text(cells)
    expect(row.locator("td.total")).to_have_text([str(runs), str(hits)])


HIT_TO_RF = {  # the batter's line drive past the fielder at IL: die 5 >= 2
    "fielder": "IL",
    "pitcher": (2, "curve", "fly", "LF"),
    "batter": ("heater", "line-drive", "RF"),
    "die": 5,
}


def test_tap_through_the_top_of_the_first(live_server, django_user_model, page: Page) -> None:
    django_user_model.objects.create_user(username="backyard", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "backyard", PASSWORD)
    start_game(page, base_url)

    board = page.locator("#board")
    said = board.locator(".feedback .said")
    expect(page.locator("h1")).to_contain_text("Owls v Herons")
    expect(page.locator("table.line-score thead th")).to_have_text(
        ["Team", "1", "2", "3", "R", "H"]
    )
    expect_board(page, half="Top of the 1st", outs=0, at_bat="dot", runners=[None] * 3)
    expect(page.locator(".field label.space")).to_have_count(5)
    expect(page.locator("button.swap")).to_have_count(0)

    # 1. Dot lines a hit to RF. The screen asks about extending: 2 connections + 1 throw.
    tap_at_bat(page, **HIT_TO_RF)
    question = board.locator('.question[data-ask="extend"]')
    expect(question).to_contain_text("Dot goes for second.")
    expect(question.locator(".subtract")).to_have_attribute("data-subtract", "3")
    assert_not_reloaded(page)
    expect(page.locator(".plays .empty")).to_have_text("No plays yet.")
    question.locator("button.no-extend").click()
    expect_plays(page, 1)
    expect(said).to_have_text(
        "Die 5 ≥ 2: the batter's card. Dot lines a hit to RF (fielder at IL); dot takes first."
    )
    expect_board(page, half="Top of the 1st", outs=0, at_bat="plain", runners=["dot", None, None])
    expect_line(page, 0, ["0", "", ""], runs=0, hits=1)

    # 2. Plain hits to RF too; extended with no pitcher card: dot to third, plain to second.
    # Dot is due: a ghost takes dot's place on third, and the swap is offered.
    tap_at_bat(page, **HIT_TO_RF)
    question.locator('label:has(input[name="extend_runners"][value="2"])').click()
    question.locator('label:has(input[name="extend_pitcher"][value="none"])').click()
    question.locator("button.extend").click()
    expect_plays(page, 2)
    expect(said).to_contain_text("Extend: no pitcher card: dot is safe at third")
    expect(said).to_contain_text("a ghost runner takes dot's place on third")
    expect_board(
        page, half="Top of the 1st", outs=0, at_bat="dot", runners=[None, "plain", "ghost"]
    )
    expect_line(page, 0, ["0", "", ""], runs=0, hits=2)

    # 3. Swap: plain to third, the ghost to second; dot still at bat.
    swap = page.locator("button.swap")
    expect(swap).to_have_text("Swap plain (2nd) and the ghost (3rd)")
    mark_page(page)
    swap.click()
    expect_plays(page, 3)
    expect(said).to_contain_text("plain to third, the ghost to second")
    expect_board(
        page, half="Top of the 1st", outs=0, at_bat="dot", runners=[None, "ghost", "plain"]
    )
    expect(page.locator("button.swap")).to_have_count(0)

    # 4. Dot strikes out (die 1 < 9). Plain is due: a ghost on third.
    tap_at_bat(
        page, fielder="CF", pitcher=(9, "slow", "strikeout"), batter=("heater", "home-run"), die=1
    )
    expect_plays(page, 4)
    expect(said).to_contain_text("Dot strikes out.")
    expect_board(
        page, half="Top of the 1st", outs=1, at_bat="plain", runners=[None, "ghost", "ghost"]
    )

    # 5. Plain grounds to the fielder at IL: out, the runners move up and one scores.
    tap_at_bat(
        page,
        fielder="IL",
        pitcher=(2, "curve", "strikeout"),
        batter=("slow", "grounder", "IL"),
        die=4,
    )
    expect_plays(page, 5)
    expect(said).to_contain_text("Plain grounds to the fielder at IL, the runners move up")
    expect(said).to_contain_text("one run scores")
    expect_board(page, half="Top of the 1st", outs=2, at_bat="dot", runners=[None, None, "ghost"])
    expect_line(page, 0, ["1", "", ""], runs=1, hits=2)

    # A bad tap: a line drive into the infield. The engine's message, nothing recorded.
    # (The screen dims the infield spaces for a line drive; force them back to tappable.)
    page.evaluate(
        "document.querySelectorAll('.batter-face .spaces .infield').forEach("
        "e => { e.style.pointerEvents = 'auto'; e.style.opacity = '1'; })"
    )
    tap_at_bat(
        page,
        fielder="IR",
        pitcher=(2, "curve", "strikeout"),
        batter=("slow", "line-drive", "IL"),
        die=6,
    )
    expect(board.locator(".feedback .error")).to_contain_text(
        "a line drive goes only to LF, CF, RF, not IL"
    )
    expect_plays(page, 5)

    # 6. Dot bunts: the third out at once, the ghost does not score.
    tap_at_bat(
        page, fielder="CF", pitcher=(5, "curve", "fly", "CF"), batter=("slow", "bunt"), die=None
    )
    expect_plays(page, 6)
    expect(said).to_contain_text("Dot bunts: out. Three outs: end of the top of the 1st.")
    expect_board(page, half="Bottom of the 1st", outs=0, at_bat="dot", runners=[None] * 3)
    expect(page.locator("dd.at-bat")).to_have_text("Herons: dot pawn")
    expect_line(page, 0, ["1", "", ""], runs=1, hits=2)
    expect_line(page, 1, ["0", "", ""], runs=0, hits=0)
    expect(page.locator("table.line-score tbody tr.batting th")).to_have_text("Herons")

    page.reload()
    expect(page.locator("ol.play-list > li")).to_have_count(6)
    expect_line(page, 0, ["1", "", ""], runs=1, hits=2)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOT, full_page=True)
