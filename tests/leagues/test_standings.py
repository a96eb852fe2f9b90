"""Standings formulas on hand-built seasons: stats rows written directly, so every expected
number below can be worked out by hand (the working is in the comments)."""

import pytest

from games.leagues.standings import (
    BASEBALL,
    CRICKET,
    SOLITAIRE,
    net_run_rate,
    nrr_text,
    pct_text,
    season_standings,
)
from games.models import GameStats, Season

from .standings_helpers import Scores, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


def table(season):
    standings = season_standings(season=season)
    return standings, [row.as_dict() for row in standings.rows]


def test_baseball_pct_gb_streak_last_ten_and_the_head_to_head_tie_break(user):
    _, season, t = make_season("quick-baseball", ["Ash", "Birch", "Cedar", "Dogwood", "Elm"])
    games = Scores(season, user)
    games.play(t["Ash"], 5, t["Birch"], 3)  # Ash W, Birch L
    games.play(t["Birch"], 4, t["Cedar"], 4)  # tie
    games.play(t["Cedar"], 2, t["Ash"], 6)  # Ash W, Cedar L
    games.play(t["Dogwood"], 1, t["Ash"], 0)  # Dogwood W, Ash L
    games.play(t["Birch"], 7, t["Dogwood"], 2)  # Birch W, Dogwood L
    games.play(t["Cedar"], 3, t["Dogwood"], 5)  # Dogwood W, Cedar L
    standings, rows = table(season)
    assert standings.family == BASEBALL and standings.games_counted == 6
    # Ash and Dogwood are both 2-1 (.667, 2 wins); Dogwood beat Ash, so Dogwood leads even
    # though Ash has the better run differential (+5 against -2).
    # Cedar (0-2-1) and Elm (no games) are both .000 with no wins and never met: run
    # differential then puts Elm (0) above Cedar (-6).
    assert rows == [
        {
            "pos": 1, "team": "Dogwood", "w": 2, "l": 1, "t": 0, "nr": 0, "pct": ".667", "gb": None,
            "rf": 8, "ra": 10, "diff": "-2", "strk": "W1", "l10": "2-1",
        },
        {
            "pos": 2, "team": "Ash", "w": 2, "l": 1, "t": 0, "nr": 0, "pct": ".667", "gb": None,
            "rf": 11, "ra": 6, "diff": "+5", "strk": "L1", "l10": "2-1",
        },
        # PCT leaves ties out: 1 / (1 + 1). GB = ((2 - 1) + (1 - 1)) / 2.
        {
            "pos": 3, "team": "Birch", "w": 1, "l": 1, "t": 1, "nr": 0, "pct": ".500", "gb": "0.5",
            "rf": 14, "ra": 11, "diff": "+3", "strk": "W1", "l10": "1-1-1",
        },
        # GB = ((2 - 0) + (0 - 1)) / 2
        {
            "pos": 4, "team": "Elm", "w": 0, "l": 0, "t": 0, "nr": 0, "pct": ".000", "gb": "0.5",
            "rf": 0, "ra": 0, "diff": "0", "strk": None, "l10": "0-0",
        },
        # GB = ((2 - 0) + (2 - 1)) / 2
        {
            "pos": 5, "team": "Cedar", "w": 0, "l": 2, "t": 1, "nr": 0, "pct": ".000", "gb": "1.5",
            "rf": 9, "ra": 15, "diff": "-6", "strk": "L2", "l10": "0-2-1",
        },
    ]  # fmt: skip


def test_three_teams_level_are_ordered_by_their_mini_league(user):
    _, season, t = make_season("backyard-baseball", ["A", "B", "C"])
    games = Scores(season, user)
    # A beat B twice, B beat C twice, C beat A twice: all 2-2, and 2-2 in the mini-league of
    # the three as well. Run differential decides: C 22-8, B 8-8, A 6-20.
    games.play(t["A"], 2, t["B"], 1)
    games.play(t["A"], 2, t["B"], 1)
    games.play(t["B"], 3, t["C"], 2)
    games.play(t["B"], 3, t["C"], 2)
    games.play(t["C"], 9, t["A"], 1)
    games.play(t["C"], 9, t["A"], 1)
    _, rows = table(season)
    assert [(r["team"], r["w"], r["l"], r["diff"]) for r in rows] == [
        ("C", 2, 2, "+14"),
        ("B", 2, 2, "0"),
        ("A", 2, 2, "-14"),
    ]


def test_head_to_head_among_the_level_teams_only(user):
    _, season, t = make_season("bedard-baseball", ["A", "B", "C", "D"])
    games = Scores(season, user)
    # A and B finish 2-1. B beat A in their only meeting; A's extra wins came against D,
    # which does not count in the head-to-head, so B is above A despite A's run differential.
    games.play(t["B"], 1, t["A"], 0)
    games.play(t["A"], 10, t["D"], 0)
    games.play(t["A"], 10, t["D"], 0)
    games.play(t["B"], 1, t["C"], 0)
    games.play(t["C"], 1, t["B"], 0)
    _, rows = table(season)
    assert [r["team"] for r in rows[:2]] == ["B", "A"]
    assert rows[0]["gb"] is None and rows[1]["gb"] is None


def test_last_ten_counts_only_the_latest_ten_games_and_streaks_run_back(user):
    _, season, t = make_season("quick-baseball", ["Home", "Away"])
    games = Scores(season, user)
    # Home: W W L L L T W W W W W W (12 games): last ten are L L L T W W W W W W.
    for home_runs, away_runs in [(2, 1)] * 2 + [(0, 1)] * 3 + [(1, 1)] + [(3, 0)] * 6:
        games.play(t["Away"], away_runs, t["Home"], home_runs)
    _, rows = table(season)
    home, away = rows
    assert (home["team"], home["w"], home["l"], home["t"]) == ("Home", 8, 3, 1)
    assert home["strk"] == "W6" and home["l10"] == "6-3-1"
    assert away["strk"] == "L6" and away["l10"] == "3-6-1"
    assert home["pct"] == ".727"  # 8 / 11
    assert away["gb"] == "5.0"  # ((8 - 3) + (8 - 3)) / 2


def test_gb_can_be_negative_when_the_leader_has_played_fewer_games(user):
    _, season, t = make_season("quick-baseball", ["Few", "Many", "Foil"])
    games = Scores(season, user)
    for _ in range(2):
        games.play(t["Few"], 1, t["Foil"], 0)
    for _ in range(9):
        games.play(t["Many"], 1, t["Foil"], 0)
    games.play(t["Foil"], 1, t["Many"], 0)
    _, rows = table(season)
    # Few 2-0 (1.000) leads Many 9-1 (.900): ((2 - 9) + (1 - 0)) / 2 = -3.0
    assert [(r["team"], r["pct"], r["gb"]) for r in rows[:2]] == [
        ("Few", "1.000", None),
        ("Many", ".900", "-3.0"),
    ]


def test_cricket_points_and_net_run_rate_with_an_all_out_side_and_a_tie(user):
    _, season, t = make_season("quick-cricket", ["Xi", "Yak", "Zed"])
    games = Scores(season, user)
    # Five-over innings (20 balls). Game 1: Xi 40/2 (20 balls); Yak all out 30 in 3.2 overs
    # (14 balls) counts its full quota: 20 balls. Xi win.
    games.play(t["Xi"], 40, t["Yak"], 30, balls=((20, 20), (20, 20)))
    # Game 2: Yak 36/4 (20 balls), Zed 36/6 (20 balls): a tie.
    games.play(t["Yak"], 36, t["Zed"], 36, balls=((20, 20), (20, 20)))
    # Game 3: Zed all out 20 in 2.0 overs (counts 20 balls); Xi 21/1 in 1.3 overs (7 balls).
    games.play(t["Zed"], 20, t["Xi"], 21, balls=((20, 7), (7, 20)))
    standings, rows = table(season)
    assert standings.family == CRICKET
    assert rows == [
        # 61 runs / 27 balls = 61 / 6.75 overs = 9.037; 50 / 10 overs = 5.000 -> +4.037
        {
            "pos": 1, "team": "Xi", "p": 2, "w": 2, "l": 0, "t": 0, "nr": 0, "pts": 4,
            "for": "61/6.3", "against": "50/10.0", "nrr": "+4.037",
        },
        # Yak and Zed both 1 point, no wins: NRR decides. Yak 66/10 - 76/10 = -1.000
        {
            "pos": 2, "team": "Yak", "p": 2, "w": 0, "l": 1, "t": 1, "nr": 0, "pts": 1,
            "for": "66/10.0", "against": "76/10.0", "nrr": "-1.000",
        },
        # Zed 56/10 - 57/6.75 = 5.6 - 8.444 = -2.844
        {
            "pos": 3, "team": "Zed", "p": 2, "w": 0, "l": 1, "t": 1, "nr": 0, "pts": 1,
            "for": "56/10.0", "against": "57/6.3", "nrr": "-2.844",
        },
    ]  # fmt: skip


def test_cricket_points_come_from_the_league(user):
    league, season, t = make_season(
        "quick-cricket", ["Xi", "Yak", "Zed"], points_win=4, points_tie=2, points_loss=1
    )
    games = Scores(season, user)
    games.play(t["Xi"], 40, t["Yak"], 30, balls=((20, 20), (20, 20)))
    games.play(t["Yak"], 36, t["Zed"], 36, balls=((20, 20), (20, 20)))
    standings, rows = table(season)
    assert [(r["team"], r["pts"]) for r in rows] == [("Xi", 4), ("Yak", 3), ("Zed", 2)]
    assert "4 for a win, 2 for a tie, 1 for a loss" in standings.ordering


def test_cricket_points_then_wins_then_nrr(user):
    _, season, t = make_season(
        "quick-cricket", ["Ant", "Bee", "Cat", "Dot"], points_win=2, points_tie=2
    )
    games = Scores(season, user)
    # Ties are worth as much as wins here. Bee ties twice: 4 points. Ant wins once, Cat and
    # Dot tie once: 2 points each, and Ant has the win. Cat and Dot: NRR decides.
    games.play(t["Ant"], 40, t["Cat"], 0, balls=((20, 20), (20, 20)))
    games.play(t["Bee"], 10, t["Cat"], 10, balls=((20, 20), (20, 20)))
    games.play(t["Bee"], 10, t["Dot"], 10, balls=((20, 20), (20, 20)))
    _, rows = table(season)
    assert [(r["team"], r["pts"], r["w"], r["nrr"]) for r in rows] == [
        ("Bee", 4, 0, "0.000"),  # 20/10 - 20/10
        ("Ant", 2, 1, "+8.000"),  # 40/5 - 0/5
        ("Dot", 2, 0, "0.000"),  # 10/5 - 10/5
        ("Cat", 2, 0, "-4.000"),  # 10/10 - 50/10
    ]


def test_solitaire_players_games_wins_pct_and_best_score(user):
    _, season, t = make_season("solitaire-baseball", ["Pat", "Quinn", "Rae"])
    games = Scores(season, user)
    games.solo(t["Pat"], 5, True)
    games.solo(t["Pat"], 2, False)
    games.solo(t["Pat"], 3, True)
    games.solo(t["Quinn"], 7, True)
    games.solo(t["Quinn"], 1, True)
    games.solo(t["Quinn"], 0, False)
    standings, rows = table(season)
    assert standings.family == SOLITAIRE
    # Pat and Quinn are both 2-1; Quinn's best score (7) beats Pat's (5).
    assert rows == [
        {"pos": 1, "team": "Quinn", "g": 3, "w": 2, "l": 1, "pct": ".667", "best": 7},
        {"pos": 2, "team": "Pat", "g": 3, "w": 2, "l": 1, "pct": ".667", "best": 5},
        {"pos": 3, "team": "Rae", "g": 0, "w": 0, "l": 0, "pct": ".000", "best": None},
    ]
    assert [c.label for c in standings.columns][1] == "Player"


def test_rows_of_other_seasons_friendlies_and_other_leagues_are_left_out(user):
    league, season, t = make_season("quick-baseball", ["Ash", "Birch"])
    other = Season.objects.create(league=league, name="2025", slug="2025")
    Scores(other, user).play(t["Ash"], 9, t["Birch"], 0)
    friendly = Scores(season, user).play(t["Ash"], 9, t["Birch"], 0)
    GameStats.objects.filter(game=friendly).update(team=None, opponent=None)
    _, rows = table(season)
    assert [(r["team"], r["w"], r["l"]) for r in rows] == [("Ash", 0, 0), ("Birch", 0, 0)]


def test_formatting_helpers():
    from fractions import Fraction

    assert pct_text(Fraction(2, 3)) == ".667"
    assert pct_text(Fraction(1)) == "1.000"
    assert pct_text(Fraction(0)) == ".000"
    assert nrr_text(None) is None
    assert nrr_text(Fraction(0)) == "0.000"
    assert nrr_text(Fraction(1, 8)) == "+0.125"
    assert nrr_text(Fraction(-1, 10000)) == "0.000"
    # Four-ball overs: 30 runs in 20 balls is 6 per over.
    assert net_run_rate(runs_for=30, balls_faced=20, runs_against=0, balls_bowled=20) == 6
    assert net_run_rate(runs_for=0, balls_faced=0, runs_against=0, balls_bowled=0) is None
