"""The game page's win probability in a real browser: the chart is drawn (an SVG with a line
and three marked turning points, readable on a phone), and a live page's figure follows the
game without a reload."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.engines.players import play_out
from games.engines.win_probability.build import build_table
from games.scoring import services
from games.win import tables as win_tables

from .helpers import assert_not_reloaded, mark_page

pytestmark = pytest.mark.browser
ARTIFACTS = Path("test-artifacts") / "win-probability"


def _bedard(user, plays: int | None):
    game = services.game_create(
        kind="bedard-baseball", options={"innings": 3}, sides=["Reds", "Blues"], user=user
    )
    played = play_out("bedard-baseball", {"innings": 3}, 3)
    for seq, raw in enumerate(played.plays[:plays], start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)
    return game, played


def test_the_chart_and_turning_points_are_drawn(live_server, django_user_model, page: Page):
    user = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    win_tables.store(build_table("bedard-baseball", {}, games=60))
    game, _ = _bedard(user, None)
    for width, height in ((1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/games/{game.pk}/")
        chart = page.locator(".win-chart svg")
        expect(chart).to_be_visible()
        box = chart.bounding_box()
        assert box["width"] > 300 and box["height"] > 100
        assert box["x"] + box["width"] <= width  # no sideways scroll on a phone
        expect(page.locator(".win-chart circle.win-mark")).to_have_count(3)
        expect(page.locator("ol.turning-points > li")).to_have_count(3)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"chart-{width}x{height}.png"), full_page=True)


def test_a_live_pages_figure_follows_the_game(live_server, django_user_model, page: Page):
    user = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    win_tables.store(build_table("bedard-baseball", {}, games=60))
    game, played = _bedard(user, 30)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    figure = page.locator(".win-probability .win-now")
    expect(figure).to_contain_text("Reds")
    mark_page(page)
    before = page.locator(".win-chart polyline").get_attribute("points")
    for seq in range(31, 37):
        services.play_record(game=game, raw=played.plays[seq - 1], expected_seq=seq, user=user)
    page.wait_for_function(
        "before => document.querySelector('.win-chart polyline').getAttribute('points') !== before",
        arg=before,
        timeout=10_000,
    )
    assert_not_reloaded(page)
