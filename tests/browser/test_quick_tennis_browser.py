"""Scoring the first game of a Quick Tennis match by tapping the half-courts in a real browser
(htmx swaps): an ace, a rally with a called lob and a recovery, a diagonal miss, a refused
play, an undo, and the game won; the television scoreboard follows every tap."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_not_reloaded, log_in, mark_page, open_new_game

pytestmark = pytest.mark.browser

PASSWORD = "deuce-and-advantage-7"
SCREENSHOT = "/tmp/qt-browser.png"
SIDES = {"Ann": "top", "Bea": "bottom"}  # side 0 is drawn at the top of the court


def start_match(page: Page, base_url: str) -> None:
    open_new_game(page, base_url, "Quick Tennis")
    page.locator("#id_option_sets").select_option("3")
    page.locator("#id_visitors").fill("Ann")
    page.locator("#id_home").fill("Bea")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(f"{base_url}/games/*/score/")


def tap(page: Page, player: str, quadrant: str) -> None:
    """Tap ``quadrant`` on ``player``'s half-court."""
    half = page.locator(f"#play-form fieldset.half-{SIDES[player]}")
    half.locator(f'label.quadrant[data-q="{quadrant}"]').click()
    expect(half.locator(f'label.quadrant[data-q="{quadrant}"] input')).to_be_checked()


def play(page: Page, button: str) -> None:
    mark_page(page)
    page.locator("#play-form").get_by_role("button", name=button).click()


def expect_plays(page: Page, count: int) -> None:
    expect(page.locator("ol.play-list > li")).to_have_count(count)
    assert_not_reloaded(page)


def expect_board(page: Page, *, games: tuple[int, int], points: tuple[str, str], server: str):
    board = page.locator("#board table.tv-board")
    for side, name in enumerate(("Ann", "Bea")):
        row = board.locator(f'tr[data-side="{side}"]')
        expect(row.locator(".name")).to_have_text(name)
        expect(row.locator("td.tv-current")).to_have_text(str(games[side]))
        expect(row.locator("td.tv-points")).to_have_text(points[side])
        expect(row.locator(".serve-mark")).to_have_text("●" if name == server else "")
    expect(board.locator("tr.serving")).to_have_count(1)


def test_tap_through_the_first_game(live_server, django_user_model, page: Page) -> None:
    django_user_model.objects.create_user(username="scorer", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "scorer", PASSWORD)
    start_match(page, base_url)

    board = page.locator("#board")
    form = page.locator("#play-form")
    said = board.locator(".feedback .said")
    error = board.locator(".feedback .error")
    recover = form.locator("label.toggle.recover")
    expect(page.locator("h1")).to_contain_text("Ann v Bea")
    expect_board(page, games=(0, 0), points=("0", "0"), server="Ann")
    expect(form).to_have_attribute("data-phase", "serve")
    expect(form.locator("fieldset.half-top legend")).to_contain_text("Ann serves")
    expect(form.locator("fieldset.half-bottom legend")).to_contain_text("Bea receives")
    expect(page.locator(".plays .empty")).to_have_text("No plays yet.")

    # 1. An ace: Ann serves to Q2, Bea covers Q1, Q3 and Q4 (a fourth card cannot be added).
    tap(page, "Ann", "Q2")
    for quadrant in ("Q1", "Q3", "Q4"):
        tap(page, "Bea", quadrant)
    expect(form.locator('fieldset.half-bottom input[value="Q2"]')).to_be_disabled()
    play(page, "Serve")
    expect_plays(page, 1)
    expect(said).to_have_text(
        "Ace: the serve to Q2 beats the receiver's Q1, Q3 and Q4. Point to the server: 15–0."
    )
    expect_board(page, games=(0, 0), points=("15", "0"), server="Ann")

    # 2. A rally: the serve to Q4 is covered; Bea lobs to Q3, Ann went to Q4 and recovers.
    tap(page, "Ann", "Q4")
    tap(page, "Bea", "Q4")
    play(page, "Serve")
    expect_plays(page, 2)
    expect(form).to_have_attribute("data-phase", "rally")
    expect(board.locator(".tv-rally")).to_have_text("Rally: Bea has the ball in Q4 · shot 2")
    expect(form.locator("fieldset.half-bottom legend")).to_contain_text("Bea hits")
    expect(form.locator("fieldset.half-bottom label.quadrant.ball")).to_have_attribute(
        "data-q", "Q4"
    )
    expect(recover).to_be_hidden()  # nothing tapped yet
    tap(page, "Bea", "Q3")
    tap(page, "Ann", "Q3")
    expect(recover).to_be_hidden()  # the same quadrant: Ann got there
    tap(page, "Ann", "Q4")
    expect(recover).to_be_visible()  # Q3 and Q4 are side by side: Ann may recover
    recover.click()
    form.locator("label.toggle.call", has_text="Lob").click()
    play(page, "Play the shot")
    expect_plays(page, 3)
    expect(said).to_have_text(
        "The receiver lobs to Q3; the server went to Q4 and recovers with another card: roles swap."
    )
    expect(board.locator(".tv-cards")).to_have_text("Cards: Ann 3 · Bea 4")
    expect(form.locator("fieldset.half-top legend")).to_contain_text("Ann hits")

    # A recovery from a diagonal move is refused, even when forced onto the form.
    tap(page, "Ann", "Q1")
    tap(page, "Bea", "Q4")
    expect(recover).to_be_hidden()
    page.evaluate(
        "var r = document.querySelector('label.toggle.recover');"
        "r.hidden = false; r.querySelector('input').checked = true;"
    )
    play(page, "Play the shot")
    expect(error).to_contain_text(
        "Recover: the ball went to Q1 and the receiver to Q4, a diagonal move"
    )
    expect_plays(page, 3)
    expect_board(page, games=(0, 0), points=("15", "0"), server="Ann")

    # 3. The same shot without recovery: a diagonal miss is Ann's point.
    tap(page, "Ann", "Q1")
    tap(page, "Bea", "Q4")
    play(page, "Play the shot")
    expect_plays(page, 4)
    expect(said).to_have_text(
        "The server hits to Q1; the receiver went to Q4: a diagonal, no recovery. "
        "Point to the server: 30–0."
    )
    expect(error).to_have_count(0)
    expect_board(page, games=(0, 0), points=("30", "0"), server="Ann")

    # 4. An ace, taken back with undo, and served again.
    tap(page, "Ann", "Q1")
    tap(page, "Bea", "Q2")
    play(page, "Serve")
    expect_plays(page, 5)
    expect_board(page, games=(0, 0), points=("40", "0"), server="Ann")
    mark_page(page)
    board.get_by_role("button", name="Undo play 5").click()
    expect(said).to_have_text("Play 5 undone.")
    expect_plays(page, 4)
    expect_board(page, games=(0, 0), points=("30", "0"), server="Ann")
    tap(page, "Ann", "Q3")
    tap(page, "Bea", "Q2")
    play(page, "Serve")
    expect_plays(page, 5)
    expect_board(page, games=(0, 0), points=("40", "0"), server="Ann")

    # 5. A last ace: the game to Ann, and Bea serves the next one.
    tap(page, "Ann", "Q2")
    tap(page, "Bea", "Q1")
    tap(page, "Bea", "Q4")
    play(page, "Serve")
    expect_plays(page, 6)
    expect(said).to_have_text(
        "Ace: the serve to Q2 beats the receiver's Q1 and Q4. "
        "Game to the server, who leads 1–0 in games."
    )
    expect_board(page, games=(1, 0), points=("0", "0"), server="Bea")
    expect(board.locator(".tv-rally")).to_have_text("Bea to serve")
    expect(form.locator("fieldset.half-bottom legend")).to_contain_text("Bea serves")
    expect(form.locator("fieldset.half-top legend")).to_contain_text("Ann receives")
    expect(page.locator("ol.play-list > li").first.locator(".play-score")).to_have_text("1–0 0–0")
    page.screenshot(path=SCREENSHOT, full_page=True)

    # The public page shows the same board.
    page.goto(page.url.replace("/score/", "/"))
    expect(page.locator("#scoreboard table.tv-board tr.serving .name")).to_have_text("Bea")
    expect(page.locator('#scoreboard tr[data-side="0"] td.tv-current')).to_have_text("1")
    expect(page.locator(".tennis-stats")).to_contain_text("Aces")
