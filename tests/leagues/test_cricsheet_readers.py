"""A Cricsheet reader reads a season pack's Cricsheet files and adds them up as the site does.

The reader is cricketstats (PyPI), which reads Cricsheet's JSON the way its data users do:
every match of a small Quick Cricket season (plausible players' matches, a tie, a rough
match with no balls and an all-out, a voided game and a fixture with no result) is read
from the season pack, and its totals, wickets, partnerships and results are compared with
the games' summaries and the league's stats rows.
"""

import datetime
import json
import random
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path

import pandas as pd
import pytest
from cricketstats.cricketstats import search
from django.utils import timezone

from games.archive import exports, imports, season_pack
from games.engines import get
from games.engines.players import play_out
from games.kinds.records import replay_game
from games.leagues import services as league_services
from games.leagues.services import results
from games.models import Fixture, Game, GameStats
from games.scoring import services

from .conftest import make_league

pytestmark = [
    pytest.mark.django_db,
    # cricketstats' own call, deprecated by pandas.
    pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame.drop"),
]

OPTIONS = {"overs": 4}
TEAMS = ("Hornets", "Wasps", "Kestrels")
SEARCH = 2000  # seeds tried for a match of a kind (a tie, a rough match)


def _import(season, user, sides, plays) -> Game:
    record = {"game": "quick-cricket", "options": OPTIONS, "sides": sides, "plays": list(plays)}
    game, created = imports.import_text(text=json.dumps(record), season=season, user=user)
    assert created
    return game


@cache
def _plausible(seed: int) -> tuple[dict, ...]:
    return tuple(play_out("quick-cricket", OPTIONS, seed).plays)


@cache
def _tied_plays() -> tuple[dict, ...]:
    """The first plausible match, from seed 0 on, that ends in a tie."""
    for seed in range(SEARCH):
        played = play_out("quick-cricket", OPTIONS, seed)
        if played.summary["margin"]["by"] == "tie":
            return played.plays
    raise AssertionError(f"no tie in {SEARCH} plausible matches")


@cache
def _rough_plays() -> tuple[dict, ...]:
    """Random legal plays, no balls whenever they may be bowled every fifth play, until a
    match has a no ball that restarted an over and a side all out."""
    engine = get("quick-cricket")
    for seed in range(SEARCH):
        rng = random.Random(seed)
        state = engine.initial_state(engine.options(OPTIONS))
        plays: list[dict] = []
        while not engine.is_over(state):
            legal = [p for p in engine.legal_plays(state) if "declare" not in p]
            no_balls = [p for p in legal if p.get("no_ball")]
            raw = rng.choice(no_balls if no_balls and len(plays) % 5 == 3 else legal)
            state, _ = engine.play(state, raw)
            plays.append(raw)
        balls = [ball for inn in state.innings for ball in inn.log]
        if any(not b.counted for b in balls) and any(inn.all_out for inn in state.innings):
            return tuple(plays)
    raise AssertionError(f"no random match in {SEARCH} with a restarted over and an all-out")


@pytest.fixture
def season_files(organiser, tmp_path):
    """A played season and its pack's Cricsheet files in a folder."""
    league, season, (hornets, wasps, kestrels) = make_league("quick-cricket", OPTIONS, TEAMS)
    league.organisers.add(organiser)
    games = [
        _import(season, organiser, ("Hornets", "Wasps"), _plausible(11)),
        _import(season, organiser, ("Wasps", "Kestrels"), _plausible(12)),
        _import(season, organiser, ("Kestrels", "Hornets"), _plausible(13)),
        _import(season, organiser, ("Wasps", "Hornets"), _tied_plays()),
        _import(season, organiser, ("Hornets", "Kestrels"), _rough_plays()),
    ]
    voided = _import(season, organiser, ("Kestrels", "Wasps"), _plausible(14))
    results.game_void(game=voided, user=organiser, reason="played with the wrong cards")
    fixture = Fixture.objects.create(season=season, away=wasps, home=hornets)
    washed_out = league_services.fixture_start(fixture=fixture, user=organiser)
    for seq, raw in enumerate(_plausible(15)[:12], start=1):
        services.play_record(game=washed_out, raw=raw, expected_seq=seq, user=organiser)
    results.fixture_mark_no_result(
        fixture=fixture, user=organiser, outcome=Fixture.NO_RESULT, reason="rain"
    )
    games += [voided, washed_out]
    # One game a day, so that the reader's match ids (teams, date) are the games'.
    first_day = timezone.now() - datetime.timedelta(days=30)
    for day, game in enumerate(games):
        when = first_day + datetime.timedelta(days=day)
        finished = when if Game.objects.get(pk=game.pk).finished_at else None
        Game.objects.filter(pk=game.pk).update(created_at=when, finished_at=finished)
    database = tmp_path / "cricsheet"
    database.mkdir()

    def add(name: str, text: str) -> None:
        if name.startswith("cricsheet/"):
            (tmp_path / name).write_text(text)

    season_pack.write_pack(season, add)
    return season, [Game.objects.get(pk=g.pk) for g in games], database


def _read(database: Path, tmp_path: Path, **who) -> search:
    index = tmp_path / "index"
    index.mkdir(exist_ok=True)
    found = search(**who)
    found.stats(
        database=str(database),
        from_date=(2000, 1, 1),
        to_date=(2099, 12, 31),
        matchtype=["ODM"],
        matchindexfile=str(index),
    )
    return found


def _innings_id(game: Game, number: int) -> str:
    teams = "-".join(side.replace(" ", "_") for side in game.sides)
    return f"{teams}-{exports.game_date(game).isoformat()}-male-ODM-{number}"


def test_every_file_is_read(season_files, tmp_path):
    season, games, database = season_files
    assert sorted(p.stem for p in database.iterdir()) == sorted(str(g.pk) for g in games)
    teams = _read(database, tmp_path, allteams=True)
    innings = teams.inningsresult.set_index("InningsID")
    # An innings without a delivery (the chase not yet begun) has no overs to read.
    expected = {
        _innings_id(game, number): inn
        for game in games
        for number, (inn, played) in enumerate(
            zip(game.summary["innings"], replay_game(game).final_state.innings, strict=True),
            start=1,
        )
        if played.log
    }
    assert set(innings.index) == set(expected)
    for key, inn in expected.items():
        assert innings.loc[key, "Score"] == inn["runs"], key
        assert innings.loc[key, "Outs"] == inn["wickets"], key
    assert 10 in set(innings["Outs"])  # the rough match's all-out
    # Each match's winner as the reader has it is the league's (none for the tie, the voided
    # game and the fixture with no result), and so is a decided match's margin.
    for game in games:
        won = GameStats.objects.filter(game=game, result="W").first()
        read = innings.loc[_innings_id(game, 1)]
        assert _value(read["Match Winner"]) == (game.sides[won.side] if won else None), game.pk
        margin = game.summary["margin"]
        if won and margin["by"] in ("runs", "wickets"):
            last = innings.loc[_innings_id(game, len(game.summary["innings"]))]
            assert last["Margin"] == margin["value"], game.pk
    tied = GameStats.objects.filter(game__in=games, result="T").values("game").distinct()
    assert tied.count() == 1


def _value(cell):
    """A cell as Python: a missing value is None."""
    return None if pd.isna(cell) else cell


def test_team_totals_and_results(season_files, tmp_path):
    season, games, database = season_files
    table = _read(database, tmp_path, allteams=True).result
    runs, conceded, lost, taken, balls = Counter(), Counter(), Counter(), Counter(), Counter()
    for game in games:
        for inn in game.summary["innings"]:
            batting, bowling = game.sides[inn["batting"]], game.sides[1 - inn["batting"]]
            runs[batting] += inn["runs"]
            conceded[bowling] += inn["runs"]
            lost[batting] += inn["wickets"]
            taken[bowling] += inn["wickets"]
            overs, extra = inn["overs"].split(".")
            balls[batting] += int(overs) * 4 + int(extra)
    voided_balls = _voided_deliveries(games)
    for team in TEAMS:
        row = table.loc[team]
        assert row["Runs"] == runs[team] and row["Runsgiven"] == conceded[team], team
        assert row["Outs"] == lost[team] and row["Wickets"] == taken[team], team
        # The reader counts a delivery whose over a no ball restarted as a ball faced.
        assert row["Balls Faced"] == balls[team] + voided_balls[team], team
        won = GameStats.objects.filter(season=season, team__name=team, result="W").count()
        assert row["Won"] == won, team
        assert row["Games"] == sum(team in game.sides for game in games), team
    assert sum(voided_balls.values()) > 0
    assert sum(table.loc[t, "No Balls"] for t in TEAMS) > 0


def _voided_deliveries(games: list[Game]) -> Counter:
    """Per batting team: deliveries that stopped counting when a no ball restarted the over."""
    voided: Counter = Counter()
    for game in games:
        for inn in replay_game(game).final_state.innings:
            voided[game.sides[inn.batting]] += sum(
                1 for ball in inn.log if not ball.counted and not ball.no_ball
            )
    return voided


def test_partnerships_and_players(season_files, tmp_path):
    season, games, database = season_files
    players = _read(database, tmp_path, allplayers=True)
    balls = players.ballresult
    batting = balls[balls["Innings Type"] == "Batting"]
    stands: dict[str, Counter] = defaultdict(Counter)
    for row in batting.itertuples(index=False):
        pair = (row.Batter, row.Non_striker)
        stands[row.InningsID][pair] += row.Runs
    for game in games:
        for number, inn in enumerate(game.summary["innings"], start=1):
            team = game.sides[inn["batting"]]
            read = stands[_innings_id(game, number)]
            for wicket, expected in enumerate(inn["partnerships"], start=1):
                pair = (f"{team} {wicket}", f"{team} {wicket + 1}")
                assert read[pair] == expected, (game.pk, number, wicket)
            assert sum(read.values()) == inn["runs"]
    table = players.result
    for team in TEAMS:
        ours = [f"{team} {slot}" for slot in range(1, 12)]
        known = [name for name in ours if name in table.index]
        lost = sum(
            inn["wickets"]
            for game in games
            for inn in game.summary["innings"]
            if game.sides[inn["batting"]] == team
        )
        taken = sum(
            inn["wickets"]
            for game in games
            for inn in game.summary["innings"]
            if game.sides[1 - inn["batting"]] == team
        )
        assert sum(table.loc[name, "Outs"] for name in known) == lost, team
        assert sum(table.loc[name, "Wickets"] for name in known) == taken, team
