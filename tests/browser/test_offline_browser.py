"""Scoring with the connection cut (Playwright's offline mode): plays wait on the tablet, in
order, survive a reload and are sent at their log positions when the connection returns; a play
another tablet got in first is shown as a conflict and never merged. The scoring page itself
comes back offline from the copy the service worker keeps (scoring-worker.js)."""

import json
import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from games.models import Play
from games.scoring import services
from games.scoring import views as scoring_views

from .helpers import assert_not_reloaded, log_in, mark_page

pytestmark = pytest.mark.browser

PASSWORD = "no-wifi-at-the-ground-7"
SCREENSHOT = "/tmp/offline-browser.png"


@pytest.fixture
def scoring(live_server, django_user_model, page: Page):
    """A logged-in scorer on the scoring screen of a fresh Quick Baseball game."""
    user = django_user_model.objects.create_user(username="umpire", password=PASSWORD)
    game = services.game_create(
        kind="quick-baseball",
        # The first reconstruction of the cards, which the scripted plays were written for.
        options={"innings": 3, "catalogue": "first-reconstruction"},
        sides=["Owls", "Herons"],
        user=user,
    )
    log_in(page, live_server.url, "umpire", PASSWORD)
    url = f"{live_server.url}/games/{game.pk}/score/"
    page.goto(url)
    return game, user, url


def tap(page: Page, pitch: str, *, bat: str = "", call: str = "") -> None:
    page.locator(f'label.pitch-card[data-card="{pitch}"]').click()
    if bat:
        page.locator(f'button.bat-card[data-card="{bat}"]').click()
    else:
        page.locator("button.call", has_text=call).click()


def queue_key(game, user) -> str:
    """Where scoring.js keeps one scorer's waiting plays for one game."""
    return f"scorekeeper.offline.game.{game.pk}.user.{user.pk}"


def waiting(page: Page, game, user=None) -> list[dict]:
    """The plays waiting on this tablet for ``user`` (by default the scorer who made the game)."""
    key = queue_key(game, user or game.created_by)
    stored = page.evaluate("key => localStorage.getItem(key)", key)
    return json.loads(stored)["plays"] if stored else []


def logged(game) -> list[tuple[int, dict]]:
    return [(play.seq, play.payload) for play in Play.objects.filter(game=game).order_by("seq")]


def test_plays_wait_offline_and_are_sent_in_order(scoring, page: Page) -> None:
    game, _, _ = scoring
    panel = page.locator("#offline-panel")
    expect(panel).to_be_hidden()

    page.context.set_offline(True)
    expect(panel).to_contain_text("Offline")
    tap(page, "SO1", bat="B4")
    expect(panel).to_contain_text("Offline: 1 play waiting, the board will update")
    tap(page, "SO2", call="Leave")
    expect(panel).to_contain_text("Offline: 2 plays waiting, the board will update")
    expect(panel.get_by_role("button")).to_have_count(0)
    expect(panel.locator(".offline-plays li")).to_have_text(
        ["pitch SO1 · bat B4 (position 1)", "pitch SO2 · call leave (position 2)"]
    )
    expect(page.locator(".plays .empty")).to_have_text("No plays yet.")
    page.set_viewport_size({"width": 820, "height": 1180})
    page.locator(".batter-hand").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOT)
    assert [play["expected"] for play in waiting(page, game)] == [1, 2]
    assert logged(game) == []

    page.context.set_offline(False)
    expect(page.locator("ol.play-list > li")).to_have_count(2)
    expect(panel).to_be_hidden()
    assert logged(game) == [
        (1, {"pitch": "SO1", "bat": "B4"}),
        (2, {"pitch": "SO2", "call": "leave"}),
    ]
    assert waiting(page, game) == []

    # Again: the play waits, then goes as soon as the connection is back.
    page.context.set_offline(True)
    tap(page, "RUN", bat="B1")
    expect(panel).to_contain_text("Offline: 1 play waiting")
    page.context.set_offline(False)
    expect(page.locator("ol.play-list > li")).to_have_count(3)
    expect(page.locator("#board .feedback .said")).to_have_text("Batter 3 singles on Run Out.")
    expect(panel).to_be_hidden()
    assert [seq for seq, _ in logged(game)] == [1, 2, 3]


def test_undo_offline_takes_back_the_last_waiting_play(scoring, page: Page) -> None:
    game, _, _ = scoring
    page.context.set_offline(True)
    tap(page, "SO1", bat="B4")
    tap(page, "SO2", call="Leave")
    expect(page.locator("#offline-panel")).to_contain_text("2 plays waiting")
    page.context.set_offline(False)
    expect(page.locator("ol.play-list > li")).to_have_count(2)

    page.context.set_offline(True)
    tap(page, "RUN", bat="B1")
    expect(page.locator("#offline-panel")).to_contain_text("1 play waiting")
    page.get_by_role("button", name="Undo play 2").click()
    expect(page.locator("#offline-panel")).to_contain_text("Offline: plays entered now are kept")
    assert waiting(page, game) == []
    page.context.set_offline(False)
    expect(page.locator("#offline-panel")).to_be_hidden()
    assert [seq for seq, _ in logged(game)] == [1, 2]


def test_a_play_another_tablet_got_in_first_is_a_conflict(scoring, page: Page) -> None:
    game, user, _ = scoring
    panel = page.locator("#offline-panel")
    page.context.set_offline(True)
    tap(page, "SO1", bat="B4")
    tap(page, "SO2", call="Leave")
    expect(panel).to_contain_text("2 plays waiting")

    # Meanwhile the other tablet records the first play of the game.
    services.play_record(
        game=game, raw={"pitch": "FLY", "bat": "B2"}, expected_seq=1, after_play=0, user=user
    )
    page.context.set_offline(False)

    expect(panel).to_have_class("offline-panel conflict")
    expect(panel).to_contain_text("Not sent: Your other screen entered play")
    expect(panel).to_contain_text("2 plays entered at this tablet could not be sent")
    expect(panel.locator(".offline-plays li")).to_have_count(2)
    # The board is the server's: the other tablet's play only, nothing merged.
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    assert logged(game) == [(1, {"pitch": "FLY", "bat": "B2"})]

    # New taps are held back until the scorer has dealt with the waiting plays.
    tap(page, "SO1", bat="B4")
    assert len(waiting(page, game)) == 2
    assert len(logged(game)) == 1
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#offline-panel").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/offline-conflict.png")

    panel.locator(".offline-plays li").first.get_by_role("button", name="Discard").click()
    expect(panel.locator(".offline-plays li")).to_have_count(1)
    page.reload()
    expect(panel).to_contain_text("Not sent")
    panel.get_by_role("button", name="Discard all waiting plays").click()
    expect(panel).to_be_hidden()
    assert waiting(page, game) == []

    tap(page, "SO1", bat="B4")
    expect(page.locator("ol.play-list > li")).to_have_count(2)
    assert [seq for seq, _ in logged(game)] == [1, 2]


def test_a_play_whose_answer_was_lost_is_not_sent_twice(scoring, page: Page) -> None:
    """The tablet sent play 1 and lost the answer (the page went away): play 1 is in the log,
    so on the next load it leaves the queue and only play 2 is sent."""
    game, user, _ = scoring
    services.play_record(
        game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, after_play=0, user=user
    )
    queue = {
        "plays": [
            {
                "fields": [["pitch", "SO1"], ["bat", "B4"]],
                "expected": 1,
                "after": "0",
                "inflight": True,
            },
            {"fields": [["pitch", "SO2"], ["call", "leave"]], "expected": 2, "after": None},
        ],
        "conflict": "",
        "paused": False,
    }
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [queue_key(game, user), json.dumps(queue)],
    )
    page.reload()
    expect(page.locator("ol.play-list > li")).to_have_count(2)
    expect(page.locator("#offline-panel")).to_be_hidden()
    assert logged(game) == [
        (1, {"pitch": "SO1", "bat": "B4"}),
        (2, {"pitch": "SO2", "call": "leave"}),
    ]
    assert waiting(page, game) == []


def test_plays_one_scorer_left_waiting_are_never_sent_under_another_login(
    scoring, page: Page, live_server, django_user_model
) -> None:
    """Scorer A left two plays waiting on this tablet; scorer B, on the same tablet, neither
    sees nor sends them. They go out under A's login when A comes back."""
    game, user, url = scoring
    queue = {
        "plays": [
            {"fields": [["pitch", "SO1"], ["bat", "B4"]], "expected": 1, "after": None},
            {"fields": [["pitch", "SO2"], ["call", "leave"]], "expected": 2, "after": None},
        ],
        "conflict": "",
        "paused": False,
    }
    page.goto("about:blank")
    other = django_user_model.objects.create_user(username="relief-umpire", password=PASSWORD)
    services.scorer_add(game=game, username=other.username, user=user)
    page.context.clear_cookies()
    log_in(page, live_server.url, other.username, PASSWORD)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [queue_key(game, user), json.dumps(queue)],
    )
    page.goto(url)
    expect(page.locator(".plays .empty")).to_have_text("No plays yet.")
    expect(page.locator("#offline-panel")).to_be_hidden()
    page.wait_for_timeout(500)
    assert logged(game) == []
    assert waiting(page, game, other) == []
    assert len(waiting(page, game, user)) == 2

    page.context.clear_cookies()
    log_in(page, live_server.url, user.username, PASSWORD)
    page.goto(url)
    expect(page.locator("ol.play-list > li")).to_have_count(2)
    assert [play.created_by_id for play in Play.objects.filter(game=game)] == [user.pk] * 2
    assert waiting(page, game, user) == []


def kept_copy(page: Page, url: str) -> str:
    """The service worker's copy of the page at ``url`` ("" when there is none)."""
    return page.evaluate(
        "url => caches.match(url, {ignoreVary: true}).then(r => r ? r.text() : '')", url
    )


def wait_until(check, what: str) -> None:
    # Not page.wait_for_function: it takes a pending promise for a true answer.
    for _ in range(100):
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} never happened")


def wait_for_copy(page: Page, url: str, showing: str) -> None:
    """Wait until the worker controls the page and its copy of ``url`` shows ``showing``."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    wait_until(lambda: showing in kept_copy(page, url), f"a kept copy showing {showing!r}")


def test_the_scoring_page_reloads_offline_with_its_waiting_plays(
    scoring, page: Page, monkeypatch
) -> None:
    game, _, url = scoring
    panel = page.locator("#offline-panel")
    # The worker takes charge of the page once it is active; later visits start under it.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").startswith(
        f"{url.split('/games/')[0]}/scoring-worker.js?"
    )
    wait_for_copy(page, url, 'id="offline-panel"')
    drawn = []  # every scoring page the server draws from now on (page, or htmx board)
    real_board = scoring_views._board
    monkeypatch.setattr(
        scoring_views,
        "_board",
        lambda request, *args, **kw: (
            drawn.append(request.method) or real_board(request, *args, **kw)
        ),
    )
    tap(page, "SO1", bat="B4")
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    # The copy follows the board, so a reload offline shows the plays entered online; it is
    # the page as it stands, not drawn again by the server.
    wait_for_copy(page, url, "Undo play 1")
    assert drawn == ["POST"]

    page.context.set_offline(True)
    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(panel).to_contain_text("Offline: plays entered now are kept on this tablet")
    expect(panel).to_contain_text("This screen is the copy kept on this tablet (kept at ")
    expect(panel).to_contain_text("the board may be behind")
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    # The game's stylesheet came from the copy too: the cards are drawn as cards.
    assert (
        page.locator('label.pitch-card[data-card="SO2"]').evaluate(
            "card => getComputedStyle(card).display"
        )
        != "inline"
    )

    tap(page, "SO2", call="Leave")
    tap(page, "RUN", bat="B1")
    expect(panel).to_contain_text("Offline: 2 plays waiting, the board will update")
    page.reload()
    expect(panel).to_contain_text("Offline: 2 plays waiting, the board will update")
    expect(panel).to_contain_text("This screen is the copy kept on this tablet")
    expect(panel.locator(".offline-plays li")).to_have_text(
        ["pitch SO2 · call leave (position 2)", "pitch RUN · bat B1 (position 3)"]
    )
    assert logged(game) == [(1, {"pitch": "SO1", "bat": "B4"})]
    page.set_viewport_size({"width": 820, "height": 1180})
    panel.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/offline-reloaded.png")

    page.context.set_offline(False)
    expect(page.locator("ol.play-list > li")).to_have_count(3)
    expect(panel).to_be_hidden()
    assert logged(game) == [
        (1, {"pitch": "SO1", "bat": "B4"}),
        (2, {"pitch": "SO2", "call": "leave"}),
        (3, {"pitch": "RUN", "bat": "B1"}),
    ]
    assert waiting(page, game) == []
    expect(page.locator("#board .feedback .said")).to_have_text("Batter 3 singles on Run Out.")
    expect(page.locator("button.undo")).to_have_text("Undo play 3")
    # Back online the copy is brought up to date again.
    wait_for_copy(page, url, "Undo play 3")
    page.reload()
    expect(page.locator("ol.play-list > li")).to_have_count(3)
    expect(panel).to_be_hidden()


@pytest.mark.parametrize("how", ["log out", "log in as someone else"])
def test_logging_in_or_out_drops_the_kept_pages(
    scoring, page: Page, live_server, django_user_model, how: str
) -> None:
    game, _, url = scoring
    wait_for_copy(page, url, 'id="offline-panel"')
    if how == "log out":
        page.get_by_role("button", name="Log out").click()
        expect(page.locator(".site-header")).to_contain_text("Log in")
    else:
        django_user_model.objects.create_user(username="next-umpire", password=PASSWORD)
        log_in(page, live_server.url, "next-umpire", PASSWORD)
    wait_until(lambda: kept_copy(page, url) == "", "dropping the kept copy")
    page.context.set_offline(True)
    with pytest.raises(PlaywrightError, match="ERR_FAILED|ERR_INTERNET_DISCONNECTED"):
        page.goto(url)


def test_a_stale_copy_is_brought_up_to_date_and_never_merged(scoring, page: Page) -> None:
    """The copy shows the board as this tablet last saw it: plays another tablet entered since
    appear when the connection returns, and a play entered on the old board is a conflict."""
    game, user, url = scoring
    panel = page.locator("#offline-panel")
    wait_for_copy(page, url, "No plays yet.")
    services.play_record(
        game=game, raw={"pitch": "FLY", "bat": "B2"}, expected_seq=1, after_play=0, user=user
    )

    page.context.set_offline(True)
    page.reload()
    expect(panel).to_contain_text("the board may be behind")
    expect(page.locator(".plays .empty")).to_have_text("No plays yet.")
    mark_page(page)
    page.context.set_offline(False)
    # Nothing waits: the screen fetches the latest board (no reload) and is itself again.
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    expect(panel).to_be_hidden()
    assert_not_reloaded(page)
    wait_for_copy(page, url, "Undo play 1")

    services.play_record(game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=2, user=user)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    tap(page, "SO2", call="Leave")
    expect(panel).to_contain_text("Offline: 1 play waiting")
    page.context.set_offline(False)
    expect(panel).to_contain_text("Not sent: Your other screen entered play")
    expect(page.locator("ol.play-list > li")).to_have_count(2)
    assert logged(game) == [
        (1, {"pitch": "FLY", "bat": "B2"}),
        (2, {"pitch": "SO1", "bat": "B4"}),
    ]
    assert len(waiting(page, game)) == 1


def test_cards_a_waiting_play_used_are_marked_until_it_is_sent(scoring, page: Page) -> None:
    """Offline the board cannot advance: the cards of a waiting play are marked as used (and
    cannot be tapped again), across a reload, until the play is sent and the board is fresh."""
    game, _, url = scoring
    panel = page.locator("#offline-panel")
    wait_for_copy(page, url, 'id="offline-panel"')
    pitch = page.locator('label.pitch-card[data-card="SO1"]')
    bat = page.locator('button.bat-card[data-card="B4"]')

    def assert_marked() -> None:
        for card in (pitch, bat):
            expect(card).to_have_class(re.compile(r"\bqueued\b"))
            expect(card.locator(".queued-mark")).to_have_text("waiting")
        expect(pitch.locator("input")).to_be_disabled()
        expect(pitch.locator("input")).to_have_attribute("aria-disabled", "true")
        expect(bat).to_be_disabled()
        expect(bat).to_have_attribute("aria-disabled", "true")
        # Other cards, and calls that may be made again, are left alone.
        expect(page.locator("#board .queued")).to_have_count(2)
        expect(page.locator("button.call", has_text="Leave")).to_be_enabled()

    page.context.set_offline(True)
    tap(page, "SO1", bat="B4")
    expect(panel).to_contain_text("Offline: 1 play waiting")
    assert_marked()
    # Tapping the same cards again records nothing.
    pitch.click(force=True)
    expect(pitch.locator("input")).not_to_be_checked()
    page.locator('label.pitch-card[data-card="SO2"]').click()
    bat.click(force=True)
    page.wait_for_timeout(300)
    assert len(waiting(page, game)) == 1

    page.reload()
    expect(panel).to_contain_text("This screen is the copy kept on this tablet")
    expect(panel).to_contain_text("Offline: 1 play waiting")
    assert_marked()

    page.context.set_offline(False)
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    expect(panel).to_be_hidden()
    expect(page.locator("#board .queued")).to_have_count(0)
    expect(page.locator("#board .queued-mark")).to_have_count(0)
    expect(page.locator("#board [data-queued-disabled]")).to_have_count(0)
    expect(page.locator('button.bat-card[data-card="B1"]')).to_be_enabled()
    assert logged(game) == [(1, {"pitch": "SO1", "bat": "B4"})]
    assert waiting(page, game) == []
