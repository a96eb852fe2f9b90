"""The Retrosheet-style event writer (``games.archive.exports.retrosheet_events``): pure, on
hand-made plays and on games the plausible players play out (engines only, no database)."""

import datetime

import pytest

from games.archive.exports import retrosheet_events as events
from games.archive.exports import retrosheet_teams as teams
from games.archive.exports.retrosheet_events import PlayIn, classify
from games.archive.retrosheet_pack import event_plays, team_names
from games.engines import get
from games.engines.players import play_out
from games.engines.record import Record, replay
from games.models import Game

EMPTY = (False, False, False)


def _play(text, tags, *, runs=0, before=EMPTY, after=EMPTY, side=0, inning=1, batter=None, outs=0):
    return PlayIn(inning, side, text, tuple(tags), runs, before, after, batter, outs)


@pytest.mark.parametrize(
    ("text", "tags", "code"),
    [
        ("Batter 3 singles on Strike Out.", ["hit"], "S"),
        ("Batter 4 doubles on Fly Ball.", ["hit"], "D"),
        ("Batter 2 triples (Red 7 against Red 12).", ["hit"], "T"),
        ("Batter 7 homers on Caught: three runs score.", ["hit", "home-run"], "HR"),
        ("Dot lines a hit to CF (fielder at LF); dot takes first.", ["hit"], "S8"),
        ("Dot flies to IL; roll to bobble 5: bobbled, a hit", ["bobble", "hit"], "S6"),
        ("Ball four: batter 4 walks.", ["ball", "walk"], "W"),
        ("Balk: batter 2 takes first", ["balk"], "C/E1"),
        ("Batter 3 strikes out.", ["out", "strikeout"], "K"),
        ("Batter 5 leaves Caught, a blue card: strike out", ["leave", "out", "strikeout"], "K"),
        ("Batter 2 is caught.", ["out"], "8/F"),
        ("Dot flies to RF, caught by the fielder.", ["out", "fly"], "9/F"),
        ("Plain grounds to IR.", ["out", "grounder"], "43/G"),
        ("Batter 4 is run out at first base.", ["out"], "63/G"),
        ("Foul fly out: batter 9 is out.", ["foul-fly-out", "out"], "2/FL"),
        ("Batter 2 lays down a sacrifice bunt and is out.", ["sacrifice", "out"], "13/SH"),
        ("Something else happens and he is out.", ["out"], "3/G"),
        ("Runner steals third against Run Out.", ["steal"], "SB3"),
        ("Pitch Out: runner caught stealing second.", ["caught-stealing", "out"], "CS2(26)"),
        ("Pitch Out: runner caught stealing third.", ["caught-stealing", "out"], "CS3(25)"),
        ("The batter refreshes.", ["refresh"], "NP"),
        ("Swap: plain trades places with the ghost runner.", ["swap"], "NP"),
        ("Fly ball with two out: no out, batter 8 bats again.", ["reprieve"], "NP"),
    ],
)  # fmt: skip
def test_each_outcome_has_its_event_code(text, tags, code):
    assert classify(text, tags).code == code


def test_pitches_gather_into_the_plate_appearance_with_the_count_before_the_last():
    plays = [
        _play("Ball one", ["ball"]),
        _play("Strike one", ["strike"]),
        _play("Foul ball, strike two", ["foul"]),
        _play("Foul ball with two strikes: the count stays", ["foul"]),
        _play("Strike three: batter 1 strikes out", ["strike", "strikeout", "out"], batter=1),
        _play("Batter 2 singles", ["hit"], after=(True, False, False), batter=2),
    ]
    assert events.play_records(plays) == [
        "play,1,0,visbat01,12,BSFFS,K",
        "play,1,0,visbat02,00,X,S",
    ]


def test_runner_advances_come_from_the_bases_and_the_runs():
    # Runners on first and second, a double scores one: 2-H, 1-3 (the batter's base implied).
    double = _play(
        "Batter 5 doubles: one run scores.",
        ["hit"],
        runs=1,
        before=(True, True, False),
        after=(False, True, True),
        side=1,
        inning=4,
        batter=5,
    )
    homer = _play(
        "Batter 6 homers: three runs score.",
        ["hit", "home-run"],
        runs=3,
        before=(False, True, True),
        after=EMPTY,
        side=1,
        inning=4,
        batter=6,
    )
    steal = _play(
        "Runner steals third", ["steal"], before=(True, True, False), after=(True, False, True)
    )
    caught = _play(
        "Pitch Out: runner caught stealing second.",
        ["caught-stealing", "out"],
        before=(True, False, True),
        after=(False, False, True),
    )
    # The third out ends the half: the bases after are unknown, only the runs are written.
    scored_then_out = _play(
        "A run scores as the third out is made.",
        ["out"],
        runs=1,
        before=(False, False, True),
        after=None,
    )
    assert events.play_records([double, homer]) == [
        "play,4,1,hombat05,00,X,D.2-H;1-3",
        "play,4,1,hombat06,00,X,HR.3-H;2-H",
    ]
    assert events.play_records([steal, caught, scored_then_out]) == [
        "play,1,0,visbat01,00,,SB3",
        "play,1,0,visbat01,00,,CS2(26)",
        "play,1,0,visbat01,00,X,3/G.3-H",
    ]  # fmt: skip


def test_a_game_has_its_id_info_and_placeholder_lineups():
    text = events.game_events(
        number=42,
        sides=["Giants, of course", 'The "Yanks"'],
        date=datetime.date(2026, 5, 1),
        plays=[_play("Batter 1 singles", ["hit"], after=(True, False, False), batter=1)],
        minutes=35,
        pitches=False,
        comment="Scorekeeper Quick Baseball game 42",
    )
    lines = text.splitlines()
    assert lines[:11] == [
        "id,SKP000000042",
        "version,2",
        "info,visteam,GIA",
        "info,hometeam,THE",
        "info,date,2026/05/01",
        "info,number,0",
        "info,pitches,none",
        "info,timeofgame,35",
        "info,inputprogvers,Scorekeeper",
        'com,"Scorekeeper Quick Baseball game 42"',
        'com,"Giants of course (GIA) at The Yanks (THE)"',
    ]
    starts = [line for line in lines if line.startswith("start,")]
    assert len(starts) == 18
    assert starts[0] == 'start,giabat01,"Slot 1",0,1,1'
    assert starts[-1] == 'start,thebat09,"Slot 9",1,9,9'
    assert lines[-1] == "play,1,0,giabat01,00,X,S"
    assert not any(line.startswith(("data,", "sub,")) for line in lines)


def test_teams_get_unique_three_character_codes_whatever_the_order():
    names = ["Giants", "Giant Squids", "Gi", "Éclairs", "!!!", "Giants"]
    codes = teams.team_codes(names)
    assert codes == teams.team_codes(reversed(names))
    assert codes["Giant Squids"] == "GIA" and codes["Giants"] == "GI2"  # in sorted order
    assert codes["Éclairs"] == "ECL" and codes["Gi"] == "GIX" and codes["!!!"] == "XXX"
    assert len(set(codes.values())) == len(codes) == 5
    assert all(len(code) == 3 and code.isalnum() and code.isupper() for code in codes.values())


def test_the_team_file_and_rosters_are_chadwicks_formats():
    files = dict(teams.team_and_roster_files({"GIA": "Giants, SF", "YAN": "Yankees"}, [2026]))
    assert list(files) == ["TEAM2026", "GIA2026.ROS", "YAN2026.ROS"]
    assert files["TEAM2026"] == "GIA,S,Giants SF,Giants SF\nYAN,S,Yankees,Yankees\n"
    roster = files["GIA2026.ROS"].splitlines()
    assert roster[0] == "giabat01,Slot 1,Giants SF,?,?,GIA,P"
    assert roster[8] == "giabat09,Slot 9,Giants SF,?,?,GIA,RF"


def test_a_play_that_names_no_batter_goes_to_the_next_slot_in_turn():
    plays = [
        _play("Somebody singles", ["hit"], after=(True, False, False)),
        _play("Somebody strikes out", ["out", "strikeout"], before=(True, False, False),
              after=(True, False, False)),
        _play("Runner steals second", ["steal"], before=(True, False, False),
              after=(False, True, False)),
        _play("Somebody is caught", ["out"], before=(False, True, False),
              after=(False, True, False)),
    ]  # fmt: skip
    batters = [record.split(",")[3] for record in events.play_records(plays)]
    assert batters == ["visbat01", "visbat02", "visbat03", "visbat03"]


def test_a_balk_puts_the_batter_on_first_as_the_pitchers_interference():
    balk = _play("Balk: batter 3 takes first", ["balk"], before=(True, True, False),
                 after=(True, True, True), batter=3)  # fmt: skip
    assert events.play_records([balk]) == ["play,1,0,visbat03,00,,C/E1.2-3;1-2"]


def test_a_bunt_out_is_a_sacrifice_only_when_it_moves_runners_with_fewer_than_two_out():
    def bunt(before, outs):
        after = (False, True, False) if any(before) else before
        words = "Dot bunts: out, the runners move up"
        return _play(words, ["out", "bunt"], before=before, after=after, batter=1, outs=outs)

    assert events.play_records([bunt((True, False, False), 1)]) == [
        "play,1,0,visbat01,00,X,13/SH.1-2"
    ]
    assert events.play_records([bunt(EMPTY, 0)]) == ["play,1,0,visbat01,00,X,13/BG"]
    assert events.play_records([bunt((True, False, False), 2)]) == [
        "play,1,0,visbat01,00,X,13/BG.1-2"
    ]


def test_an_extended_play_writes_the_batter_taking_an_extra_base_or_a_runner_thrown_out():
    safe = _play(
        "Plain lines a hit to LF (fielder at IL); plain takes first, the runners move up. "
        "Extend: no pitcher card: dot is safe at home.",
        ["hit", "extend", "extend-safe"], runs=1, before=(True, True, False),
        after=(False, True, True), batter=2,
    )  # fmt: skip
    out = _play(
        "Dot lines a hit to RF (fielder at IL); dot takes first, plain moves up to second. "
        "Extend: 6 − 2 connections − 3 throw = 1 ≥ 1 runner icon: plain is out at third.",
        ["hit", "extend", "extend-out", "out"], before=(True, False, False),
        after=(True, False, False), batter=1,
    )  # fmt: skip
    ending = _play(
        "Dot lines a hit to CF (fielder at IL); dot takes first. Extend: 9 − 1 connections − 1 "
        "throw = 7 ≥ 1 runner icon: dot is out at second. Three outs.",
        ["hit", "extend", "extend-out", "out", "half-over"], before=EMPTY, after=None,
        batter=1,
    )  # fmt: skip
    assert events.play_records([safe, out, ending]) == [
        "play,1,0,visbat02,00,X,S7.2-H;1-3;B-2",
        "play,1,0,visbat01,00,X,S9.1X3(95)",
        "play,1,0,visbat01,00,X,S8.BX2(86)",
    ]


def test_every_event_code_is_named_without_its_fielders_and_moves():
    assert [events.code_of(e) for e in ("S8.1-3", "63/G", "2/FL", "C/E1.1-2", "CS2(26)", "HR")] == [
        "S", "G", "FL", "C", "CS2", "HR",
    ]  # fmt: skip


@pytest.mark.parametrize("kind", ["quick-baseball", "bedard-baseball", "backyard-baseball"])
@pytest.mark.parametrize("seed", range(8))
def test_the_runs_of_the_play_records_add_up_to_the_score(kind, seed):
    played = play_out(kind, {"innings": 3}, seed)
    engine = get(kind)
    replayed = replay(Record(kind, engine.options({"innings": 3}), ("A", "B"), played.plays))
    plays, _ = event_plays(replayed)
    runs = [0, 0]
    records = events.play_records(plays)
    for line in records:
        _, inning, side, player, count, pitches, event = line.split(",", 6)
        runs[int(side)] += event.count("-H") + event.startswith(("HR", "SBH"))
        assert len(player) == 8 and len(count) == 2
        assert set(pitches) <= set("BSFX")
    assert runs == replayed.summary()["score"]
    # One record per plate appearance that ended, per steal or caught stealing, per "no play".
    others = [p for p in plays if classify(p.text, p.tags).code is not None]
    assert len(records) == len(others)


def test_two_sides_of_one_name_are_two_teams_in_the_team_file():
    assert team_names(Game(sides=["Owls", "Owls"])) == ("Owls", "Owls (home)")
    assert team_names(Game(sides=["Owls", "Larks"])) == ("Owls", "Larks")
