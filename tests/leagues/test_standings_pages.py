"""The standings page, its CSV and ``manage.py standings`` print the same table; anyone may
read them; the page's query count does not grow with the season."""

import csv
import io
import json
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.leagues.standings import season_standings

from .standings_helpers import Scores, make_season

pytestmark = pytest.mark.django_db


class TableText(HTMLParser):
    """The text of each row of the page's standings table, header row first."""

    def __init__(self):
        super().__init__()
        self.rows, self.cell, self.inside = [], None, False

    def handle_starttag(self, tag, attrs):
        if tag == "table" and "standings" in (dict(attrs).get("class") or ""):
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("th", "td"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("th", "td") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def page_table(html):
    parser = TableText()
    parser.feed(html)
    return parser.rows


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


@pytest.fixture
def baseball(user):
    league, season, t = make_season("quick-baseball", ["Ash", "Birch", "Cedar <b>"])
    games = Scores(season, user)
    games.play(t["Ash"], 5, t["Birch"], 3)
    games.play(t["Birch"], 4, t["Cedar <b>"], 4)
    games.play(t["Cedar <b>"], 2, t["Ash"], 6)
    return league, season


@pytest.fixture
def cricket(user):
    league, season, t = make_season("quick-cricket", ["Xi", "Yak"])
    Scores(season, user).play(t["Xi"], 40, t["Yak"], 30, balls=((20, 20), (20, 20)))
    return league, season


def urls(league, season):
    args = [league.slug, season.slug]
    return reverse("games:standings", args=args), reverse("games:standings-csv", args=args)


def command(league, season, fmt):
    out = io.StringIO()
    call_command("standings", league=league, season=season, format=fmt, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("which", ["baseball", "cricket"])
def test_page_csv_and_command_print_the_same_rows_and_columns(client, which, request):
    league, season = request.getfixturevalue(which)
    page_url, csv_url = urls(league, season)
    page = client.get(page_url)
    download = client.get(csv_url)
    assert page.status_code == 200 and download.status_code == 200
    assert download["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in download["Content-Disposition"]
    from_csv = list(csv.reader(io.StringIO(download.content.decode("utf-8-sig"))))
    assert page_table(page.content.decode()) == from_csv
    assert command(league.slug, season.slug, "csv") == download.content.decode("utf-8-sig")
    document = json.loads(command(league.name, season.name, "json"))
    labels = [c["label"] for c in document["columns"]]
    keys = [c["key"] for c in document["columns"]]
    assert labels == from_csv[0]
    as_text = [["—" if r[k] is None else str(r[k]) for k in keys] for r in document["rows"]]
    assert as_text == from_csv[1:]
    assert document["season_slug"] == season.slug and document["game"] == league.kind


def test_the_page_shows_names_as_text_explains_the_order_and_links_the_csv(client, baseball):
    league, season = baseball
    page_url, csv_url = urls(league, season)
    html = client.get(page_url).content.decode()
    assert "Cedar &lt;b&gt;" in html and "Cedar <b>" not in html
    assert "then head-to-head" in html
    assert f'href="{csv_url}"' in html
    assert "games/standings.css" in html


def test_json_rows_are_typed(baseball):
    league, season = baseball
    document = json.loads(command(league.slug, season.slug, "json"))
    first = document["rows"][0]
    assert first["team"] == "Ash" and first["w"] == 2 and first["pct"] == "1.000"
    assert first["gb"] is None


def test_unknown_league_or_season_is_a_clear_error(baseball):
    league, season = baseball
    with pytest.raises(CommandError, match="no league 'nope'"):
        command("nope", season.slug, "csv")
    with pytest.raises(CommandError, match="no season '1999' in quick-baseball L .*2026"):
        command(league.slug, "1999", "csv")


def test_the_command_exits_1_with_a_message_when_not_found(baseball, capsys):
    from django.core.management import ManagementUtility

    with pytest.raises(SystemExit) as exit_:
        ManagementUtility(["manage.py", "standings", "--league", "nope", "--season", "x"]).execute()
    assert exit_.value.code == 1
    assert "no league 'nope'" in capsys.readouterr().err


def test_bad_format_is_refused(baseball):
    league, season = baseball
    with pytest.raises(CommandError, match="csv or json"):
        command(league.slug, season.slug, "xml")


def test_unknown_pages_are_404_and_writes_are_refused(client, baseball):
    league, season = baseball
    page_url, csv_url = urls(league, season)
    assert client.get(reverse("games:standings", args=[league.slug, "1999"])).status_code == 404
    assert client.get(reverse("games:standings", args=["nope", season.slug])).status_code == 404
    assert client.post(page_url).status_code == 405
    assert client.post(csv_url).status_code == 405


def test_a_league_without_teams_has_an_empty_table(client, user):
    league, season, _ = make_season("quick-baseball", [])
    html = client.get(urls(league, season)[0]).content.decode()
    assert "no teams yet" in html
    assert (
        command(league.slug, season.slug, "csv") == "#,Team,W,L,T,NR,PCT,GB,RF,RA,DIFF,STRK,L10\n"
    )


def _season_of(games, user, kind="quick-baseball"):
    names = [f"Team {n}" for n in range(6)]
    league, season, t = make_season(kind, names)
    scores = Scores(season, user)
    for n in range(games):
        away, home = t[names[n % 6]], t[names[(n + 1 + n // 6) % 6]]
        if away == home:
            home = t[names[(n + 2) % 6]]
        scores.play(away, n % 7, home, (n * 3) % 5)
    return league, season


@pytest.mark.parametrize("games", [5, 50])
def test_the_page_needs_the_same_few_queries_for_5_or_50_games(
    client, user, games, django_assert_max_num_queries
):
    league, season = _season_of(games, user)
    page_url, csv_url = urls(league, season)
    with django_assert_max_num_queries(4):
        response = client.get(page_url)
    assert response.status_code == 200
    assert season_standings(season=season).games_counted == games
    with django_assert_max_num_queries(4):
        assert client.get(csv_url).status_code == 200


def test_query_count_is_the_same_for_a_small_and_a_big_season(client, user):
    counts = []
    for games, kind in [(5, "quick-baseball"), (60, "backyard-baseball")]:
        league, season = _season_of(games, user, kind)
        with CaptureQueriesContext(connection) as queries:
            client.get(urls(league, season)[0])
        counts.append(len(queries))
    assert counts[0] == counts[1]
