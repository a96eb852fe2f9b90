"""The game archive: every game, newest first, filtered by league, season, team, game and
date, twenty to a page, with the filters kept in the page links and htmx swapping results."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game, GameStats, Season
from games.scoring import services

from .conftest import make_league, play_fixture

pytestmark = pytest.mark.django_db


def _ids(response) -> list[int]:
    return [row.game.pk for row in response.context["rows"]]


def _set_date(game: Game, day: datetime.date) -> None:
    moment = timezone.make_aware(datetime.datetime.combine(day, datetime.time(15)))
    Game.objects.filter(pk=game.pk).update(finished_at=moment, created_at=moment)
    GameStats.objects.filter(game=game).update(finished_at=moment)


@pytest.fixture
def archive(organiser):
    """Two leagues of different games, two seasons, a friendly; known dates."""
    league, season, (giants, yankees, mets) = make_league("quick-baseball", {"innings": 1})
    later = Season.objects.create(league=league, name="2027", slug="2027")
    cricket, cricket_season, (hornets, wasps) = make_league(
        "quick-cricket", {"overs": 1}, teams=("Hornets", "Wasps")
    )
    games = {
        "gy": play_fixture(season, giants, yankees, organiser, seed=1),
        "ym": play_fixture(season, yankees, mets, organiser, seed=2),
        "mg": play_fixture(later, mets, giants, organiser, seed=3),
        "hw": play_fixture(cricket_season, hornets, wasps, organiser, seed=4),
    }
    games["friendly"] = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["Cubs", "Reds"], user=organiser
    )
    for n, key in enumerate(["gy", "ym", "hw", "mg", "friendly"]):
        _set_date(games[key], datetime.date(2026, 5, 1 + n))
    return {
        "league": league,
        "season": season,
        "later": later,
        "giants": giants,
        "cricket": cricket,
        "games": games,
    }


def test_every_game_newest_first_for_anyone(client, archive):
    g = archive["games"]
    response = client.get("/archive/")
    assert response.status_code == 200
    assert _ids(response) == [g[k].pk for k in ["friendly", "mg", "hw", "ym", "gy"]]
    html = response.content.decode()
    assert "5 games, newest first." in html
    assert "Friendly" in html


@pytest.mark.parametrize(
    "query, expected",
    [
        ("league=quick-baseball-league", ["mg", "ym", "gy"]),
        ("league=quick-cricket-league", ["hw"]),
        ("game=quick-cricket", ["hw"]),
        ("game=quick-baseball", ["friendly", "mg", "ym", "gy"]),
        ("date_from=2026-05-02&date_to=2026-05-04", ["mg", "hw", "ym"]),
        ("date_from=2026-05-05", ["friendly"]),
        ("date_to=2026-05-01", ["gy"]),
    ],
)
def test_filters(client, archive, query, expected):
    g = archive["games"]
    assert _ids(client.get(f"/archive/?{query}")) == [g[k].pk for k in expected]


def test_season_and_team_filters(client, archive):
    g = archive["games"]
    season, later, giants = archive["season"], archive["later"], archive["giants"]
    assert _ids(client.get(f"/archive/?season={season.pk}")) == [g["ym"].pk, g["gy"].pk]
    assert _ids(client.get(f"/archive/?season={later.pk}")) == [g["mg"].pk]
    assert _ids(client.get(f"/archive/?team={giants.pk}")) == [g["mg"].pk, g["gy"].pk]
    both = client.get(f"/archive/?team={giants.pk}&season={season.pk}&game=quick-baseball")
    assert _ids(both) == [g["gy"].pk]


@pytest.mark.parametrize(
    "query, message",
    [
        ("date_from=yesterday", "From: Enter a valid date."),
        ("season=99999", "Season: Select a valid choice."),
        ("league=%3Cscript%3E", "League: Select a valid choice."),
        ("date_from=2026-05-04&date_to=2026-05-01", "The end date is before the start date."),
        ("page=abc", ""),
        ("page=999", ""),
    ],
)
def test_bad_filters_say_so_and_are_left_out(client, archive, query, message):
    response = client.get(f"/archive/?{query}")
    html = response.content.decode()
    assert response.status_code == 200
    assert message in html
    assert "<script>" not in html
    if "date_to" not in query and "page" not in query:
        assert len(_ids(response)) == 5


def test_pagination_keeps_the_filters(client, organiser):
    games = [
        services.game_create(
            kind="quick-baseball", options={}, sides=[f"A{n}", f"B{n}"], user=organiser
        )
        for n in range(23)
    ]
    services.game_create(kind="quick-cricket", options={}, sides=["C", "D"], user=organiser)
    first = client.get("/archive/?game=quick-baseball")
    assert _ids(first) == [g.pk for g in reversed(games)][:20]
    html = first.content.decode()
    assert "Page 1 of 2" in html
    links = re.findall(r'href="(\?[^"]*page=2[^"]*)"', html)
    assert links and all("game=quick-baseball" in link for link in links)
    second = client.get("/archive/" + links[0].replace("&amp;", "&"))
    assert _ids(second) == [g.pk for g in reversed(games)][20:]
    assert "Page 2 of 2" in second.content.decode()


def test_htmx_gets_only_the_results(client, archive):
    response = client.get("/archive/?game=quick-cricket", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="archive-results"')
    assert "<html" not in html and "<form" not in html
    assert _ids(response) == [archive["games"]["hw"].pk]


def test_the_filter_form_swaps_results_with_htmx_and_works_without(client, archive):
    html = client.get("/archive/").content.decode()
    form = re.search(r"<form[^>]*>", html).group(0)
    assert 'method="get"' in form and 'action="/archive/"' in form
    assert 'hx-get="/archive/"' in form and 'hx-target="#archive-results"' in form
    assert 'hx-trigger="change, submit"' in form and 'hx-push-url="true"' in form


def test_names_in_the_archive_are_text(client, organiser):
    services.game_create(
        kind="quick-baseball",
        options={},
        sides=["<script>alert(1)</script>", "Reds"],
        user=organiser,
    )
    html = client.get("/archive/").content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_changing_a_filter_swaps_the_results_in_place(live_server, page, archive):
    g = archive["games"]
    page.goto(f"{live_server.url}/archive/")
    page.evaluate("window.notReloaded = true")
    expect(page.locator(".match-list > li")).to_have_count(5)
    page.select_option("#id_game", "quick-cricket")
    expect(page.locator(".match-list > li")).to_have_count(1)
    expect(page.locator(".match-list a.match-teams")).to_have_attribute(
        "href", f"/games/{g['hw'].pk}/"
    )
    assert "game=quick-cricket" in page.url
    assert page.evaluate("window.notReloaded") is True
    page.fill("#id_date_from", "2026-05-04")
    page.select_option("#id_game", "")
    expect(page.locator(".match-list > li")).to_have_count(2)
    assert page.evaluate("window.notReloaded") is True
