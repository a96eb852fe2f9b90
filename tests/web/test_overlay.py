"""The stream overlay (games/archive/overlay_views.py): one game's scorebug on a page of its
own for a streaming program's browser source, polled like the live game page."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.test import RequestFactory

from games.engines import get
from games.kinds.records import replay_game
from games.models import Game
from games.scoring import services

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def make_game(user, kind: str, plays: int, *, seed: int = 1, options=None) -> Game:
    """A game of ``kind`` with up to ``plays`` random legal plays (never a declaration, rain
    or a lone cricket fielder move), stopping early if it ends."""
    engine = get(kind)
    game = services.game_create(
        kind=kind, options=options or {}, sides=list(engine.default_sides), user=user
    )
    rng = random.Random(seed)
    for seq in range(1, plays + 1):
        state = replay_game(game).final_state
        if engine.is_over(state):
            break
        legal = [
            p
            for p in engine.legal_plays(state)
            if "declare" not in p and "rain" not in p and list(p) != ["fielder"]
        ]
        services.play_record(game=game, raw=rng.choice(legal), expected_seq=seq, user=user)
    game.refresh_from_db()
    return game


def play_on(game: Game, user) -> None:
    state = replay_game(game).final_state
    legal = [p for p in game.engine.legal_plays(state) if "declare" not in p and "rain" not in p]
    services.play_record(game=game, raw=legal[0], expected_seq=game.plays.count() + 1, user=user)


def overlay(client, game: Game, query: str = "", **headers):
    return client.get(f"/games/{game.pk}/overlay/{query}", headers=headers)


def bug_of(html: str) -> str:
    return html[html.index('id="bug"') :]


# -- each game's scorebug ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["quick-baseball", "backyard-baseball", "bedard-baseball"])
def test_a_baseball_bug_has_the_line_score_count_bases_and_outs(client, scorer, kind) -> None:
    game = make_game(scorer, kind, 12)
    summary = game.summary
    html = overlay(client, game).content.decode()
    bug = bug_of(html)
    assert 'data-family="baseball"' in bug
    for name, runs in zip(game.sides, summary["score"], strict=True):
        assert name in bug
        assert f'data-runs="{runs}"' in bug
    half = "Top" if summary["half"] == "top" else "Bot"
    assert f"{half} {summary['inning']}" in bug
    assert f'data-outs="{summary["outs"]}"' in bug
    for number, taken in enumerate(summary["bases"], start=1):
        assert re.search(rf'class="base{" on" if taken else ""}" data-base="{number}"', bug)
    if "balls" in summary:
        assert f'data-count="B">{summary["balls"]}<' in bug
    if "strikes" in summary:
        assert f'data-count="S">{summary["strikes"]}<' in bug
    if kind == "backyard-baseball":
        assert "data-count" not in bug
    # One column per inning due (and one per inning played beyond them).
    innings = max(game.options["innings"], *(len(r) for r in summary["line_score"]))
    assert bug.count('class="bug-inning"') == innings * 3


def test_the_cricket_bug_has_score_overs_partnership_and_reviews(client, scorer) -> None:
    game = make_game(scorer, "quick-cricket", 14)
    summary = game.summary
    assert summary["status"] == "in_progress"
    now = summary["innings"][-1]
    bug = bug_of(overlay(client, game).content.decode())
    assert 'data-family="cricket"' in bug
    assert f"{now['runs']}/{now['wickets']}" in bug
    assert f'data-fact="Overs">{now["overs"]}<' in bug
    assert f'data-fact="P&#x27;ship">{now["partnerships"][-1]}<' in bug
    reviews = "–".join(str(left) for left in now["reviews_left"])
    assert f'data-fact="Reviews">{reviews}<' in bug
    assert "yet to bat" in bug  # the side bowling first


def test_the_tennis_bug_has_sets_games_points_and_server(client, scorer) -> None:
    game = make_game(scorer, "quick-tennis", 40)
    summary = game.summary
    assert summary["status"] == "in_progress"
    bug = bug_of(overlay(client, game).content.decode())
    assert 'data-family="tennis"' in bug
    for side in (0, 1):
        assert f'data-games="{summary["games"][side]}"' in bug
        assert f'data-points="{summary["points"][side]}"' in bug
    rows = re.findall(r'<tr class="bug-side([^"]*)"', bug)
    assert ["at-bat" in row for row in rows] == [summary["server"] == 0, summary["server"] == 1]
    assert f"Set {summary['set']}" in bug


def test_the_solitaire_bug_has_runs_inning_and_outs(client, scorer) -> None:
    game = make_game(scorer, "solitaire-baseball", 30)
    summary = game.summary
    bug = bug_of(overlay(client, game).content.decode())
    assert 'data-family="solitaire"' in bug
    assert f'data-runs="{summary["score"][0]}"' in bug
    assert f"Inning {summary['inning']}" in bug
    assert f'data-outs="{summary["outs"]}"' in bug


def test_a_final_game_says_so_and_stops_polling(client, scorer) -> None:
    game = make_game(scorer, "quick-baseball", 400, options={"innings": 1})
    assert game.summary["status"] == "final"
    bug = bug_of(overlay(client, game).content.decode())
    assert "Final" in bug
    assert "hx-trigger" not in bug


def test_a_voided_game_says_so_and_stops_polling(client, scorer) -> None:
    game = make_game(scorer, "quick-baseball", 3)
    Game.objects.filter(pk=game.pk).update(voided_at="2024-01-01T00:00:00Z", log_revision="v")
    bug = bug_of(overlay(client, game).content.decode())
    assert "Void" in bug
    assert "hx-trigger" not in bug


# -- the page ---------------------------------------------------------------------------


def test_the_page_is_bare_transparent_and_polls_its_bug(client, scorer) -> None:
    game = make_game(scorer, "quick-baseball", 3)
    response = overlay(client, game)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<nav" not in html
    assert "<header" not in html and "<footer" not in html
    assert "site-header" not in html
    assert "cookie" not in html.lower()
    assert 'class="messages"' not in html
    assert "/static/games/overlay.css" in html
    assert "/static/games/site.css" not in html
    assert re.search(r'<script src="/static/django_htmx/htmx[^"]*\.js"', html)
    assert f'hx-get="/games/{game.pk}/overlay/"' in html
    assert 'hx-trigger="every 3s"' in html
    # The site's headers stay: its Content-Security-Policy and framing rule.
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    # Nothing to set: no session, no CSRF token.
    assert not response.cookies


def test_messages_waiting_are_not_shown(client, scorer) -> None:
    game = make_game(scorer, "quick-baseball", 1)
    client.force_login(scorer)
    storage = CookieStorage(RequestFactory().get("/"))
    client.cookies["messages"] = storage._encode([Message(constants.INFO, "Play recorded.")])
    html = overlay(client, game).content.decode()
    assert "Play recorded." not in html
    assert "Play recorded." in client.get(f"/games/{game.pk}/").content.decode()  # the control
    assert 'class="messages"' not in html


@pytest.mark.parametrize(
    ("query", "size", "corner"),
    [
        ("", "m", "tl"),
        ("?size=s&corner=br", "s", "br"),
        ("?size=l&corner=tr", "l", "tr"),
        ("?size=m&corner=bl", "m", "bl"),
        ("?size=xl&corner=middle", "m", "tl"),
        ("?size=&corner=", "m", "tl"),
        ("?size=S&corner=BR", "m", "tl"),
        ("?size=s&size=<script>&corner=tr%00", "m", "tl"),
    ],
)
def test_size_and_corner_options_fall_back_to_defaults(client, scorer, query, size, corner):
    game = make_game(scorer, "quick-baseball", 1)
    response = overlay(client, game, query)
    assert response.status_code == 200
    assert f'<body class="overlay size-{size} corner-{corner}">' in response.content.decode()


def test_the_polled_bug_is_tagged_and_answers_304_while_unchanged(client, scorer) -> None:
    game = make_game(scorer, "quick-baseball", 2)
    first = overlay(client, game, **HX)
    assert first.status_code == 200
    html = first.content.decode()
    assert html.lstrip().startswith('<div id="bug"')
    assert "<html" not in html and "<body" not in html
    tag = first["ETag"]
    assert tag.startswith('W/"')
    assert "HX-Request" in first["Vary"]
    assert first["Cache-Control"] == "no-cache"

    again = overlay(client, game, **HX, **{"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag

    # A play changes the bug: a new tag and the new board.
    play_on(game, scorer)
    changed = overlay(client, game, **HX, **{"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed["ETag"] != tag


def test_the_bug_is_tagged_for_a_signed_in_visitor_too(client, scorer) -> None:
    """It shows nothing of the visitor's, so a streamer signed in gets 304s as well."""
    game = make_game(scorer, "quick-cricket", 2)
    client.force_login(scorer)
    first = overlay(client, game, **HX)
    again = overlay(client, game, **HX, **{"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_the_page_and_the_bug_have_different_tags(client, scorer) -> None:
    game = make_game(scorer, "quick-tennis", 2)
    page = overlay(client, game)
    bug = overlay(client, game, **HX)
    assert page["ETag"] != bug["ETag"]
    assert overlay(client, game, "?corner=br")["ETag"] != page["ETag"]


def test_an_unknown_game_is_404(client) -> None:
    assert client.get("/games/999999/overlay/").status_code == 404
    assert client.get("/games/999999/overlay/", headers=HX).status_code == 404


def test_only_get(client, scorer) -> None:
    game = make_game(scorer, "quick-baseball", 1)
    assert client.post(f"/games/{game.pk}/overlay/").status_code == 405


def test_the_game_page_is_still_whole(client, scorer) -> None:
    """The overlay's changes to the page cache leave the game page's token and caching."""
    game = make_game(scorer, "quick-baseball", 1)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert "__scorekeeper-csrf-token__" not in response.content.decode()
    assert "csrftoken" in response.cookies
