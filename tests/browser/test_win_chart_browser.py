"""The game page's win probability in a real browser: the chart is drawn (an SVG with a line
and three marked turning points, readable on a phone) with its axes and the sides' names in
sight at a phone's and a wide screen's width, the figure at a play shows under the pointer
and at the keyboard's focus, and a live page's figure follows the game without a reload."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.engines.players import play_out
from games.engines.win_probability.build import build_table
from games.kinds.records import replay_game
from games.scoring import services
from games.win import chances as win_chances
from games.win import tables as win_tables

from .helpers import assert_not_reloaded, mark_page
from .test_accessibility_browser import report, violations

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
    win_tables.store(build_table("bedard-baseball", {"innings": 3}, games=60))
    game, _ = _bedard(user, None)
    for width, height in ((1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/games/{game.pk}/")
        chart = page.locator(".win-chart svg.win-svg")
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
    win_tables.store(build_table("bedard-baseball", {"innings": 3}, games=60))
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


def _inside(page: Page, locator, width: int) -> None:
    """Each element of ``locator`` is shown, whole, within the page's width."""
    for index in range(locator.count()):
        item = locator.nth(index)
        expect(item).to_be_visible()
        box = item.bounding_box()
        assert box["width"] > 0 and box["height"] > 0
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, item.text_content()


def _figures(chances, seq: int) -> str:
    point = chances.points[seq]
    return f"Reds {point.percent(0)}%, Blues {point.percent(1)}%"


def test_the_axes_show_and_a_play_gives_its_figure(live_server, django_user_model, page: Page):
    user = django_user_model.objects.create_user("scorer", password="pw-scorer-1")
    win_tables.store(build_table("bedard-baseball", {"innings": 3}, games=60))
    game, _ = _bedard(user, None)
    game.refresh_from_db()
    chances = win_chances.for_game(game)
    plays = chances.points[-1].seq
    innings = {state.innings.inning for state in replay_game(game).states}
    for width, height in ((1366, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/games/{game.pk}/")
        chart = page.locator(".win-chart")
        chart.scroll_into_view_if_needed()
        for place, label in (("top", "100%"), ("middle", "50%"), ("bottom", "0%")):
            expect(chart.locator(f".win-y-{place}")).to_have_text(label)
        _inside(page, chart.locator(".win-y span"), width)
        labels = chart.locator(".win-x text")
        assert labels.count() >= 2
        _inside(page, labels, width)
        assert set(labels.all_text_contents()) <= {str(n) for n in innings}
        boxes = [labels.nth(i).bounding_box() for i in range(labels.count())]
        assert all(a["x"] + a["width"] <= b["x"] for a, b in zip(boxes, boxes[1:], strict=False))
        expect(chart.locator(".win-x-title")).to_have_text("Innings")
        expect(chart.locator(".win-end-first")).to_have_text("Reds")
        expect(chart.locator(".win-end-second")).to_have_text("Blues")
        _inside(page, chart.locator(".win-end"), width)
        ends = [chart.locator(f".win-end-{end}").bounding_box() for end in ("first", "second")]
        assert ends[0]["y"] + ends[0]["height"] < ends[1]["y"]  # the first side on top

        # the pointer over a play: its number, what it did and both sides' figures
        svg = chart.locator(".win-svg")
        box = svg.bounding_box()
        seq = plays // 3
        page.mouse.move(box["x"] + box["width"] * seq / plays, box["y"] + box["height"] / 2)
        readout = chart.locator(".win-readout")
        expect(readout).to_be_visible()
        expect(readout).to_contain_text(f"Play {seq} (")
        expect(readout).to_contain_text(chances.points[seq].text)
        expect(readout).to_contain_text(_figures(chances, seq))
        _inside(page, readout, width)
        expect(chart.locator(".win-cursor")).to_have_attribute("visibility", "visible")

        # the keyboard: the chart takes the focus, the arrows and Home/End pick the play
        page.mouse.move(0, 0)
        svg.focus()
        page.keyboard.press("End")
        expect(readout).to_contain_text(f"Play {plays} (")
        expect(readout).to_contain_text(_figures(chances, plays))
        page.keyboard.press("ArrowLeft")
        expect(readout).to_contain_text(f"Play {plays - 1} (")
        expect(readout).to_contain_text(_figures(chances, plays - 1))
        page.keyboard.press("Home")
        expect(readout).to_have_text(f"Before the first play: {_figures(chances, 0)}")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        chart.screenshot(path=str(ARTIFACTS / f"chart-axes-{width}x{height}.png"))

        # the same figures in the table of chances, for a screen reader or a closer look
        table = page.locator(".win-table")
        table.locator("summary").click()
        row = table.locator("tbody tr").nth(seq)
        expect(row.locator("th")).to_have_text(str(seq))
        expect(row.locator("td.num")).to_have_text(
            [f"{chances.points[seq].percent(0)}%", f"{chances.points[seq].percent(1)}%"]
        )
        found = violations(page)  # the focusable chart and its table read as WCAG asks
        assert not found, report(found)
