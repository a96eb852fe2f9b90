"""The table screen fits the table (issue 14): at 1024×768, 768×1024, 1366×1024 and 390×844,
every game's scoring screen shows the main action, Undo and the last result without scrolling,
and nothing is wider than the screen. A screenshot per game and size is kept in
``test-artifacts/layout/`` for people to look at.

Each game is made with two plays; the screen then taps Undo, so the board asks its main
question (the next play), the answer's result line is on show and Undo is still there; the
checks are made again with a long result line. One browser context per size; the games are
played forward again between sizes. ``room.txt`` says how low the lowest checked control is."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games import services
from games.selectors import replay_game

from .helpers import log_in

pytestmark = pytest.mark.browser

PASSWORD = "fits-the-table-14"
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "layout"
SIZES = [(1024, 768), (768, 1024), (1366, 1024), (390, 844)]

# kind: (sides, options, the main action's selectors); on tablets also TABLET_ONLY.
GAMES = {
    "quick-baseball": (
        ["Giants", "Mets"],
        {},
        ["#play-form .pitch-card:last-child", "#play-form .bat-card:last-child", ".call"],
    ),
    "quick-cricket": (["Lions", "Tigers"], {}, ["button.bowl", ".step .toggle.no-ball"]),
    "backyard-baseball": (["Pablo", "Pete"], {}, ["button.play", ".die-choice:last-child"]),
    "bedard-baseball": (
        ["Aces", "Kings"],
        {},
        [".answer-picker .suit-row:last-child .pick:last-child", ".lead-picker .pick"],
    ),
    "solitaire-baseball": (["Casey"], {}, ["button.play-cards", ".pick-row:last-child .pick"]),
    "quick-tennis": (["Ann", "Bea"], {}, ["button.play-shot"]),
}
ALWAYS = ["button.undo", ".feedback .said"]
LONG = (
    "Edge! Appeal for caught behind: NOT OUT; bowling side reviews: OUT, overturned — caught — 9/1."
)
# Backyard's two card faces (35 chips) are below the die and Play on a phone.
TABLET_ONLY = {
    "backyard-baseball": [
        ".pitcher-face .spaces .chip-choice:last-child",
        ".batter-face .spaces .chip-choice:last-child",
    ]
}


def _legal(game) -> dict:
    state = replay_game(game).final_state
    plays = [
        p
        for p in game.engine.legal_plays(state)
        if "declare" not in p and "rain" not in p and list(p) != ["fielder"]
    ]
    # A plain play, not one that stops to ask a question (bobble, extend, had_suit).
    return plays[0]


def _play_to(game, user, length: int) -> None:
    while game.plays.count() < length:
        services.play_record(
            game=game, raw=_legal(game), expected_seq=game.plays.count() + 1, user=user
        )


def _outside(page: Page, selector: str, width: int, height: int) -> str | None:
    """Why the first element matching ``selector`` is not wholly on screen, or None."""
    found = page.locator(selector)
    box = found.first.bounding_box(timeout=1_000) if found.count() else None
    if box is None:
        return f"{selector}: not shown"
    x, y, w, h = box["x"], box["y"], box["width"], box["height"]
    if x < -0.5 or y < -0.5 or x + w > width + 0.5 or y + h > height + 0.5:
        return f"{selector}: at x {x:.0f}-{x + w:.0f}, y {y:.0f}-{y + h:.0f}"
    covered = found.first.evaluate(
        """el => {
            const box = el.getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return el.contains(hit) ? null : (hit ? hit.tagName + "." + hit.className : "nothing");
        }"""
    )
    if covered:
        return f"{selector}: covered by {covered}"
    return None


def _too_wide(page: Page) -> str | None:
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if scroll <= inner:
        return None
    # The outermost elements that stick out, to say what to fix.
    culprits = page.evaluate(
        """() => [...document.querySelectorAll("body *")].filter(el => {
            const right = el.getBoundingClientRect().right;
            const parent = el.parentElement.getBoundingClientRect().right;
            return right > innerWidth + 0.5 && parent <= innerWidth + 0.5;
        }).slice(0, 3).map(el => el.tagName.toLowerCase() + "." + el.className)"""
    )
    return f"page {scroll} px wide in {inner} ({', '.join(culprits)})"


def _check_screen(page: Page, base_url: str, game, kind: str, width: int, height: int):
    """Tap Undo on ``game``'s scoring screen, keep a screenshot, and list what does not fit;
    also the lowest bottom edge of what was checked, to show the room left."""
    problems, bottom = [], 0.0
    page.goto(f"{base_url}/games/{game.pk}/score/")
    page.locator("button.undo").click()
    expect(page.locator(".feedback .said")).to_have_text("Play 2 undone.")
    expect(page.locator("button.undo")).to_have_text("Undo play 1")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTEFACTS / f"{kind}-{width}x{height}.png"))
    extra = TABLET_ONLY.get(kind, []) if width > 600 else []
    for selector in GAMES[kind][2] + ALWAYS + extra:
        if why := _outside(page, selector, width, height):
            problems.append(f"{kind} {width}x{height}: {why}")
        elif box := page.locator(selector).first.bounding_box():
            bottom = max(bottom, box["y"] + box["height"])
    if why := _too_wide(page):
        problems.append(f"{kind} {width}x{height}: {why}")
    # A long result (a real cricket line) must not push the action off the screen either.
    page.locator(".feedback .said").evaluate("(said, text) => { said.textContent = text; }", LONG)
    for selector in GAMES[kind][2] + ALWAYS + extra:
        if why := _outside(page, selector, width, height):
            problems.append(f"{kind} {width}x{height}, long result: {why}")
    if width == 390:  # the public game page on a phone
        page.goto(f"{base_url}/games/{game.pk}/")
        expect(page.locator("#scoreboard")).to_be_visible()
        page.screenshot(path=str(ARTEFACTS / f"{kind}-page-{width}x{height}.png"))
        if why := _too_wide(page):
            problems.append(f"{kind} game page {width}x{height}: {why}")
    return problems, bottom


def test_scoring_screens_fit(live_server, django_user_model, browser: Browser) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    user = django_user_model.objects.create_user(username="scorer", password=PASSWORD)
    games = {
        kind: services.game_create(kind=kind, options=options, sides=sides, user=user)
        for kind, (sides, options, _) in GAMES.items()
    }
    problems, room = [], []
    for width, height in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(10_000)
        try:
            log_in(page, live_server.url, "scorer", PASSWORD)
            for kind, game in games.items():
                _play_to(game, user, 2)  # the last size's Undo left one play
                found, bottom = _check_screen(page, live_server.url, game, kind, width, height)
                problems += found
                room.append(f"{kind} {width}x{height}: lowest {bottom:.0f} of {height} px")
        finally:
            context.close()
    (ARTEFACTS / "room.txt").write_text("\n".join(room) + "\n")
    assert not problems, "\n".join(problems)
