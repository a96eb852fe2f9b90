"""Offline with the rules on the tablet: a whole inning (an innings, a game of tennis) of every
game scored with the connection cut, each play played by the tablet's engine as it is
entered and queued, the board on the tablet moving; back online, the queue is sent and the
server's log is the tablet's. A play the rules refuse is refused at once and not queued; a
play another tablet got in first stops the queue with the conflict said and nothing lost."""

import json

import pytest
from playwright.sync_api import Page, expect

from games.engines import get
from games.engines.notation import notation_for
from games.engines.players import play_out
from games.engines.tablet import Tablet
from games.models import Play
from games.scoring import services

from .helpers import log_in

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

# A plausible game whose first inning asks the table no question: offline, a play that needs an
# answer is queued as it is and asked when the server has it (docs/scoring.md).
SEEDS = {"quick-cricket": 7, "backyard-baseball": 4}


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
    played = play_out(kind, OPTIONS[kind], SEEDS.get(kind, 1) if seed is None else seed)
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
    game = open_scoring(page, live_server, scorer, kind)
    plays = one_period(kind)
    notation = notation_for(kind)
    tablet = Tablet(kind, OPTIONS[kind])
    page.context.set_offline(True)
    for number, raw in enumerate(plays, 1):
        line = notation.format_play(raw)
        type_play(page, line)
        page.wait_for_function(
            "([key, n]) => (JSON.parse(localStorage.getItem(key) || '{\"plays\": []}')"
            ".plays.length === n)",
            arg=[f"scorekeeper.offline.game.{game.pk}.user.{scorer.pk}", number],
        )
        tablet.play(raw, answered=["bobble", "bouncer", "extend", "had_suit", "review", "umpire"])
    assert len(waiting(page, game, scorer)) == len(plays)
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
        notation.parse_line(notation.format_play(raw), state)
        for raw, state in zip(plays, tablet.states, strict=False)
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
