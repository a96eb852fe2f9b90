"""The season page: its tabs mark only the page on show, and its results keep the league
fixtures (the standings' games) and the cups' games apart, each list with a count that agrees
with it, the league's with the standings."""

import re

import pytest

from games.leagues.cups import services as cups
from games.leagues.standings import season_standings
from games.models import Competition

from .conftest import make_league, play_fixture, play_out

pytestmark = pytest.mark.django_db

TABS = ("Games", "Standings", "Stats", "Records")


@pytest.fixture
def season_with_a_cup(organiser):
    """Three league fixtures played, a four-team cup with two semi-finals played, and one
    league fixture still to play."""
    league, season, teams = make_league(
        options={"innings": 1}, teams=("Giants", "Yankees", "Mets", "Cubs")
    )
    league.organisers.add(organiser)
    for seed, (away, home) in enumerate([(0, 1), (2, 3), (0, 2)]):
        play_fixture(season, teams[away], teams[home], organiser, seed=seed)
    cup = cups.cup_create(season=season, user=organiser, name="Autumn Cup", teams=teams)
    cup_games = []
    for seed in (11, 12):
        fixture = cup.fixtures.filter(game__isnull=True, tie__round=1).order_by("id").first()
        game = cups.tie_start(fixture=fixture, user=organiser)
        play_out(game, organiser, seed=seed)
        cup_games.append(game)
    return league, season, cup, cup_games


def _current_tabs(html: str) -> list[str]:
    nav = re.search(
        r'<nav class="[^"]*page-tabs[^"]*" aria-label="Season pages">(.*?)</nav>', html, re.S
    )
    assert nav, "no season tabs"
    return re.findall(r'aria-current="page">([^<]+)</a>', nav.group(1))


@pytest.mark.parametrize(
    "path,current",
    [("", "Games"), ("standings/", "Standings"), ("stats/", "Stats"), ("records/", "Records")],
)
def test_the_season_tabs_mark_only_the_page_on_show(client, season_with_a_cup, path, current):
    league, season, *_ = season_with_a_cup
    html = client.get(f"/leagues/{league.slug}/{season.slug}/{path}").content.decode()
    assert _current_tabs(html) == [current]
    for tab in TABS:
        assert f">{tab}</a>" in html
    if path == "":
        # No button on the season page looks like the standings tab.
        assert 'class="button" href="/leagues/' not in html


def test_league_and_cup_results_are_listed_and_counted_apart(client, season_with_a_cup):
    league, season, cup, cup_games = season_with_a_cup
    response = client.get(f"/leagues/{league.slug}/{season.slug}/")
    page = response.context["page"]
    assert all(row.fixture.competition_id is None for row in page.results)
    assert {row.game for row in page.cup_results} == set(cup_games)
    standings = season_standings(season=season)
    assert page.result_counts.final == len(page.results) == standings.games_counted == 3
    assert page.cup_result_counts.final == len(page.cup_results) == 2

    html = response.content.decode()
    league_list, cup_list = html.split('id="cup-results-h"')
    assert "League results" in league_list and "Cup results" in cup_list
    assert "3 final league games, counted in the" in league_list
    assert "cup games are listed below" in league_list
    assert "2 final cup games, counted in their cups, not in the standings" in cup_list
    league_part = league_list.split('id="results-h"')[1]
    assert league_part.count("badge-final") == 3
    cup_part = cup_list.split("</section>")[0]
    assert cup_part.count("badge-final") == 2
    bracket = f"/leagues/{league.slug}/{season.slug}/cups/{cup.slug}/"
    assert cup_part.count(f'class="cup-label" href="{bracket}">Autumn Cup</a>') == 2
    assert "cup-label" not in league_part

    standings_page = client.get(f"/leagues/{league.slug}/{season.slug}/standings/")
    text = standings_page.content.decode()
    assert "from 3 final league games (cup games count in their cups, not here)" in text


def test_a_season_without_cups_keeps_one_results_list(client, organiser):
    league, season, (giants, yankees, _mets) = make_league(options={"innings": 1})
    play_fixture(season, giants, yankees, organiser)
    html = client.get(f"/leagues/{league.slug}/{season.slug}/").content.decode()
    assert ">Results</h2>" in html and "Cup results" not in html
    assert "1 final league game, counted in the" in html
    assert not Competition.objects.exists()
