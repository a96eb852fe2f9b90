"""One or more focused tests per ruling of ``games/engines/quick_baseball/RULES.md``.

Plays are written as raw record objects and played from the initial state, so every test
reads like a game record. Expected results come from the rulings text (the card tables are
transcribed here, not read from the engine's catalogue). The games here are played with the
first reconstruction of the cards (the rulings keep it, in full, for games already played),
named in every game's options; the default's tables are checked in
``test_quick_baseball_catalogues.py``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from games.engines import EngineError, IllegalPlay, InvalidOptions, InvalidPlay, get
from games.engines.quick_baseball import refresh_allowed
from games.engines.record import RecordError, ReplayError, from_json, replay

ENG = get("quick-baseball")
CATALOGUE_FILE = (
    Path(__file__).resolve().parents[2]
    / "games"
    / "engines"
    / "catalogues"
    / "quick-baseball"
    / "first-reconstruction.json"
)
FIRST = {"catalogue": "first-reconstruction"}

ALL_BATS = ["B1", "B2", "B3", "B4", "B5"]
ALL_PITCHES = ["C1", "C2", "FLY", "PO", "RUN", "SO1", "SO2"]

# The rulings' tables, transcribed.
PITCH_BORDERS = {
    "SO1": {"blue"},
    "SO2": {"blue", "green"},
    "FLY": {"green", "yellow"},
    "RUN": {"yellow", "blue"},
    "C1": {"green", "yellow"},
    "C2": {"yellow"},
}
BAT_HITS = {  # per batter group 1-3, 4-6, 7-9: colour -> base
    "B1": (
        {"green": 1, "yellow": 1, "blue": 1},
        {"green": 2, "yellow": 2},
        {"blue": 1, "green": 1},
    ),
    "B2": ({"red": 4}, {"red": 4}, {"red": 4, "blue": 1}),
    "B3": ({"yellow": 1}, {"yellow": 2, "green": 2, "blue": 2}, {"green": 1}),
    "B4": ({"blue": 1, "green": 1}, {"blue": 1, "green": 1}, {"blue": 1, "green": 1}),
    "B5": ({"yellow": 2}, {"yellow": 2}, {"yellow": 2}),
}


# --- helpers -------------------------------------------------------------------------------


def hit(pitch: str, bat: str) -> dict[str, Any]:
    return {"pitch": pitch, "bat": bat}


def leave(pitch: str, **extra: Any) -> dict[str, Any]:
    return {"pitch": pitch, "call": "leave", **extra}


def steal(pitch: str, **extra: Any) -> dict[str, Any]:
    return {"pitch": pitch, "call": "steal", **extra}


def refresh(*who: str) -> dict[str, Any]:
    return {"refresh": list(who)}


BALL = leave("PO")
WALK = [BALL] * 4
# Three strike-outs with the three blue-bordered cards (a fresh pitcher's hand holds them).
THREE_KS = [leave("SO1"), leave("SO2"), leave("RUN")]


def walks(n: int) -> list[dict[str, Any]]:
    return WALK * n


def start(innings: int = 9, **options: Any):
    return ENG.initial_state(ENG.options({"innings": innings, **FIRST, **options}))


def run(plays, innings: int = 9, state=None, **options: Any):
    """Play ``plays`` from ``state`` (default: a new game). Returns (state, outcomes)."""
    state = start(innings, **options) if state is None else state
    outcomes = []
    for raw in plays:
        state, outcome = ENG.play(state, raw)
        outcomes.append(outcome)
    return state, outcomes


def summary(plays, innings: int = 9, **options: Any) -> dict[str, Any]:
    return ENG.summary(run(plays, innings, **options)[0])


def last(plays, innings: int = 9, **options: Any):
    """The summary and the last play's outcome."""
    state, outcomes = run(plays, innings, **options)
    return ENG.summary(state), outcomes[-1]


def advance(bases: list[bool], base: int) -> tuple[list[bool], int]:
    """Reference: the batter reaches ``base`` and every runner moves as many bases."""
    new = [False, False, False]
    runs = 0
    for i, occupied in enumerate(bases):
        if occupied:
            if i + base >= 3:
                runs += 1
            else:
                new[i + base] = True
    if base == 4:
        runs += 1
    else:
        new[base - 1] = True
    return new, runs


def expected_base(pitch: str, bat: str, batter: int, relief: bool = False) -> int | None:
    colours = set(PITCH_BORDERS[pitch])
    if relief and pitch == "C2":
        colours.add("red")
    group = BAT_HITS[bat][(batter - 1) // 3]
    bases = [b for colour, b in group.items() if colour in colours]
    return max(bases) if bases else None


def default_catalogue_data() -> dict[str, Any]:
    return json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))


def catalogue_with(card_id: str, **changes: Any) -> dict[str, Any]:
    data = default_catalogue_data()
    for card in data["pitch"]:
        if card["id"] == card_id:
            card.update(changes)
    return data


# Top of the 1st: five pitches discarded without an out, then both players refresh and the
# home side's relief pitcher comes in. Leaves runners on 1st and 2nd, batter 3 due, 0 outs,
# both hands full.
RELIEF_PRELUDE = [
    leave("FLY"),
    leave("C1"),
    leave("C2"),
    hit("SO1", "B4"),  # batter 1: blue 1
    hit("SO2", "B1"),  # batter 2: blue/green 1
    refresh("pitcher", "batter"),  # the pitcher held only RUN; the batter may refresh too
]

# Top of the 1st: five batting cards played, with one out (see test_automatic_batter_refresh).
FIVE_BATS = [
    hit("SO1", "B4"),  # batter 1 singles
    hit("SO2", "B1"),  # batter 2 singles
    hit("FLY", "B3"),  # batter 3 singles: bases loaded
    hit("C1", "B2"),  # batter 4 (red only) is caught: 1 out
    hit("RUN", "B5"),  # batter 5 doubles (yellow 2): two runs, runners on 2nd and 3rd
]


# --- the start -----------------------------------------------------------------------------


def test_initial_summary():
    s = summary([])
    assert s["game"] == "quick-baseball"
    assert s["status"] == "in_progress"
    assert s["winner"] is None
    assert s["score"] == [0, 0]
    assert (s["inning"], s["half"], s["outs"]) == (1, "top", 0)
    assert s["bases"] == [False, False, False]
    assert s["line_score"] == [[0], []]
    assert s["batter"] == 1
    assert s["balls"] == 0
    assert s["relief"] == [False, False]
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    assert not ENG.is_over(start())


def test_summary_is_json():
    s = summary([*walks(2), hit("SO1", "B4")])
    assert json.loads(json.dumps(s)) == s


# --- matching --------------------------------------------------------------------------------


@pytest.mark.parametrize("batter", range(1, 10))
def test_b1_against_run_out_depends_on_batter_group(batter):
    """B1 vs RUN (yellow, blue): batters 1-3 single, 4-6 double (yellow 2), 7-9 single (blue 1)."""
    before = summary(walks(batter - 1))
    assert before["batter"] == batter
    s, outcome = last([*walks(batter - 1), hit("RUN", "B1")])
    base = 2 if 4 <= batter <= 6 else 1
    bases, runs = advance(before["bases"], base)
    assert s["bases"] == bases
    assert s["score"][0] == before["score"][0] + runs
    assert outcome.runs == runs
    assert s["outs"] == 0
    assert s["batter"] == batter % 9 + 1
    assert "hit" in outcome.tags
    assert str(outcome).startswith(f"Batter {batter} {'doubles' if base == 2 else 'singles'}")


def test_outcome_words():
    s, outcome = last([*walks(3), hit("RUN", "B1")])
    assert str(outcome) == "Batter 4 doubles on Run Out: two runs score."
    assert outcome.runs == 2
    assert s["bases"] == [False, True, True]


@pytest.mark.parametrize("batter", [1, 4, 7])
@pytest.mark.parametrize("bat", ALL_BATS)
@pytest.mark.parametrize("pitch", sorted(PITCH_BORDERS))
def test_every_card_pair_matches_as_the_tables_say(pitch, bat, batter):
    """Every pitch x batting card x batter group, before any relief, with nobody out."""
    prelude = walks(batter - 1)
    before = summary(prelude)
    s, outcome = last([*prelude, hit(pitch, bat)])
    base = expected_base(pitch, bat, batter)
    assert s["batter"] == batter % 9 + 1
    assert pitch not in s["hands"]["pitcher"]
    assert bat not in s["hands"]["batter"]
    if base is None:
        assert s["outs"] == 1, str(outcome)
        assert s["bases"] == before["bases"]  # runners never advance on outs
        assert s["score"] == before["score"]
        assert "out" in outcome.tags
    else:
        bases, runs = advance(before["bases"], base)
        assert s["outs"] == 0, str(outcome)
        assert s["bases"] == bases
        assert s["score"][0] == before["score"][0] + runs
        assert ("home-run" in outcome.tags) == (base == 4)


def test_several_matching_colours_give_one_hit_not_more():
    """B1 for batters 1-3 matches FLY's green and yellow: still one single."""
    s = summary([hit("FLY", "B1")])
    assert s["bases"] == [True, False, False]
    assert s["score"] == [0, 0]


def test_best_base_when_several_colours_match():
    """With a catalogue whose C1 is red and blue, B2 for batter 7 (red 4, blue 1) homers."""
    data = catalogue_with("C1", borders=["red", "blue"])
    s, outcome = last([*walks(6), hit("C1", "B2")], catalogue=data)
    assert "home-run" in outcome.tags
    assert s["bases"] == [False, False, False]
    assert s["score"] == [3 + 4, 0]
    # Blue alone gives the 1 of B2's 7-9 row.
    s = summary([*walks(6), hit("RUN", "B2")])
    assert s["bases"] == [True, True, True]
    assert s["score"] == [3 + 1, 0]


def test_inner_red_beats_blue_after_relief():
    """'a red match on B2 is a home run even if blue also matches' (C2 given a blue border)."""
    data = catalogue_with("C2", borders=["yellow", "blue"])
    prelude = [
        leave("FLY"),
        leave("C1"),
        hit("SO1", "B4"),  # batter 1 singles
        hit("SO2", "B1"),  # batter 2 singles
        leave("RUN"),  # batter 3 strikes out; the pitcher holds only C2
    ]
    # Before relief: blue 1 on B2 for batter 7.
    s = summary([*prelude, *walks(3), hit("C2", "B2")], catalogue=data)
    assert s["relief"] == [False, False]
    assert s["bases"] == [True, True, True]
    # After relief: red 4.
    s, outcome = last([*prelude, refresh("pitcher"), *walks(3), hit("C2", "B2")], catalogue=data)
    assert s["relief"] == [False, True]
    assert "home-run" in outcome.tags
    assert s["bases"] == [False, False, False]


# --- the relief pitcher and C2's inner border ---------------------------------------------


def test_c2_inner_red_is_not_matchable_before_relief():
    s, outcome = last([hit("C2", "B2")])
    assert s["outs"] == 1
    assert s["bases"] == [False, False, False]
    assert "out" in outcome.tags


def test_c2_inner_red_is_matchable_after_pitcher_refresh():
    s = summary(RELIEF_PRELUDE)
    assert s["relief"] == [False, True]
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    assert (s["outs"], s["batter"], s["bases"]) == (0, 3, [True, True, False])
    s, outcome = last([*RELIEF_PRELUDE, hit("C2", "B2")])
    assert "home-run" in outcome.tags
    assert outcome.runs == 3
    assert s["score"] == [3, 0]
    assert s["bases"] == [False, False, False]
    assert s["outs"] == 0


@pytest.mark.parametrize("batter", range(3, 10))
@pytest.mark.parametrize("bat", ALL_BATS)
def test_c2_after_relief_matches_as_the_tables_say(bat, batter):
    prelude = [*RELIEF_PRELUDE, *walks(batter - 3)]
    before = summary(prelude)
    assert before["batter"] == batter
    s = summary([*prelude, hit("C2", bat)])
    base = expected_base("C2", bat, batter, relief=True)
    if base is None:
        assert s["outs"] == 1
    else:
        bases, runs = advance(before["bases"], base)
        assert s["bases"] == bases
        assert s["score"][0] == before["score"][0] + runs


def test_relief_is_per_side_and_lasts_the_game():
    # Top 1st: the home side's relief comes in; then the visitors are struck out.
    top1 = [*RELIEF_PRELUDE, *THREE_KS]
    s = summary(top1, innings=3)
    assert (s["inning"], s["half"]) == (1, "bottom")
    assert s["relief"] == [False, True]
    # Bottom 1st: the visitors pitch without relief: B2 against C2 is caught.
    s = summary([*top1, hit("C2", "B2")], innings=3)
    assert s["outs"] == 1 and s["score"] == [0, 0]
    assert s["relief"] == [False, True]
    # Top 2nd: the home side's relief is still in: B2 against C2 homers.
    bottom1 = [hit("C2", "B2"), leave("SO1"), leave("SO2")]
    s = summary([*top1, *bottom1], innings=3)
    assert (s["inning"], s["half"], s["batter"]) == (2, "top", 6)
    s, outcome = last([*top1, *bottom1, hit("C2", "B2")], innings=3)
    assert "home-run" in outcome.tags  # batter 6: red 4
    assert s["relief"] == [False, True]


def test_relief_persists_into_later_innings_without_new_refresh():
    plays = [*RELIEF_PRELUDE, *THREE_KS, *THREE_KS, *THREE_KS, *THREE_KS]
    s = summary(plays, innings=5)
    assert (s["inning"], s["half"]) == (3, "top")
    assert s["relief"] == [False, True]
    s, outcome = last([*plays, hit("C2", "B2")], innings=5)
    assert "home-run" in outcome.tags


def test_pitcher_refresh_brings_in_relief_only_once():
    s = summary([*RELIEF_PRELUDE, *RELIEF_PRELUDE[:5], refresh("pitcher")])
    assert s["relief"] == [False, True]


# --- runners -------------------------------------------------------------------------------


def test_every_runner_advances_as_many_bases_as_the_batter():
    # Runner on 2nd scores on a double; runner on 1st reaches 3rd.
    # Batter 1 doubles, 2 and 3 strike out, 4 walks, 5 doubles (B1 4-6 yellow 2).
    s = summary([hit("FLY", "B5"), leave("SO1"), leave("SO2"), *WALK, hit("RUN", "B1")])
    assert s["bases"] == [False, True, True]
    assert s["score"] == [1, 0]
    # A single from 1st and 3rd: 3rd scores, 1st to 2nd.
    s = summary([hit("FLY", "B5"), steal("C1"), *walks(1), hit("SO1", "B4")])
    assert s["bases"] == [True, True, False]
    assert s["score"] == [1, 0]


def test_runners_never_advance_on_outs():
    s = summary([hit("SO1", "B4"), hit("C1", "B2")])
    assert s["bases"] == [True, False, False]
    assert s["outs"] == 1


# --- FLY --------------------------------------------------------------------------------------


@pytest.mark.parametrize("outs", [0, 1])
def test_fly_is_an_out_with_fewer_than_two_outs(outs):
    prelude = [leave("SO1"), leave("SO2")][:outs]
    s, outcome = last([*prelude, hit("FLY", "B2")])
    assert s["outs"] == outs + 1
    assert s["batter"] == outs + 2
    assert "out" in outcome.tags


def test_fly_with_two_outs_is_a_reprieve():
    s, outcome = last([leave("SO1"), leave("SO2"), hit("FLY", "B2")])
    assert s["outs"] == 2
    assert s["batter"] == 3  # the same batter faces another pitch
    assert s["status"] == "in_progress"
    assert (s["inning"], s["half"]) == (1, "top")
    assert "FLY" not in s["hands"]["pitcher"]  # both cards discarded
    assert "B2" not in s["hands"]["batter"]
    assert "out" not in outcome.tags


def test_fly_with_two_outs_that_matches_is_still_a_hit():
    s = summary([leave("SO1"), leave("SO2"), hit("FLY", "B5")])
    assert s["bases"] == [False, True, False]
    assert s["batter"] == 4


# --- Pitch Out -----------------------------------------------------------------------------


def test_pitch_out_with_steal_catches_the_runner():
    s, outcome = last([hit("SO1", "B4"), steal("PO", bat="B1")])
    assert s["outs"] == 1
    assert s["bases"] == [False, False, False]
    assert s["batter"] == 2  # the batter stays
    assert s["balls"] == 0
    assert s["hands"]["pitcher"] == ["C1", "C2", "FLY", "PO", "RUN", "SO2"]
    assert s["hands"]["batter"] == ["B1", "B2", "B3", "B5"]  # B1 went back
    assert "out" in outcome.tags


def test_pitch_out_catches_the_runner_on_second_when_first_is_also_occupied():
    s = summary([*walks(2), steal("PO")])
    assert s["bases"] == [True, False, False]
    assert s["outs"] == 1
    assert s["batter"] == 3


def test_pitch_out_without_steal_is_a_ball_and_cards_go_back():
    s, outcome = last([hit("PO", "B1")])
    assert s["balls"] == 1
    assert s["batter"] == 1
    assert s["outs"] == 0
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    s = summary([BALL, BALL, BALL])
    assert s["balls"] == 3
    assert s["batter"] == 1
    assert s["bases"] == [False, False, False]


def test_four_balls_walk():
    s, outcome = last(WALK)
    assert s["balls"] == 0
    assert s["batter"] == 2
    assert s["bases"] == [True, False, False]
    assert s["outs"] == 0
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}


@pytest.mark.parametrize(
    ("prelude", "before", "after", "runs"),
    [
        ([hit("FLY", "B5")], [False, True, False], [True, True, False], 0),
        ([hit("FLY", "B5"), steal("C1")], [False, False, True], [True, False, True], 0),
        ([hit("FLY", "B5"), steal("C1"), *WALK], [True, False, True], [True, True, True], 0),
        (walks(2), [True, True, False], [True, True, True], 0),
        ([hit("SO1", "B4"), hit("FLY", "B5")], [False, True, True], [True, True, True], 0),
        (walks(3), [True, True, True], [True, True, True], 1),
    ],
)
def test_walk_moves_only_forced_runners(prelude, before, after, runs):
    s0 = summary(prelude)
    assert s0["bases"] == before
    s, outcome = last([*prelude, *WALK])
    assert s["bases"] == after
    assert s["score"][0] == s0["score"][0] + runs
    assert outcome.runs == runs


def test_bases_loaded_walk_scores_and_is_in_the_line_score():
    s = summary(walks(4))
    assert s["score"] == [1, 0]
    assert s["line_score"] == [[1], []]
    assert s["batter"] == 5


def test_ball_count_is_carried_across_batters():
    s = summary([BALL, BALL, hit("SO1", "B4")])
    assert s["balls"] == 2
    assert s["batter"] == 2
    s = summary([BALL, BALL, hit("SO1", "B4"), BALL])
    assert s["balls"] == 3
    s = summary([BALL, BALL, hit("SO1", "B4"), BALL, BALL])
    assert s["balls"] == 0  # four balls: batter 2 walks
    assert s["batter"] == 3
    assert s["bases"] == [True, True, False]


def test_ball_count_survives_outs_and_reprieves():
    s = summary([BALL, leave("SO1"), BALL, leave("SO2"), hit("FLY", "B2")])
    assert s["balls"] == 2
    assert s["outs"] == 2


def test_ball_count_is_reset_between_half_innings():
    s = summary([BALL, BALL, BALL, *THREE_KS])
    assert s["half"] == "bottom"
    assert s["balls"] == 0
    s = summary([BALL, BALL, BALL, *THREE_KS, BALL])
    assert s["balls"] == 1


# --- steals --------------------------------------------------------------------------------


def test_steal_moves_the_runner_and_discards_the_pitch():
    s, outcome = last([hit("SO1", "B4"), steal("FLY", bat="B1")])
    assert s["bases"] == [False, True, False]
    assert s["batter"] == 2  # the batter stays at bat
    assert s["outs"] == 0
    assert "FLY" not in s["hands"]["pitcher"]
    assert s["hands"]["batter"] == ["B1", "B2", "B3", "B5"]  # B1 went back to the hand
    assert "steal" in outcome.tags


@pytest.mark.parametrize("pitch", ["SO1", "SO2", "RUN", "FLY", "C1", "C2"])
def test_steal_succeeds_against_any_pitch_but_pitch_out(pitch):
    s = summary([*WALK, steal(pitch)])
    assert s["bases"] == [False, True, False]
    assert s["outs"] == 0
    assert pitch not in s["hands"]["pitcher"]


def test_steal_with_runners_on_first_and_second_moves_the_lead_runner():
    s = summary([*walks(2), steal("FLY")])
    assert s["bases"] == [True, False, True]
    s = summary([*walks(2), steal("FLY"), steal("C1")])
    assert s["bases"] == [False, True, True]


def test_steal_does_not_change_the_ball_count():
    s = summary([BALL, hit("SO1", "B4"), steal("FLY")])
    assert s["balls"] == 1


@pytest.mark.parametrize(
    ("name", "prelude", "bases"),
    [
        ("empty bases", [], [False, False, False]),
        ("runner only on third", [hit("FLY", "B5"), steal("C1")], [False, False, True]),
        ("runners on 2nd and 3rd", [hit("SO1", "B4"), hit("FLY", "B5")], [False, True, True]),
        ("bases loaded", walks(3), [True, True, True]),
    ],
)
@pytest.mark.parametrize("pitch", ["PO", "C2"])
def test_steal_is_illegal_when_no_runner_can_steal(name, prelude, bases, pitch):
    state, _ = run(prelude)
    assert ENG.summary(state)["bases"] == bases
    with pytest.raises(IllegalPlay):
        ENG.play(state, steal(pitch))


# --- leave ---------------------------------------------------------------------------------


@pytest.mark.parametrize("pitch", ["SO1", "SO2", "RUN"])
def test_leave_against_a_blue_bordered_card_strikes_out(pitch):
    s, outcome = last([hit("SO1", "B4") if pitch != "SO1" else hit("SO2", "B4"), leave(pitch)])
    assert s["outs"] == 1
    assert s["batter"] == 3
    assert s["bases"] == [True, False, False]
    assert pitch not in s["hands"]["pitcher"]
    assert s["hands"]["batter"] == ["B1", "B2", "B3", "B5"]
    assert "out" in outcome.tags


@pytest.mark.parametrize("pitch", ["FLY", "C1", "C2"])
def test_leave_against_other_cards_does_nothing(pitch):
    s, outcome = last([leave(pitch, bat="B3")])
    assert s["outs"] == 0
    assert s["batter"] == 1
    assert s["bases"] == [False, False, False]
    assert s["balls"] == 0
    assert pitch not in s["hands"]["pitcher"]
    assert s["hands"]["batter"] == ALL_BATS
    assert "out" not in outcome.tags


def test_bat_beside_a_call_is_ignored_even_if_not_a_card():
    s = summary([leave("FLY", bat="B9"), {"pitch": "C1", "call": "leave", "bat": 7}])
    assert s["hands"]["batter"] == ALL_BATS
    # ... and even if it is a card the batter no longer holds.
    s = summary([hit("SO1", "B4"), steal("FLY", bat="B4")])
    assert s["bases"] == [False, True, False]


def test_unknown_extra_keys_are_ignored():
    s = summary([{"pitch": "SO1", "bat": "B4", "note": "first pitch", "at": 12}])
    assert s["bases"] == [True, False, False]
    s = summary([*FIVE_BATS, {"refresh": ["batter"], "note": "x"}])
    assert s["hands"]["batter"] == ALL_BATS


# --- hands ---------------------------------------------------------------------------------


def test_pitch_card_not_in_hand_is_an_error_naming_it():
    state, _ = run([leave("SO2")])
    with pytest.raises(IllegalPlay, match="^card SO2 is not in the pitcher's hand$"):
        ENG.play(state, hit("SO2", "B1"))


def test_bat_card_not_in_hand_is_an_error_naming_it():
    state, _ = run([hit("SO1", "B4")])
    with pytest.raises(IllegalPlay, match="^card B4 is not in the batter's hand$"):
        ENG.play(state, hit("SO2", "B4"))


def test_replay_names_the_play_and_the_card():
    record = from_json({"game": "quick-baseball", "plays": [leave("SO2"), hit("SO2", "B1")]})
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.number == 2
    assert str(info.value) == "play 2: card SO2 is not in the pitcher's hand"


def test_pitch_out_is_never_discarded():
    s = summary([*walks(3), hit("PO", "B1")])
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    state, _ = run([hit("SO1", "B4"), steal("PO")])
    assert "PO" in ENG.summary(state)["hands"]["pitcher"]


def test_discarded_cards_stay_out_until_refresh():
    s = summary([hit("SO1", "B4"), hit("SO2", "B1")])
    assert s["hands"] == {
        "batter": ["B2", "B3", "B5"],
        "pitcher": ["C1", "C2", "FLY", "PO", "RUN"],
    }


def test_each_half_inning_starts_with_full_hands():
    s = summary([hit("SO1", "B4"), hit("FLY", "B2"), leave("SO2"), leave("RUN")])
    assert s["half"] == "bottom"
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    assert s["relief"] == [False, False]  # a new half's full hands are no refresh


# --- refresh -------------------------------------------------------------------------------


@pytest.mark.parametrize("who", [["batter"], ["pitcher"], ["batter", "pitcher"]])
def test_refresh_with_full_hands_is_illegal(who):
    state = start()
    assert not refresh_allowed(state, tuple(who))
    with pytest.raises(IllegalPlay):
        ENG.play(state, refresh(*who))


def test_refresh_legality_follows_the_named_players_hands():
    state, _ = run(FIVE_BATS[:4])  # batter holds B5; pitcher holds RUN, C2 (+ PO)
    s = ENG.summary(state)
    assert s["hands"] == {"batter": ["B5"], "pitcher": ["C2", "PO", "RUN"]}
    assert refresh_allowed(state, ("batter",))
    assert refresh_allowed(state, ("batter", "pitcher"))
    assert not refresh_allowed(state, ("pitcher",))
    with pytest.raises(IllegalPlay):
        ENG.play(state, refresh("pitcher"))

    after, outcome = ENG.play(state, refresh("batter"))
    s = ENG.summary(after)
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ["C2", "PO", "RUN"]}
    assert s["relief"] == [False, False]
    assert (s["outs"], s["batter"], s["bases"]) == (1, 5, [True, True, True])

    # The other named player may refresh too, whatever they hold.
    after, outcome = ENG.play(state, refresh("pitcher", "batter"))
    s = ENG.summary(after)
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    assert s["relief"] == [False, True]


def test_refresh_when_the_pitcher_holds_one_card_and_batter_many():
    state, _ = run(RELIEF_PRELUDE[:5])
    s = ENG.summary(state)
    assert s["hands"]["pitcher"] == ["PO", "RUN"]
    assert len(s["hands"]["batter"]) == 3
    assert refresh_allowed(state, ("pitcher",))
    assert not refresh_allowed(state, ("batter",))
    with pytest.raises(IllegalPlay):
        ENG.play(state, refresh("batter"))
    s = ENG.summary(ENG.play(state, refresh("batter", "pitcher"))[0])
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    assert s["relief"] == [False, True]


def test_refresh_with_an_empty_hand_is_legal():
    state, _ = run(FIVE_BATS)
    assert ENG.summary(state)["hands"]["batter"] == []
    s = ENG.summary(ENG.play(state, refresh("batter"))[0])
    assert s["hands"]["batter"] == ALL_BATS


def test_refresh_does_not_change_the_situation():
    state, _ = run([BALL, *FIVE_BATS[:4]])
    before = ENG.summary(state)
    after = ENG.summary(ENG.play(state, refresh("batter"))[0])
    for key in ("score", "inning", "half", "outs", "bases", "batter", "balls", "line_score"):
        assert after[key] == before[key], key


def test_automatic_batter_refresh_when_playing_with_an_empty_hand():
    s = summary(FIVE_BATS)
    assert s["hands"] == {"batter": [], "pitcher": ["C2", "PO"]}
    assert (s["outs"], s["score"], s["bases"], s["batter"]) == (1, [2, 0], [False, True, True], 6)
    s, outcome = last([*FIVE_BATS, hit("C2", "B4")])  # batter 6: blue/green vs yellow: caught
    assert s["hands"]["batter"] == ["B1", "B2", "B3", "B5"]
    assert s["outs"] == 2
    assert "refresh" in outcome.tags


def test_calls_need_no_batting_card_and_refresh_nothing():
    s = summary([*FIVE_BATS, leave("C2")])
    assert s["hands"] == {"batter": [], "pitcher": ["PO"]}
    s = summary([*FIVE_BATS, leave("C2"), leave("SO1")])  # the pitcher refreshes, not the batter
    assert s["hands"]["batter"] == []
    assert s["outs"] == 2


def test_automatic_pitcher_refresh_brings_in_relief():
    plays = [*FIVE_BATS, hit("C2", "B4")]  # pitcher now holds only PO
    assert summary(plays)["hands"]["pitcher"] == ["PO"]
    s, outcome = last([*plays, hit("SO1", "B1")])  # batter 7: blue 1
    assert s["relief"] == [False, True]
    assert s["hands"]["pitcher"] == ["C1", "C2", "FLY", "PO", "RUN", "SO2"]
    assert s["bases"] == [True, False, True]
    assert s["score"] == [3, 0]
    assert "refresh" in outcome.tags


def test_automatic_pitcher_refresh_then_c2_red_is_active_for_that_pitch():
    plays = [*FIVE_BATS, hit("C2", "B4")]  # batter 7 next; pitcher holds only PO
    s, outcome = last([*plays, hit("C2", "B2")])
    assert s["relief"] == [False, True]
    assert "home-run" in outcome.tags


def test_pitch_out_needs_no_refresh():
    plays = [*FIVE_BATS, hit("C2", "B4")]
    s = summary([*plays, BALL])
    assert s["balls"] == 1
    assert s["hands"]["pitcher"] == ["PO"]
    assert s["relief"] == [False, False]


def test_call_with_empty_pitcher_hand_refreshes_the_pitcher():
    plays = [*FIVE_BATS, hit("C2", "B4")]  # runners on 2nd and 3rd after batter 6's out
    state, _ = run(plays)
    assert ENG.summary(state)["bases"] == [False, True, True]
    with pytest.raises(IllegalPlay):
        ENG.play(state, steal("SO1"))
    s = summary([*plays, leave("FLY")])
    assert s["relief"] == [False, True]
    assert s["outs"] == 2


# --- innings and the batting order ----------------------------------------------------------


def test_three_outs_end_the_half_inning_at_once():
    plays = [hit("SO1", "B4"), BALL, hit("FLY", "B2"), leave("RUN"), leave("SO2")]
    s = summary(plays[:4])
    assert s["outs"] == 2 and s["bases"] == [True, False, False] and s["balls"] == 1
    s, outcome = last(plays)
    assert (s["inning"], s["half"], s["outs"]) == (1, "bottom", 0)
    assert s["bases"] == [False, False, False]
    assert s["balls"] == 0
    assert s["batter"] == 1  # the home side's first batter
    assert s["line_score"] == [[0], [0]]
    assert s["hands"] == {"batter": ALL_BATS, "pitcher": ALL_PITCHES}
    assert "half-over" in outcome.tags


def test_line_score_after_each_half():
    s = summary(THREE_KS, innings=3)
    assert s["line_score"] == [[0], [0]]
    s = summary([*walks(4), *THREE_KS, *THREE_KS], innings=3)
    assert s["line_score"] == [[1, 0], [0]]
    assert (s["inning"], s["half"]) == (2, "top")
    assert s["score"] == [1, 0]


def test_batting_order_continues_across_innings():
    s = summary([*THREE_KS, *THREE_KS], innings=2)
    assert (s["inning"], s["half"], s["batter"]) == (2, "top", 4)
    s = summary([*THREE_KS, *THREE_KS, *THREE_KS], innings=2)
    assert (s["inning"], s["half"], s["batter"]) == (2, "bottom", 4)


def test_batting_order_wraps_after_the_ninth():
    # Top 1st: eight walks and three strike-outs: eleven batters, batter 3 leads off the 2nd.
    s = summary([*walks(8), *THREE_KS, *THREE_KS], innings=2)
    assert (s["inning"], s["half"], s["batter"]) == (2, "top", 3)
    assert s["score"] == [5, 0]


def test_batting_order_of_each_side_is_separate():
    s = summary([*walks(2), *THREE_KS], innings=2)
    assert (s["half"], s["batter"]) == ("bottom", 1)


def test_caught_stealing_third_out_leaves_the_batter_to_lead_off():
    plays = [hit("SO1", "B4"), leave("SO2"), leave("RUN"), steal("PO")]
    s = summary(plays[:3])
    assert (s["outs"], s["batter"], s["bases"]) == (2, 4, [True, False, False])
    s = summary(plays, innings=2)
    assert (s["inning"], s["half"], s["outs"]) == (1, "bottom", 0)
    s = summary([*plays, *THREE_KS], innings=2)
    assert (s["inning"], s["half"], s["batter"]) == (2, "top", 4)


# --- the end of the game --------------------------------------------------------------------


def test_bottom_of_last_inning_is_skipped_when_home_is_ahead():
    plays = [*THREE_KS, *walks(4), *THREE_KS]
    s = summary(plays, innings=2)
    assert (s["inning"], s["half"], s["score"]) == (2, "top", [0, 1])
    state, outcomes = run([*plays, *THREE_KS], innings=2)
    s = ENG.summary(state)
    assert s["status"] == "final"
    assert ENG.is_over(state)
    assert s["winner"] == 1
    assert s["score"] == [0, 1]
    assert (s["inning"], s["half"], s["outs"]) == (2, "top", 3)
    assert s["line_score"] == [[0, 0], [1]]
    assert "final" in outcomes[-1].tags


def test_bottom_of_last_inning_is_played_when_visitors_lead_or_tied():
    s = summary([*walks(4), *THREE_KS], innings=1)
    assert (s["status"], s["half"]) == ("in_progress", "bottom")
    s = summary(THREE_KS, innings=1)
    assert (s["status"], s["half"]) == ("in_progress", "bottom")


def test_visitors_win_after_full_last_inning():
    state, _ = run([*walks(4), *THREE_KS, *THREE_KS], innings=1)
    s = ENG.summary(state)
    assert s["status"] == "final"
    assert s["winner"] == 0
    assert s["score"] == [1, 0]
    assert (s["inning"], s["half"], s["outs"]) == (1, "bottom", 3)
    assert s["line_score"] == [[1], [0]]


def test_final_summary_keeps_bases_and_balls_as_the_last_play_left_them():
    plays = [*walks(4), *THREE_KS, *WALK, BALL, BALL, *THREE_KS]
    s = summary(plays, innings=1)
    assert s["status"] == "final"
    assert s["bases"] == [True, False, False]
    assert s["balls"] == 2
    assert s["outs"] == 3


def test_home_taking_the_lead_before_the_last_inning_does_not_end_the_game():
    s = summary([*THREE_KS, *walks(4)], innings=2)
    assert s["status"] == "in_progress"
    assert s["score"] == [0, 1]


def test_walk_off_walk_ends_the_game_at_once():
    state, outcomes = run([*THREE_KS, *walks(4)], innings=1)
    s = ENG.summary(state)
    assert s["status"] == "final"
    assert s["winner"] == 1
    assert s["score"] == [0, 1]
    assert (s["inning"], s["half"], s["outs"]) == (1, "bottom", 0)
    assert s["bases"] == [True, True, True]
    assert s["line_score"] == [[0], [1]]
    assert "final" in outcomes[-1].tags


def test_walk_off_counts_every_run_of_the_play():
    # Bottom 1st, tied 0-0, bases loaded: batter 4 doubles (B5 yellow 2 vs FLY): two runs.
    state, outcomes = run([*THREE_KS, *walks(3), hit("FLY", "B5")], innings=1)
    s = ENG.summary(state)
    assert s["status"] == "final"
    assert s["score"] == [0, 2]
    assert s["winner"] == 1
    assert outcomes[-1].runs == 2
    assert s["bases"] == [False, True, True]


def test_walk_off_home_run_counts_all_four():
    # Visitors lead 1-0; home loads the bases (relief for side 0 via refresh), then homers.
    top = [*walks(4), *THREE_KS]
    bottom = [
        leave("FLY"),
        leave("C1"),
        leave("C2"),
        hit("SO1", "B4"),
        hit("SO2", "B1"),
        refresh("pitcher"),  # the visitors' relief pitcher comes in
        *WALK,
        hit("C2", "B2"),  # batter 4: red 4 with relief
    ]
    state, outcomes = run([*top, *bottom], innings=1)
    s = ENG.summary(state)
    assert s["relief"] == [True, False]
    assert s["status"] == "final"
    assert s["score"] == [1, 4]
    assert outcomes[-1].runs == 4


def test_tie_goes_to_extra_innings():
    s = summary([*THREE_KS, *THREE_KS], innings=1)
    assert s["status"] == "in_progress"
    assert (s["inning"], s["half"], s["outs"]) == (2, "top", 0)
    assert s["line_score"] == [[0, 0], [0]]
    assert s["winner"] is None


def test_extra_inning_won_by_visitors():
    plays = [*THREE_KS, *THREE_KS, *walks(4), *THREE_KS, *THREE_KS]
    s = summary(plays, innings=1)
    assert s["status"] == "final"
    assert s["winner"] == 0
    assert (s["inning"], s["half"], s["outs"]) == (2, "bottom", 3)
    assert s["line_score"] == [[0, 1], [0, 0]]


def test_extra_inning_walk_off():
    s = summary([*THREE_KS, *THREE_KS, *THREE_KS, *walks(4)], innings=1)
    assert s["status"] == "final"
    assert s["winner"] == 1
    assert (s["inning"], s["half"], s["outs"]) == (2, "bottom", 0)
    assert s["line_score"] == [[0, 0], [0, 1]]


def test_extra_innings_continue_while_tied():
    plays = [*THREE_KS, *THREE_KS, *walks(4), *THREE_KS, *walks(4), *THREE_KS]
    s = summary(plays, innings=1)
    assert s["status"] == "in_progress"
    assert s["score"] == [1, 1]
    assert (s["inning"], s["half"]) == (3, "top")


def test_game_lasts_the_scheduled_innings():
    s = summary(THREE_KS * 6, innings=3)
    assert s["status"] == "in_progress"  # tied 0-0 after three: extra innings
    assert (s["inning"], s["half"]) == (4, "top")
    s = summary([*walks(4), *THREE_KS, *(THREE_KS * 5)], innings=3)
    assert s["status"] == "final"
    assert s["winner"] == 0
    assert (s["inning"], s["half"]) == (3, "bottom")


@pytest.mark.parametrize(
    "raw", [hit("SO1", "B4"), leave("SO1"), BALL, refresh("batter"), {"pitch": "SO3"}]
)
def test_play_after_final_is_an_error(raw):
    state, _ = run([*THREE_KS, *walks(4)], innings=1)
    assert ENG.is_over(state)
    with pytest.raises(EngineError):
        ENG.play(state, raw)
    if raw != {"pitch": "SO3"}:
        with pytest.raises(IllegalPlay):
            ENG.play(state, raw)


def test_replay_of_a_play_after_final_names_it():
    plays = [*THREE_KS, *walks(4), hit("SO1", "B4")]
    with pytest.raises(ReplayError) as info:
        replay(from_json({"game": "quick-baseball", "options": {"innings": 1}, "plays": plays}))
    assert info.value.number == len(plays)


# --- malformed versus illegal -----------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        "SO1",
        5,
        ["pitch", "SO1"],
        {},
        {"bat": "B1"},
        {"call": "leave"},
        {"note": "nothing"},
        {"pitch": "SO3", "bat": "B1"},
        {"pitch": "so1", "bat": "B1"},
        {"pitch": 1, "bat": "B1"},
        {"pitch": None, "call": "leave"},
        {"pitch": "SO1", "bat": "B6"},
        {"pitch": "SO1", "bat": None},
        {"pitch": "SO1", "bat": ["B1"]},
        {"pitch": "SO1"},
        {"pitch": "SO1", "call": "bunt"},
        {"pitch": "SO1", "call": None},
        {"pitch": "SO1", "call": "Steal"},
        {"pitch": "SO1", "call": ["steal"]},
        {"refresh": ["batter"], "pitch": "SO1"},
        {"refresh": ["batter"], "bat": "B1"},
        {"refresh": ["pitcher"], "call": "leave"},
        {"refresh": "batter"},
        {"refresh": []},
        {"refresh": None},
        {"refresh": ["umpire"]},
        {"refresh": ["batter", "batter"]},
        {"refresh": ["batter", "pitcher", "pitcher"]},
        {"refresh": {"batter": True}},
        {"refresh": [["batter"]]},
    ],
)
def test_malformed_plays_raise_invalid_play(raw):
    state = start()
    with pytest.raises(InvalidPlay):
        ENG.parse(raw, state)
    with pytest.raises(InvalidPlay):
        ENG.play(state, raw)


def test_invalid_and_illegal_are_distinct_value_errors():
    assert issubclass(InvalidPlay, EngineError) and issubclass(IllegalPlay, EngineError)
    assert issubclass(EngineError, ValueError)
    assert not issubclass(InvalidPlay, IllegalPlay)
    assert not issubclass(IllegalPlay, InvalidPlay)


@pytest.mark.parametrize(
    ("prelude", "raw"),
    [
        ([], steal("FLY")),
        ([], steal("PO")),
        ([], refresh("batter")),
        ([leave("SO1")], leave("SO1")),
        ([hit("SO1", "B4")], hit("SO2", "B4")),
    ],
)
def test_illegal_plays_raise_illegal_play_not_invalid(prelude, raw):
    state, _ = run(prelude)
    play = ENG.parse(raw, state)  # well-formed
    with pytest.raises(IllegalPlay) as info:
        ENG.apply(state, play)
    assert not isinstance(info.value, InvalidPlay)
    assert str(info.value)


# --- options ---------------------------------------------------------------------------------


def test_options_defaults():
    opts = ENG.options({})
    assert opts["innings"] == 9
    assert ENG.options(None)["innings"] == 9
    assert ENG.options({"innings": 3})["innings"] == 3
    assert ENG.options({"innings": 12})["innings"] == 12


@pytest.mark.parametrize(
    "raw",
    [
        {"innings": 0},
        {"innings": -3},
        {"innings": "nine"},
        {"innings": "9"},
        {"innings": True},
        {"innings": 2.5},
        {"innings": None},
        {"overs": 16},
        {"innings": 9, "colour": "red"},
        ["innings", 9],
        "innings=9",
    ],
)
def test_bad_options_raise_invalid_options(raw):
    with pytest.raises(InvalidOptions):
        ENG.options(raw)


def test_bad_options_in_a_record_are_a_record_error():
    with pytest.raises(RecordError):
        from_json({"game": "quick-baseball", "options": {"innings": 0}})
    with pytest.raises(RecordError):
        from_json({"game": "quick-baseball", "options": {"speed": 1}})
    with pytest.raises(RecordError):
        from_json({"game": "no-such-game"})


def test_bad_catalogue_option_is_invalid_options():
    data = default_catalogue_data()
    data["pitch"] = [c for c in data["pitch"] if c["id"] != "PO"]
    with pytest.raises(InvalidOptions):
        ENG.options({"catalogue": data})


def test_unknown_game_is_invalid_options():
    with pytest.raises(InvalidOptions):
        get("no-such-game")


# --- immutability -------------------------------------------------------------------------------

MIXED = [
    steal("PO"),  # illegal: bases empty
    hit("SO1", "B4"),  # batter 1 singles
    BALL,
    steal("FLY"),
    leave("C1"),
    hit("RUN", "B5"),  # batter 2 doubles: one run
    steal("C2"),
    leave("SO2"),  # batter 3 strikes out
    refresh("batter"),  # illegal: the batter holds three cards
    hit("C2", "B1"),  # illegal: C2 was discarded
    hit("C2", "B1"),  # still illegal
    refresh("pitcher"),  # the pitcher holds only C2: relief
    hit("C2", "B1"),  # batter 4 doubles
    leave("SO1"),
    leave("RUN"),  # third out
    *THREE_KS,  # the game is over, visitors win
    BALL,  # illegal: the game is over
]


def test_apply_never_mutates_the_input_state():
    state = start(innings=1)
    for raw in MIXED:
        frozen = copy.deepcopy(state)
        before = ENG.summary(state)
        try:
            new, _ = ENG.play(state, raw)
        except IllegalPlay:
            new = state
        assert state == frozen
        assert ENG.summary(state) == before
        if new is not state:
            assert new != state
        state = new
    assert ENG.is_over(state)


def test_illegal_play_leaves_the_state_untouched():
    state, _ = run([hit("SO1", "B4"), leave("SO2")])
    frozen = copy.deepcopy(state)
    before = ENG.summary(state)
    for raw in [hit("SO1", "B1"), hit("FLY", "B4"), refresh("pitcher"), steal("C1"), steal("C1")]:
        try:
            ENG.play(state, raw)
        except IllegalPlay:
            pass
        assert state == frozen
        assert ENG.summary(state) == before


def test_states_are_frozen():
    state = start()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.balls = 3  # type: ignore[misc]


def test_summary_returns_fresh_lists():
    state = start()
    s = ENG.summary(state)
    s["bases"][0] = True
    s["line_score"][0].append(5)
    s["hands"]["batter"].clear()
    assert ENG.summary(state) == summary([])
