"""The "Not allowed" page at 1024×768, 768×1024, 1366×1024 and 390×844, for someone who is
not a game's scorer: it says who adds scorers and where on the site, links back to the game,
gives a visitor a log-in link that leads back to the scoring screen, and fits the screen."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.scoring import services

from .helpers import log_in

pytestmark = pytest.mark.browser

PASSWORD = "ask-the-creator-21"
SIZES = [(1024, 768), (768, 1024), (1366, 1024), (390, 844)]


def _fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways ({width} px)"


@pytest.fixture
def game(live_server):
    users = get_user_model().objects
    ann = users.create_user(username="ann", password=PASSWORD)
    users.create_user(username="bob", password=PASSWORD)
    return services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Owls", "Herons"], user=ann
    )


@pytest.mark.parametrize("width,height", SIZES)
def test_a_signed_in_stranger_learns_how_to_become_a_scorer(
    live_server, page: Page, game, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, live_server.url, "bob", PASSWORD)
    page.goto(f"{live_server.url}/games/{game.pk}/score/")
    expect(page.get_by_role("heading", name="Not allowed")).to_be_visible()
    help_ = page.locator(".scorer-help")
    expect(help_.get_by_role("heading", name="How to score this game")).to_be_visible()
    expect(help_).to_contain_text("signed in as bob")
    expect(help_).to_contain_text("Only ann, who started this game, can add scorers")
    expect(help_).to_contain_text("opens Scorers, types your username in Add a scorer by username")
    expect(help_.get_by_role("link", name="log in")).to_have_count(0)
    _fits(page)
    page.get_by_role("link", name="Back to the game: Owls v Herons").click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")


@pytest.mark.parametrize("width,height", SIZES)
def test_a_visitor_tapping_is_offered_a_log_in_back_to_the_scoring_screen(
    live_server, page: Page, game, width: int, height: int
) -> None:
    """A play posted by a visitor (the session ended while the screen was open) is refused
    with the page, whose log-in link brings the scorer back to the scoring screen."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate(
        """url => {
            const form = document.createElement("form");
            form.method = "post";
            form.action = url;
            for (const [name, value] of [
                ["csrfmiddlewaretoken", document.querySelector("[name=csrfmiddlewaretoken]").value],
                ["expected", "1"], ["pitch", "SO1"], ["bat", "B4"],
            ]) {
                const input = document.createElement("input");
                input.type = "hidden"; input.name = name; input.value = value;
                form.append(input);
            }
            document.body.append(form);
            form.submit();
        }""",
        f"/games/{game.pk}/plays/",
    )
    expect(page.get_by_role("heading", name="Not allowed")).to_be_visible()
    expect(page.locator(".scorer-help")).to_contain_text("You are not signed in.")
    _fits(page)
    page.locator(".scorer-help").get_by_role("link", name="log in").click()
    page.locator("#id_username").fill("ann")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/score/")
    assert game.plays.count() == 0
