"""Tennis standings: matches, sets and games won and lost, in the documented order, from the
stats rows' ``data``; the page, the CSV, the ``standings`` command, and the team, stats and
records pages of a tennis league.

The hand-built seasons write stats rows directly (the numbers are worked out in the
comments); the played seasons go through the services and the stats the engine produces.
"""

import json
import random
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.archive import imports
from games.kinds.game_rows import result_text, sets_text
from games.leagues import stats
from games.leagues.standings import TENNIS, season_standings
from games.management.demo import plausible_record
from games.models import Game, GameStats

from .conftest import make_league, play_fixture
from .standings_helpers import make_season

pytestmark = pytest.mark.django_db

START = datetime(2026, 5, 1, 12, tzinfo=UTC)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("umpire", password="pw-umpire-1")


class Matches:
    """Writes one final match a day: its two stats rows with the sets in ``data``."""

    def __init__(self, season, user):
        self.season, self.user, self.day = season, user, 0

    def play(self, first, second, *sets):
        """``sets``: (first's games, second's games) per set."""
        self.day += 1
        game = Game.objects.create(kind="quick-tennis", created_by=self.user, season=self.season)
        won = sum(a > b for a, b in sets)
        first_won = won > len(sets) - won
        for side, (me, opponent) in enumerate(((first, second), (second, first))):
            mine = [(a, b) if side == 0 else (b, a) for a, b in sets]
            sets_won = sum(a > b for a, b in mine)
            GameStats.objects.create(
                game=game,
                side=side,
                team=me,
                opponent=opponent,
                season=self.season,
                result="W" if first_won == (side == 0) else "L",
                runs_for=sets_won,
                runs_against=len(sets) - sets_won,
                finished_at=START + timedelta(days=self.day),
                data={
                    "sets_won": sets_won,
                    "sets_lost": len(sets) - sets_won,
                    "games_won": sum(a for a, _ in mine),
                    "games_lost": sum(b for _, b in mine),
                },
            )
        return game


def table(season):
    standings = season_standings(season=season)
    return standings, [row.as_dict() for row in standings.rows]


def test_tennis_columns_and_the_order_matches_sets_games_head_to_head(user):
    league, season, t = make_league(
        "quick-tennis", teams=("Ash", "Birch", "Cedar", "Dogwood", "Elm")
    )
    ash, birch, cedar, dogwood, elm = t
    m = Matches(season, user)
    m.play(ash, birch, (6, 4), (6, 4))  # Ash W 2-0, games 12-8
    m.play(cedar, dogwood, (6, 4), (4, 6), (6, 3))  # Cedar W 2-1, games 16-13
    m.play(birch, cedar, (7, 6), (6, 7), (6, 0))  # Birch W 2-1, games 19-13
    m.play(dogwood, ash, (6, 1), (6, 1))  # Dogwood W 2-0, games 12-2
    standings, rows = table(season)
    assert standings.family == TENNIS
    assert standings.games_counted == 4
    assert [c.key for c in standings.columns] == [
        "pos", "team", "p", "w", "l", "nr", "sw", "sl", "sd", "gw", "gl", "gd",
    ]  # fmt: skip
    # One win each for Ash, Birch, Cedar and Dogwood; Elm has played nobody.
    # Set differences: Ash 2-2 (0), Birch 2-3 (-1), Cedar 3-3 (0), Dogwood 3-2 (+1).
    # Ash and Cedar level on one win and 0: games Ash 14-20 (-6), Cedar 29-32 (-3): Cedar first.
    assert rows == [
        {"pos": 1, "team": "Dogwood", "p": 2, "w": 1, "l": 1, "nr": 0, "sw": 3, "sl": 2, "sd": "+1",
         "gw": 25, "gl": 18, "gd": "+7"},
        {"pos": 2, "team": "Cedar", "p": 2, "w": 1, "l": 1, "nr": 0, "sw": 3, "sl": 3, "sd": "0",
         "gw": 29, "gl": 32, "gd": "-3"},
        {"pos": 3, "team": "Ash", "p": 2, "w": 1, "l": 1, "nr": 0, "sw": 2, "sl": 2, "sd": "0",
         "gw": 14, "gl": 20, "gd": "-6"},
        {"pos": 4, "team": "Birch", "p": 2, "w": 1, "l": 1, "nr": 0, "sw": 2, "sl": 3, "sd": "-1",
         "gw": 27, "gl": 25, "gd": "+2"},
        {"pos": 5, "team": "Elm", "p": 0, "w": 0, "l": 0, "nr": 0, "sw": 0, "sl": 0, "sd": "0",
         "gw": 0, "gl": 0, "gd": "0"},
    ]  # fmt: skip
    assert "matches won, then set difference" in standings.ordering


def test_players_level_on_everything_are_split_by_head_to_head_then_name(user):
    league, season, t = make_league("quick-tennis", teams=("Ash", "Birch", "Cedar"))
    ash, birch, cedar = t
    m = Matches(season, user)
    # Birch beat Ash, Ash beat Cedar, Cedar beat Birch: 1-1 each, every match 6-0 6-0, so
    # sets 2-2 and games 12-12 for all three: the mini-league is level too, so names decide.
    m.play(birch, ash, (6, 0), (6, 0))
    m.play(ash, cedar, (6, 0), (6, 0))
    m.play(cedar, birch, (6, 0), (6, 0))
    _, rows = table(season)
    assert [r["team"] for r in rows] == ["Ash", "Birch", "Cedar"]


def test_head_to_head_splits_players_level_on_wins_sets_and_games(user):
    _, season, t = make_season("quick-tennis", ["Abe", "Rex", "Sam", "Zed"])
    m = Matches(season, user)
    m.play(t["Zed"], t["Abe"], (6, 0), (6, 0))
    m.play(t["Rex"], t["Zed"], (6, 0), (6, 0))
    m.play(t["Abe"], t["Sam"], (6, 0), (6, 0))
    _, rows = table(season)
    # Rex 1-0; Zed and Abe both 1-1 with sets 2-2 and games 12-12: Zed beat Abe.
    assert [r["team"] for r in rows] == ["Rex", "Zed", "Abe", "Sam"]
    assert rows[1]["sd"] == rows[2]["sd"] == "0" and rows[1]["gd"] == rows[2]["gd"] == "0"


def test_tennis_standings_as_csv_json_and_the_command(user):
    league, season, (ash, birch) = make_league("quick-tennis", teams=("Ash", "Birch"))
    Matches(season, user).play(ash, birch, (7, 6), (3, 6), (6, 4))
    standings = season_standings(season=season)
    assert standings.to_csv() == (
        "#,Player,P,W,L,NR,SW,SL,SD,GW,GL,GD\n1,Ash,1,1,0,0,2,1,+1,16,16,0\n"
        "2,Birch,1,0,1,0,1,2,-1,16,16,0\n"
    )
    document = json.loads(standings.to_json())
    assert document["game"] == "quick-tennis"
    assert document["rows"][0] == {
        "pos": 1, "team": "Ash", "p": 1, "w": 1, "l": 0, "nr": 0, "sw": 2, "sl": 1, "sd": "+1",
        "gw": 16, "gl": 16, "gd": "0",
    }  # fmt: skip
    out = StringIO()
    call_command("standings", league=league.slug, season=season.slug, format="csv", stdout=out)
    assert out.getvalue() == standings.to_csv()


def test_the_standings_page_and_csv_of_a_tennis_league(client, user):
    league, season, (ash, birch) = make_league("quick-tennis", teams=("Ash", "Birch"))
    Matches(season, user).play(ash, birch, (6, 2), (6, 2))
    html = client.get(f"/leagues/{league.slug}/{season.slug}/standings/").content.decode()
    assert 'class="standings standings-tennis"' in html
    assert '<abbr title="Sets won">SW</abbr>' in html
    assert "Ordered by matches won, then set difference" in html
    response = client.get(f"/leagues/{league.slug}/{season.slug}/standings.csv")
    assert response.status_code == 200
    assert response.content.decode("utf-8-sig").splitlines()[1] == "1,Ash,1,1,0,0,2,0,+2,12,4,+8"


def _played_season(user):
    """Three real matches between three players, played by the plausible players: one started
    from its fixture and scored through the services, two imported as records."""
    league, season, players = make_league("quick-tennis", {"sets": 3}, teams=("Ann", "Bea", "Cat"))
    ann, bea, cat = players
    games = [play_fixture(season, ann, bea, user, seed=11)]
    rng = random.Random(12)
    for first, second in ((bea, cat), (cat, ann)):
        record = plausible_record("quick-tennis", {"sets": 3}, [first.name, second.name], rng)
        game, created = imports.import_text(text=json.dumps(record), season=season, user=user)
        assert created
        games.append(game)
    return league, season, players, games


def test_played_matches_feed_the_table_and_a_voided_match_drops_out(user):
    league, season, players, games = _played_season(user)
    finals = Game.objects.filter(season=season, summary__status="final")
    assert finals.count() == 3
    expected = {p.name: {"w": 0, "sw": 0, "sl": 0, "gw": 0, "gl": 0} for p in players}
    for game in finals:
        summary = game.summary
        for side, name in enumerate(game.sides):
            totals = expected[name]
            totals["w"] += summary["winner"] == side
            totals["sw"] += summary["score"][side]
            totals["sl"] += summary["score"][1 - side]
            totals["gw"] += sum(s[side] for s in summary["sets"])
            totals["gl"] += sum(s[1 - side] for s in summary["sets"])
    _, rows = table(season)
    got = {r["team"]: {k: r[k] for k in ("w", "sw", "sl", "gw", "gl")} for r in rows}
    assert got == expected
    assert sum(r["p"] for r in rows) == 6

    voided = finals.first()
    voided.voided_at = timezone.now()
    voided.void_reason = "wrong players"
    voided.save()
    stats.sync(voided)
    standings, rows = table(season)
    assert standings.games_counted == 2
    assert sum(r["p"] for r in rows) == 4


def test_team_stats_and_records_pages_work_for_tennis(client, user):
    league, season, players, _ = _played_season(user)
    team = client.get(f"/leagues/{league.slug}/teams/{players[0].slug}/")
    assert team.status_code == 200
    assert "Points, serve and return" in team.content.decode()
    page = client.get(f"/leagues/{league.slug}/{season.slug}/stats/").content.decode()
    assert "<h2>Matches</h2>" in page and "<h2>Rallies</h2>" in page
    for name in ("Ann", "Bea", "Cat"):
        assert name in page
    csv_response = client.get(f"/leagues/{league.slug}/{season.slug}/stats.csv")
    csv_text = csv_response.content.decode("utf-8-sig")
    assert csv_text.startswith("Player,M,W,L,Sets W,Sets L,Games W,Games L,TB W,TB L,")
    records = client.get(f"/leagues/{league.slug}/{season.slug}/records/").content.decode()
    assert "Longest rallies" in records and "Most one-sided wins" in records
    assert client.get(f"/leagues/{league.slug}/stats/").status_code == 200
    assert client.get(f"/leagues/{league.slug}/{season.slug}/").status_code == 200
    assert client.get(f"/leagues/{league.slug}/").status_code == 200


def test_a_tennis_result_reads_as_set_scores_from_the_winners_side(client, user):
    league, season, (ann, bea) = make_league("quick-tennis", teams=("Ann", "Bea"))
    game = play_fixture(season, ann, bea, user, seed=3)
    summary = game.summary
    winner = game.sides[summary["winner"]]
    result = result_text(game)
    assert result.startswith(f"{winner} won ")
    sets = result.removeprefix(f"{winner} won ").split()
    assert len(sets) == len(summary["sets"])
    for text, games, points in zip(sets, summary["sets"], summary["tiebreaks"], strict=True):
        own, other = games[summary["winner"]], games[1 - summary["winner"]]
        assert text.startswith(f"{own}–{other}")
        assert text.endswith(f"({min(points)})") if points else text == f"{own}–{other}"
    page = client.get(season.get_absolute_url()).content.decode()
    assert result in page
    assert ">Players<" in page and ">Teams<" not in page


def test_set_scores_with_a_tie_break_name_the_losers_points():
    assert sets_text([[6, 4], [6, 7], [7, 6]], [None, [5, 7], [7, 3]], 0) == "6–4 6–7(5) 7–6(3)"
    assert sets_text([[6, 4], [6, 7], [7, 6]], [None, [5, 7], [7, 3]], 1) == "4–6 7–6(5) 6–7(3)"
