"""The season page at 1024×768, 768×1024, 1366×1024 and 390×844: its tabs show only the page
on show as current (aria-current="page" and the filled style, nowhere else), and its results
keep the league fixtures and the cups' games apart, each count agreeing with its list and the
league's with the standings; the page never scrolls sideways."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.leagues.cups import services as cups
from tests.leagues.conftest import make_league, play_fixture, play_out

pytestmark = pytest.mark.browser

SIZES = [(1024, 768), (768, 1024), (1366, 1024), (390, 844)]
TABS = ["Games", "Standings", "Stats", "Records"]


@pytest.fixture
def season_url(live_server) -> str:
    """Three league fixtures played and two games of a cup: five finals on the page, three
    of them in the standings."""
    organiser = get_user_model().objects.create_user(username="org")
    league, season, teams = make_league(
        options={"innings": 1}, teams=("Giants", "Yankees", "Mets", "Cubs")
    )
    league.organisers.add(organiser)
    for seed, (away, home) in enumerate([(0, 1), (2, 3), (0, 2)]):
        play_fixture(season, teams[away], teams[home], organiser, seed=seed)
    cup = cups.cup_create(season=season, user=organiser, name="Autumn Cup", teams=teams)
    for seed in (11, 12):
        fixture = cup.fixtures.filter(game__isnull=True, tie__round=1).order_by("id").first()
        play_out(cups.tie_start(fixture=fixture, user=organiser), organiser, seed=seed)
    return f"{live_server.url}/leagues/{league.slug}/{season.slug}/"


def _tabs_show_current(page: Page, current: str) -> None:
    tabs = page.get_by_role("navigation", name="Season pages").get_by_role("link")
    expect(tabs).to_have_text(TABS)
    marked = page.locator('nav[aria-label="Season pages"] a[aria-current="page"]')
    expect(marked).to_have_count(1)
    expect(marked).to_have_text(current)
    look = "el => { const s = getComputedStyle(el); return [s.backgroundColor, s.color]; }"
    styles = {name: tabs.get_by_text(name, exact=True).evaluate(look) for name in TABS}
    others = [styles[name] for name in TABS if name != current]
    assert all(style == others[0] for style in others), styles
    assert styles[current] != others[0], f"{current} is not drawn as the current tab: {styles}"


def _count(text: str, pattern: str) -> int:
    found = re.search(pattern, text)
    assert found, f"{pattern!r} not in {text!r}"
    return int(found.group(1))


def test_the_season_page_tabs_and_results_at_every_size(season_url: str, page: Page) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(season_url)
        _tabs_show_current(page, "Games")
        # No button beside the tabs is drawn as a current tab either.
        expect(page.locator(".page-head a.button:not(.button-quiet)")).to_have_count(0)

        league = page.locator("section", has=page.locator("#results-h"))
        cup = page.locator("section", has=page.locator("#cup-results-h"))
        expect(league.locator("h2")).to_have_text("League results")
        expect(cup.locator("h2")).to_have_text("Cup results")
        league_count = _count(
            league.locator(".results-count").inner_text(), r"(\d+) final league games?"
        )
        cup_count = _count(cup.locator(".results-count").inner_text(), r"(\d+) final cup games?")
        assert league_count == league.locator(".match.status-final").count() == 3
        assert cup_count == cup.locator(".match.status-final").count() == 2
        expect(cup.locator(".cup-label")).to_have_text(["Autumn Cup", "Autumn Cup"])
        expect(league.locator(".cup-label")).to_have_count(0)
        width_now = page.evaluate("document.documentElement.scrollWidth")
        assert width_now <= width, f"the season page scrolls sideways at {width} px"

        page.get_by_role("navigation", name="Season pages").get_by_role(
            "link", name="Standings"
        ).click()
        page.wait_for_url(f"{season_url}standings/")
        _tabs_show_current(page, "Standings")
        meta = page.locator(".standings-meta").inner_text()
        assert _count(meta, r"from (\d+) final league games?") == league_count
