"""Scoring a Quick Cricket over by tapping quadrants and cards in a real browser (htmx swaps)."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_not_reloaded, log_in, mark_page, open_new_game

pytestmark = pytest.mark.browser

PASSWORD = "four-ball-over-7"
SCREENSHOT = "/tmp/qc-browser.png"


def start_game(page: Page, base_url: str) -> None:
    open_new_game(page, base_url, "Quick Cricket")
    page.locator("#id_option_overs").fill("2")
    page.locator("#id_option_innings").select_option("1")
    page.locator("#id_option_first_style").select_option("pace")
    page.locator("#id_visitors").fill("Owls")
    page.locator("#id_home").fill("Herons")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(f"{base_url}/games/*/score/")


def tap_quadrant(page: Page, name: str, quadrant: str) -> None:
    form = page.locator("#play-form")
    form.locator(f"label.quadrant:has(input[name={name}][value={quadrant}])").click()
    expect(form.locator(f"input[name={name}][value={quadrant}]")).to_be_checked()


def tap_delivery(page: Page, *, pitch: str, card: str, path: str, move: str, stroke: str) -> None:
    """Tap the Pitch, Move, Stroke, Path card and Path quadrant, then Bowl."""
    mark_page(page)
    tap_quadrant(page, "pitch", pitch)
    tap_quadrant(page, "move", move)
    tap_quadrant(page, "stroke", stroke)
    page.locator(f'label.path-card[data-card="{card}"]').click()
    expect(page.locator(f'label.path-card[data-card="{card}"] input')).to_be_checked()
    tap_quadrant(page, "path", path)
    page.locator("#play-form button.bowl").click()


def expect_plays(page: Page, count: int) -> None:
    expect(page.locator("ol.play-list > li")).to_have_count(count)
    assert_not_reloaded(page)


def expect_reviews(page: Page, owls: int, herons: int) -> None:
    reviews = page.locator("#board dd.reviews")
    expect(reviews.locator('span[data-side="0"]')).to_have_attribute("data-left", str(owls))
    expect(reviews.locator('span[data-side="1"]')).to_have_attribute("data-left", str(herons))
    expect(page.locator("article.innings-card .reviews-left")).to_have_text(
        f"Reviews left Owls {owls} · Herons {herons}"
    )


def expect_umpire_down(page: Page, down: int) -> None:
    umpire = page.locator("#board dd.umpire")
    expect(umpire).to_have_attribute("data-down", str(down))
    expect(umpire.locator("span.ump.down")).to_have_count(down)


def expect_path_cards_unused(page: Page, unused: set[str]) -> None:
    for card in "1234":
        label = page.locator(f'label.path-card[data-card="{card}"]')
        if card in unused:
            expect(label).to_have_class("path-card")
            expect(label.locator("input")).to_be_enabled()
        else:
            expect(label).to_have_class("path-card gone")
            expect(label.locator("input")).to_be_disabled()


def test_tap_through_the_first_over(live_server, django_user_model, page: Page) -> None:
    django_user_model.objects.create_user(username="scorer", password=PASSWORD)
    base_url = live_server.url
    log_in(page, base_url, "scorer", PASSWORD)
    start_game(page, base_url)

    board = page.locator("#board")
    said = board.locator(".feedback .said")
    error = board.locator(".feedback .error")
    score = board.locator(".score-line .big")
    card = page.locator('article.innings-card[data-innings="1"]')
    expect(page.locator("h1")).to_contain_text("Owls v Herons")
    expect(board.locator(".score-line .team")).to_have_text("Owls")
    expect(score).to_have_attribute("data-score", "0/0")
    expect(board.locator(".score-line .overs")).to_have_text("(0.0 ov of 2)")
    expect(board.locator("dd.style")).to_have_attribute("data-style", "pace")
    expect(board.locator("dd.style")).to_have_text("Herons · Pace (spell 1)")
    expect(board.locator("dd.fielder")).to_have_text("none")
    expect_umpire_down(page, 3)
    expect_reviews(page, 3, 3)
    expect_path_cards_unused(page, set("1234"))
    expect(card.locator("table.overs-grid .empty")).to_have_text("Nothing bowled yet.")
    expect(page.locator(".plays .empty")).to_have_text("No plays yet.")

    # The start of the spell: the fielder goes beside B (not A or D: one umpire card).
    spell = board.locator("section.spell-start")
    expect(spell.locator("h3")).to_have_text("Spell 1: Pace. Place the fielder?")
    mark_page(page)
    spell.get_by_role("button", name="Beside B").click()
    expect_plays(page, 1)
    expect(said).to_have_text("Fielder placed beside B.")
    expect(board.locator("dd.fielder")).to_have_text("beside B")
    # Answered: the question leaves the board; the fielder can still be moved until a ball.
    expect(spell).to_have_count(0)
    expect(board.locator("details.move-fielder summary")).to_contain_text("Move the fielder")

    # 1. Pitch A, Path "4" in B, move B (Path), stroke D (Empty): runs through D, 5 + 4.
    tap_delivery(page, pitch="A", card="4", path="B", move="B", stroke="D")
    expect_plays(page, 2)
    expect(said).to_have_text("Runs through D: 5 + 4 = 9 — 9/0.")
    expect(score).to_have_attribute("data-score", "9/0")
    expect(board.locator(".score-line .overs")).to_have_text("(0.1 ov of 2)")
    expect_path_cards_unused(page, set("123"))
    # Something has been bowled in the spell: the fielder stays where he is.
    expect(board.locator("section.spell-start")).to_have_count(0)

    # 2. Pitch A, Path "1" in B, move C (Empty), stroke A (Pitch): an edge, the umpire decides.
    tap_delivery(page, pitch="A", card="1", path="B", move="C", stroke="A")
    umpire = board.locator("section.question[data-ask=umpire]")
    expect(umpire.locator("h3")).to_have_text("Edge! Appeal for caught behind!")
    expect(umpire).to_contain_text("Turn 1 of the 3 face-down umpire cards")
    expect_plays(page, 2)  # a question is not a play yet
    # One tap answers the umpire: a button for each thing the card can say.
    expect(umpire.locator("button.umpire-answer")).to_have_text(["NOT OUT", "OUT"])
    umpire.get_by_role("button", name="Umpire card says NOT OUT", exact=True).click()
    # NOT OUT goes against the bowling side (the Herons), who may review.
    review = board.locator("section.question[data-ask=review]")
    expect(review.locator("h3")).to_have_text("Edge! Appeal for caught behind: NOT OUT")
    expect(review).to_contain_text("Herons (the bowling side) may review: 3 reviews left.")
    expect_plays(page, 2)
    # A tablet reloaded (or woken) mid-question still asks it, with the delivery as entered.
    page.reload()
    expect(review.locator("h3")).to_have_text("Edge! Appeal for caught behind: NOT OUT")
    mark_page(page)
    expect_plays(page, 2)
    review.get_by_role("button", name="Review: drew OUT").click()
    expect_plays(page, 3)
    expect(said).to_have_text(
        "Edge! Appeal for caught behind: NOT OUT; bowling side reviews: OUT, overturned "
        "— caught — 9/1."
    )
    expect(score).to_have_attribute("data-score", "9/1")
    expect_reviews(page, 3, 3)  # overturned: the Herons keep all three
    expect_umpire_down(page, 3)
    expect(card.locator(".fow span")).to_have_text(["9/1"])
    expect_path_cards_unused(page, {"2", "3"})

    # 3. Pitch A, Path "2" in B, move A (Pitch), stroke C (Empty): pad, appeal for LBW.
    tap_delivery(page, pitch="A", card="2", path="B", move="A", stroke="C")
    expect(umpire.locator("h3")).to_have_text("Pad! Appeal for LBW!")
    umpire.get_by_role("button", name="Umpire card says OUT", exact=True).click()
    # OUT goes against the batting side (the Owls): they review and the card confirms it.
    expect(review.locator("h3")).to_have_text("Pad! Appeal for LBW: OUT")
    expect(review).to_contain_text("Owls (the batting side) may review: 3 reviews left.")
    review.get_by_role("button", name="Review: drew OUT").click()
    expect_plays(page, 4)
    expect(said).to_have_text(
        "Pad! Appeal for LBW: OUT; batting side reviews: OUT, decision stands — LBW — 9/2."
    )
    expect(score).to_have_attribute("data-score", "9/2")
    expect_reviews(page, 2, 3)  # the decision stood: the Owls lose one
    expect_umpire_down(page, 3)
    expect(card.locator(".fow span")).to_have_text(["9/1", "9/2"])
    expect_path_cards_unused(page, {"3"})

    # An illegal tap: Path card "4" is gone this over; forced back on, the engine refuses it.
    mark_page(page)
    page.evaluate(
        "document.querySelector('label.path-card[data-card=\"4\"] input').disabled = false"
    )
    tap_delivery(page, pitch="A", card="4", path="B", move="A", stroke="A")
    expect(error).to_have_text("Path card 4 has already been used this over")
    expect(said).to_have_count(0)
    expect_plays(page, 4)
    expect(score).to_have_attribute("data-score", "9/2")
    expect(board.locator(".score-line .overs")).to_have_text("(0.3 ov of 2)")
    expect_path_cards_unused(page, {"3"})
    expect(card.locator("table.overs-grid tbody tr").first.locator("span.mark")).to_have_count(3)

    # 4. Pitch A, Path "3" in B, move A (Pitch), stroke A (Pitch): defended, end of the over.
    tap_delivery(page, pitch="A", card="3", path="B", move="A", stroke="A")
    expect_plays(page, 5)
    expect(said).to_have_text("Defended: dot ball — 9/2. End of over 1.")
    expect(error).to_have_count(0)

    # After the over.
    expect(score).to_have_attribute("data-score", "9/2")
    expect(board.locator(".score-line .overs")).to_have_text("(1.0 ov of 2)")
    expect(card.locator("h2")).to_contain_text("(1.0 ov, run rate 9.00)")
    expect(card.locator("h2 .total")).to_have_text("9/2")
    expect_path_cards_unused(page, set("1234"))
    expect(board.locator("dd.style")).to_have_attribute("data-style", "pace")
    expect(board.locator("dd.fielder")).to_have_text("beside B")
    expect(board.locator("section.spell-start")).to_have_count(0)  # same spell goes on
    expect_reviews(page, 2, 3)
    expect_umpire_down(page, 3)

    rows = card.locator("table.overs-grid tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first.locator("th")).to_have_text("1")
    expect(rows.first.locator("span.mark")).to_have_text(["9", "W", "W", "."])
    expect(rows.first.locator("span.mark")).to_have_class(
        ["mark runs", "mark wicket", "mark wicket", "mark dot"]
    )
    expect(rows.first.locator("td.num")).to_have_text("9")

    partnerships = card.locator("table.partnerships tbody tr")
    expect(partnerships.locator("th")).to_have_text(["1st wicket", "2nd wicket", "3rd wicket"])
    expect(partnerships.locator("td.runs-list")).to_have_text(["9", "", ""])
    expect(partnerships.locator("td.num")).to_have_text(["9", "0", "0*"])
    expect(partnerships.last).to_have_class("unbroken")
    expect(card.locator(".fow")).to_have_text("Fall of wickets 9/1, 9/2")

    manhattan = card.locator("svg.manhattan")
    expect(manhattan.locator("rect.bar")).to_have_count(1)
    expect(manhattan.locator("rect.bar title")).to_have_text("Over 1: 9 runs")
    expect(manhattan.locator("circle.wicket-dot")).to_have_count(2)
    worm = page.locator("svg.worm")
    expect(worm.locator("polyline.worm-line")).to_have_count(1)
    expect(worm.locator("polyline title")).to_have_text("Owls (1)")
    points = worm.locator("polyline.worm-line").get_attribute("points")
    assert points is not None and len(points.split()) == 2, points

    lines = page.locator("ol.play-list > li")
    expect(lines).to_have_count(5)
    words = [
        "Defended: dot ball — 9/2. End of over 1.",
        "Pad! Appeal for LBW: OUT; batting side reviews: OUT, decision stands — LBW — 9/2.",
        "Edge! Appeal for caught behind: NOT OUT; bowling side reviews: OUT, overturned "
        "— caught — 9/1.",
        "Runs through D: 5 + 4 = 9 — 9/0.",
        "Fielder placed beside B.",
    ]
    # Each line also names who entered the play.
    expect(lines.locator(".play-words")).to_have_text([f"{w} · scorer" for w in words])
    expect(page.locator("button.undo")).to_have_text("Undo play 5")
    assert_not_reloaded(page)

    # A fresh load of the screen shows the same over.
    page.reload()
    expect(page.locator("ol.play-list > li")).to_have_count(5)
    expect(score).to_have_attribute("data-score", "9/2")
    expect(card.locator(".fow")).to_have_text("Fall of wickets 9/1, 9/2")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOT, full_page=True)
