"""The local engine's budgets, measured in Chromium in one run (figures in docs/performance.md):

- what it adds to a first visit, compressed as the site serves it: at most 6 MB;
- ready (the game opened in the engine) within READY_MS of the scoring page's load,
  from the network and, offline, from the service worker's copy;
- a typed play to the tablet's new board, at play 10 and play 300 of a 24-inning Quick
  Baseball game: median at most one frame (16 ms), beside a typed play to the server's board
  (what every tap waited for before) in the same run;
- the page's memory with the engine loaded (printed; ``-s``).

Run ``.venv/bin/python -m pytest tests/browser/test_local_engine_budget_browser.py -q -n 0 -s``
for the figures.
"""

import gzip
import statistics
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.contrib.staticfiles import finders
from playwright.sync_api import Page

from games.engines.notation import notation_for
from games.engines.players import play_out
from games.scoring import services

from .helpers import log_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.local_engine,
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("tap-to-board"),
]

PASSWORD = "one-frame-at-the-table-16"
MEGABYTE = 1_000_000
TRANSFER_BUDGET = 6 * MEGABYTE
FRAME_MS = 16.0
READY_MS = 3_000
# The suite runs beside another worker's tests on two cores (another engine may be starting in
# the other worker's Chromium: 6-7 s were seen then): it holds the engine to three times the
# budget, which still fails an engine whose library is shipped as source (6-7 s idle), and
# prints the figures (docs/performance.md has them measured on an idle machine).
READY_BOUND_MS = 3 * READY_MS
SEED, INNINGS, LATE, TIMED = 1, 24, 290, 15
# WhiteNoise serves a compressed copy of every static file but those of these endings (unless
# one was made beside it: pack_engine makes them for Pyodide's files).
STORED_AS_IS = (".zip",)

PROBE = """
(() => {
  const t = window.__local = {drawn: []};
  // The typed line's form is sent (Enter in the field): htmx's request starts.
  document.addEventListener('htmx:configRequest', e => {
    if (e.target && e.target.id === 'typed-form') t.sent = performance.now();
  }, true);
  document.addEventListener('engine:answer', () => {
    // After local-board.js's own listener (registered first) has drawn the board.
    if (t.sent) { t.drawn.push(performance.now() - t.sent); t.sent = 0; }
  });
  // Online: the server's board settled (htmx done with the answer).
  t.served = [];
  window.addEventListener('htmx:afterSettle', e => {
    if (t.online && e.detail.target && e.detail.target.id === 'board') {
      t.served.push(performance.now() - t.online); t.online = 0;
    }
  });
  document.addEventListener('htmx:configRequest', e => {
    if (e.target && e.target.id === 'typed-form') t.online = performance.now();
  }, true);
})();
"""


def served_size(url: str) -> int:
    """The bytes the site sends for a static file: its gzip copy where it serves one."""
    found = Path(finders.find(urlparse(url).path.split("/static/", 1)[1]))
    ready_made = found.with_name(found.name + ".gz")
    if ready_made.exists():
        return ready_made.stat().st_size
    if found.suffix in STORED_AS_IS:
        return found.stat().st_size
    return len(gzip.compress(found.read_bytes(), compresslevel=9))


def ready_ms(page: Page) -> float:
    """From the scoring page's load (its load event) to the game open in the engine."""
    page.wait_for_function(
        "() => document.documentElement.dataset.engine !== 'loading'", timeout=60_000
    )
    assert page.evaluate("window.scorekeeperEngine.status") == "ready"
    return page.evaluate(
        "window.scorekeeperEngine.timings.open"
        " - performance.getEntriesByType('navigation')[0].loadEventEnd"
    )


def type_and_time(page: Page, lines: list[str], key: str) -> list[float]:
    """Type each line offline; the time from its form's sending to the tablet's board drawn."""
    page.evaluate("window.__local.drawn = []")
    for number, line in enumerate(lines, 1):
        page.locator("#typed-play").fill(line)
        page.locator("#typed-play").press("Enter")
        page.wait_for_function(
            "([key, n]) => (JSON.parse(localStorage.getItem(key) || '{\"plays\": []}')"
            ".plays.length === n)",
            arg=[key, number],
        )
    return page.evaluate("window.__local.drawn")


def served_and_timed(page: Page, lines: list[str]) -> list[float]:
    """Type each line online; the time from its form's sending to the server's board."""
    page.evaluate("window.__local.served = []")
    for number, line in enumerate(lines, 1):
        page.locator("#typed-play").fill(line)
        page.locator("#typed-play").press("Enter")
        page.wait_for_function("n => window.__local.served.length === n", arg=number)
    return page.evaluate("window.__local.served")


def test_the_engine_keeps_its_budgets(live_server, django_user_model, page: Page) -> None:
    user = django_user_model.objects.create_user(username="frames", password=PASSWORD)
    sides = ["Owls", "Herons"]
    options = {"innings": INNINGS}
    early = services.game_create(kind="quick-baseball", options=options, sides=sides, user=user)
    late = services.game_create(kind="quick-baseball", options=options, sides=sides, user=user)
    played = play_out("quick-baseball", options, SEED)
    for seq, raw in enumerate(played.plays[:LATE], start=1):
        services.play_record(game=late, raw=raw, expected_seq=seq, user=user)
    for seq, raw in enumerate(played.plays[:9], start=1):
        services.play_record(game=early, raw=raw, expected_seq=seq, user=user)
    notation = notation_for("quick-baseball")
    # Logged in once the games are written: no page talks to the server while they are.
    page.add_init_script(PROBE)
    log_in(page, live_server.url, "frames", PASSWORD)

    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{live_server.url}/games/{early.pk}/score/")
    first_ready = ready_ms(page)
    steps = page.evaluate("window.scorekeeperEngine.timings")
    engine_files = [url for url in asked if "/games/engine" in url or "local-board" in url]
    transferred = sum(served_size(url) for url in engine_files)
    memory = page.evaluate("window.scorekeeperEngine.request('memory')")

    figures = {}
    for name, game, start in (("play 10", early, 9), ("play 300", late, LATE)):
        page.goto(f"{live_server.url}/games/{game.pk}/score/")
        figures[f"ready, {name}"] = ready_ms(page)
        lines = [notation.format_play(raw) for raw in played.plays[start : start + TIMED]]
        key = f"scorekeeper.offline.game.{game.pk}.user.{user.pk}"
        page.context.set_offline(True)
        drawn = type_and_time(page, lines, key)
        page.context.set_offline(False)
        page.locator("#offline-panel").wait_for(state="hidden", timeout=60_000)
        assert len(drawn) == TIMED
        figures[f"typed to tablet's board, {name}"] = statistics.median(drawn)
        after = start + TIMED
        online = [notation.format_play(raw) for raw in played.plays[after : after + TIMED]]
        served = served_and_timed(page, online)
        figures[f"typed to server's board (today), {name}"] = statistics.median(served)

    # Offline, from the service worker's copy of the page and of the engine's files.
    page.context.set_offline(True)
    page.reload()
    figures["ready offline, play 300"] = ready_ms(page)
    page.goto("about:blank")  # nothing of the page's left talking to the server
    page.context.set_offline(False)

    print("\n\nLocal engine, Quick Baseball (24 innings), this run:")
    print(
        f"  engine files on a first visit: {transferred / MEGABYTE:.2f} MB compressed "
        f"({len(engine_files)} files)"
    )
    print(f"  ready on the first visit: {first_ready:.0f} ms after the page's load ({steps})")
    for name, value in figures.items():
        print(f"  {name}: {value:.1f} ms")
    print(f"  the engine's WebAssembly memory: {memory['wasm'] / MEGABYTE:.1f} MB")

    assert transferred <= TRANSFER_BUDGET
    for name, value in figures.items():
        if name.startswith("typed to tablet"):
            assert value <= FRAME_MS, (name, value)
        else:
            assert value <= READY_BOUND_MS, (name, value)
