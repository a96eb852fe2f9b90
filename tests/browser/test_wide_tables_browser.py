"""Wide tables scroll inside their own box, never the page: at 1024×768, 768×1024, 1366×1024
and 390×844 the games list and the standings of a league of every game (the demo's: baseball,
cricket, solitaire and tennis families) are no wider than the screen. A table wider than its
box says so (a line above it) and fades its right edge while more columns lie to the right
(games/static/games/wide-table.js); one that fits shows no such line."""

import pytest
from playwright.sync_api import Page, expect

from games.management import demo
from games.models import League

pytestmark = pytest.mark.browser

SIZES = [(1024, 768), (768, 1024), (1366, 1024), (390, 844)]


def _fits(page: Page, path: str) -> None:
    width, screen = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= screen, f"{path} scrolls sideways at {screen} px: {width} px wide"


def _cue_matches(page: Page, path: str) -> bool:
    """Each wide table's cue is on show exactly when the table is wider than its box, and
    its fade goes once the box is scrolled to the end. Whether any table was wider."""
    any_wider = False
    for index in range(page.locator(".wide-table").count()):
        box = page.locator(".wide-table").nth(index)
        hint = page.locator(".scroll-hint").nth(index)
        wider = box.evaluate("el => el.scrollWidth > el.clientWidth + 1")
        if wider:
            any_wider = True
            expect(hint).to_be_visible()
            expect(hint).to_have_text("The table scrolls sideways: more columns →")
            expect(box).to_have_attribute("data-more-right", "")
            mask = box.evaluate("el => getComputedStyle(el).maskImage")
            assert "gradient" in mask, f"{path}: no fade on the table's right edge"
            box.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
            expect(box).not_to_have_attribute("data-more-right", "")
            box.evaluate("el => { el.scrollLeft = 0; }")
        else:
            expect(hint).to_be_hidden()
            expect(box).not_to_have_attribute("data-more-right", "")
    return any_wider


def test_the_games_list_and_every_standings_table_fit_the_screen(live_server, page: Page) -> None:
    demo.load_demo()  # once for every size: it plays a few dozen games
    paths = ["/"] + [
        f"/leagues/{league.slug}/{league.seasons.get().slug}/standings/"
        for league in League.objects.order_by("name")
    ]
    families = {league.kind for league in League.objects.all()}
    assert {"quick-baseball", "quick-cricket", "solitaire-baseball", "quick-tennis"} <= families
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        wider = []
        for path in paths:
            page.goto(f"{live_server.url}{path}")
            _fits(page, path)
            expect(page.locator(".wide-table").first).to_be_visible()
            if _cue_matches(page, path):
                wider.append(path)
        if width == 390:
            # On a phone the baseball, cricket and tennis tables are wider than the screen:
            # the cue is shown, not merely allowed.
            assert len(wider) >= 3, wider
