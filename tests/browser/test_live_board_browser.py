"""Two tablets scoring one game: the scoring screen follows the game live, so a play entered
on one appears on the other within seconds, with who entered it, and the other tablet's next
tap goes through instead of being refused."""

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Play
from games.scoring import corrections, services

from .helpers import assert_not_reloaded, log_in, mark_page
from .test_offline_browser import tap

pytestmark = pytest.mark.browser

PASSWORD = "two-tablets-one-game-4"


def test_a_play_entered_on_one_tablet_appears_on_the_other(
    live_server, django_user_model, browser: Browser, page: Page
) -> None:
    ann = django_user_model.objects.create_user(username="ann", password=PASSWORD)
    django_user_model.objects.create_user(username="bob", password=PASSWORD)
    game = services.game_create(
        kind="quick-baseball", options={"innings": 3}, sides=["Owls", "Herons"], user=ann
    )
    services.scorer_add(game=game, username="bob", user=ann)
    url = f"{live_server.url}/games/{game.pk}/score/"

    log_in(page, live_server.url, "ann", PASSWORD)
    page.goto(url)
    other = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        bob = other.new_page()
        bob.set_default_timeout(10_000)
        log_in(bob, live_server.url, "bob", PASSWORD)
        bob.goto(url)
        expect(bob.locator(".plays .empty")).to_have_text("No plays yet.")
        mark_page(bob)

        tap(page, "SO1", bat="B4")
        expect(page.locator("ol.play-list > li")).to_have_count(1)

        # Bob's tablet does nothing: the board and the new line come by themselves.
        lines = bob.locator("ol.play-list > li")
        expect(lines).to_have_count(1, timeout=8_000)
        expect(lines.first).to_contain_text("Batter 1 singles on Strike Out.")
        expect(lines.first.locator(".play-by")).to_have_text("· ann")
        expect(bob.locator("button.undo")).to_have_text("Undo play 1")
        assert_not_reloaded(bob)

        # Bob's next tap follows the board he now shows: recorded, not refused.
        tap(bob, "SO2", call="Leave")
        expect(lines).to_have_count(2)
        expect(bob.locator("#board .feedback .error")).to_have_count(0)
        expect(lines.first.locator(".play-by")).to_have_text("· bob")
        # ... and it reaches Ann's screen the same way.
        expect(page.locator("ol.play-list > li")).to_have_count(2, timeout=8_000)
        expect(page.locator("#board .feedback .said")).to_contain_text(
            "Bob's tablet entered play 2: "
        )
        assert list(Play.objects.filter(game=game).values_list("seq", "created_by__username")) == [
            (1, "ann"),
            (2, "bob"),
        ]

        # Bob picks a pitch card and has not tapped the batter yet when Ann corrects play 1:
        # the board follows, and Bob's pick stays, since the board waits for the same play.
        mark_page(bob)
        bob.locator('label.pitch-card[data-card="C1"]').click()
        picked = bob.locator('label.pitch-card[data-card="C1"] input')
        expect(picked).to_be_checked()
        last = Play.objects.get(game=game, seq=2)
        corrections.play_correct(
            game=game,
            seq=1,
            after={"pitch": "SO1", "bat": "B1"},
            reason="wrong batting card",
            user=ann,
            expected=2,
            after_play=last.pk,
            revision=0,
        )
        expect(bob.locator("ol.play-list > li.corrected")).to_have_count(1, timeout=8_000)
        expect(picked).to_be_checked()
        assert_not_reloaded(bob)
    finally:
        other.close()
