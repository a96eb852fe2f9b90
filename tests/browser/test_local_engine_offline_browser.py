"""Offline with the rules on the tablet: a whole inning (an innings, a game of tennis) of every
game scored with the connection cut, each play played by the tablet's engine as it is
entered and queued, the board on the tablet moving; back online, the queue is sent and the
server's log is the tablet's. A play the rules refuse is refused at once and not queued; a
play another tablet got in first stops the queue with the conflict said and nothing lost."""

import json

import pytest
from playwright.sync_api import Page, expect

from games.engines import get
from games.engines.baseball.bases import steal_candidate
from games.engines.notation import notation_for
from games.engines.players import play_out
from games.engines.tablet import Tablet
from games.kinds import taps
from games.models import Play
from games.scoring import services
from tests.answering import entries

from .helpers import answer_on_the_page, log_in

pytestmark = [pytest.mark.browser, pytest.mark.local_engine]

PASSWORD = "scored-in-the-pavilion-2"
READY_MS = 60_000
OPTIONS = {
    "quick-baseball": {"innings": 1},
    "quick-cricket": {"overs": 1},
    "backyard-baseball": {"innings": 1},
    "bedard-baseball": {"innings": 1},
    "solitaire-baseball": {},
    "quick-tennis": {},
}


def period(summary: dict) -> object:
    """Which inning, innings or game of tennis the summary is in."""
    if summary["game"] == "quick-cricket":
        return len(summary["innings"])
    if summary["game"] == "quick-tennis":
        return sum(summary["games"]) + len(summary["sets"])
    return summary["inning"]


def one_period(kind: str, seed: int | None = None) -> list[dict]:
    """The plays of a plausible game's first inning (innings, game), to its last play."""
    engine = get(kind)
    played = play_out(kind, OPTIONS[kind], 1 if seed is None else seed)
    first = period(engine.summary(played.states[0]))
    plays = []
    for raw, after in zip(played.plays, played.states[1:], strict=True):
        plays.append(raw)
        if engine.is_over(after) or period(engine.summary(after)) != first:
            break
    return plays


@pytest.fixture
def scorer(live_server, django_user_model, page: Page):
    user = django_user_model.objects.create_user(username="pavilion", password=PASSWORD)
    log_in(page, live_server.url, "pavilion", PASSWORD)
    return user


def open_scoring(page: Page, live_server, user, kind: str):
    game = services.game_create(
        kind=kind, options=OPTIONS[kind], sides=list(get(kind).default_sides), user=user
    )
    page.goto(f"{live_server.url}/games/{game.pk}/score/")
    page.wait_for_function(
        "() => document.documentElement.dataset.engine !== 'loading'", timeout=READY_MS
    )
    assert page.evaluate("window.scorekeeperEngine.status") == "ready"
    return game


def waiting(page: Page, game, user) -> list[dict]:
    key = f"scorekeeper.offline.game.{game.pk}.user.{user.pk}"
    stored = page.evaluate("key => localStorage.getItem(key)", key)
    return json.loads(stored)["plays"] if stored else []


def type_play(page: Page, line: str) -> None:
    field = page.locator("#typed-play")
    field.fill(line)
    field.press("Enter")


@pytest.mark.parametrize("kind", list(OPTIONS))
def test_a_whole_inning_is_scored_offline_and_sent_when_back(
    live_server, scorer, page: Page, kind: str
):
    """Each play typed without the answers to its questions (the umpire's cards and reviews,
    Backyard's extensions, Bedard's held suit): the tablet asks them, the table taps them."""
    game = open_scoring(page, live_server, scorer, kind)
    plays = one_period(kind)
    notation = notation_for(kind)
    entered = list(entries(kind, OPTIONS[kind], plays, typed=True))
    tablet = Tablet(kind, OPTIONS[kind], plays)
    asked = 0
    page.context.set_offline(True)
    for number, entry in enumerate(entered, 1):
        type_play(page, entry.draft[0][1] if entry.draft else notation.format_play(entry.play))
        for asking, tapped in entry.asked:
            answer_on_the_page(page, asking, tapped)
            asked += 1
        page.wait_for_function(
            "([key, n]) => (JSON.parse(localStorage.getItem(key) || '{\"plays\": []}')"
            ".plays.length === n)",
            arg=[f"scorekeeper.offline.game.{game.pk}.user.{scorer.pk}", number],
        )
    assert len(waiting(page, game, scorer)) == len(plays)
    assert asked >= {"quick-cricket": 2, "backyard-baseball": 2, "bedard-baseball": 2}.get(kind, 0)
    expect(page.locator("#local-question")).to_be_hidden()
    # The tablet's engine played every one: its log, its summary, its board.
    view = page.evaluate("window.scorekeeperEngine.request('view')")
    assert view["length"] == len(plays)
    assert view["summary"] == tablet.view()["summary"]
    local = page.locator("#local-board")
    expect(local).to_be_visible()
    expect(local).to_contain_text(f"{len(plays)} play")
    assert Play.objects.filter(game=game).count() == 0

    page.context.set_offline(False)
    expect(page.locator("#offline-panel")).to_be_hidden(timeout=30_000)
    stored = list(Play.objects.filter(game=game).order_by("seq"))
    assert [play.payload for play in stored] == [
        entry.answer["play"] if entry.draft else entry.play for entry in entered
    ]
    game.refresh_from_db()
    assert game.summary == view["summary"]
    expect(local).to_be_hidden()


def test_a_play_the_rules_refuse_offline_is_refused_at_once_and_not_queued(
    live_server, scorer, page: Page
):
    game = open_scoring(page, live_server, scorer, "quick-baseball")
    page.context.set_offline(True)
    type_play(page, "RUN B1")
    page.wait_for_function(
        "key => localStorage.getItem(key) !== null",
        arg=f"scorekeeper.offline.game.{game.pk}.user.{scorer.pk}",
    )
    type_play(page, "ZZ B1")
    feedback = page.locator("#board .feedback .error")
    expect(feedback).to_contain_text("Pitch 'ZZ' is not a pitching card")
    expect(feedback).to_contain_text("Nothing was queued.")
    assert len(waiting(page, game, scorer)) == 1
    assert page.locator("#typed-play").input_value() == "ZZ B1"
    assert page.evaluate("window.scorekeeperEngine.request('view')")["length"] == 1


def test_a_conflict_after_reconnecting_stops_the_queue_and_keeps_the_plays(
    live_server, scorer, page: Page
):
    game = open_scoring(page, live_server, scorer, "quick-baseball")
    plays = one_period("quick-baseball")
    notation = notation_for("quick-baseball")
    page.context.set_offline(True)
    for number, raw in enumerate(plays[:2], 1):
        type_play(page, notation.format_play(raw))
        page.wait_for_function(
            "([key, n]) => (JSON.parse(localStorage.getItem(key) || '{\"plays\": []}')"
            ".plays.length === n)",
            arg=[f"scorekeeper.offline.game.{game.pk}.user.{scorer.pk}", number],
        )
    # Meanwhile another tablet scored the first play of the game.
    services.play_record(game=game, raw=plays[2], expected_seq=1, user=scorer)
    page.context.set_offline(False)
    panel = page.locator("#offline-panel")
    expect(panel).to_have_class("offline-panel conflict", timeout=30_000)
    expect(panel.locator(".offline-summary")).to_contain_text("Not sent:")
    assert len(waiting(page, game, scorer)) == 2
    assert Play.objects.filter(game=game).count() == 1
    # The tablet's engine follows the server's log again, without the plays not sent.
    page.wait_for_function("() => window.scorekeeperEngine.usable()", timeout=30_000)
    assert page.evaluate("window.scorekeeperEngine.request('view')")["length"] == 1


def test_the_cards_follow_the_tablets_engine_offline(live_server, scorer, page: Page):
    """Offline, the board's cards are the ones legal after the waiting plays: the pitcher's
    cards used are off, and Steal opens once a runner is on."""
    game = open_scoring(page, live_server, scorer, "quick-baseball")
    engine = get("quick-baseball")
    played = play_out("quick-baseball", OPTIONS["quick-baseball"], 1)
    on = next(
        n
        for n, state in enumerate(played.states)
        if steal_candidate(state.bases) is not None and not engine.is_over(state)
    )
    steal = page.locator('#board button[name="call"][value="steal"]')
    expect(steal).to_be_disabled()
    notation = notation_for("quick-baseball")
    page.context.set_offline(True)
    for number, raw in enumerate(played.plays[:on], 1):
        type_play(page, notation.format_play(raw))
        page.wait_for_function(
            "([key, n]) => (JSON.parse(localStorage.getItem(key) || '{\"plays\": []}')"
            ".plays.length === n)",
            arg=[f"scorekeeper.offline.game.{game.pk}.user.{scorer.pk}", number],
        )
    expect(steal).to_be_enabled()
    closed = taps.closed("quick-baseball", played.states[on])
    off = page.eval_on_selector_all(
        '#board input[name="pitch"]:disabled', "inputs => inputs.map(input => input.value)"
    )
    assert sorted(off) == sorted(closed["pitch"])
    # Back online, the server's board draws the same cards.
    page.context.set_offline(False)
    expect(page.locator("#offline-panel")).to_be_hidden(timeout=30_000)
    expect(page.locator("#local-board")).to_be_hidden()
    expect(steal).to_be_enabled()
    off = page.eval_on_selector_all(
        '#board input[name="pitch"]:disabled', "inputs => inputs.map(input => input.value)"
    )
    assert sorted(off) == sorted(closed["pitch"])
