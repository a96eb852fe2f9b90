"""Tap to board on the Quick Baseball scoring screen, early and late in a game.

Two games of 24 innings, played by the plausible players (``games/engines/players.py``):
one new, tapped through the screen from its first play; one whose first 290 plays are
recorded through the services, then tapped on from the screen. For each play the page stamps,
with ``performance.now()``:

- the tap that posts (the batter's card, or a call);
- the POST's start and end (its Resource Timing entry: ``startTime``, ``responseEnd``);
- the end of htmx's work on the answer: the board and its play-by-play line swapped in,
  settled (``htmx:afterSettle``), and scoring.js's handlers done (``htmx:afterOnLoad``, fired
  after ``htmx:afterRequest``), all read on ``window``, after every listener of the document.

Round trip is the POST's start to its end; the browser's share is the end of the answer to the
board settled with scoring.js done; total is the tap to that. The target: the
browser's share no larger than the round trip (medians), at play 10 and at play 300, in the
same run. Run with ``-s`` to see the figures; ``TAP_PROFILE=1`` adds the page's hottest
functions (a V8 CPU profile over the late plays, through the DevTools protocol;
``TAP_PROFILE=/tmp/late.json`` also writes it there, for Chrome's DevTools).
"""

import json
import os
import statistics
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.engines.players import play_out
from games.models import Game
from games.scoring import services

from .helpers import log_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("tap-to-board"),
]

PASSWORD = "tap-to-board-18"
SEED = 1  # a 24-inning game of 417 plays
INNINGS = 24  # long enough for play 300 and the plays timed after it
TIMED = 20  # plays timed at each point
JITTER_MS = 3.0
LATE = 290  # plays recorded before the late game's screen opens

PROBE = """
(() => {
  performance.setResourceTimingBufferSize(100000);
  const tb = window.__tb = {tap: 0, plays: []};
  let current = null;
  const now = () => performance.now();
  document.addEventListener('click', e => {
    if (e.isTrusted && e.detail > 0) tb.tap = now();
  }, true);
  document.addEventListener('htmx:beforeRequest', e => {
    current = {tap: tb.tap, before: now(), onload: 0, swap: 0, settle: 0, loaded: 0};
    tb.plays.push(current);
  });
  document.addEventListener('htmx:beforeOnLoad', () => { if (current) current.onload = now(); });
  window.addEventListener('htmx:afterSwap', () => { if (current) current.swap = now(); });
  window.addEventListener('htmx:afterSettle', () => { if (current) current.settle = now(); });
  window.addEventListener('htmx:afterOnLoad', () => { if (current) current.loaded = now(); });
})();
"""

# The POSTs' Resource Timing entries, in order.
POSTS = """() => performance.getEntriesByType('resource')
  .filter(e => e.initiatorType === 'xmlhttprequest' && /\\/plays\\/$/.test(e.name))
  .map(e => ({start: e.startTime, end: e.responseEnd}))"""

# The refresh button whose hidden fields name exactly these players.
REFRESH = """(who) => {
  const want = [...who].sort().join(',');
  const forms = [...document.querySelectorAll('#board .refreshes form')];
  const i = forms.findIndex(f => [...f.querySelectorAll('input[name=refresh]')]
    .map(i => i.value).sort().join(',') === want);
  if (i >= 0) forms[i].setAttribute('data-tap-refresh', '');
  return i;
}"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def tap_play(page: Page, raw: dict, number: int) -> bool:
    """Tap ``raw`` on the screen; wait for its board. True for a pitch (two taps)."""
    plays = page.locator("ol.play-list > li")
    if "refresh" in raw:
        assert page.evaluate(REFRESH, raw["refresh"]) >= 0, f"play {number}: no {raw}"
        page.locator("#board form[data-tap-refresh] button").click()
        expect(page.locator("#board input[name=expected]").first).to_have_value(str(number + 1))
        return False
    page.locator(f'label.pitch-card[data-card="{raw["pitch"]}"]').click()
    if raw.get("bat"):
        page.locator(f'button.bat-card[data-card="{raw["bat"]}"]').click()
    else:
        page.locator(f'button.call[value="{raw["call"]}"]').click()
    expect(plays.first).to_have_attribute("value", str(number))
    page.wait_for_function(
        "() => { const p = window.__tb.plays.at(-1); return p && p.settle && p.loaded; }"
    )
    return True


def time_plays(page: Page, plays: list[dict], first: int) -> dict:
    """Tap ``plays`` (``first`` is the first one's number) until TIMED pitches are timed."""
    page.evaluate("window.__tb.plays = []")
    posts_before = len(page.evaluate(POSTS))
    timed = []
    for offset, raw in enumerate(plays):
        index = len(page.evaluate("window.__tb.plays"))
        if tap_play(page, raw, first + offset):
            timed.append(index)
        if len(timed) == TIMED:
            break
    assert len(timed) == TIMED
    probes = page.evaluate("window.__tb.plays")
    posts = page.evaluate(POSTS)[posts_before:]
    assert len(posts) == len(probes)
    rows: dict[str, list[float]] = {
        name: []
        for name in ("round trip", "browser", "total", "tap to POST", "to onload", "swap", "settle")
    }
    for index in timed:
        probe, post = probes[index], posts[index]
        done = max(probe["settle"], probe["loaded"])
        rows["round trip"].append(post["end"] - post["start"])
        rows["browser"].append(done - post["end"])
        rows["total"].append(done - probe["tap"])
        rows["tap to POST"].append(post["start"] - probe["tap"])
        rows["to onload"].append(probe["onload"] - post["end"])
        rows["swap"].append(probe["swap"] - probe["onload"])
        rows["settle"].append(done - probe["swap"])
    return rows


def summary(rows: dict) -> dict:
    return {name: (statistics.median(v), pct(v, 0.9)) for name, v in rows.items()}


def hottest(profile: dict, top: int = 15) -> list[tuple[float, str]]:
    nodes = {node["id"]: node for node in profile["nodes"]}
    self_us: dict[str, float] = {}
    deltas = profile["timeDeltas"]
    for sample, delta in zip(profile["samples"], deltas[1:] + [0], strict=True):
        frame = nodes[sample]["callFrame"]
        url = frame["url"].rsplit("/", 1)[-1]
        name = f"{frame['functionName'] or '(anonymous)'} {url}:{frame['lineNumber'] + 1}"
        self_us[name] = self_us.get(name, 0) + delta
    ranked = sorted(((us / 1000, name) for name, us in self_us.items()), reverse=True)
    return ranked[:top]


def test_tap_to_board_early_and_late(live_server, django_user_model, page: Page) -> None:
    user = django_user_model.objects.create_user(username="tapper", password=PASSWORD)
    page.add_init_script(PROBE)
    log_in(page, live_server.url, "tapper", PASSWORD)
    sides = ["Owls", "Herons"]
    early = services.game_create(
        kind="quick-baseball", options={"innings": INNINGS}, sides=sides, user=user
    )
    late = services.game_create(
        kind="quick-baseball", options={"innings": INNINGS}, sides=sides, user=user
    )
    played = play_out("quick-baseball", early.options, SEED)
    assert len(played.plays) >= LATE + 2 * TIMED
    for seq, raw in enumerate(played.plays[:LATE], start=1):
        services.play_record(game=late, raw=raw, expected_seq=seq, user=user)

    results = {}
    page.goto(f"{live_server.url}/games/{early.pk}/score/")
    results["play 10"] = summary(time_plays(page, list(played.plays), 1))

    page.goto(f"{live_server.url}/games/{late.pk}/score/")
    cdp = None
    if os.environ.get("TAP_PROFILE"):
        cdp = page.context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 100})
        cdp.send("Profiler.start")
    results["play 300"] = summary(time_plays(page, list(played.plays[LATE:]), LATE + 1))
    if cdp:
        profile = cdp.send("Profiler.stop")["profile"]
        if os.environ["TAP_PROFILE"].endswith(".json"):
            Path(os.environ["TAP_PROFILE"]).write_text(json.dumps(profile))
        print("\n\nHottest page functions over the late plays (self ms):")
        for ms, name in hottest(profile):
            print(f"  {ms:8.1f}  {name}")

    assert Game.objects.get(pk=late.pk).plays.count() > LATE + TIMED
    print("\n\nTap to board, Quick Baseball, ms (median / p90), same run")
    names = list(results["play 10"])
    print(f"{'':10}" + "".join(f"{name:>18}" for name in names))
    for point, row in results.items():
        print(f"{point:10}" + "".join(f"{row[n][0]:>10.1f} /{row[n][1]:>6.1f}" for n in names))
    # The target is the browser's share no larger than the round trip (medians). Measured on
    # a quiet machine it is 11-15 ms against 15-22 ms; on CI's two shared cores the other
    # worker's tests slow both sides at random, so a run may miss by a few milliseconds of
    # noise: JITTER allows for that, and docs/performance.md gives the figures of quiet runs.
    for point, row in results.items():
        assert row["browser"][0] <= row["round trip"][0] + JITTER_MS, (
            f"{point}: the browser's share {row['browser'][0]:.1f} ms is more than the "
            f"round trip {row['round trip'][0]:.1f} ms"
        )
