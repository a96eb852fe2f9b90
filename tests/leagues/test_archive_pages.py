"""Fans' pages need no login: leagues, a league, a season's fixtures and results, a team's
results and form. Names are always shown as text."""

import datetime

import pytest
from django.utils import timezone

from games.leagues import stats
from games.models import Fixture, GameStats, Team

from .conftest import make_league, play_fixture

pytestmark = pytest.mark.django_db

EVIL = '<b onmouseover="x()">Bold</b> Sox'
EVIL_ESCAPED = "&lt;b onmouseover=&quot;x()&quot;&gt;Bold&lt;/b&gt; Sox"


@pytest.fixture
def season_played(organiser):
    """A Quick Baseball season of one-inning games: three played, one void, one to play."""
    league, season, (giants,) = make_league("quick-baseball", {"innings": 1}, teams=("Giants",))
    evil = Team.objects.create(league=league, name=EVIL, slug="bold-sox")
    teams = (giants, evil)
    games = [
        play_fixture(season, a, h, organiser, seed=n)
        for n, (a, h) in enumerate([(giants, evil), (evil, giants), (giants, evil)])
    ]
    void = play_fixture(season, evil, giants, organiser, seed=7)
    void.voided_at = timezone.now()
    void.void_reason = "<i>Wrong</i> cards"
    void.save()
    stats.sync(void)
    Fixture.objects.create(
        season=season, away=evil, home=giants, scheduled_on=datetime.date(2026, 7, 4)
    )
    return league, season, teams, games, void


def test_leagues_list_reads_anonymously(client, season_played):
    league, *_ = season_played
    response = client.get("/leagues/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'href="/leagues/{league.slug}/"' in html
    assert league.name in html and "1 season" in html and "2 teams" in html


def test_league_page_lists_seasons_and_teams_as_text(client, season_played):
    league, season, (giants, evil), *_ = season_played
    response = client.get(f"/leagues/{league.slug}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'href="/leagues/{league.slug}/{season.slug}/"' in html
    assert f'href="/leagues/{league.slug}/teams/{evil.slug}/"' in html
    assert EVIL_ESCAPED in html and EVIL not in html
    assert "4 played" in html
    assert f'href="/leagues/{league.slug}/stats/"' in html
    assert "Manage" not in html


def test_season_page_shows_results_fixtures_and_the_void_game(client, season_played):
    league, season, (giants, evil), games, void = season_played
    response = client.get(f"/leagues/{league.slug}/{season.slug}/")
    html = response.content.decode()
    assert response.status_code == 200
    for game in games:
        assert f'href="/games/{game.pk}/"' in html
    first = games[0]
    runs = first.summary["score"]
    winner = first.summary["winner"]
    if winner is None:
        assert f"Tied {max(runs)}–{min(runs)}" in html
    else:
        assert f"won {max(runs)}–{min(runs)}" in html
    assert "Void" in html and "&lt;i&gt;Wrong&lt;/i&gt; cards" in html
    assert "To play" in html and "4 Jul 2026" in html
    assert EVIL not in html and EVIL_ESCAPED in html
    base = f"/leagues/{league.slug}/{season.slug}"
    for page in ("standings", "stats", "records"):
        assert f'href="{base}/{page}/"' in html


def test_team_page_results_and_form(client, season_played):
    league, season, (giants, evil), games, void = season_played
    response = client.get(f"/leagues/{league.slug}/teams/{giants.slug}/")
    page = response.context["page"]
    assert response.status_code == 200
    # Results newest first, one per game played (the void one included, marked so).
    assert [r.row.game.pk for r in page.results] == [void.pk, *[g.pk for g in reversed(games)]]
    assert page.results[0].result == "Void"
    for result in page.results[1:]:
        game = result.row.game
        side = 0 if game.fixture.away == giants else 1
        expected = GameStats.objects.get(game=game, side=side).result
        assert result.result == expected
        assert result.runs_for == str(game.summary["score"][side])
        assert result.opponent == evil
    # Form: the counted results in order of play, most recent last (the void game is out).
    assert page.form == [GameStats.objects.get(game=g, team=giants).result for g in games]
    html = response.content.decode()
    assert "Form" in html and EVIL_ESCAPED in html and EVIL not in html
    assert 'id="team-stats-title"' in html
    assert response.context["team_stats"]["games"] == 3
    assert len(page.upcoming) == 1


def test_organisers_see_a_manage_link(client, season_played, organiser):
    league, *_ = season_played
    league.organisers.add(organiser)
    client.force_login(organiser)
    html = client.get(f"/leagues/{league.slug}/").content.decode()
    assert f'href="/leagues/{league.slug}/manage/"' in html


def test_team_form_keeps_the_last_five(client, organiser):
    league, season, (giants, mets) = make_league(options={"innings": 1}, teams=("Giants", "Mets"))
    games = [play_fixture(season, giants, mets, organiser, seed=n) for n in range(6)]
    response = client.get(f"/leagues/{league.slug}/teams/giants/")
    expected = [GameStats.objects.get(game=g, team=giants).result for g in games[1:]]
    assert response.context["page"].form == expected
    assert len(response.context["page"].results) == 6


def test_team_page_by_season_and_an_unknown_season(client, season_played):
    league, season, (giants, evil), games, void = season_played
    other = league.seasons.create(name="2027", slug="2027")
    later = play_fixture(other, giants, evil, games[0].created_by, seed=11)
    all_time = client.get(f"/leagues/{league.slug}/teams/giants/")
    assert len(all_time.context["page"].results) == 5
    in_2027 = client.get(f"/leagues/{league.slug}/teams/giants/?season=2027")
    assert [r.row.game for r in in_2027.context["page"].results] == [later]
    unknown = client.get(f"/leagues/{league.slug}/teams/giants/?season=%3Cscript%3E")
    assert unknown.status_code == 200
    assert "There is no such season" in unknown.content.decode()
    assert len(unknown.context["page"].results) == 5


@pytest.mark.parametrize(
    "url",
    [
        "/leagues/nope/",
        "/leagues/quick-baseball-league/1999/",
        "/leagues/quick-baseball-league/teams/nobody/",
    ],
)
def test_unknown_pages_are_404(client, season_played, url):
    assert client.get(url).status_code == 404


def test_solitaire_league_pages(client, organiser):
    league, season, (ann, bob) = make_league("solitaire-baseball", {}, teams=("Ann", "Bob"))
    game = play_fixture(season, ann, None, organiser, seed=1)
    html = client.get(f"/leagues/{league.slug}/{season.slug}/").content.decode()
    assert "Ann" in html and f'href="/games/{game.pk}/"' in html
    assert ("Won" if game.summary["winner"] == 0 else "Lost") in html
    page = client.get(f"/leagues/{league.slug}/teams/ann/").context["page"]
    assert page.results[0].opponent is None
    assert page.form == [GameStats.objects.get(game=game).result]


def test_cricket_season_page_shows_innings_totals(client, organiser):
    league, season, (hornets, wasps) = make_league(
        "quick-cricket", {"overs": 2}, teams=("Hornets", "Wasps")
    )
    game = play_fixture(season, hornets, wasps, organiser, seed=3)
    html = client.get(f"/leagues/{league.slug}/{season.slug}/").content.decode()
    for innings in game.summary["innings"]:
        runs, wickets = innings["runs"], innings["wickets"]
        assert (f"{runs}/{wickets}" if wickets < 10 else str(runs)) in html
    margin = game.summary["margin"]
    if margin["by"] == "tie":
        assert "Match tied" in html
    else:
        assert f"won by {margin['value']}" in html
