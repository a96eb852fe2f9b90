"""A play's steps on the scoring screens, at the table's four sizes (1024×768, 768×1024,
1366×1024, 390×844):

- the steps read in the order they are played: each step's box is right of the one before on
  the same row, or below it (Backyard Baseball with and without a deck, Quick Cricket);
- what is still to choose is said before the play goes: named together beside Play, which is
  aria-disabled until the play is complete, and marked on each step missing a choice; a try
  with a choice missing is stopped on the screen, nothing sent;
- the browser's own validation bubbles never show: every play form is ``novalidate``, no
  ``invalid`` event fires, and the inline message appears instead (the extension question too);
- on a phone every chip, space and card tile is at least 24×24 CSS px and no two overlap;
- Backyard with a deck scores an at-bat in four taps (the fielder, the pitcher's card, the
  batter's card, the die, which plays) and an extension by labels (the batter's card, then the
  pitcher's, which plays); without a deck it still scores by the cards' faces."""

import pytest
from playwright.sync_api import Browser, Page, expect

from games.engines.catalogues import default_catalogue
from games.models import Play
from games.scoring import services

from .helpers import log_in
from .test_backyard_baseball_browser import tap_at_bat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "one-tap-a-card-4"
SIZES = [(1024, 768), (768, 1024), (1366, 1024), (390, 844)]
DECK = {
    "pitcher": [
        {"card": "1", "number": 2, "pitch": "curve", "result": "fly", "space": "LF"},
        {"card": "2", "number": 6, "pitch": "heater", "result": "grounder", "space": "IL"},
        {"card": "3", "number": 9, "pitch": "slow", "result": "strikeout"},
        {"card": "4", "number": 4, "pitch": "knuckler", "result": "fly", "space": "CF"},
        {"card": "5", "number": 7, "pitch": "curve", "result": "grounder", "space": "RF"},
        {"card": "6", "number": 3, "pitch": "slow", "result": "fly", "space": "IR"},
        {"card": "7", "number": 5, "pitch": "heater", "result": "strikeout"},
        {"card": "8", "number": 8, "pitch": "knuckler", "result": "grounder", "space": "CF"},
        {"card": "9", "number": 1, "pitch": "slow", "result": "fly", "space": "RF"},
    ],
    "batter": [
        {"card": "A", "pitch": "heater", "result": "line-drive", "space": "RF", "runners": 1},
        {"card": "B", "pitch": "slow", "result": "bunt", "runners": 4},
        {"card": "C", "pitch": "curve", "result": "grounder", "space": "IR", "runners": 2},
        {"card": "D", "pitch": "knuckler", "result": "home-run", "runners": 0},
        {"card": "E", "pitch": "heater", "result": "grounder", "space": "LF", "runners": 3},
        {"card": "F", "pitch": "curve", "result": "line-drive", "space": "CF", "runners": 2},
        {"card": "G", "pitch": "slow", "result": "grounder", "space": "CF", "runners": 1},
        {"card": "H", "pitch": "knuckler", "result": "line-drive", "space": "LF", "runners": 5},
    ],
}
DECK_OPTIONS = {"catalogue": {**default_catalogue("backyard-baseball"), "deck": DECK}}
KINDS = {
    "backyard-baseball": (["Owls", "Herons"], {}),
    "backyard-deck": (["Owls", "Herons"], DECK_OPTIONS),
    "quick-cricket": (["Lions", "Tigers"], {"overs": 2, "innings": 1}),
    "quick-baseball": (["Giants", "Mets"], {}),
    "bedard-baseball": (["Aces", "Kings"], {}),
    "solitaire-baseball": (["Casey"], {}),
    "quick-tennis": (["Ann", "Bea"], {}),
}
# The steps on show, in the page's order (the order they are played), with their boxes.
STEPS = """() => [...document.querySelectorAll('#play-form [data-step]')]
  .filter(el => el.getClientRects().length)
  .map(el => { const b = el.getBoundingClientRect();
               return {step: el.dataset.step, top: b.top, left: b.left}; })"""
# Counts the browser's validation: an "invalid" event fires for each field it would bubble.
WATCH_INVALID = """() => { window.__invalid = 0;
  document.addEventListener('invalid', () => { window.__invalid++; }, true); }"""
# Every chip, space, tile, die and button of the play form on show: its box.
TARGETS = """() => [...document.querySelectorAll(
    '#play-form label, #play-form button')]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map(el => { const b = el.getBoundingClientRect();
    return {what: (el.getAttribute('data-card') || el.getAttribute('data-space')
                   || el.textContent.trim().slice(0, 20)), x: b.x, y: b.y, w: b.width,
            h: b.height}; })"""


def make(user, kind: str):
    sides, options = KINDS[kind]
    real = "backyard-baseball" if kind == "backyard-deck" else kind
    return services.game_create(kind=real, options=options, sides=sides, user=user)


def out_of_order(boxes: list[dict]) -> list[str]:
    """Each step that is neither right of the step before on its row nor below it."""
    wrong = []
    for before, step in zip(boxes, boxes[1:], strict=False):
        same_row = abs(step["top"] - before["top"]) <= 2
        if not (step["top"] > before["top"] + 2 or (same_row and step["left"] > before["left"])):
            wrong.append(
                f"{step['step']} (top {step['top']:.0f}, left {step['left']:.0f}) before "
                f"{before['step']} (top {before['top']:.0f}, left {before['left']:.0f})"
            )
    return wrong


def overlaps_and_small(targets: list[dict]) -> list[str]:
    problems = [
        f"{t['what']!r} {t['w']:.0f}×{t['h']:.0f}" for t in targets if t["w"] < 24 or t["h"] < 24
    ]
    for i, a in enumerate(targets):
        for b in targets[i + 1 :]:
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 0.5 and dy > 0.5:
                problems.append(f"{a['what']!r} overlaps {b['what']!r} by {dx:.0f}×{dy:.0f}")
    return problems


def recorded(game) -> list[dict]:
    return list(Play.objects.filter(game=game).order_by("seq").values_list("payload", flat=True))


@pytest.fixture
def scorer(django_user_model):
    return django_user_model.objects.create_user(username="steps", password=PASSWORD)


def at_size(browser: Browser, live_server, width: int, height: int) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, live_server.url, "steps", PASSWORD)
    return page


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_steps_read_in_the_order_they_are_played(
    live_server, scorer, browser: Browser, width, height
):
    page = at_size(browser, live_server, width, height)
    problems = []
    try:
        for kind in ("backyard-baseball", "backyard-deck", "quick-cricket"):
            game = make(scorer, kind)
            page.goto(f"{live_server.url}/games/{game.pk}/score/")
            if kind == "quick-cricket":  # the fielder first, then the delivery's four steps
                beside_b = page.locator("#board section.spell-start").get_by_role(
                    "button", name="Beside B"
                )
                beside_b.click()
                # Answered once a spell: the question leaves the board.
                expect(page.locator("#board .feedback .said")).to_contain_text("Fielder placed")
            expect(page.locator("#play-form [data-play-button]")).to_be_visible()
            boxes = page.evaluate(STEPS)
            assert len(boxes) == 4, boxes
            problems += [f"{kind}: {why}" for why in out_of_order(boxes)]
    finally:
        page.context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_what_is_still_to_choose_is_said_before_play(
    live_server, scorer, browser: Browser, width, height
):
    page = at_size(browser, live_server, width, height)
    try:
        game = make(scorer, "backyard-deck")
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        page.evaluate(WATCH_INVALID)
        play = page.locator("#play-form button.play")
        needs = page.locator("#play-form .play-needs")
        expect(needs).to_have_text(
            "Still to choose: the fielder, the pitcher's card, the batter's card, the die"
        )
        expect(play).to_have_attribute("aria-disabled", "true")
        assert play.get_attribute("aria-describedby") == needs.get_attribute("id")
        # The line is beside Play, in the die's step; each step missing a choice is marked.
        expect(page.locator(".die-step .play-needs")).to_be_visible()
        expect(page.locator("#play-form .step-need:visible")).to_have_count(4)

        page.locator('.field label.space[data-space="CF"]').click()
        page.locator('#play-form label.pitcher-tile[data-card="3"]').click()
        expect(needs).to_have_text("Still to choose: the batter's card, the die")
        expect(page.locator(".field-step > .step-need")).to_be_hidden()
        expect(page.locator(".batter-face > .step-need")).to_be_visible()

        play.click(force=True)  # aria-disabled: the screen says what is missing, sends nothing
        expect(needs).to_have_class("play-needs error")
        expect(page.locator(".batter-face.step-error")).to_be_visible()
        expect(page.locator(".die-step.step-error")).to_be_visible()
        assert page.evaluate("window.__invalid") == 0
        assert page.evaluate("document.querySelector('#play-form').noValidate")
        assert recorded(game) == []

        page.locator('#play-form label.batter-tile[data-card="B"]').click()  # a bunt: no die
        expect(needs).to_have_text("")
        expect(play).not_to_have_attribute("aria-disabled", "true")
        play.click()
        expect(page.locator("ol.play-list > li")).to_have_count(1)
        assert recorded(game)[0]["cards"] == {"pitcher": "3", "batter": "B"}
    finally:
        page.context.close()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_browser_bubble_on_any_play_form_nor_the_extension(
    live_server, scorer, browser: Browser, width, height
):
    page = at_size(browser, live_server, width, height)
    try:
        for kind in KINDS:
            game = make(scorer, kind)
            page.goto(f"{live_server.url}/games/{game.pk}/score/")
            if page.locator("#play-form").count():
                assert page.evaluate("document.querySelector('#play-form').noValidate"), kind
        # Extend the play? with nothing chosen: said on the screen, no bubble, nothing sent.
        game = make(scorer, "backyard-baseball")
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        tap_at_bat(page, fielder="IL", pitcher=(2, "curve", "fly", "LF"),
                   batter=("heater", "line-drive", "RF"), die=5)  # fmt: skip
        question = page.locator('#board .question[data-ask="extend"]')
        expect(question).to_be_visible()
        page.evaluate(WATCH_INVALID)
        question.locator("button.extend").click(force=True)
        expect(question.locator(".play-needs.error")).to_have_text(
            "Still to choose: the runner icons, the pitcher's card"
        )
        assert page.evaluate("window.__invalid") == 0
        assert recorded(game) == []
        # The event card's name, left empty: said inline too.
        question.locator("button.no-extend").click()
        expect(page.locator("ol.play-list > li")).to_have_count(1)
        page.evaluate(WATCH_INVALID)
        page.locator(".event-form button.note-event").click()
        expect(page.locator(".event-form .play-needs.error")).to_have_text(
            "Still to choose: the event card's name"
        )
        assert page.evaluate("window.__invalid") == 0
        assert len(recorded(game)) == 1
    finally:
        page.context.close()


def test_every_chip_space_and_tile_is_tappable_on_a_phone(live_server, scorer, browser):
    page = at_size(browser, live_server, 390, 844)
    problems = []
    try:
        for kind in ("backyard-baseball", "backyard-deck"):
            game = make(scorer, kind)
            page.goto(f"{live_server.url}/games/{game.pk}/score/")
            problems += [f"{kind}: {why}" for why in overlaps_and_small(page.evaluate(TARGETS))]
            # The extension question, by faces or by labels.
            page.locator('.field label.space[data-space="IL"]').click()
            if kind == "backyard-deck":
                page.locator('label.pitcher-tile[data-card="1"]').click()
                page.locator('label.batter-tile[data-card="A"]').click()
                page.locator('label.die-choice:has(input[value="5"])').click()
            else:
                tap_at_bat(page, fielder="IL", pitcher=(2, "curve", "fly", "LF"),
                           batter=("heater", "line-drive", "RF"), die=5)  # fmt: skip
            expect(page.locator('#board .question[data-ask="extend"]')).to_be_visible()
            found = overlaps_and_small(page.evaluate(TARGETS))
            problems += [f"{kind} extension: {why}" for why in found]
    finally:
        page.context.close()
    assert not problems, "\n".join(problems)


TAPS = """() => { window.__taps = 0;
  document.addEventListener('pointerdown', e => { if (e.isTrusted) window.__taps++; }, true); }"""


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_backyard_with_a_deck_scores_an_at_bat_in_four_taps_and_extends_by_labels(
    live_server, scorer, browser: Browser, width, height
):
    page = at_size(browser, live_server, width, height)
    try:
        game = make(scorer, "backyard-deck")
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        page.evaluate(TAPS)
        plays = page.locator("ol.play-list > li")
        # A strikeout: die 1 < 9, the pitcher's card.
        page.locator('.field label.space[data-space="CF"]').click()
        tile = page.locator('#play-form label.pitcher-tile[data-card="3"]')
        expect(tile).to_contain_text("9 · Slow · Strikeout")
        tile.click()
        page.locator('#play-form label.batter-tile[data-card="D"]').click()
        page.locator('#play-form label.die-choice:has(input[value="1"])').click()  # it plays
        expect(plays).to_have_count(1)
        assert page.evaluate("window.__taps") == 4
        assert recorded(game)[0] == {
            "fielder": "CF",
            "pitcher": {"number": 9, "pitch": "slow", "result": "strikeout"},
            "batter": {"pitch": "knuckler", "result": "home-run"},
            "die": 1,
            "cards": {"pitcher": "3", "batter": "D"},
        }

        # A hit to RF, then extended: the fielder stays at CF (one space from RF; the throw
        # from RF to second is 1). Three taps, then two for the extension.
        page.evaluate("window.__taps = 0")
        page.locator('#play-form label.pitcher-tile[data-card="1"]').click()
        page.locator('#play-form label.batter-tile[data-card="A"]').click()
        page.locator('#play-form label.die-choice:has(input[value="5"])').click()
        question = page.locator('#board .question[data-ask="extend"]')
        expect(question).to_be_visible()
        sum_6 = question.locator('label.sum-tile[data-card="2"]')
        expect(sum_6).to_contain_text(
            "Pitcher 6 − 1 space to the ball − 1 throw to second = 4; plain out if the "
            "batter's card shows 4 or fewer runner icons"
        )
        question.locator('label.batter-tile[data-card="H"]').click()  # 5 runner icons
        sum_6.click()  # it plays
        expect(plays).to_have_count(2)
        assert page.evaluate("window.__taps") == 5
        play = recorded(game)[1]
        assert play["extend"] == {"runners": 5, "pitcher_number": 6}
        assert play["cards"] == {
            "pitcher": "1",
            "batter": "A",
            "extend_batter": "H",
            "extend_pitcher": "2",
        }
        expect(page.locator("#board .feedback .said")).to_contain_text("safe")
    finally:
        page.context.close()


def test_backyard_with_a_deck_can_still_take_the_faces(live_server, scorer, browser):
    page = at_size(browser, live_server, 390, 844)
    try:
        game = make(scorer, "backyard-deck")
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        expect(page.locator('#play-form input[name="pitcher_number"]').first).to_be_hidden()
        page.locator(".faces-toggle").click()
        expect(page.locator("#play-form label.pitcher-tile").first).to_be_hidden()
        tap_at_bat(page, fielder="CF", pitcher=(9, "slow", "strikeout"),
                   batter=("heater", "home-run"), die=1)  # fmt: skip
        expect(page.locator("ol.play-list > li")).to_have_count(1)
        assert "cards" not in recorded(game)[0]
        assert recorded(game)[0]["pitcher"] == {"number": 9, "pitch": "slow", "result": "strikeout"}
    finally:
        page.context.close()


def test_backyard_without_a_deck_scores_by_the_faces(live_server, scorer, browser):
    page = at_size(browser, live_server, 390, 844)
    try:
        game = make(scorer, "backyard-baseball")
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        expect(page.locator("#play-form label.pitcher-tile")).to_have_count(0)
        expect(page.locator(".faces-toggle")).to_have_count(0)
        tap_at_bat(page, fielder="CF", pitcher=(9, "slow", "strikeout"),
                   batter=("heater", "home-run"), die=1)  # fmt: skip
        expect(page.locator("ol.play-list > li")).to_have_count(1)
        assert recorded(game)[0] == {
            "fielder": "CF",
            "pitcher": {"number": 9, "pitch": "slow", "result": "strikeout"},
            "batter": {"pitch": "heater", "result": "home-run"},
            "die": 1,
        }
    finally:
        page.context.close()
