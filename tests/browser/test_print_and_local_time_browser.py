"""The game page in the viewer's time zone (games/static/games/local-time.js), its printed
scoresheet on one sheet of A4 or Letter (games/static/games/print.css), and a removal on the
organisers' pages confirmed in place (htmx)."""

from __future__ import annotations

import datetime
import json
import random

import pytest
from playwright.sync_api import Browser, Page, expect

from games.archive import imports
from games.bench.players import generate
from games.engines import EngineError, get
from games.models import Fixture, Game
from games.scoring import services
from tests.leagues.conftest import make_league

from .helpers import assert_not_reloaded, log_in, mark_page

pytestmark = pytest.mark.browser

STARTED = datetime.datetime(2026, 5, 2, 18, 45, tzinfo=datetime.UTC)
FINISHED = datetime.datetime(2026, 5, 2, 19, 30, tzinfo=datetime.UTC)


def _text(locator) -> str:
    # Chromium's ICU puts a narrow no-break space before AM/PM.
    return locator.inner_text().replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(
    ("zone", "started", "finished"),
    [
        ("America/New_York", "May 2, 2026, 2:45 PM EDT", "May 2, 2026, 3:30 PM EDT"),
        ("Asia/Kolkata", "May 3, 2026, 12:15 AM GMT+5:30", "May 3, 2026, 1:00 AM GMT+5:30"),
    ],
)
def test_times_are_shown_in_the_viewers_zone(
    live_server, django_user_model, browser: Browser, zone, started, finished
) -> None:
    user = django_user_model.objects.create_user("clock")
    game = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Owls", "Herons"], user=user
    )
    Game.objects.filter(pk=game.pk).update(created_at=STARTED, finished_at=FINISHED)
    context = browser.new_context(timezone_id=zone, locale="en-US")
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        times = page.locator(".game-context time")
        expect(times.first).not_to_have_text("2 May 2026 18:45 UTC")
        assert [_text(times.nth(0)), _text(times.nth(1))] == [started, finished]
        assert times.nth(0).get_attribute("title") == "2 May 2026 18:45 UTC"
        assert times.nth(0).get_attribute("datetime") == "2026-05-02T18:45:00Z"
        page.goto(f"{live_server.url}/")
        listed = page.locator(".game-list time").first
        expect(listed).to_have_attribute("title", "2 May 2026 18:45 UTC")
        assert _text(listed) == started
    finally:
        context.close()


# The printed scoresheet


def _patient_cricket(seed: int) -> list[dict]:
    """A whole Quick Cricket game that lasts: random legal plays, a wicket taken only now
    and then (a uniformly random player is all out in five overs), never a declaration."""
    engine = get("quick-cricket")
    state = engine.initial_state(engine.options({}))
    rng = random.Random(seed)
    plays: list[dict] = []
    while not engine.is_over(state):
        candidates = [c for c in engine.candidate_plays(state) if "declare" not in c]
        rng.shuffle(candidates)
        chosen = None
        for raw in candidates:
            try:
                after, _ = engine.play(state, raw)
            except EngineError:
                continue
            chosen = chosen or (raw, after)
            wickets = [i.wickets for i in state.innings]
            if [i.wickets for i in after.innings[: len(wickets)]] == wickets or rng.random() < 0.08:
                chosen = (raw, after)
                break
        assert chosen is not None
        plays.append(chosen[0])
        state = chosen[1]
    return plays


# A finished game of each kind as leagues play them: the engines' default options (a nine
# innings Quick Baseball game, 16 overs a side of Quick Cricket, best of three sets), but
# three innings of Bedard's game (a random player's nine innings run to some 2,600 plays).
GAMES = [
    ("quick-baseball", {}),
    ("quick-cricket", {}),
    ("backyard-baseball", {}),
    ("bedard-baseball", {"innings": 3}),
    ("solitaire-baseball", {}),
    ("quick-tennis", {}),
]
SHEETS = {
    "quick-baseball": ".line-score",
    "quick-cricket": ".scorecard",
    "backyard-baseball": ".line-score",
    "bedard-baseball": ".line-score",
    "solitaire-baseball": ".scoreboard",
    "quick-tennis": ".tennis-stats",
}


def _finished_game(kind: str, options: dict, user) -> Game:
    league, season, _ = make_league(kind, options=options)
    checked = get(kind).options(options)
    if kind == "quick-cricket":
        plays = _patient_cricket(seed=3)
    else:
        generated = generate(kind, options, limit=5000, seed=1)
        assert generated.over
        plays = list(generated.plays)
    record = {
        "game": kind,
        "options": {k: v for k, v in checked.items() if k != "catalogue"},
        "sides": list(get(kind).default_sides),
        "plays": plays,
    }
    game, _ = imports.import_text(text=json.dumps(record), season=season, user=user)
    assert game.finished_at is not None
    return game


def _pages(pdf: bytes) -> int:
    return pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


def test_the_scoresheet_prints_on_one_page(live_server, django_user_model, page: Page) -> None:
    user = django_user_model.objects.create_user("printer")
    games = [_finished_game(kind, options, user) for kind, options in GAMES]
    # Printed with the print stylesheet (page.pdf prints as the emulated media says).
    page.emulate_media(media="print")
    for game in games:
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(f"{live_server.url}/games/{game.pk}/")
        for paper in ("A4", "Letter"):
            assert _pages(page.pdf(format=paper)) == 1, (game.kind, paper)
        # The page as printed on A4 (210 × 297 mm less 10 mm margins, at 96 px an inch): the
        # game's sheet is whole, the play-by-play fills the rest, the footer is on the page.
        page.set_viewport_size({"width": 718, "height": 1047})
        sheet = page.locator(SHEETS[game.kind]).first
        expect(sheet).to_be_visible()
        assert page.evaluate(
            """() => { const b = document.getElementById('scoreboard');
                       return b.scrollHeight <= b.clientHeight + 1; }"""
        ), f"{game.kind}: the scoresheet is cut"
        footer = page.locator(".print-footer").bounding_box()
        assert footer["y"] + footer["height"] <= 1047, game.kind
        shown = page.evaluate(
            """() => { const list = document.getElementById('play-list').getBoundingClientRect();
                       return [...document.querySelectorAll('.play-line')].filter(line => {
                         const r = line.getBoundingClientRect();
                         return r.bottom <= list.bottom && r.right <= list.right; }).length; }"""
        )
        assert shown >= 10, (game.kind, shown)
        expect(page.locator(".site-header")).to_be_hidden()


# Removals on the organisers' pages ask first, in place


def test_removing_a_fixture_asks_in_place(live_server, django_user_model, page: Page) -> None:
    organiser = django_user_model.objects.create_user("organiser", password="pw-organiser-1")
    league, season, (giants, yankees, _) = make_league("quick-baseball", {"innings": 1})
    league.organisers.add(organiser)
    fixture = Fixture.objects.create(season=season, away=giants, home=yankees)
    log_in(page, live_server.url, "organiser", "pw-organiser-1")
    page.goto(f"{live_server.url}/leagues/{league.slug}/manage/seasons/{season.slug}/")
    mark_page(page)
    row = page.locator(f"#fixture-{fixture.pk}")
    start = row.get_by_role("button", name="Start the game").bounding_box()
    remove = row.get_by_role("link", name="Remove the fixture Giants at Yankees…")
    assert remove.bounding_box()["x"] - (start["x"] + start["width"]) > 100
    remove.click()
    expect(row).to_contain_text("Remove the fixture Giants at Yankees?")
    row.get_by_role("link", name="Keep").click()
    expect(row.get_by_role("button", name="Start the game")).to_be_visible()
    assert_not_reloaded(page)
    row.get_by_role("link", name="Remove the fixture Giants at Yankees…").click()
    row.get_by_role("button", name="Remove the fixture").click()
    expect(page.locator(".messages")).to_contain_text("Fixture removed: Giants at Yankees.")
    assert not Fixture.objects.filter(pk=fixture.pk).exists()
