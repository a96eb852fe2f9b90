"""The table screen fits the table: at 1024×768, 768×1024, 1366×1024 and 390×844,
every game's scoring screen shows the main action, Undo and the last result without scrolling,
and nothing is wider than the screen. A screenshot per game and size is kept in
``test-artifacts/layout/`` for people to look at.

Each game is made with two plays; the screen then taps Undo, so the board asks its main
question (the next play), the answer's result line is on show and Undo is still there; the
checks are made again with a long result line. One browser context per size; the games are
played forward again between sizes. ``room.txt`` says how low the lowest checked control is.

The screens that ask a question fit too (Quick Cricket's umpire and review questions,
Backyard's extension, Bedard's "had the suit?"): their answers and the line saying what
happened are on screen; so does the game over (a game finished by seeded random legal plays):
its result, scoreboard and Undo. On a phone (390×844) every tap target of every scoring screen,
questions and game over included, is at least 24×24 CSS px (WCAG 2.2 SC 2.5.8)."""

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.kinds.records import replay_game
from games.scoring import services

from .helpers import log_in
from .test_taps_per_play_browser import BEDARD_BASEBALL, HIT_TO_RF, QUICK_CRICKET, bedard, delivery

pytestmark = pytest.mark.browser

PASSWORD = "fits-the-table-14"
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "layout"
SIZES = [(1024, 768), (768, 1024), (1366, 1024), (390, 844)]

# kind: (sides, options, the main action's selectors: the hands or cards, the action button).
GAMES = {
    "quick-baseball": (
        ["Giants", "Mets"],
        {},
        ["#play-form .pitch-card:last-child", "#play-form .bat-card:last-child", ".call"],
    ),
    "quick-cricket": (["Lions", "Tigers"], {}, ["button.bowl", ".step .toggle.no-ball"]),
    # Both card faces too on a phone: the field with the batter's face under it, beside the
    # pitcher's face, then the die and Play in one row, ending near 790 px, below a 130px
    # scoreboard and the 48px result-and-Undo line.
    "backyard-baseball": (
        ["Pablo", "Pete"],
        {},
        [
            "button.play",
            ".die-choice:last-child",
            ".pitcher-face .spaces .chip-choice:last-child",
            ".batter-face .spaces .chip-choice:last-child",
        ],
    ),
    # The answer picker's last card on show: of its last suit, or on a phone (one suit at a
    # time, chosen by tabs) of the suit on show.
    "bedard-baseball": (
        ["Aces", "Kings"],
        {},
        [".answer-picker .pick:visible >> nth=-1", ".lead-picker .pick:visible"],
    ),
    "solitaire-baseball": (["Casey"], {}, ["button.play-cards", ".pick-row:last-child .pick"]),
    "quick-tennis": (["Ann", "Bea"], {}, ["button.play-shot"]),
}
ALWAYS = ["button.undo", ".feedback .said"]
LONG = (
    "Edge! Appeal for caught behind: NOT OUT; bowling side reviews: OUT, overturned — caught — 9/1."
)


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
    for selector in GAMES[kind][2] + ALWAYS:
        if why := _outside(page, selector, width, height):
            problems.append(f"{kind} {width}x{height}: {why}")
        elif box := page.locator(selector).first.bounding_box():
            bottom = max(bottom, box["y"] + box["height"])
    if why := _too_wide(page):
        problems.append(f"{kind} {width}x{height}: {why}")
    # Nothing of the scoreboard clipped, the line score's totals clear.
    problems += [f"{kind} {width}x{height}: {why}" for why in page.evaluate(CLIPPED)]
    # A long result (a real cricket line) must not push the action off the screen either.
    page.locator(".feedback .said").evaluate("(said, text) => { said.textContent = text; }", LONG)
    for selector in GAMES[kind][2] + ALWAYS:
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


# ---- Touch targets on a phone (WCAG 2.2 SC 2.5.8, target size minimum: 24×24 CSS px).

PHONE = (390, 844)
SMALLEST = 24
# Every tap target on show: buttons, links, labels (a card, a chip, a toggle: the label is
# what is tapped, so a control inside one is not counted again), other controls. A link inside
# a sentence is exempt (SC 2.5.8's "inline" exception).
TARGETS = """(smallest) => {
  const found = [];
  const wanted = 'button, a[href], label, input:not([type=hidden]), select, textarea, '
    + 'summary, [role=button]';
  for (const el of document.querySelectorAll(wanted)) {
    if (el.matches('input, select, textarea') && el.closest('label')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('[hidden], .sr')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not rendered (display: none)
    if (el.matches('a') && style.display === 'inline'
        && el.parentElement.textContent.trim() !== el.textContent.trim()) continue;
    if (box.width < smallest - 0.01 || box.height < smallest - 0.01) {
      const cls = typeof el.className === 'string' && el.className.trim()
        ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
      const text = (el.textContent || el.value || el.getAttribute('aria-label') || '')
        .trim().replace(/\\s+/g, ' ').slice(0, 24);
      found.push(`${el.tagName.toLowerCase()}${cls} "${text}": ` +
                 `${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
    }
  }
  return found;
}"""


def _small_targets(page: Page) -> list[str]:
    """Each tap target on the page smaller than 24×24 px, by selector, text and size."""
    return page.evaluate(TARGETS, SMALLEST)


def test_touch_targets_on_a_phone(live_server, django_user_model, browser: Browser) -> None:
    """At 390×844 every button, card, chip, toggle and link of every scoring screen (in its
    ordinary next-play state) is at least 24×24 CSS px."""
    user = django_user_model.objects.create_user(username="thumb", password=PASSWORD)
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems = []
    try:
        log_in(page, live_server.url, "thumb", PASSWORD)
        for kind, (sides, options, _) in GAMES.items():
            game = services.game_create(kind=kind, options=options, sides=sides, user=user)
            _play_to(game, user, 2)
            page.goto(f"{live_server.url}/games/{game.pk}/score/")
            expect(page.locator("button.undo")).to_be_visible()
            problems += [f"{kind}: {why}" for why in _small_targets(page)]
    finally:
        context.close()
    assert not problems, f"tap targets under {SMALLEST}×{SMALLEST} px:\n" + "\n".join(problems)


# ---- Question states and the game over: they fit the screen too.

QUESTION = "#board section.question"


def _taps(page: Page, steps) -> None:
    for step in steps:
        step(page).click()


def _answer_umpire(page: Page) -> None:
    """Tell the umpire's card NOT OUT (one tap), up to the review."""
    page.locator(f'{QUESTION}[data-ask="umpire"] button.umpire-answer[value="not out"]').click()


# name: (kind, options, the plays before the question (lists of taps), the taps that ask it,
# then the questions asked in turn: (data-ask, answers' selector, how to answer it or None)).
QUESTIONS = {
    "quick-cricket": (
        "quick-cricket",
        {"overs": 2, "innings": 1, "first_style": "pace"},
        QUICK_CRICKET[:2],
        delivery("A", "1", "B", "C", "A"),
        [("umpire", ".answers > *", _answer_umpire), ("review", ".answers > *", None)],
    ),
    "backyard-baseball": (
        "backyard-baseball",
        {"innings": 3},
        [],
        HIT_TO_RF,
        [("extend", ".chip-choice, .answers > *", None)],
    ),
    "bedard-baseball": (
        "bedard-baseball",
        {"innings": 3},
        BEDARD_BASEBALL[:4],
        bedard("Y6", "R3"),
        [("had_suit", ".answers > *", None)],
    ),
}
# Games finished by seeded random legal plays (a few dozen plays each; Bedard's and Quick
# Tennis's take hundreds, so they are left out).
GAME_OVER = {
    "quick-baseball": ({"innings": 1}, ["Giants", "Mets"]),
    "quick-cricket": ({"overs": 1}, ["Lions", "Tigers"]),
    "backyard-baseball": ({"innings": 1}, ["Pablo", "Pete"]),
    "solitaire-baseball": ({"innings": 1}, ["Casey"]),
}


def _all_outside(page: Page, selector: str, width: int, height: int) -> list[str]:
    """Why each element matching ``selector`` is not wholly on screen."""
    found = page.locator(selector)
    if not found.count():
        return [f"{selector}: not shown"]
    problems = []
    for index in range(found.count()):
        one = found.nth(index)
        box = one.bounding_box(timeout=1_000)
        name = f"{selector} #{index + 1} ({one.inner_text().strip()[:20]!r})"
        if box is None:
            problems.append(f"{name}: not shown")
            continue
        x, y, w, h = box["x"], box["y"], box["width"], box["height"]
        if x < -0.5 or y < -0.5 or x + w > width + 0.5 or y + h > height + 0.5:
            problems.append(f"{name}: at x {x:.0f}-{x + w:.0f}, y {y:.0f}-{y + h:.0f}")
    return problems


def _result_line(page: Page, question: str) -> str:
    """The last result on show: the feedback line, or (when a question is asked before any
    result) the question's own heading, which says what happened."""
    if page.locator(".feedback .said").count():
        return ".feedback .said"
    return f"{question} h3"


def _finish(game, user, seed: int = 14) -> None:
    """Play seeded random legal plays (no declaring, no rain-out) until the game is over."""
    rng = random.Random(seed)
    for _ in range(300):
        state = replay_game(game).final_state
        if game.engine.is_over(state):
            return
        plays = [
            p for p in game.engine.legal_plays(state) if "declare" not in p and "rain" not in p
        ]
        services.play_record(
            game=game, raw=rng.choice(plays), expected_seq=game.plays.count() + 1, user=user
        )
    raise AssertionError(f"{game.kind}: not over after 300 plays")


def test_questions_and_game_over_fit(live_server, django_user_model, browser: Browser) -> None:
    """Every question a screen asks (cricket's umpire and review, Backyard's extension,
    Bedard's "had the suit?") shows its answers and the result line on screen, and the game-over
    screen its result and scoreboard, nothing wider than the screen, at the four sizes; on a
    phone every tap target there is at least 24×24 px too."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    user = django_user_model.objects.create_user(username="asker", password=PASSWORD)
    asked = {
        name: services.game_create(kind=kind, options=options, sides=["Owls", "Herons"], user=user)
        for name, (kind, options, *_rest) in QUESTIONS.items()
    }
    over = {}
    for kind, (options, sides) in GAME_OVER.items():
        over[kind] = services.game_create(kind=kind, options=options, sides=sides, user=user)
        _finish(over[kind], user)
    problems = []
    for width, height in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(10_000)
        size = f"{width}x{height}"
        try:
            log_in(page, live_server.url, "asker", PASSWORD)
            for name, (kind, _, before, ask, questions) in QUESTIONS.items():
                game = asked[name]
                page.goto(f"{live_server.url}/games/{game.pk}/score/")
                plays = page.locator("ol.play-list > li")
                for number, steps in enumerate(before[game.plays.count() :], start=1):
                    _taps(page, steps)  # the plays before the question, at the first size
                    expect(plays).to_have_count(number)
                _taps(page, ask)
                for ask_name, answers, answer in questions:
                    question = f'{QUESTION}[data-ask="{ask_name}"]'
                    expect(page.locator(question)).to_be_visible()
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(ARTEFACTS / f"{kind}-{ask_name}-{size}.png"))
                    where = f"{kind} {ask_name} question {size}"
                    problems += [
                        f"{where}: {why}"
                        for selector in (f"{question} {answers}", _result_line(page, question))
                        for why in _all_outside(page, selector, width, height)
                    ]
                    if why := _too_wide(page):
                        problems.append(f"{where}: {why}")
                    if width == PHONE[0]:
                        problems += [f"{where}: {why}" for why in _small_targets(page)]
                    if answer:
                        answer(page)
                # Leave the question unanswered: Cancel, so the next size asks it again.
                page.locator(f"{QUESTION} p a").last.click()
                expect(page.locator(QUESTION)).to_have_count(0)
            for kind, game in over.items():
                page.goto(f"{live_server.url}/games/{game.pk}/score/")
                expect(page.locator(".final-note")).to_be_visible()
                page.screenshot(path=str(ARTEFACTS / f"{kind}-over-{size}.png"))
                where = f"{kind} game over {size}"
                for selector in (".final-note", ".scoreboard", "button.undo"):
                    problems += [
                        f"{where}: {why}" for why in _all_outside(page, selector, width, height)
                    ]
                if why := _too_wide(page):
                    problems.append(f"{where}: {why}")
                if width == PHONE[0]:
                    problems += [f"{where}: {why}" for why in _small_targets(page)]
        finally:
            context.close()
    assert not problems, "\n".join(problems)


# ---- Late in a long game: every inning, the totals and the relief
# pitcher's column of the line score in sight beside the diamond, nothing clipped.

# What of the scoreboard is not wholly visible. Every element lies inside the screen and inside
# each ancestor (up to the scoreboard) that clips (overflow other than visible), except the
# innings of a line score whose box scrolls: those may scroll off, or under the team names and
# totals, which stay put (sticky). So in the line score: the sticky cells (team, R, H, RP) lie
# inside its box and cover no neighbour, and the latest inning played is in sight.
CLIPPED = """() => {
  const problems = [];
  const board = document.querySelector('.scoreboard');
  if (!board) return problems;
  const name = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
    + (el.textContent.trim() ? ` "${el.textContent.trim().slice(0, 12)}"` : '');
  const at = box => `x ${box.left.toFixed(0)}-${box.right.toFixed(0)}`;
  const sticky = el => getComputedStyle(el).position === 'sticky';
  const scrolls = el => el.scrollWidth > el.clientWidth + 0.5;
  for (const el of [board, ...board.querySelectorAll('*')]) {
    if (el.closest('.sr')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const scroller = el.parentElement && el.parentElement.closest('.line-score-wrap');
    const cell = el.closest('th, td');
    const fixedCell = cell && cell.matches('.total, .rp, th[scope=row]');
    // An inning (or the table's rows around it) in a line score that scrolls may be off.
    if (scroller && scrolls(scroller) && !fixedCell) continue;
    if (box.left < -0.5 || box.right > innerWidth + 0.5) {
      problems.push(`${name(el)}: ${at(box)} in a ${innerWidth} px screen`);
      continue;
    }
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') {
        const room = up.getBoundingClientRect();
        if (box.left < room.left - 0.5 || box.right > room.right + 0.5) {
          problems.push(`${name(el)}: ${at(box)} clipped by ${name(up).split(' ')[0]} ${at(room)}`);
          break;
        }
      }
      if (up === board) break;
    }
  }
  const table = board.querySelector('.line-score');
  if (!table) return problems;
  const room = table.closest('.line-score-wrap').getBoundingClientRect();
  for (const row of table.rows) {
    const cells = [...row.cells];
    const fixed = cells.filter(sticky);
    for (const cell of fixed) {
      const box = cell.getBoundingClientRect();
      if (box.left < room.left - 0.5 || box.right > room.right + 0.5) {
        problems.push(`line score ${name(cell)}: ${at(box)} outside its box ${at(room)}`);
      }
    }
    for (let i = 1; i < fixed.length; i++) {
      const a = fixed[i - 1].getBoundingClientRect(), b = fixed[i].getBoundingClientRect();
      if (a.right > b.left + 1.5 && a.left < b.left) {
        problems.push(`line score ${name(fixed[i - 1])} covers ${name(fixed[i])} by ` +
                      `${(a.right - b.left).toFixed(1)} px`);
      }
    }
    // The latest inning with a score in this row: wholly between the team name and R.
    const innings = cells.filter(c => !sticky(c));
    const latest = innings.filter(c => c.textContent.trim()).pop();
    if (latest && row.parentElement.tagName === 'TBODY') {
      const box = latest.getBoundingClientRect();
      const left = fixed[0].getBoundingClientRect().right;
      const right = fixed.find(c => c.matches('.total')).getBoundingClientRect().left;
      if (box.left < left - 1.5 || box.right > right + 1.5) {
        problems.push(`line score: latest inning ${name(latest)} of ${name(fixed[0])} at ` +
                      `${at(box)}, not in sight between x ${left.toFixed(0)}-${right.toFixed(0)}`);
      }
    }
  }
  return problems;
}"""


# Long names, as leagues name their teams: "At bat" names the side, so the counts take room
# from the line score beside them.
LATE_SIDES = ("San Francisco Giants", "Brooklyn Dodgers")


def _late_in_the_game(user, seed: int):
    """A 9-inning Quick Baseball game played by seeded random legal plays to the 9th inning
    or later, both relief pitchers in, not over; None if this seed ends it first."""
    game = services.game_create(
        kind="quick-baseball", options={}, sides=list(LATE_SIDES), user=user
    )
    rng = random.Random(seed)
    for _ in range(1500):
        state = replay_game(game).final_state
        summary = game.engine.summary(state)
        if game.engine.is_over(state):
            return None
        if summary["inning"] >= 9 and all(summary["relief"]) and summary["half"] == "bottom":
            return game
        plays = [p for p in game.engine.legal_plays(state)]
        services.play_record(
            game=game, raw=rng.choice(plays), expected_seq=game.plays.count() + 1, user=user
        )
    return None


def test_late_game_line_score_in_sight(live_server, django_user_model, browser: Browser) -> None:
    """Quick Baseball in the bottom of the 9th (or later) with both relief pitchers in: at
    every size the whole scoreboard is on screen, nothing in it clipped or overlapping, and the
    line score's totals and RP column lie inside its box."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    user = django_user_model.objects.create_user(username="late", password=PASSWORD)
    game = None
    for seed in range(18, 30):
        if game := _late_in_the_game(user, seed):
            break
    assert game, "no seed reached the bottom of the 9th with both relief pitchers in"
    problems = []
    for width, height in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(10_000)
        try:
            log_in(page, live_server.url, "late", PASSWORD)
            for where in ("score/", ""):
                page.goto(f"{live_server.url}/games/{game.pk}/{where}")
                expect(page.locator(".line-score .rp").first).to_be_visible()
                name = "late-game" if where else "late-game-page"
                page.screenshot(path=str(ARTEFACTS / f"quick-baseball-{name}-{width}x{height}.png"))
                problems += [f"{name} {width}x{height}: {why}" for why in page.evaluate(CLIPPED)]
                # On a tablet the nine innings need no scrolling: all in sight at once.
                scroll, room = page.locator(".line-score-wrap").evaluate(
                    "wrap => [wrap.scrollWidth, wrap.clientWidth]"
                )
                if where and width >= 768 and scroll > room:
                    problems.append(f"{name} {width}x{height}: line score {scroll} px in {room}")
                if why := _too_wide(page):
                    problems.append(f"{name} {width}x{height}: {why}")
        finally:
            context.close()
    assert not problems, "\n".join(problems)
