"""The league's Cards page in a real browser, on a phone and on a tablet: the organiser picks
a built-in catalogue, "Load" swaps in its cards as the scoring screen draws them with the
preview of a few plays (htmx, no reload), and "Save the cards" keeps it for new games. The
page never scrolls sideways (the wide tables scroll in their own box)."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.engines import catalogues
from games.models import League

from .helpers import assert_not_reloaded, log_in, mark_page

pytestmark = pytest.mark.browser

PASSWORD = "cards-on-the-table-9"
ARTIFACTS = Path("test-artifacts") / "cards"
SIZES = [(390, 844), (1024, 768)]
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_an_organiser_picks_a_built_in_sees_the_cards_and_saves(
    live_server, django_user_model, page: Page, width: int, height: int
) -> None:
    organiser = django_user_model.objects.create_user("organiser", password=PASSWORD)
    league = League.objects.create(
        name="Tuesday Club", slug="tuesday", kind="quick-baseball", options={"innings": 1}
    )
    league.organisers.add(organiser)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, live_server.url, "organiser", PASSWORD)

    page.goto(f"{live_server.url}/leagues/tuesday/manage/")
    page.get_by_role("link", name="Cards…").click()
    expect(page.locator("h1")).to_contain_text("Cards")
    default = catalogues.label("quick-baseball", catalogues.default_name("quick-baseball"))
    expect(page.locator(".cards-now")).to_contain_text(default)

    mark_page(page)
    page.get_by_label("Start from").select_option("first-reconstruction")
    page.get_by_role("button", name="Load").click()
    older = catalogues.label("quick-baseball", "first-reconstruction")
    expect(page.locator(".cards-now")).to_contain_text(older)
    assert_not_reloaded(page)
    # The cards as the scoring screen draws them: C1 with its two border colours.
    c1 = page.locator('.card-faces .pitch-card[data-card="C1"]')
    expect(c1).to_be_visible()
    expect(c1).to_have_attribute("aria-label", "C1: Caught, green and yellow borders")
    expect(page.locator('.card-faces .bat-card[data-card="B2"]')).to_be_visible()
    expect(page.locator("table.preview-plays tbody tr")).to_have_count(10)
    expect(page.locator("table.matchups")).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS), f"the Cards page scrolls sideways at {width}×{height}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"league-cards-{width}x{height}.png", full_page=True)

    page.get_by_role("button", name="Save the cards").click()
    expect(page.locator(".messages, [role=status], .message").first).to_contain_text("Cards saved")
    league.refresh_from_db()
    assert league.options["catalogue"] == catalogues.reference(
        "quick-baseball", "first-reconstruction"
    )
    expect(page.locator(".cards-now")).to_contain_text(older)
    assert page.evaluate(NO_SIDEWAYS)
    assert not errors, errors
