"""Taps per play and tap-to-board time on every scoring screen.

Each of the six games (Backyard Baseball twice: by the cards' faces, and by their labels from
a deck) plays a short fixed sequence through its scoring screen with real clicks (the
sequences of the games' own browser tests), at 1024×768; Bedard's plays its sequence again on
a phone (390×844), where its pickers show one suit at a time. For every play the test counts
the scorer's taps (trusted pointer presses and key presses, read in the page), the cards
physically played on the table (read from the play's recorded payload), and the time from the
final tap (the one that posts) to the new board: first in the DOM (the play list grows) and
settled (``htmx:afterSettle``), both measured in the page with ``performance.now()``. A table
of the figures is printed at the end (run with ``-s`` to see it).
"""

import re
import statistics
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from games.engines.catalogues import default_catalogue
from games.models import Game, Play
from games.scoring import services

from .helpers import log_in
from .test_backyard_baseball_browser import start_game as start_backyard
from .test_bedard_baseball_browser import start_game as start_bedard
from .test_quick_baseball_browser import start_game as start_quick_baseball
from .test_quick_cricket_browser import start_game as start_cricket
from .test_quick_tennis_browser import start_match as start_tennis
from .test_solitaire_baseball_browser import start_game as start_solitaire

# One worker plays them all, so the table printed at the end is whole under xdist too.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("taps-per-play"),
]

PASSWORD = "count-every-tap-14"
Step = Callable[[Page], Locator]

# Counts taps and key presses, and stamps the final tap, the moment the play list grows in the
# DOM and every htmx settle, with the number of plays on the board at that moment.
PROBE = """() => {
  const plays = () => document.querySelectorAll('ol.play-list > li').length;
  window.__probe = {taps: 0, keys: 0, lastTap: 0, grown: [], settled: []};
  const p = window.__probe;
  let seen = plays();
  document.addEventListener('pointerdown', e => { if (e.isTrusted) p.taps++; }, true);
  document.addEventListener('keydown', e => { if (e.isTrusted) p.keys++; }, true);
  document.addEventListener('click', e => {
    if (e.isTrusted && e.detail > 0) p.lastTap = performance.now();
  }, true);
  new MutationObserver(() => {
    const n = plays();
    if (n !== seen) { seen = n; p.grown.push({t: performance.now(), n}); }
  }).observe(document.body, {childList: true, subtree: true});
  document.addEventListener('htmx:afterSettle', () => {
    p.settled.push({t: performance.now(), n: plays()});
  });
}"""


def css(selector: str) -> Step:
    return lambda page: page.locator(selector)


def button(scope: str, name: str) -> Step:
    return lambda page: page.locator(scope).get_by_role("button", name=name)


# ---- the sequences: each play is the list of taps the scorer makes, the last one posts.


def qb(pitch: str, bat: str = "", call: str = "") -> list[Step]:
    second = f'button.bat-card[data-card="{bat}"]' if bat else f'button.call:has-text("{call}")'
    return [css(f'label.pitch-card[data-card="{pitch}"]'), css(second)]


QUICK_BASEBALL = [
    qb("SO1", bat="B4"),
    qb("SO2", call="Leave"),
    qb("RUN", bat="B1"),
    qb("C1", bat="B5"),
    qb("FLY", bat="B2"),
    qb("C2", call="Leave"),
    qb("SO1", call="Leave"),
]


def quadrant(name: str, value: str) -> Step:
    return css(f"#play-form label.quadrant:has(input[name={name}][value={value}])")


def delivery(pitch: str, card: str, path: str, move: str, stroke: str) -> list[Step]:
    return [
        quadrant("pitch", pitch),
        quadrant("move", move),
        quadrant("stroke", stroke),
        css(f'label.path-card[data-card="{card}"]'),
        quadrant("path", path),
        css("#play-form button.bowl"),
    ]


UMPIRE = "#board section.question[data-ask=umpire]"
REVIEW = "#board section.question[data-ask=review]"
QUICK_CRICKET = [
    [button("#board section.spell-start", "Beside B")],
    delivery("A", "4", "B", "B", "D"),
    delivery("A", "1", "B", "C", "A")
    + [
        css(f'{UMPIRE} button.umpire-answer[value="not out"]'),
        button(REVIEW, "Review: drew OUT"),
    ],
    delivery("A", "2", "B", "A", "C")
    + [
        css(f'{UMPIRE} button.umpire-answer[value="out"]'),
        button(REVIEW, "Review: drew OUT"),
    ],
    delivery("A", "3", "B", "A", "A"),
]


def at_bat(fielder: str | None, pitcher: tuple, batter: tuple, die: int | None) -> list[Step]:
    """An at-bat's taps; ``fielder`` None: the pawn stays where the screen shows it."""

    def tap(name: str, value: object) -> Step:
        return css(f'#play-form label:has(input[name="{name}"][value="{value}"])')

    steps = [css(f'.field label.space[data-space="{fielder}"]')] if fielder else []
    steps += [
        tap(f"pitcher_{n}", v)
        for n, v in zip(("number", "pitch", "result", "space"), pitcher, strict=False)
    ]
    steps += [
        tap(f"batter_{n}", v) for n, v in zip(("pitch", "result", "space"), batter, strict=False)
    ]
    # The die is the last tap: it plays. A bunt needs no die: Play.
    return steps + [tap("die", die) if die is not None else css("#play-form button.play")]


EXTEND = '#board .question[data-ask="extend"]'
HIT_TO_RF = at_bat("IL", (2, "curve", "fly", "LF"), ("heater", "line-drive", "RF"), 5)
AGAIN_TO_RF = at_bat(None, (2, "curve", "fly", "LF"), ("heater", "line-drive", "RF"), 5)
BACKYARD_BASEBALL = [
    HIT_TO_RF + [css(f"{EXTEND} button.no-extend")],
    AGAIN_TO_RF
    + [
        css(f'{EXTEND} label:has(input[name="extend_runners"][value="2"])'),
        css(f'{EXTEND} label:has(input[name="extend_pitcher"][value="none"])'),
        css(f"{EXTEND} button.extend"),
    ],
    [css("button.swap")],
    at_bat("CF", (9, "slow", "strikeout"), ("heater", "home-run"), 1),
    at_bat("IL", (2, "curve", "strikeout"), ("slow", "grounder", "IL"), 4),
    at_bat("CF", (5, "curve", "fly", "CF"), ("slow", "bunt"), None),
]


def start_bedard_on_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    start_bedard(page, base_url)


def pick(picker: str, card: str) -> Step:
    """The card in a Bedard picker. Where the picker shows one suit at a time (a phone), the
    card's suit tab is tapped first when another suit is on show; the larger screens show
    every suit, so there the step is the card's one tap."""
    tag = "label" if picker == "lead" else "button"

    def step(page: Page) -> Locator:
        target = page.locator(f'.{picker}-picker {tag}.pick[data-card="{card}"]')
        if not target.is_visible():
            page.locator(f'.{picker}-picker .suit-tabs label[data-suit="{card[0]}"]').click()
        return target

    return step


# Backyard with a deck: the same at-bats, each card tapped once by the label written on it.
DECK = {
    "pitcher": [
        {"card": "1", "number": 2, "pitch": "curve", "result": "fly", "space": "LF"},
        {"card": "2", "number": 9, "pitch": "slow", "result": "strikeout"},
        {"card": "3", "number": 2, "pitch": "curve", "result": "strikeout"},
        {"card": "4", "number": 5, "pitch": "curve", "result": "fly", "space": "CF"},
    ],
    "batter": [
        {"card": "A", "pitch": "heater", "result": "line-drive", "space": "RF", "runners": 1},
        {"card": "B", "pitch": "heater", "result": "home-run", "runners": 2},
        {"card": "C", "pitch": "slow", "result": "grounder", "space": "IL", "runners": 0},
        {"card": "D", "pitch": "slow", "result": "bunt", "runners": 3},
    ],
}


def start_backyard_deck(page: Page, base_url: str) -> None:
    """A Backyard game whose catalogue lists the deck (made as an organiser's would be)."""
    user = get_user_model().objects.get(username="tapper")
    options = {"catalogue": {**default_catalogue("backyard-baseball"), "deck": DECK}}
    game = services.game_create(
        kind="backyard-baseball", options=options, sides=["Owls", "Herons"], user=user
    )
    page.goto(f"{base_url}/games/{game.pk}/score/")


def by_label(fielder: str | None, pitcher: str, batter: str, die: int | None) -> list[Step]:
    """An at-bat by the cards' labels: at most four taps, the die (or Play, on a bunt) last."""
    steps = [css(f'.field label.space[data-space="{fielder}"]')] if fielder else []
    steps += [
        css(f'#play-form label.pitcher-tile[data-card="{pitcher}"]'),
        css(f'#play-form label.batter-tile[data-card="{batter}"]'),
    ]
    if die is None:
        return steps + [css("#play-form button.play")]
    return steps + [css(f'#play-form label.die-choice:has(input[name="die"][value="{die}"])')]


BACKYARD_DECK = [
    by_label("IL", "1", "A", 5) + [css(f"{EXTEND} button.no-extend")],
    by_label(None, "1", "A", 5)
    + [
        css(f'{EXTEND} label.batter-tile[data-card="B"]'),  # 2 runner icons
        css(f"{EXTEND} label.no-card"),  # no pitcher's card: it plays
    ],
    [css("button.swap")],
    by_label("CF", "2", "B", 1),
    by_label("IL", "3", "C", 4),
    by_label("CF", "4", "D", None),
]


def bedard(lead: str, answer: str, *then: Step) -> list[Step]:
    return [pick("lead", lead), pick("answer", answer), *then]


def bedard_phone(lead: str, answer: str, *then: Step) -> list[Step]:
    """A pitch's taps on a phone, each one a step: the lead's suit tab unless the picker shows
    it (a fresh board shows the first suit, Black), the lead, the answer's suit tab unless it
    is the led suit (the answer picker turns to it), the answer."""
    steps = [css(f'.lead-picker .suit-tabs label[data-suit="{lead[0]}"]')] if lead[0] != "K" else []
    steps.append(css(f'.lead-picker label.pick[data-card="{lead}"]'))
    if answer[0] != lead[0]:
        steps.append(css(f'.answer-picker .suit-tabs label[data-suit="{answer[0]}"]'))
    return [*steps, css(f'.answer-picker button.pick[data-card="{answer}"]'), *then]


# Each pitch: the lead, the answer, then the taps that answer the screen's question.
BEDARD_PITCHES: list[tuple] = [
    ("R4", "R2"),
    ("Y12", "Y7"),
    ("K11", "K12"),
    ("B13", "R13"),
    ("Y6", "R3", button('#board .question[data-ask="had_suit"]', "No: ball")),
    ("K8", "K10"),
    ("B1", "B5"),
    ("B7", "Y1", css('#board .question button[value="true"]')),
    ("K3", "K1"),
    ("R9", "R1"),
]
BEDARD_BASEBALL = [bedard(*pitch) for pitch in BEDARD_PITCHES]
BEDARD_PHONE = [bedard_phone(*pitch) for pitch in BEDARD_PITCHES]


def lay(*cards: str) -> list[Step]:
    return [css(f'button.pick[data-card="{card}"]') for card in cards] + [css("button.play-cards")]


SOLITAIRE_BASEBALL = [lay("AS"), lay("2S"), lay("3H", "3C"), lay("KD"), lay("10C"), lay("9H")]


def court(player: str, *quadrants: str) -> list[Step]:
    half = {"Ann": "top", "Bea": "bottom"}[player]
    return [css(f'#play-form fieldset.half-{half} label.quadrant[data-q="{q}"]') for q in quadrants]


def shot(name: str) -> Step:
    return button("#play-form", name)


QUICK_TENNIS = [
    court("Ann", "Q2") + court("Bea", "Q1", "Q3", "Q4") + [shot("Serve")],
    court("Ann", "Q4") + court("Bea", "Q4") + [shot("Serve")],
    court("Bea", "Q3")
    + court("Ann", "Q3", "Q4")
    + [
        css("#play-form label.toggle.recover"),
        css('#play-form label.toggle.call:has-text("Lob")'),
        shot("Play the shot"),
    ],
    court("Ann", "Q1") + court("Bea", "Q4") + [shot("Play the shot")],
    court("Ann", "Q3") + court("Bea", "Q2") + [shot("Serve")],
    court("Ann", "Q2") + court("Bea", "Q1", "Q4") + [shot("Serve")],
]


# ---- cards physically played on the table, read from each play's payload.


def _count(value: object) -> int:
    if isinstance(value, list):
        return len(value)
    return 0 if value in (None, "", False) else 1


def quick_baseball_cards(p: dict) -> int:
    return _count(p.get("pitch")) + _count(p.get("bat"))  # a call (Leave, Steal) is no card


def quick_cricket_cards(p: dict) -> int:
    if "pitch" not in p:
        return 0  # placing the fielder, declaring
    strokes = 2 if p.get("big_hit") else _count(p.get("move")) + _count(p.get("stroke"))
    # Pitch, Move and Stroke (or both Stroke cards), the Path card, umpire cards turned and
    # the card drawn for a review.
    return (
        1 + strokes + _count(p.get("path_card")) + _count(p.get("umpire")) + _count(p.get("review"))
    )


def backyard_cards(p: dict) -> int:
    extra = (p.get("extend") or {}).get("pitcher_number")  # extending with a pitcher card
    return _count(p.get("pitcher")) + _count(p.get("batter")) + _count(extra)  # the die: none


def bedard_cards(p: dict) -> int:
    return _count(p.get("bat")) + _count(p.get("field"))


def solitaire_cards(p: dict) -> int:
    return _count(p.get("cards"))


def tennis_cards(p: dict) -> int:
    # The serve or the shot, the receiver's one to three cards, a recovery card.
    return sum(_count(p.get(key)) for key in ("serve", "hit", "receive", "recover"))


GAMES = {
    # name: (start the game, the plays' taps, cards in a payload, most taps allowed per play)
    "Quick Baseball": (start_quick_baseball, QUICK_BASEBALL, quick_baseball_cards, 3),
    "Quick Cricket": (start_cricket, QUICK_CRICKET, quick_cricket_cards, 12),
    "Backyard Baseball": (start_backyard, BACKYARD_BASEBALL, backyard_cards, 16),
    "Backyard Baseball, deck": (start_backyard_deck, BACKYARD_DECK, backyard_cards, 6),
    "Bedard's Universal Baseball": (start_bedard, BEDARD_BASEBALL, bedard_cards, 4),
    "Bedard's, on a phone": (start_bedard_on_a_phone, BEDARD_PHONE, bedard_cards, 5),
    "Solitaire baseball": (start_solitaire, SOLITAIRE_BASEBALL, solitaire_cards, 6),
    "Quick Tennis": (start_tennis, QUICK_TENNIS, tennis_cards, 8),
}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@pytest.fixture(scope="module")
def figures() -> Iterator[dict]:
    rows: dict = {}
    yield rows
    if not rows:
        return
    head = (
        f"{'game':<28} {'plays':>5} {'taps/play':>9} {'max':>3} {'cards/play':>10} {'max':>3} "
        f"{'taps/card':>9} {'DOM p50':>7} {'p90':>4} {'settled p50':>11} {'p90':>4}"
    )
    print("\n\nTaps per play; tap-to-board in ms from the final tap\n" + head)
    print("-" * len(head))
    for name, row in rows.items():
        print(
            f"{name:<28} {row['plays']:>5} {row['taps_mean']:>9.2f} {row['taps_max']:>3} "
            f"{row['cards_mean']:>10.2f} {row['cards_max']:>3} {row['taps_per_card']:>9.2f} "
            f"{row['dom_p50']:>7.0f} {row['dom_p90']:>4.0f} "
            f"{row['settle_p50']:>11.0f} {row['settle_p90']:>4.0f}"
        )


@pytest.mark.parametrize("name", list(GAMES))
def test_taps_per_play(name: str, live_server, django_user_model, page: Page, figures) -> None:
    start, sequence, count_cards, most_taps = GAMES[name]
    django_user_model.objects.create_user(username="tapper", password=PASSWORD)
    log_in(page, live_server.url, "tapper", PASSWORD)
    start(page, live_server.url)
    game_id = int(re.search(r"/games/(\d+)/score/", page.url).group(1))
    page.evaluate(PROBE)
    plays = page.locator("ol.play-list > li")

    taps, dom_ms, settle_ms = [], [], []
    for number, steps in enumerate(sequence, start=1):
        before = page.evaluate("[window.__probe.taps, window.__probe.keys]")
        for step in steps:
            step(page).click()
        expect(plays).to_have_count(number)
        probe = page.evaluate("window.__probe")
        assert probe, f"{name} play {number}: the page reloaded instead of swapping the board"
        taps.append(probe["taps"] - before[0] + probe["keys"] - before[1])
        tap_at = probe["lastTap"]
        grown = [g["t"] for g in probe["grown"] if g["t"] >= tap_at and g["n"] >= number]
        dom_ms.append(grown[0] - tap_at)
        page.wait_for_function(
            "([t, n]) => window.__probe.settled.some(s => s.t >= t && s.n >= n)",
            arg=[tap_at, number],
        )
        settled = page.evaluate("window.__probe.settled")
        settle_ms.append(
            next(s["t"] for s in settled if s["t"] >= tap_at and s["n"] >= number) - tap_at
        )
        assert taps[-1] == len(steps), f"play {number}: {taps[-1]} taps, {len(steps)} expected"
        assert taps[-1] <= most_taps, f"{name} play {number}: {taps[-1]} taps"

    # Every play was recorded, none reloaded the page (the probe would be gone).
    game = Game.objects.get(pk=game_id)
    payloads = list(
        Play.objects.filter(game=game).order_by("seq").values_list("payload", flat=True)
    )
    assert len(payloads) == len(sequence)
    cards = [count_cards(payload) for payload in payloads]
    figures[name] = {
        "plays": len(sequence),
        "taps_mean": statistics.mean(taps),
        "taps_max": max(taps),
        "cards_mean": statistics.mean(cards),
        "cards_max": max(cards),
        "taps_per_card": sum(taps) / sum(cards),
        "dom_p50": statistics.median(dom_ms),
        "dom_p90": pct(dom_ms, 0.9),
        "settle_p50": statistics.median(settle_ms),
        "settle_p90": pct(settle_ms, 0.9),
    }
