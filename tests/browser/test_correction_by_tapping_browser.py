"""Correcting a play by tapping, in a real browser: the correction form shows the
game's own controls with the play recorded chosen; a tap saves the correction."""

import pytest
from playwright.sync_api import Page, expect

from games.scoring import services

from .helpers import log_in

pytestmark = pytest.mark.browser

PASSWORD = "fix-the-tap-by-tapping-3"
SCREENSHOT = "/tmp/correction-by-tapping.png"


def test_a_quick_baseball_play_is_corrected_by_tapping(
    live_server, django_user_model, page: Page
) -> None:
    user = django_user_model.objects.create_user(username="umpire", password=PASSWORD)
    game = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Owls", "Herons"], user=user
    )
    for seq, raw in enumerate([{"pitch": "SO1", "bat": "B4"}, {"pitch": "C1", "call": "leave"}]):
        services.play_record(game=game, raw=raw, expected_seq=seq + 1, user=user)
    base_url = live_server.url
    log_in(page, base_url, "umpire", PASSWORD)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{base_url}/games/{game.pk}/plays/2/correct/")

    form = page.locator("#play-form")
    expect(form.locator('label.pitch-card[data-card="C1"] input')).to_be_checked()
    expect(form.locator('label.pitch-card[data-card="SO1"] input')).to_be_disabled()  # played
    expect(form.locator("button.call", has_text="Leave")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("details.advanced-correction")).not_to_have_attribute("open", "")
    page.screenshot(path=SCREENSHOT, full_page=True)

    # The reason is asked first: a tap without one saves nothing.
    form.locator('button.bat-card[data-card="B2"]').click()
    expect(page).to_have_url(f"{base_url}/games/{game.pk}/plays/2/correct/")
    form.get_by_label("Why is it corrected?").fill("the batter played B2")
    form.locator('button.bat-card[data-card="B2"]').click()
    page.wait_for_url(f"{base_url}/games/{game.pk}/")
    expect(page.locator(".messages, [role=status]").first).to_contain_text("Play 2 corrected")
    payloads = list(game.plays.order_by("seq").values_list("payload", flat=True))
    assert payloads[1] == {"pitch": "C1", "bat": "B2"}
