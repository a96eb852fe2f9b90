"""With the Content-Security-Policy on, the scoring screen and the game page of every game
report no violation in a real browser, and taps still work."""

import pytest
from playwright.sync_api import Page, expect

from games.engines import all_engines
from games.scoring import services
from tests.browser.helpers import assert_not_reloaded, log_in, mark_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "csp-tapper-pw-9"
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def _violations(page: Page, console: list[str]) -> list[str]:
    return page.evaluate("window.__violations") + [
        text for text in console if "Content Security Policy" in text
    ]


def test_scoring_screens_run_under_the_policy(page: Page, live_server, django_user_model) -> None:
    user = django_user_model.objects.create_user("tapper", password=PASSWORD)
    made = [
        services.game_create(
            kind=engine.id, options={}, sides=list(engine.default_sides), user=user
        )
        for engine in all_engines()
    ]
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(WATCH)
    log_in(page, live_server.url, "tapper", PASSWORD)
    for game in made:
        response = page.goto(f"{live_server.url}/games/{game.pk}/score/")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        expect(page.locator("#board")).to_be_visible()
        mark_page(page)
        tap = _tap(page, game.kind)
        if tap is not None:
            with page.expect_response(lambda r: "/plays/" in r.url) as answer:
                tap.click()
            assert answer.value.status == 200
            expect(page.locator(".play-row, .plays li, #board")).not_to_have_count(0)
            assert_not_reloaded(page)
        assert _violations(page, console) == [], game.kind

        page.goto(f"{live_server.url}/games/{game.pk}/")
        expect(page.locator("#scoreboard")).to_be_visible()
        expect(page.locator("[data-print]")).to_be_visible()
        assert _violations(page, console) == [], game.kind
    assert made[0].plays.count() == 1 and made[-1].plays.count() == 1


def _tap(page: Page, kind: str):
    """Get one play ready on the screen; the button whose tap posts it (None: load only)."""
    if kind == "solitaire-baseball":
        # The picker is static JS now: a tap lays the card in the tray.
        page.locator("button.pick:not([disabled])").first.click()
        expect(page.locator(".laid-cards li")).to_have_count(1)
        return page.locator("button.play-cards")
    if kind == "quick-tennis":
        # The serve card on the server's half, one receiver card on the other.
        page.locator('fieldset.half-top label.quadrant[data-q="Q1"]').click()
        page.locator('fieldset.half-bottom label.quadrant[data-q="Q2"]').click()
        return page.locator("#play-form button.play-shot")
    if kind == "quick-baseball":
        page.locator("label.pitch-card").first.click()
        return page.locator("button.call:enabled, button.bat-card:enabled").first
    return None
