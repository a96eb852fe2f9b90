"""Cached pages and fragments: fans get the page as it is now (never an older one), each with
its own CSRF token; scorers and organisers always get their own render; the play-by-play is
the same HTML whether drawn from the cache or afresh."""

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client

from games.bench.players import generate
from games.leagues import services as league_services
from games.plumbing.page_cache import TOKEN_PLACEHOLDER
from games.scoring import services

from .conftest import game_with_log, random_plays, record_plays

pytestmark = pytest.mark.django_db

OPTIONS = {"innings": 9}


def page(client, game, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    reply = client.get(f"/games/{game.pk}/", headers=headers)
    assert reply.status_code == 200
    html = reply.content.decode()
    assert TOKEN_PLACEHOLDER not in html
    assert int(reply["Content-Length"]) == len(reply.content)
    return html


def plays_shown(html: str) -> list[str]:
    return re.findall(r'<li [^>]*class="play-line[^"]*" value="(\d+)"', html)


@pytest.fixture
def game(scorer):
    return game_with_log(
        "quick-baseball", OPTIONS, random_plays("quick-baseball", OPTIONS, 40), scorer
    )


@pytest.mark.parametrize("htmx", [False, True])
def test_fans_see_every_write_at_once(game, scorer, htmx):
    fan = Client()
    assert len(plays_shown(page(fan, game, htmx))) == 40
    plays = random_plays("quick-baseball", OPTIONS, 45)
    record_plays(game, plays[40:], scorer)
    html = page(fan, game, htmx)
    assert plays_shown(html)[:2] == ["45", "44"] and len(plays_shown(html)) == 45
    services.play_undo(game=game, expected_seq=45, user=scorer)
    assert plays_shown(page(fan, game, htmx))[0] == "44"


def test_a_void_reaches_the_cached_page(game, scorer, staff):
    league = league_services.league_create(
        name="L", kind="quick-baseball", options=OPTIONS, user=staff
    )
    game.season = league_services.season_create(league=league, user=staff, name="2026")
    game.save(update_fields=["season"])
    fan = Client()
    assert "Voided" not in page(fan, game)
    league_services.game_void(game=game, user=staff, reason="pitch flooded")
    html = page(fan, game)
    assert "Voided: pitch flooded" in html and "data-live-poll" not in html
    league_services.game_unvoid(game=game, user=staff)
    assert "Voided" not in page(fan, game) and "data-live-poll" in page(fan, game)


def test_renaming_the_teams_reaches_the_cached_page(game):
    fan = Client()
    assert "Giants" in page(fan, game)
    game.sides = ["Robins", "Yankees"]
    game.save(update_fields=["sides"])
    html = page(fan, game)
    assert "Robins" in html and "Giants" not in html


def test_each_visitor_gets_a_working_csrf_token_of_their_own(game):
    tokens = []
    for _ in range(2):
        visitor = Client(enforce_csrf_checks=True)
        html = page(visitor, game)
        token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)
        tokens.append(token)
        reply = visitor.post(
            "/accounts/login/",
            {"username": "nobody", "password": "wrong", "csrfmiddlewaretoken": token},
        )
        assert reply.status_code == 200  # the form again, not 403: the token was accepted
    assert tokens[0] != tokens[1]


def test_scorers_get_their_own_page_with_correction_links(game, scorer, stranger):
    Client().get(f"/games/{game.pk}/")  # the public page is cached
    own = Client()
    own.force_login(scorer)
    html = page(own, game)
    assert f"/games/{game.pk}/plays/40/correct/" in html and "Score this game" in html
    other = Client()
    other.force_login(stranger)
    html = page(other, game)
    assert "/correct/" not in html and "Score this game" not in html
    assert "Signed in as <strong>stranger</strong>" in html


def test_the_play_by_play_is_the_same_html_cached_or_not(game, scorer):
    viewers = [Client(), Client()]
    viewers[1].force_login(scorer)
    first = [page(viewer, game, htmx=True) for viewer in viewers]
    cache.clear()
    again = [page(viewer, game, htmx=True) for viewer in viewers]
    assert first == again
    lists = r'<ol [^>]*class="play-list".*?</ol>'
    section = [re.search(lists, html, re.S).group(0) for html in first]
    assert [len(plays_shown(s)) for s in section] == [40, 40]


def test_a_solitaire_board_is_never_served_stale(scorer):
    finished = generate("solitaire-baseball", {}, limit=1000, seed=2)
    live = game_with_log(
        "solitaire-baseball", {}, random_plays("solitaire-baseball", {}, 5), scorer
    )
    fan = Client()
    before = re.search(r'data-wins="(\d+)" data-losses="(\d+)"', page(fan, live)).groups()
    game_with_log("solitaire-baseball", {}, list(finished.plays), scorer)  # the player's record
    after = re.search(r'data-wins="(\d+)" data-losses="(\d+)"', page(fan, live)).groups()
    assert sum(map(int, after)) == sum(map(int, before)) + 1


def test_a_post_from_a_screen_that_does_not_say_its_board_gets_the_whole_play_by_play(
    game, scorer, client
):
    client.force_login(scorer)
    plays = random_plays("quick-baseball", OPTIONS, 41)
    reply = client.post(
        f"/games/{game.pk}/plays/",
        {"expected": 41, "play": json.dumps(plays[40])},
        headers={"HX-Request": "true"},
    )
    html = reply.content.decode()
    assert reply.status_code == 200 and int(reply["Content-Length"]) == len(reply.content)
    assert plays_shown(html) == [str(n) for n in range(41, 0, -1)]


def test_a_fan_polling_an_unchanged_board_gets_not_modified_and_no_body(game, scorer):
    fan = Client()
    first = fan.get(f"/games/{game.pk}/", headers={"HX-Request": "true"})
    tag = first["ETag"]
    assert (
        first.status_code == 200 and tag.startswith('W/"') and first["Cache-Control"] == "no-cache"
    )
    assert "HX-Request" in first["Vary"]
    again = fan.get(f"/games/{game.pk}/", headers={"HX-Request": "true", "If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag
    # If-None-Match is a list of tags: one among others matches, a tag inside another does not.
    among = fan.get(
        f"/games/{game.pk}/", headers={"HX-Request": "true", "If-None-Match": f'"x", {tag}'}
    )
    assert among.status_code == 304
    inside = f'"other {tag}"'  # holds the tag's text but is not the tag
    wider = fan.get(f"/games/{game.pk}/", headers={"HX-Request": "true", "If-None-Match": inside})
    assert wider.status_code == 200
    record_plays(game, random_plays("quick-baseball", OPTIONS, 41)[40:], scorer)
    moved = fan.get(f"/games/{game.pk}/", headers={"HX-Request": "true", "If-None-Match": tag})
    assert moved.status_code == 200 and moved["ETag"] != tag
    assert plays_shown(moved.content.decode())[0] == "41"
    # The whole page, and anyone signed in, are answered in full as before.
    assert "ETag" not in fan.get(f"/games/{game.pk}/")
    own = Client()
    own.force_login(scorer)
    mine = own.get(f"/games/{game.pk}/", headers={"HX-Request": "true", "If-None-Match": tag})
    assert mine.status_code == 200 and "ETag" not in mine


def test_cached_copies_are_versioned_by_the_code_that_makes_them():
    """The cache version digests the app's source and templates (found from the project's
    root, wherever safe_cache itself lives), so a deploy never serves older code's copies."""
    from pathlib import Path

    from games.plumbing import safe_cache

    read = set(safe_cache.sources())
    assert Path("games/plumbing/safe_cache.py") in read
    assert Path("games/kinds/quick_cricket/screen.py") in read
    assert Path("templates/games/detail.html") in read
