"""The Retrosheet-style event writer (``games.archive.exports.retrosheet_events``): pure, on
hand-made plays and on games the plausible players play out (engines only, no database)."""

import datetime

import pytest

from games.archive.exports import retrosheet_events as events
from games.archive.exports.retrosheet_events import PlayIn, classify
from games.archive.season_pack import event_plays
from games.engines import get
from games.engines.players import play_out
from games.engines.record import Record, replay

EMPTY = (False, False, False)


def _play(text, tags, *, runs=0, before=EMPTY, after=EMPTY, side=0, inning=1, batter=None):
    return PlayIn(inning, side, text, tuple(tags), runs, before, after, batter)


@pytest.mark.parametrize(
    ("text", "tags", "code"),
    [
        ("Batter 3 singles on Strike Out.", ["hit"], "S"),
        ("Batter 4 doubles on Fly Ball.", ["hit"], "D"),
        ("Batter 2 triples (Red 7 against Red 12).", ["hit"], "T"),
        ("Batter 7 homers on Caught: three runs score.", ["hit", "home-run"], "HR"),
        ("Dot lines a hit to CF (fielder at LF); dot takes first.", ["hit"], "S8"),
        ("Dot's grounder to IL gets past the fielder: a hit.", ["hit", "bobble"], "E6"),
        ("Ball four: batter 4 walks.", ["ball", "walk"], "W"),
        ("Balk: batter 2 takes first", ["balk"], "BK"),
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
        ("Pitch Out: runner caught stealing second.", ["caught-stealing", "out"], "CS2"),
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
        "play,1,0,vbat0001,12,BSFFS,K",
        "play,1,0,vbat0002,00,X,S",
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
        "play,4,1,hbat0005,00,X,D.2-H;1-3",
        "play,4,1,hbat0006,00,X,HR.3-H;2-H",
    ]
    assert events.play_records([steal, caught, scored_then_out]) == [
        "play,1,0,vbat0000,00,,SB3",
        "play,1,0,vbat0000,00,,CS2",
        "play,1,0,vbat0000,00,X,3/G.3-H",
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
    assert lines[:10] == [
        "id,SKP000000042",
        "version,2",
        "info,visteam,Giants of course",
        "info,hometeam,The Yanks",
        "info,date,2026/05/01",
        "info,number,0",
        "info,pitches,none",
        "info,timeofgame,35",
        "info,inputprogvers,Scorekeeper",
        'com,"Scorekeeper Quick Baseball game 42"',
    ]
    starts = [line for line in lines if line.startswith("start,")]
    assert len(starts) == 18
    assert starts[0] == 'start,vbat0001,"Slot 1",0,1,1'
    assert starts[-1] == 'start,hbat0009,"Slot 9",1,9,9'
    assert lines[-1] == "play,1,0,vbat0001,00,X,S"
    assert not any(line.startswith(("data,", "sub,")) for line in lines)


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
