"""The scoring screen with the keyboard alone: a Quick Baseball half-inning and a
Quick Cricket over entered with Tab, Shift+Tab, the arrow keys, Space and Enter only. At every
step the focus is on a control (never lost to <body>) and shows a ring; after each answer the
focus is back on the first card of the next play and the live region says what happened.

The DOM is read to decide which key to press next (Tab until the wanted card has the focus,
with a cap); nothing on the scoring screen is clicked or filled."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import log_in
from .test_quick_baseball_browser import start_game as start_baseball
from .test_quick_cricket_browser import start_game as start_cricket

pytestmark = pytest.mark.browser

PASSWORD = "keys-only-scorer-3"
CAP = 80  # Tabs before giving up on reaching a control

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) { return null; }
  const ring = (e) => {
    const s = getComputedStyle(e);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
      || (s.boxShadow && s.boxShadow !== 'none');
  };
  // A see-through radio or checkbox over a card face shows its ring on the card (its label).
  const seeThrough = parseFloat(getComputedStyle(el).opacity) === 0;
  const label = el.closest('label');
  return {
    tag: el.tagName.toLowerCase(),
    name: el.getAttribute('name') || '',
    value: el.getAttribute('value') || '',
    type: el.type || '',
    checked: Boolean(el.checked),
    said: (el.getAttribute('aria-label') || el.textContent || '').trim(),
    inBoard: Boolean(el.closest('#board')),
    ring: (!seeThrough && ring(el)) || Boolean(label && ring(label)),
  };
}"""


def focused(page: Page) -> dict:
    """What has the focus; it is never <body>, and it shows a focus ring."""
    now = page.evaluate(FOCUSED)
    assert now is not None, "the focus was lost to <body>"
    assert now["ring"], f"no visible focus indicator on {now}"
    return now


def press(page: Page, key: str) -> dict:
    page.keyboard.press(key)
    return focused(page)


def tab_to(page: Page, wanted, *, key: str = "Tab") -> dict:
    """Press Tab (or Shift+Tab) until ``wanted(focused)`` holds."""
    now = focused(page)
    for _ in range(CAP):
        if wanted(now):
            return now
        now = press(page, key)
    raise AssertionError(f"{key} never reached the control; the focus is on {now}")


def choose(page: Page, name: str, value: str) -> None:
    """A radio group: Tab into it, the arrow keys to the wanted radio, Space to be sure."""
    now = tab_to(page, lambda f: f["name"] == name)
    for _ in range(8):
        if now["value"] == value:
            break
        now = press(page, "ArrowDown")
    assert now["value"] == value, f"the arrow keys never reached {name}={value}: {now}"
    if not now["checked"]:
        now = press(page, " ")
    assert now["checked"], now


def answer_lands(page: Page, plays: int, said_before: str) -> str:
    """After Enter on the play: the board comes back with one more play, the focus on the
    first control of the next play, and the live region says the outcome."""
    expect(page.locator("ol.play-list > li")).to_have_count(plays)
    said = page.locator("#board .feedback .said")
    expect(said).not_to_have_text(said_before or "\0")
    outcome = said.inner_text()
    expect(page.locator("#announcer")).to_contain_text(outcome)
    return outcome


def test_quick_baseball_half_inning_by_keyboard(live_server, django_user_model, page: Page):
    django_user_model.objects.create_user(username="keys", password=PASSWORD)
    log_in(page, live_server.url, "keys", PASSWORD)
    start_baseball(page, live_server.url)
    page.locator("#announcer").wait_for(state="attached")

    # From the top of the page: the line score (a scrollable region) comes before the cards.
    page.keyboard.press("Tab")
    first = tab_to(page, lambda f: f["inBoard"])
    assert first["said"] == "Line score, by inning"

    outs = page.locator("#board dd.outs")
    said = ""
    plays = 0
    # A single, then three strike-outs (Leave against a blue-bordered pitch): the pitch, then
    # the batting card or a call.
    for pitch, bat, call in (
        ("C1", "B5", ""),
        ("SO1", "", "Leave"),
        ("SO2", "", "Leave"),
        ("RUN", "", "Leave"),
    ):
        choose(page, "pitch", pitch)
        if bat:
            now = tab_to(page, lambda f, bat=bat: f["said"].startswith(f"{bat}:"))
        else:
            now = tab_to(page, lambda f, call=call: f["name"] == "call" and f["said"] == call)
        if plays == 0:
            # Shift+Tab goes back the way it came: to the pitch chosen, then on again.
            back = tab_to(page, lambda f: f["name"] == "pitch", key="Shift+Tab")
            assert back["value"] == pitch and back["checked"]
            now = tab_to(page, lambda f, now=now: f["said"] == now["said"])
        page.keyboard.press("Enter")
        plays += 1
        said = answer_lands(page, plays, said)
        # The focus is back on the first card of the next play: the pitcher's hand.
        after = focused(page)
        assert after["name"] == "pitch", f"after the answer the focus is on {after}"
    expect(page.locator("#board dd.inning")).to_have_text("Bottom of the 1st")
    expect(outs).to_have_attribute("data-outs", "0")
    expect(page.locator("#announcer")).to_contain_text("Owls v Herons: 0–0.")

    # Undo by keyboard: Tab on past the cards to Undo; the focus comes back to the cards.
    tab_to(page, lambda f: f["said"].startswith("Undo play"))
    page.keyboard.press("Enter")
    expect(page.locator("ol.play-list > li")).to_have_count(plays - 1)
    expect(page.locator("#announcer")).to_contain_text(f"Play {plays} undone.")
    assert focused(page)["name"] == "pitch"


def answer_questions(page: Page, plays: int) -> None:
    """An umpire or review question after Bowl: the focus is on its first answer; take the
    umpire card's first answer, decline a review, until the delivery is recorded."""
    listed = page.locator("ol.play-list > li")
    for _ in range(4):
        question = page.locator("#board section.question")
        expect(listed.or_(question).first).to_be_visible()
        if listed.count() >= plays and question.count() == 0:
            return
        if question.count() == 0:
            page.wait_for_timeout(100)
            continue
        ask = question.get_attribute("data-ask")
        now = focused(page)
        assert now["inBoard"], now
        if ask == "umpire":
            now = tab_to(page, lambda f: f["name"] == "umpire_turned")
        else:
            now = tab_to(page, lambda f: f["said"] == "No review")
        page.keyboard.press("Enter")
        expect(question.locator(f'xpath=self::*[@data-ask="{ask}"]')).to_have_count(0)
    expect(listed).to_have_count(plays)


def test_quick_cricket_over_by_keyboard(live_server, django_user_model, page: Page):
    django_user_model.objects.create_user(username="keys", password=PASSWORD)
    log_in(page, live_server.url, "keys", PASSWORD)
    start_cricket(page, live_server.url)
    page.locator("#announcer").wait_for(state="attached")
    page.keyboard.press("Tab")
    tab_to(page, lambda f: f["inBoard"])

    said = ""
    deliveries = (
        ("A", "4", "B", "B", "D"),  # runs through D
        ("A", "1", "B", "C", "A"),  # an edge: the umpire is asked
        ("A", "2", "B", "A", "C"),  # a pad: the umpire is asked
        ("A", "3", "B", "A", "A"),  # defended: the end of the over
    )
    for plays, (pitch, card, path, move, stroke) in enumerate(deliveries, start=1):
        choose(page, "pitch", pitch)
        choose(page, "move", move)
        choose(page, "stroke", stroke)
        choose(page, "path_card", card)
        choose(page, "path", path)
        tab_to(page, lambda f: f["said"] == "Bowl")
        page.keyboard.press("Enter")
        answer_questions(page, plays)
        said = answer_lands(page, plays, said)
        after = focused(page)
        assert after["name"] == "pitch", f"after the answer the focus is on {after}"
    expect(page.locator("#board .score-line .overs")).to_have_text("(1.0 ov of 2)")
    expect(page.locator("#announcer")).to_contain_text("End of over 1.")
