"""A game in progress updates itself on its public page (htmx polling every 3 s) and stops
polling once it is final; the page links its exports and prints as a scoresheet."""

import re
import time

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.plumbing import page_cache
from games.scoring import services

from .conftest import make_league, play_fixture, play_out

pytestmark = pytest.mark.django_db
POLL = 'hx-trigger="every 3s"'


@pytest.fixture
def live_game(organiser):
    return services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Giants", "Yankees"], user=organiser
    )


def _scoreboard_tag(html: str) -> str:
    return re.search(r'<div id="scoreboard"[^>]*>', html).group(0)


def test_a_live_game_polls_its_own_page(client, live_game):
    html = client.get(f"/games/{live_game.pk}/").content.decode()
    tag = _scoreboard_tag(html)
    assert POLL in tag
    assert f'hx-get="/games/{live_game.pk}/"' in tag and 'hx-swap="outerHTML"' in tag
    partial = client.get(f"/games/{live_game.pk}/", headers={"HX-Request": "true"})
    assert POLL in _scoreboard_tag(partial.content.decode())
    assert "<html" not in partial.content.decode()


def test_the_final_render_stops_polling(client, live_game, organiser):
    play_out(live_game, organiser)
    partial = client.get(f"/games/{live_game.pk}/", headers={"HX-Request": "true"}).content
    html = partial.decode()
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "hx-trigger" not in html and "Live: this page updates" not in html
    assert "hx-trigger" not in _scoreboard_tag(
        client.get(f"/games/{live_game.pk}/").content.decode()
    )


def test_a_voided_game_does_not_poll(client, live_game):
    live_game.voided_at = timezone.now()
    live_game.void_reason = "<b>rained off</b>"
    live_game.save()
    html = client.get(f"/games/{live_game.pk}/").content.decode()
    assert POLL not in html
    assert "Voided: &lt;b&gt;rained off&lt;/b&gt;" in html


def test_game_page_links_league_exports_and_print(client, organiser):
    league, season, (giants, yankees, _) = make_league("quick-baseball", {"innings": 1})
    game = play_fixture(season, giants, yankees, organiser)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/leagues/{league.slug}/{season.slug}/"' in html
    assert f'href="/games/{game.pk}/boxscore.txt"' in html
    assert f'href="/games/{game.pk}/gamelog.csv"' in html
    assert f'href="/games/{game.pk}/record.json"' in html
    assert "cricsheet" not in html
    assert "games/print.css" in html and "Print scoresheet" in html


def test_cricket_page_links_the_cricsheet_export(client, organiser):
    game = services.game_create(kind="quick-cricket", options={}, sides=["A", "B"], user=organiser)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{game.pk}/cricsheet.json"' in html
    assert "boxscore" not in html and "gamelog" not in html


def test_print_stylesheet_hides_controls_on_a4(client):
    from django.contrib.staticfiles import finders

    css = open(finders.find("games/print.css")).read()
    # The paper's own size (A4 or Letter): the browser test prints each kind on one page.
    assert "@media print" in css and "size: auto" in css
    rules = css.split("@media print", 1)[1]
    for hidden in (".site-header", ".actions", "button"):
        assert hidden in rules


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_page_follows_a_live_game_and_stops_at_the_end(
    live_server, page: Page, organiser
) -> None:
    game = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Owls", "Herons"], user=organiser
    )
    requests: list[str] = []
    page.on(
        "request",
        lambda request: requests.append(request.url) if request.headers.get("hx-request") else None,
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.evaluate("window.notReloaded = true")
    expect(page.locator("ol.play-list > li")).to_have_count(0)
    services.play_record(
        game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=organiser
    )
    expect(page.locator("ol.play-list > li")).to_have_count(1, timeout=8000)
    assert page.evaluate("window.notReloaded") is True
    play_out(game, organiser)
    expect(page.locator(".live-note")).to_have_count(0, timeout=8000)
    expect(page.locator("#scoreboard")).not_to_have_attribute("hx-trigger", re.compile("."))
    polls = len(requests)
    time.sleep(4)
    assert len(requests) == polls, "polling went on after the game was final"
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator("ol.play-list > li")).to_have_count(game.plays.count())


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_lost_connection_pauses_the_live_page_and_says_so(
    live_server, page: Page, organiser
) -> None:
    game = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Owls", "Herons"], user=organiser
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    status = page.locator("#net-status")
    page.route(f"**/games/{game.pk}/", lambda route: route.abort())
    expect(status).to_have_text(re.compile("^Live updates paused"), timeout=8000)
    page.unroute(f"**/games/{game.pk}/")
    services.play_record(
        game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=organiser
    )
    expect(page.locator("ol.play-list > li")).to_have_count(1, timeout=8000)
    expect(status).to_have_text("")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_polls_of_an_unchanged_board_come_back_not_modified(
    live_server, page: Page, organiser, monkeypatch
) -> None:
    game = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Owls", "Herons"], user=organiser
    )
    answered: list[int] = []  # what the server answered each poll (the browser hides a 304)
    real_tag = page_cache._tag
    monkeypatch.setattr(
        page_cache,
        "_tag",
        lambda reply, tag: answered.append(reply.status_code) or real_tag(reply, tag),
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_timeout(7000)  # two polls of an unchanged board
    assert answered[:1] == [200] and 304 in answered[1:], answered
    polls = len(answered)
    services.play_record(
        game=game, raw={"pitch": "SO1", "bat": "B4"}, expected_seq=1, user=organiser
    )
    expect(page.locator("ol.play-list > li")).to_have_count(1, timeout=8000)
    assert 200 in answered[polls:]  # the changed board came in full
