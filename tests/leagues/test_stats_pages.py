"""The stats pages, their CSV, the team partial and the records, from stored stats rows."""

import csv
import io
from datetime import date

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.leagues import stats, stats_selectors
from games.models import GameStats, Season, Team

from .conftest import make_league
from .stats_helpers import (
    CRICKET,
    QUICK_BASEBALL,
    SOLITAIRE,
    random_plays,
    score_fixture,
    store_fixture,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def scorer(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


@pytest.fixture
def two_games(scorer):
    """The hand-built Quick Baseball game twice: Giants away (1-0 win), then Giants at home
    against the Mets (0-1 loss)."""
    league, season, (giants, yankees, mets) = make_league("quick-baseball", {"innings": 1})
    plays = QUICK_BASEBALL["plays"]
    score_fixture(season, giants, yankees, scorer, plays)
    score_fixture(season, mets, giants, scorer, plays)
    return league, season, giants


def row_of(table, label):
    return dict(
        zip(
            [c.label for c in table.columns],
            next(r for r in table.rows if r.label == label).cells,
            strict=True,
        )
    )


def read_csv(response):
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


# --- totals ---------------------------------------------------------------------------------


def test_season_totals_add_up_every_game_of_the_team(two_games):
    league, season, giants = two_games
    page = stats_selectors.season_stats(season=season)
    batting, pitching = page.tables
    # Giants: the visitors' line (5 PA, 4 AB, 2 doubles, a walk, a K, a steal and a caught
    # stealing, 1 run) plus the home side's (4 PA, 4 AB, a single, three Ks).
    assert row_of(batting, "Giants") == {
        "G": "2",
        "R": "1",
        "R/G": "0.50",
        "PA": "9",
        "AB": "8",
        "H": "3",
        "2B": "2",
        "3B": "0",
        "HR": "0",
        "BB": "1",
        "SO": "4",
        "SB": "1",
        "CS": "1",
        "AVG": ".375",  # 3 / 8, from the sums
        "OBP": ".444",  # (3 + 1) / (8 + 1)
        "SLG": ".625",  # 5 / 8
    }
    assert row_of(pitching, "Giants") == {"G": "2", "RA": "1", "RA/G": "0.50", "Relief": "0"}
    assert [row.label for row in batting.rows] == ["Giants", "Mets", "Yankees"]
    assert page.games == 2


def test_batting_by_lineup_slot_adds_up(two_games):
    league, season, giants = two_games
    page = stats_selectors.season_stats(season=season)
    slots = next(b for b in page.breakdowns if b.name == "Giants").tables[0]
    assert [row.label for row in slots.rows] == ["1", "2", "3", "4", "5"]
    assert row_of(slots, "1") == {
        "PA": "2",
        "AB": "2",
        "H": "2",
        "TB": "3",
        "BB": "0",
        "AVG": "1.000",
        "OBP": "1.000",
        "SLG": "1.500",
    }
    assert row_of(slots, "2")["OBP"] == ".500"  # a walk and a strike-out
    assert row_of(slots, "5") == {
        "PA": "1",
        "AB": "1",
        "H": "0",
        "TB": "0",
        "BB": "0",
        "AVG": ".000",
        "OBP": ".000",
        "SLG": ".000",
    }


def test_a_voided_game_leaves_the_stats(two_games):
    league, season, giants = two_games
    game = giants.stats.order_by("finished_at").first().game
    game.voided_at, game.void_reason = timezone.now(), "wrong teams"
    game.save()
    stats.sync(game)
    batting = stats_selectors.season_stats(season=season).tables[0]
    assert row_of(batting, "Giants")["G"] == "1"
    assert "Yankees" not in [row.label for row in batting.rows]


def test_team_stats_per_season_and_all_time(two_games, scorer):
    league, season, giants = two_games
    season.starts_on = date(2026, 4, 1)
    season.save()
    later = Season.objects.create(
        league=league, name="2027", slug="2027", starts_on=date(2027, 4, 1)
    )
    yankees = Team.objects.get(league=league, slug="yankees")
    score_fixture(later, giants, yankees, scorer, QUICK_BASEBALL["plays"])

    every = stats_selectors.team_stats(team=giants)
    batting = every["tables"][0]
    assert [(row.label, row.total) for row in batting.rows] == [
        ("2027", False),
        ("2026", False),
        ("All-time", True),
    ]
    assert row_of(batting, "2027")["G"] == "1"
    assert row_of(batting, "All-time")["PA"] == "14"
    assert every["games"] == 3

    one = stats_selectors.team_stats(team=giants, season=later)
    assert [row.label for row in one["tables"][0].rows] == ["2027"]
    assert one["breakdowns"][0].id == "slots"

    html = render_to_string("games/stats/_team_stats.html", {"team_stats": every})
    assert "Batting by lineup slot" in html and "All-time" in html and "3 final games" in html


def test_team_stats_without_games():
    league, season, (giants, *_) = make_league("quick-cricket", {"overs": 1})
    result = stats_selectors.team_stats(team=giants)
    assert result["tables"] == [] and result["games"] == 0
    html = render_to_string("games/stats/_team_stats.html", {"team_stats": result})
    assert "No final games yet" in html


# --- pages ------------------------------------------------------------------------------------


def test_season_stats_page_for_anyone(client, two_games):
    league, season, giants = two_games
    response = client.get(reverse("games:season-stats", args=[league.slug, season.slug]))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Giants" in text and ".375" in text and "Batting by lineup slot" in text
    assert "games/stats.css" in text


def test_league_all_time_stats_page(client, two_games, scorer):
    league, season, giants = two_games
    later = Season.objects.create(league=league, name="2027", slug="2027")
    yankees = Team.objects.get(league=league, slug="yankees")
    score_fixture(later, giants, yankees, scorer, QUICK_BASEBALL["plays"])
    response = client.get(reverse("games:league-stats", args=[league.slug]))
    assert response.status_code == 200
    assert response.context["page"].games == 3
    giants_row = row_of(response.context["page"].tables[0], "Giants")
    assert (giants_row["G"], giants_row["PA"]) == ("3", "14")


def test_team_names_are_shown_as_text(client, scorer):
    league, season, (bold, other) = make_league(
        "quick-baseball", {"innings": 1}, teams=("<b>Bold</b> & Co", "Others")
    )
    score_fixture(season, bold, other, scorer, QUICK_BASEBALL["plays"])
    for name in ("games:season-stats", "games:records"):
        text = client.get(reverse(name, args=[league.slug, season.slug])).content.decode()
        assert "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in text
        assert "<b>Bold</b>" not in text


def test_unknown_league_or_season_is_not_found(client, two_games):
    league, season, giants = two_games
    assert client.get(reverse("games:season-stats", args=[league.slug, "1999"])).status_code == 404
    assert client.get(reverse("games:records", args=["nope", season.slug])).status_code == 404
    assert client.get(reverse("games:league-stats", args=["nope"])).status_code == 404


def test_stats_pages_are_read_only(client, two_games):
    league, season, giants = two_games
    url = reverse("games:season-stats", args=[league.slug, season.slug])
    assert client.post(url).status_code == 405


def test_empty_season(client):
    league, season, _ = make_league("quick-baseball", {"innings": 1})
    response = client.get(reverse("games:season-stats", args=[league.slug, season.slug]))
    assert (
        response.status_code == 200
        and "No final games this season yet" in response.content.decode()
    )
    records = client.get(reverse("games:records", args=[league.slug, season.slug]))
    assert records.status_code == 200 and "None yet" in records.content.decode()


# --- CSV --------------------------------------------------------------------------------------


def test_csv_has_the_page_columns(client, two_games):
    league, season, giants = two_games
    response = client.get(reverse("games:season-stats-csv", args=[league.slug, season.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = read_csv(response)
    assert [row["Team"] for row in rows] == ["Giants", "Mets", "Yankees"]
    assert list(rows[0]) == [
        "Team",
        "G",
        "R",
        "R/G",
        "PA",
        "AB",
        "H",
        "2B",
        "3B",
        "HR",
        "BB",
        "SO",
        "SB",
        "CS",
        "AVG",
        "OBP",
        "SLG",
        "RA",
        "RA/G",
        "Relief",
    ]
    assert (rows[0]["AVG"], rows[0]["RA"], rows[0]["G"]) == (".375", "1", "2")


def test_csv_of_one_table_and_of_the_slots(client, two_games):
    league, season, giants = two_games
    url = reverse("games:season-stats-csv", args=[league.slug, season.slug])
    pitching = read_csv(client.get(url, {"table": "pitching"}))
    assert list(pitching[0]) == ["Team", "G", "RA", "RA/G", "Relief"]
    slots = read_csv(client.get(url, {"table": "slots"}))
    assert list(slots[0])[:3] == ["Team", "Slot", "PA"]
    giants_first = next(r for r in slots if r["Team"] == "Giants" and r["Slot"] == "1")
    assert (giants_first["PA"], giants_first["SLG"]) == ("2", "1.500")


def test_csv_of_an_unknown_table_says_which_exist(client, two_games):
    league, season, giants = two_games
    url = reverse("games:season-stats-csv", args=[league.slug, season.slug])
    response = client.get(url, {"table": "<nope>"})
    assert response.status_code == 400
    assert "batting, pitching, slots" in response.content.decode()


def test_all_time_csv_adds_up_every_season(client, two_games, scorer):
    """The same two games again in a second season: every all-time count is twice the
    season's; the page links the download."""
    league, season, giants = two_games
    yankees, mets = (Team.objects.get(league=league, name=name) for name in ("Yankees", "Mets"))
    later = Season.objects.create(league=league, name="2027", slug="2027")
    plays = QUICK_BASEBALL["plays"]
    score_fixture(later, giants, yankees, scorer, plays)
    score_fixture(later, mets, giants, scorer, plays)

    url = reverse("games:league-stats-csv", args=[league.slug])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="{league.slug}-all-time-stats.csv"' in response["Content-Disposition"]
    season_rows = read_csv(
        client.get(reverse("games:season-stats-csv", args=[league.slug, season.slug]))
    )
    all_time = {row["Team"]: row for row in read_csv(response)}
    for row in season_rows:
        for column in ("G", "R", "PA", "AB", "H", "SO", "RA"):
            assert int(all_time[row["Team"]][column]) == 2 * int(row[column]), column
        assert all_time[row["Team"]]["AVG"] == row["AVG"]
    assert list(read_csv(client.get(url, {"table": "pitching"}))[0]) == [
        "Team", "G", "RA", "RA/G", "Relief"
    ]  # fmt: skip
    assert client.get(url, {"table": "<nope>"}).status_code == 400
    page = client.get(reverse("games:league-stats", args=[league.slug])).content.decode()
    assert f'href="{url}"' in page


# --- records ----------------------------------------------------------------------------------


def test_baseball_records(client, two_games):
    league, season, giants = two_games
    response = client.get(reverse("games:records", args=[league.slug, season.slug]))
    assert response.status_code == 200
    lists = {r.id: r for r in response.context["records"]}
    assert [(f.value, f.side_name, f.opponent_name) for f in lists["totals"].feats][:2] == [
        ("1", "Giants", "Yankees"),
        ("1", "Mets", "Giants"),
    ]
    assert lists["innings"].feats[0].detail == "1st inning"
    assert [(f.value, f.unit, f.side_name) for f in lists["wins"].feats] == [
        ("1", "run", "Giants"),
        ("1", "run", "Mets"),
    ]
    assert lists["hits"].feats[0].value == "2"


def test_cricket_stats_and_records(client, scorer):
    league, season, (giants, yankees) = make_league(
        "quick-cricket", {"overs": 1}, teams=("Giants", "Yankees")
    )
    score_fixture(season, giants, yankees, scorer, CRICKET["plays"])
    score_fixture(season, yankees, giants, scorer, CRICKET["plays"])
    page = stats_selectors.season_stats(season=season)
    batting, bowling, partnerships = page.tables
    # Giants: 18/1 batting first, then 0/3 chasing; each time 4 balls.
    assert row_of(batting, "Giants") == {
        "M": "2",
        "Inns": "2",
        "Runs": "18",
        "Overs": "2.0",
        "RR": "9.00",
        "Avg": "9.0",
        "HS": "18/1",
        "LS": "0/3",
        "Wkts": "4",
        "Big Hits": "1",
        "BH runs": "0",
    }
    assert row_of(bowling, "Giants") == {
        "Overs": "2.0",
        "Runs": "18",
        "Econ": "9.00",
        "Wkts": "4",
        "Bowled": "2",
        "LBW": "0",
        "Ct": "2",
        "BH Ct": "0",
        "NB": "1",
        "Rev": "2",
        "Rev won": "1",
    }
    assert row_of(partnerships, "Giants")["1st"] == "13"
    assert row_of(partnerships, "Giants")["4th"] == "0*"

    response = client.get(reverse("games:records", args=[league.slug, season.slug]))
    lists = {r.id: r for r in response.context["records"]}
    assert [f.value for f in lists["totals"].feats] == ["18/1", "18/1", "0/3", "0/3"]
    assert [f.value for f in lists["lowest"].feats][:1] == ["0/3"]
    assert [(f.value, f.detail) for f in lists["partnerships"].feats] == [
        ("13", "1st wicket"),
        ("13", "1st wicket"),
        ("5*", "2nd wicket"),
        ("5*", "2nd wicket"),
    ]
    assert [(f.value, f.unit) for f in lists["wins-runs"].feats] == [("18", "runs")] * 2
    assert lists["wins-wickets"].feats == ()
    text = response.content.decode()
    assert "Longest partnerships" in text and "Biggest wins by runs" in text


def test_solitaire_stats_per_player(client, scorer):
    league, season, (ann, bob) = make_league(
        "solitaire-baseball", {"innings": 1}, teams=("Ann", "Bob")
    )
    score_fixture(season, ann, None, scorer, SOLITAIRE["plays"])
    score_fixture(season, ann, None, scorer, SOLITAIRE["plays"])
    page = stats_selectors.season_stats(season=season)
    assert page.heading == "Player"
    results, batting = page.tables
    assert row_of(results, "Ann") == {
        "G": "2",
        "W": "2",
        "L": "0",
        "PCT": "1.000",
        "Best": "4",
        "R": "8",
        "R/G": "4.00",
    }
    assert row_of(batting, "Ann")["SLG"] == "1.400"  # 14 total bases in 10 at bats
    response = client.get(reverse("games:records", args=[league.slug, season.slug]))
    lists = {r.id: r for r in response.context["records"]}
    assert lists["totals"].title == "Best scores" and lists["totals"].feats[0].value == "4"
    assert "wins" not in lists


# --- every game, and the number of queries ----------------------------------------------------

KINDS = [
    ("quick-baseball", {"innings": 1}),
    ("backyard-baseball", {"innings": 1}),
    ("bedard-baseball", {"innings": 1}),
    ("solitaire-baseball", {"innings": 1}),
    ("quick-cricket", {"overs": 1}),
]


def store_random(season, teams, user, count, seed=0):
    league = season.league
    for n in range(count):
        away, home = teams[n % 2], teams[(n + 1) % 2]
        if league.kind == "solitaire-baseball":
            home = None
        store_fixture(season, away, home, user, random_plays(league.kind, league.options, seed + n))


@pytest.mark.parametrize("kind,options", KINDS)
def test_every_game_has_its_pages(client, scorer, kind, options):
    league, season, teams = make_league(kind, options, teams=("Giants", "Yankees"))
    store_random(season, teams, scorer, 2)
    assert GameStats.objects.filter(season=season).exclude(data={}).exists()
    args = [league.slug, season.slug]
    for name in ("games:season-stats", "games:records", "games:season-stats-csv"):
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
    page = stats_selectors.season_stats(season=season)
    assert {row.label for row in page.tables[0].rows} <= {"Giants", "Yankees"}
    assert sum(int(row.cells[0]) for row in page.tables[0].rows) == (
        2 if kind == "solitaire-baseball" else 4
    )
    team = stats_selectors.team_stats(team=teams[0])
    html = render_to_string("games/stats/_team_stats.html", {"team_stats": team})
    assert team["games"] >= 1 and page.tables[0].title in html


def count_queries(client, urls):
    with CaptureQueriesContext(connection) as queries:
        for url in urls:
            assert client.get(url).status_code == 200
    return len(queries)


def test_queries_do_not_grow_with_the_number_of_games(client, scorer):
    league, season, teams = make_league("quick-baseball", {"innings": 1}, teams=("A", "B", "C"))
    args = [league.slug, season.slug]
    urls = [
        reverse("games:season-stats", args=args),
        reverse("games:season-stats-csv", args=args),
        reverse("games:records", args=args),
    ]
    store_random(season, teams, scorer, 2)
    few = count_queries(client, urls)
    with CaptureQueriesContext(connection) as team_queries:
        stats_selectors.team_stats(team=teams[0])
    store_random(season, teams[1:], scorer, 6, seed=10)
    assert count_queries(client, urls) == few
    with CaptureQueriesContext(connection) as more_team_queries:
        stats_selectors.team_stats(team=teams[0])
    assert len(more_team_queries) == len(team_queries) <= 2
    assert few <= 3 * 3  # each page: its season (and league), the stats rows, the seasons list


def test_cricket_csv_names_every_column_once(client, scorer):
    league, season, (giants, yankees) = make_league(
        "quick-cricket", {"overs": 1}, teams=("Giants", "Yankees")
    )
    score_fixture(season, giants, yankees, scorer, CRICKET["plays"])
    response = client.get(reverse("games:season-stats-csv", args=[league.slug, season.slug]))
    header = next(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(header) == len(set(header)) == 1 + 11 + 11 + 10
    giants_row = next(r for r in read_csv(response) if r["Team"] == "Giants")
    assert (giants_row["Runs"], giants_row["Runs (bowling)"], giants_row["1st"]) == (
        "18",
        "0",
        "13",
    )
