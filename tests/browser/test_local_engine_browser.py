"""The rules on the tablet: the scoring page starts the engines under Pyodide in a web worker,
from the site's own static files, after the page is usable; what it answers equals what the
server's Python answers, play by play, for every game."""

import json
import random
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, Route, expect

from games.bench.players import random_legal_play
from games.engines import EngineError, all_engines, get
from games.engines.players import play_out
from games.engines.tablet import Tablet, run
from games.kinds import taps
from games.models import Play
from games.scoring import services
from tests.answering import entries

from .helpers import answer_on_the_page, log_in

pytestmark = [pytest.mark.browser, pytest.mark.local_engine]

PASSWORD = "the-rules-travel-light-3"
READY_MS = 60_000  # a generous bound for a busy CI machine; the bench measures the real figure
# Small games, so a plausible game's plays and some random ones cover a whole game's phases.
OPTIONS = {
    "quick-baseball": {"innings": 2},
    "quick-cricket": {"overs": 4},
    "backyard-baseball": {"innings": 3},
    "bedard-baseball": {"innings": 2},
    "solitaire-baseball": {},
    "quick-tennis": {},
}
PLAUSIBLE_PLAYS = 80
RANDOM_PLAYS = 40
# Every question the games ask: a play tried with these answered is applied.
ANSWERED = ["bobble", "bouncer", "extend", "had_suit", "review", "umpire"]


@pytest.fixture
def scorer(live_server, django_user_model, page: Page):
    user = django_user_model.objects.create_user(username="tablet", password=PASSWORD)
    log_in(page, live_server.url, "tablet", PASSWORD)
    return user


def open_scoring(page: Page, live_server, user, kind: str = "quick-baseball", options=None):
    game = services.game_create(
        kind=kind, options=options or OPTIONS[kind], sides=list(get(kind).default_sides), user=user
    )
    page.goto(f"{live_server.url}/games/{game.pk}/score/")
    return game


def wait_for_engine(page: Page) -> None:
    page.wait_for_function(
        "() => document.documentElement.dataset.engine !== 'loading'", timeout=READY_MS
    )
    assert page.evaluate("window.scorekeeperEngine.status") == "ready", page.evaluate(
        "window.scorekeeperEngine.error"
    )


def refused_tries(engine, state, rng: random.Random) -> list:
    """Plays the server refuses in ``state``, each in a different way: an illegal candidate,
    a key the game does not define, a card no catalogue has, text that is not JSON."""
    tries: list = []
    candidates = engine.candidate_plays(state)
    rng.shuffle(candidates)
    for raw in candidates[:30]:
        try:
            engine.play(state, raw)
        except EngineError:
            tries.append([raw, ANSWERED])
            break
    tries.append([{"no-such-key": 1}, []])
    tries.append([{key: "ZZ9" for key in sorted(engine.play_keys)[:2]}, []])
    tries.append(["not a play {", []])
    return tries


def tries_for(kind: str, seed: int) -> list:
    """A plausible game's first plays, then random legal ones, each tried first with no
    question answered (the question, if the table has one to answer) and then with all, and
    refused plays between them now and then (each leaves the game as it was)."""
    engine = get(kind)
    rng = random.Random(seed)
    tablet = Tablet(kind, OPTIONS[kind])
    tries: list = []
    plausible = list(play_out(kind, OPTIONS[kind], seed).plays[:PLAUSIBLE_PLAYS])
    for index in range(PLAUSIBLE_PLAYS + RANDOM_PLAYS):
        state = tablet.states[-1]
        if engine.is_over(state):
            break
        if index % 9 == 0:
            tries.extend(refused_tries(engine, state, rng))
        raw = plausible[index] if index < len(plausible) else random_legal_play(engine, state, rng)
        if raw is None:
            break
        tries.extend([[raw, []], [raw, ANSWERED]])
        if tablet.play(raw)["ok"]:
            tries.pop()
        else:
            tablet.play(raw, ANSWERED)
    return tries


def test_the_engine_answers_every_game_as_the_server_does(live_server, scorer, page: Page):
    open_scoring(page, live_server, scorer)
    wait_for_engine(page)
    for seed, engine in enumerate(all_engines(), start=5):
        kind = engine.id
        tries = tries_for(kind, seed)
        expected = json.loads(run(kind, OPTIONS[kind], [], tries))
        got = page.evaluate(
            "asked => window.scorekeeperEngine.request('run', asked)",
            {"kind": kind, "options": OPTIONS[kind], "plays": [], "tries": tries},
        )
        assert len(got) == len(expected) == len(tries)
        for number, (mine, theirs, raw) in enumerate(zip(got, expected, tries, strict=True), 1):
            assert mine == theirs, f"{kind}, try {number} ({raw!r})"
        assert any(answer["refusal"] for answer in expected), kind
        assert sum(answer["ok"] for answer in expected) > 15, kind


def tap_requests(kind: str, seed: int) -> list[dict]:
    """A plausible game's first plays entered as a tablet enters them: the game opened, each
    play's fields tapped without its answers, then again with each answer the table taps."""
    plays = play_out(kind, OPTIONS[kind], seed).plays[:PLAUSIBLE_PLAYS]
    requests: list[dict] = [{"op": "open", "kind": kind, "options": OPTIONS[kind], "plays": []}]
    for entry in entries(kind, OPTIONS[kind], plays):
        if entry.draft is None:
            requests.append({"op": "play", "play": entry.play, "answered": []})
            continue
        answers: list[list[str]] = []
        answered: list[str] = []
        requests.append({"op": "tap", "fields": entry.draft, "answered": []})
        for _, tapped in entry.asked:
            answers += tapped
            answered += [value for name, value in tapped if name == "answered"]
            requests.append({"op": "tap", "fields": entry.draft + answers, "answered": answered})
    return requests


def test_the_engine_asks_and_closes_cards_as_the_server_does(live_server, scorer, page: Page):
    """The tablet's answers to taps, with the cards closed and the questions put as answers
    to tap, equal the server's, question by question, for every game."""
    open_scoring(page, live_server, scorer)
    wait_for_engine(page)
    for seed, engine in enumerate(all_engines(), start=5):
        requests = tap_requests(engine.id, seed)
        expected = [json.loads(taps.serve(json.dumps(request))) for request in requests]
        got = page.evaluate(
            """async requests => {
              const answers = [];
              for (const asked of requests) {
                const { op, ...fields } = asked;
                answers.push(await window.scorekeeperEngine.request(op, fields));
              }
              return answers;
            }""",
            requests,
        )
        for number, (mine, theirs) in enumerate(zip(got, expected, strict=True)):
            assert mine == theirs, f"{engine.id}, request {number} ({requests[number]!r})"
        assert any(answer.get("closed") for answer in expected) or engine.id in (
            "backyard-baseball",
            "quick-tennis",
        )


def test_online_a_question_is_asked_on_the_tablet_and_the_answered_play_sent(
    live_server, scorer, page: Page
):
    """Online, a delivery typed without the umpire's cards: the tablet asks (the server's
    question board is not put in), the table taps the answers, and the server records the
    play the table played."""
    kind = "quick-cricket"
    plays = play_out(kind, OPTIONS[kind], 1).plays
    entered = list(entries(kind, OPTIONS[kind], plays[:40], typed=True))
    first = next(n for n, entry in enumerate(entered) if entry.asked)
    game = services.game_create(
        kind=kind, options=OPTIONS[kind], sides=list(get(kind).default_sides), user=scorer
    )
    for seq, raw in enumerate(plays[:first], 1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=scorer)
    page.goto(f"{live_server.url}/games/{game.pk}/score/")
    wait_for_engine(page)
    page.wait_for_function("() => window.scorekeeperEngine.usable()", timeout=30_000)
    entry = entered[first]
    field = page.locator("#typed-play")
    field.fill(entry.draft[0][1])
    field.press("Enter")
    asking, tapped = entry.asked[0]
    expect(page.locator(f'#local-question[data-ask="{asking["ask"]}"]')).to_be_visible()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#board .question")).to_have_count(0)
    assert Play.objects.filter(game=game).count() == first
    for asking, tapped in entry.asked:
        answer_on_the_page(page, asking, tapped)
    page.wait_for_function(
        "n => window.scorekeeperEngine.boardLength() === n", arg=first + 1, timeout=30_000
    )
    stored = list(Play.objects.filter(game=game).order_by("seq"))
    assert len(stored) == first + 1
    assert stored[-1].payload == entry.answer["play"]
    expect(page.locator("#local-question")).to_be_hidden()


def test_the_engine_opens_the_game_as_its_log_left_it(live_server, scorer, page: Page):
    game = services.game_create(
        kind="quick-baseball", options={"innings": 2}, sides=["Owls", "Herons"], user=scorer
    )
    plays = play_out("quick-baseball", {"innings": 2}, 3).plays[:12]
    for number, raw in enumerate(plays, 1):
        services.play_record(game=game, raw=raw, expected_seq=number, user=scorer)
    page.goto(f"{live_server.url}/games/{game.pk}/score/")
    wait_for_engine(page)
    opened = page.evaluate("window.scorekeeperEngine.ready")
    game.refresh_from_db()
    assert opened["length"] == 12
    assert opened["summary"] == game.summary
    assert opened["state"] == get("quick-baseball").state_to_json(
        Tablet("quick-baseball", {"innings": 2}, plays).states[-1]
    )


def test_the_page_scores_through_the_server_while_the_engine_loads(live_server, scorer, page: Page):
    """Pyodide's WebAssembly held back: the page is usable, a tap goes to the server and the
    board moves; once the file arrives, the engine is ready with the play the server took."""
    held: list[Route] = []
    page.route("**/games/engine/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    game = open_scoring(page, live_server, scorer, options={"innings": 3})
    assert page.evaluate("window.scorekeeperEngine.status") == "loading"
    page.locator('label.pitch-card[data-card="SO1"]').click()
    page.locator('button.bat-card[data-card="B4"]').click()
    expect(page.locator("ol.play-list > li")).to_have_count(1)
    assert game.plays.count() == 1
    assert page.evaluate("window.scorekeeperEngine.status") == "loading"
    page.wait_for_timeout(200)
    for route in held:
        route.continue_()
    wait_for_engine(page)
    # Opened from the record after the tap: the engine holds the play the server recorded.
    assert page.evaluate("window.scorekeeperEngine.request('view')")["length"] == 1


def test_the_engine_comes_from_the_site_itself(live_server, scorer, page: Page):
    """Every request the scoring page and its engine make goes to the site: no CDN."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_scoring(page, live_server, scorer)
    wait_for_engine(page)
    site = urlparse(live_server.url).netloc
    elsewhere = [url for url in asked if urlparse(url).netloc not in (site, "")]
    assert not elsewhere
    assert any(url.endswith("pyodide.asm.wasm") for url in asked)
    assert any("/games/engine/" in url and "engines" in url for url in asked)


def test_public_pages_do_not_load_the_engine(live_server, scorer, page: Page):
    game = open_scoring(page, live_server, scorer)
    fan = page.context.new_page()  # the same log-in, a page of its own
    asked: list[str] = []
    fan.on("request", lambda request: asked.append(request.url))
    fan.goto(f"{live_server.url}/games/{game.pk}/")
    fan.wait_for_load_state("networkidle")
    assert not [url for url in asked if "/games/engine" in url]
    assert fan.evaluate("window.scorekeeperEngine === undefined")
