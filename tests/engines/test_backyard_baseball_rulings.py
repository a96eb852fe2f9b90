"""One or more focused tests per ruling of ``games/engines/backyard_baseball/RULES.md``.

Plays are written as raw record objects and played from the initial state, so every test
reads like a game record. The connections and the throw table are transcribed here from the
rulings, not read from the engine's catalogue.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.engines import EngineError, IllegalPlay, InvalidOptions, InvalidPlay, get
from games.engines.backyard_baseball import field_for
from games.engines.record import ReplayError, from_json, replay

ENG = get("backyard-baseball")
CATALOGUE_FILE = (
    Path(__file__).resolve().parents[2]
    / "games"
    / "engines"
    / "catalogues"
    / "backyard-baseball"
    / "reconstruction.json"
)
SPACES = ["IL", "IR", "LF", "CF", "RF"]
CONNECTIONS = {
    frozenset(pair)
    for pair in (
        ("MOUND", "IL"),
        ("MOUND", "IR"),
        ("IL", "IR"),
        ("IL", "LF"),
        ("IL", "CF"),
        ("IR", "CF"),
        ("IR", "RF"),
        ("LF", "CF"),
        ("CF", "RF"),
    )
}
THROWS = {  # ball in -> (to second, to third, to home)
    "IL": (1, 0, 1),
    "IR": (0, 1, 1),
    "LF": (2, 1, 2),
    "CF": (1, 1, 2),
    "RF": (1, 2, 3),
}


# --- helpers -------------------------------------------------------------------------------


def pitcher(result: str, space: str | None = None, number: int = 5, pitch: str = "curve"):
    card: dict[str, Any] = {"number": number, "pitch": pitch, "result": result}
    if space is not None:
        card["space"] = space
    return card


def batter(result: str, space: str | None = None, pitch: str = "heater"):
    card: dict[str, Any] = {"pitch": pitch, "result": result}
    if space is not None:
        card["space"] = space
    return card


def at_bat(fielder: str, p: dict, b: dict, die: int | None, **extra: Any) -> dict[str, Any]:
    play: dict[str, Any] = {"fielder": fielder, "pitcher": p, "batter": b, **extra}
    if die is not None:
        play["die"] = die
    return play


def pitchers_card(result: str, space: str | None = None, fielder: str = "CF", **extra: Any):
    """The pitcher's card gives the result: die 1 < 9, no matching pitch."""
    return at_bat(fielder, pitcher(result, space, number=9), batter("home-run"), 1, **extra)


def batters_card(result: str, space: str | None = None, fielder: str = "CF", **extra: Any):
    """The batter's card gives the result: die 6 ≥ 2."""
    return at_bat(fielder, pitcher("strikeout", number=2), batter(result, space), 6, **extra)


K = pitchers_card("strikeout")
SINGLE = batters_card("line-drive", "RF", fielder="IL")  # a hit, the ball in RF
BUNT = at_bat("CF", pitcher("strikeout"), batter("bunt"), None)


def extend(runners: int, number: int | None) -> dict[str, Any]:
    return {"extend": {"runners": runners, "pitcher_number": number}}


def start(**options: Any):
    return ENG.initial_state(ENG.options(options))


def run(plays, state=None, **options: Any):
    state = start(**options) if state is None else state
    outcomes = []
    for raw in plays:
        state, outcome = ENG.play(state, raw)
        outcomes.append(outcome)
    return state, outcomes


def summary(plays, **options: Any) -> dict[str, Any]:
    return ENG.summary(run(plays, **options)[0])


def last(plays, **options: Any):
    state, outcomes = run(plays, **options)
    return ENG.summary(state), outcomes[-1]


def refused(plays, error=EngineError, **options: Any) -> str:
    """Play all but the last; the last must raise ``error`` and leave the state untouched."""
    state, _ = run(plays[:-1], **options)
    snapshot = copy.deepcopy(state)
    with pytest.raises(error) as info:
        ENG.play(state, plays[-1])
    assert state == snapshot
    return str(info.value)


# --- options -------------------------------------------------------------------------------


def test_three_innings_by_default():
    assert ENG.options({}) == {"innings": 3}
    assert start().innings.scheduled == 3
    assert start(innings=5).innings.scheduled == 5


@pytest.mark.parametrize("value", [0, -1, "3", 2.5, True])
def test_innings_must_be_a_positive_whole_number(value):
    with pytest.raises(InvalidOptions, match="innings"):
        ENG.options({"innings": value})


def test_an_unknown_option_is_refused():
    with pytest.raises(InvalidOptions, match="walk_offs"):
        ENG.options({"walk_offs": True})


# --- the field -----------------------------------------------------------------------------


def test_the_default_catalogue_holds_the_rulings_connections_and_throw_table():
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    assert {frozenset(pair) for pair in data["connections"]} == CONNECTIONS
    assert {
        space: (row["second"], row["third"], row["home"]) for space, row in data["throws"].items()
    } == THROWS
    field = field_for({})
    for space, (second, third, home) in THROWS.items():
        assert [field.throw(space, t) for t in ("second", "third", "home")] == [second, third, home]


@pytest.mark.parametrize(("a", "b"), [(a, b) for a in SPACES for b in SPACES if a != b])
def test_a_fly_ball_is_caught_from_the_same_space_or_one_connection_away(a, b):
    s, outcome = last([pitchers_card("fly", b, fielder=a)])
    caught = frozenset((a, b)) in CONNECTIONS
    assert s["outs"] == (1 if caught else 0)
    assert ("out" if caught else "hit") in outcome.tags


def test_the_catalogue_option_changes_the_field():
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    data["connections"].append(["LF", "RF"])
    data["throws"]["RF"]["home"] = 0
    options = {"catalogue": data}
    # LF and RF are now next to each other: a fly to RF is caught from LF.
    assert summary([pitchers_card("fly", "RF", fielder="LF")], **options)["outs"] == 1
    # Throw from RF to home is now 0: 3 - 1 connection (LF-RF) - 0 = 2 >= 2: out.
    plays = [SINGLE, SINGLE, {"swap": True}, batters_card("line-drive", "RF", fielder="LF")]
    plays[-1] = {**plays[-1], **extend(2, 3)}
    _, outcome = last(plays, **options)
    assert "3 − 1 connection − 0 throw = 2 ≥ 2 runner icons" in outcome.text


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["connections"].append(["IL", "XX"]), "connection"),
        (lambda d: d["connections"].append(["IL", "IL"]), "connection"),
        (lambda d: d["connections"].append(["IR", "IL"]), "twice"),
        (lambda d: d.update(connections=[c for c in d["connections"] if "RF" not in c]), "RF"),
        (lambda d: d["throws"]["CF"].update(home=-1), "CF"),
        (lambda d: d["throws"].pop("LF"), "throws"),
        (lambda d: d["spaces"].pop("MOUND"), "spaces"),
    ],
)
def test_a_broken_catalogue_is_refused(change, words):
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(InvalidOptions, match=words):
        ENG.options({"catalogue": data})


# --- the play's shape ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("K", "JSON object"),
        ({}, "fielder"),
        ({**K, "fielder": "MOUND"}, "fielder 'MOUND'"),
        ({**K, "fielder": "SS"}, "fielder 'SS'"),
        ({k: v for k, v in K.items() if k != "pitcher"}, "pitcher"),
        ({k: v for k, v in K.items() if k != "batter"}, "batter"),
        ({k: v for k, v in K.items() if k != "die"}, "die is missing"),
        ({**K, "die": 0}, "die"),
        ({**K, "die": 7}, "die"),
        ({**K, "die": "4"}, "die"),
        ({**K, "pitcher": pitcher("strikeout", number=0)}, "pitcher: number"),
        ({**K, "pitcher": pitcher("strikeout", number=10)}, "pitcher: number"),
        ({**K, "pitcher": pitcher("strikeout", number=True)}, "pitcher: number"),
        ({**K, "pitcher": pitcher("strikeout", pitch="fastball")}, "pitcher: pitch"),
        ({**K, "pitcher": pitcher("line-drive", "LF")}, "not on the pitch card"),
        ({**K, "pitcher": pitcher("home-run")}, "not on the pitch card"),
        ({**K, "pitcher": pitcher("strikeout", "LF")}, "a strikeout card has no space"),
        ({**K, "pitcher": pitcher("grounder")}, "needs a space"),
        ({**K, "pitcher": pitcher("fly", "MOUND")}, "needs a space"),
        ({**K, "batter": batter("fly", "LF")}, "not on the batting card"),
        ({**K, "batter": batter("strikeout")}, "not on the batting card"),
        ({**K, "batter": batter("line-drive", "IL")}, "only to LF, CF, RF"),
        ({**K, "batter": batter("line-drive", "IR")}, "only to LF, CF, RF"),
        ({**K, "batter": batter("grounder")}, "needs a space"),
        ({**K, "batter": batter("home-run", "CF")}, "no space"),
        ({**K, "batter": batter("bunt", "IL")}, "no space"),
        ({**K, "batter": batter("grounder", "IL", pitch="sinker")}, "batter: pitch"),
        ({**K, "extend": {"pitcher_number": 5}}, "extend: runners"),
        ({**K, "extend": {"runners": 10, "pitcher_number": 5}}, "extend: runners"),
        ({**K, "extend": {"runners": 1, "pitcher_number": 0}}, "pitcher_number"),
        ({**K, "extend": 3}, "extend"),
        ({**K, "bobble": 7}, "bobble"),
        ({**K, "bobble": 0}, "bobble"),
        ({"swap": False}, "swap"),
        ({"swap": True, "fielder": "IL"}, "a swap cannot also carry fielder"),
        ({"event": ""}, "event"),
        ({"event": 4}, "event"),
        ({"event": "Mom wants to pitch", "die": 3}, "an event cannot also carry die"),
    ],
)
def test_malformed_plays_are_invalid(raw, words):
    with pytest.raises(InvalidPlay) as info:
        ENG.play(start(), raw)
    assert words in str(info.value)


def test_every_card_face_is_accepted():
    for pitch in ("heater", "curve", "knuckler", "slow"):
        for number in range(1, 10):
            ENG.play(
                start(),
                at_bat(
                    "IL",
                    pitcher("strikeout", number=number, pitch=pitch),
                    batter("bunt", pitch=pitch),
                    None,
                ),
            )
    for space in SPACES:
        ENG.play(start(), batters_card("grounder", space))
        ENG.play(start(), pitchers_card("grounder", space))
        ENG.play(start(), pitchers_card("fly", space))
    for space in ("LF", "CF", "RF"):
        ENG.play(start(), batters_card("line-drive", space))


def test_unknown_keys_are_ignored_and_null_extend_and_bobble_mean_none():
    plain = summary([K])
    assert summary([{**K, "note": "first out", "at": "12:01"}]) == plain
    assert summary([{**K, "extend": None, "bobble": None}]) == plain
    assert summary([{**K, "batter": {**K["batter"], "colour": "red"}}]) == plain


# --- Resolution 1: the bunt ----------------------------------------------------------------


def test_a_bunt_ignores_the_die_and_is_an_out_with_every_runner_moving_up():
    # dot on first; plain bunts: dot to second (then a ghost takes dot's place to bat)
    s, outcome = last([SINGLE, BUNT])
    assert s["outs"] == 1 and s["runners"] == [None, "ghost", None]
    assert "out" in outcome.tags and "Bunt: the die is ignored" in outcome.text
    assert "Plain bunts: out, dot moves up to second." in outcome.text
    for die in (1, 6):  # the bunt wins whatever the die and the pitcher's number
        bunt = at_bat("IL", pitcher("grounder", "IL", number=9), batter("bunt"), die)
        assert summary([SINGLE, bunt])["runners"] == [None, "ghost", None]


def test_a_bunt_scores_the_runner_from_third_unless_it_is_the_third_out():
    three_on = [SINGLE, SINGLE, {"swap": True}, SINGLE]  # dot, ghost, plain from first
    assert summary(three_on)["runners"] == ["dot", "ghost", "ghost"]
    s = summary([*three_on, BUNT])
    assert s["score"] == [1, 0] and s["outs"] == 1 and s["runners"] == [None, "ghost", "ghost"]
    s = summary([K, K, *three_on, BUNT])
    assert s["score"] == [0, 0] and s["half"] == "bottom" and s["line_score"] == [[0], [0]]


# --- Resolution 2: which card --------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "number", "same_pitch", "card"),
    [
        (4, 5, False, "pitcher"),  # 4 < 5
        (4, 5, True, "batter"),  # 4 + 1 = 5, not less than 5
        (5, 5, False, "batter"),
        (3, 5, True, "pitcher"),  # 3 + 1 = 4 < 5
        (6, 9, True, "pitcher"),  # 7 < 9
        (1, 1, False, "batter"),
    ],
)
def test_the_die_plus_one_for_a_matching_pitch_against_the_pitchers_number(
    die, number, same_pitch, card
):
    p = pitcher("strikeout", number=number, pitch="curve")
    b = batter("home-run", pitch="curve" if same_pitch else "slow")
    s, outcome = last([at_bat("IL", p, b, die)])
    if card == "pitcher":
        assert s["outs"] == 1 and "the pitcher's card" in outcome.text
    else:
        assert s["score"] == [1, 0] and "the batter's card" in outcome.text
    total = die + (1 if same_pitch else 0)
    assert f"= {total}" in outcome.text if same_pitch else f"Die {die}" in outcome.text


# --- Resolution 3: the results -------------------------------------------------------------


def test_a_strikeout_is_an_out_and_nobody_moves():
    s, outcome = last([SINGLE, K])
    assert s["outs"] == 1 and s["runners"] == ["ghost", None, None]  # dot's ghost: dot bats
    assert "Plain strikes out." in outcome.text


@pytest.mark.parametrize("space", SPACES)
def test_the_pitchers_grounder_is_out_only_at_the_fielder(space):
    s = summary([SINGLE, pitchers_card("grounder", space, fielder=space)])
    assert s["outs"] == 1 and s["runners"] == ["ghost", None, None]  # the runner holds
    for fielder in SPACES:
        if fielder != space:
            s, outcome = last([SINGLE, pitchers_card("grounder", space, fielder=fielder)])
            assert s["outs"] == 0 and s["runners"] == ["plain", "ghost", None]
            assert f"the pitcher runs to {space}" in outcome.text and "hit" in outcome.tags


def test_a_fly_ball_out_leaves_the_runners_where_they_are():
    s = summary([SINGLE, pitchers_card("fly", "LF", fielder="CF")])
    assert s["outs"] == 1 and s["runners"] == ["ghost", None, None]


def test_a_fly_ball_that_drops_in_is_a_hit():
    s = summary([SINGLE, pitchers_card("fly", "RF", fielder="LF")])
    assert s["outs"] == 0 and s["runners"] == ["plain", "ghost", None]


def test_the_batters_grounder_at_the_fielder_is_out_and_every_runner_moves_up():
    plays = [SINGLE, SINGLE, {"swap": True}, SINGLE]  # bases loaded: dot, ghost, plain
    s, outcome = last([*plays, batters_card("grounder", "IR", fielder="IR")])
    assert s["outs"] == 1 and s["score"] == [1, 0]
    assert s["runners"] == [None, "ghost", "ghost"]  # dot moved up to second, then bats
    assert outcome.runs == 1 and "one run scores" in outcome.text


def test_the_batters_grounder_away_from_the_fielder_is_a_hit_and_the_pitcher_runs_to_it():
    s, outcome = last([SINGLE, batters_card("grounder", "LF", fielder="RF")])
    assert s["outs"] == 0 and s["runners"] == ["plain", "ghost", None]
    assert "the pitcher runs to LF" in outcome.text


def test_the_third_out_on_a_batters_grounder_scores_nobody():
    plays = [K, K, SINGLE, SINGLE, {"swap": True}, SINGLE]
    s = summary([*plays, batters_card("grounder", "IL", fielder="IL")])
    assert s["score"] == [0, 0] and s["half"] == "bottom" and s["outs"] == 0


@pytest.mark.parametrize("space", ["LF", "CF", "RF"])
def test_a_line_drive_is_out_only_at_the_fielder_in_that_outfield_space(space):
    s = summary([SINGLE, batters_card("line-drive", space, fielder=space)])
    assert s["outs"] == 1 and s["runners"] == [None, "ghost", None]  # the runner moves up
    for fielder in SPACES:
        if fielder != space:
            s = summary([SINGLE, batters_card("line-drive", space, fielder=fielder)])
            assert s["outs"] == 0 and s["runners"] == ["plain", "ghost", None]


@pytest.mark.parametrize("on_base", [0, 1, 2, 3])
def test_a_home_run_scores_the_batter_and_each_runner_and_clears_the_bases(on_base):
    fills = [[], [SINGLE], [SINGLE, SINGLE], [SINGLE, SINGLE, {"swap": True}, SINGLE]][on_base]
    s, outcome = last([*fills, batters_card("home-run")])
    assert s["score"] == [1 + on_base, 0]
    assert s["runners"] == [None, None, None] and s["bases"] == [False, False, False]
    assert outcome.runs == 1 + on_base and {"hit", "home-run"} <= set(outcome.tags)


# --- Resolution 4: a hit -------------------------------------------------------------------


def test_a_hit_moves_every_runner_up_one_and_puts_the_batter_on_first():
    plays = [SINGLE, SINGLE, {"swap": True}]
    assert summary(plays)["runners"] == ["ghost", "plain", None]
    s, outcome = last([*plays, SINGLE])
    assert s["runners"] == ["dot", "ghost", "ghost"]  # plain to third, then a ghost for it
    s, outcome = last([*plays, SINGLE, SINGLE])
    assert s["score"] == [1, 0] and outcome.runs == 1
    assert s["runners"] == ["plain", "ghost", "ghost"]


# --- Resolution 5: the bobble --------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_a_bobble_of_1_to_3_lets_the_out_stand(roll):
    s, outcome = last([SINGLE, pitchers_card("grounder", "IL", fielder="IL", bobble=roll)])
    assert s["outs"] == 1 and s["runners"] == ["ghost", None, None]
    assert f"roll to bobble {roll}: the out stands" in outcome.text


@pytest.mark.parametrize("roll", [4, 5, 6])
def test_a_bobble_of_4_to_6_makes_the_out_a_hit_with_runners_moving_once(roll):
    # a line-drive out would move the runner; bobbled it is a hit: the runner moves once
    s, outcome = last([SINGLE, batters_card("line-drive", "CF", fielder="CF", bobble=roll)])
    assert s["outs"] == 0 and s["runners"] == ["plain", "ghost", None]
    assert "hit" in outcome.tags and "bobbled, a hit" in outcome.text
    s = summary([SINGLE, pitchers_card("fly", "LF", fielder="IL", bobble=roll)])
    assert s["outs"] == 0 and s["runners"] == ["plain", "ghost", None]


def test_a_bobbled_grounder_sends_the_pitcher_pawn_to_the_ball():
    # dot on first; plain grounds to IL, bobbled: dot to second, plain on first.
    # Extend: the pitcher pawn is at IL now (0 connections), IL to third is 0: 3 - 0 - 0 = 3.
    play = pitchers_card("grounder", "IL", fielder="IL", bobble=6, **extend(3, 3))
    _, outcome = last([SINGLE, play])
    assert "the pitcher runs to IL" in outcome.text
    assert "3 − 0 connections − 0 throw = 3 ≥ 3 runner icons: dot is out at third" in outcome.text


@pytest.mark.parametrize(
    "play",
    [
        SINGLE,
        K,
        BUNT,
        batters_card("home-run"),
        pitchers_card("grounder", "LF", fielder="RF"),
        pitchers_card("fly", "RF", fielder="LF"),
    ],
    ids=["line-drive hit", "strikeout", "bunt", "home run", "grounder hit", "fly hit"],
)
def test_a_bobble_anywhere_but_an_out_made_by_the_fielder_is_an_error(play):
    message = refused([{**play, "bobble": 5}], IllegalPlay)
    assert "bobble" in message


# --- Resolution 6: three outs --------------------------------------------------------------


def test_three_outs_end_the_half_inning_at_once():
    s, outcome = last([K, K, SINGLE, SINGLE, batters_card("line-drive", "CF", fielder="CF")])
    assert s["half"] == "bottom" and s["outs"] == 0 and s["score"] == [0, 0]
    assert s["runners"] == [None, None, None] and s["at_bat"] == "dot"
    assert "Three outs: end of the top of the 1st." in outcome.text
    assert "half-over" in outcome.tags


def test_the_third_out_cannot_be_extended():
    message = refused([K, K, {**pitchers_card("fly", "CF", fielder="CF"), **extend(1, 5)}])
    assert "three outs" in message


# --- Extending a play ----------------------------------------------------------------------


def test_the_sheets_example_extension():
    # dot on second (a hit, then extended safely with no pitcher card); plain lines to RF
    first = batters_card("line-drive", "LF", fielder="CF", **extend(2, None))
    second = {
        "fielder": "IL",
        "pitcher": pitcher("grounder", "IL", number=5, pitch="curve"),
        "batter": batter("line-drive", "RF", pitch="curve"),
        "die": 4,
        **extend(1, 6),
    }
    s, outcome = last([first, second])
    assert "Extend: 6 − 2 connections − 3 throw = 1 ≥ 1 runner icon: dot is out at home" in (
        outcome.text
    )
    assert s["outs"] == 1 and s["runners"] == ["plain", None, None] and s["at_bat"] == "dot"
    assert {"extend", "extend-out"} <= set(outcome.tags)


def test_no_pitcher_card_means_the_runners_are_safe():
    s, outcome = last([{**SINGLE, **extend(0, None)}])
    assert s["runners"] == [None, "dot", None]
    assert "Extend: no pitcher card: dot is safe at second" in outcome.text


def test_a_total_short_of_the_runner_icons_moves_every_runner_up():
    # ghost on first, plain on second (after a swap); dot singles to RF: dot, ghost, plain.
    # Plain tries for home: 6 - 2 (IL to RF) - 3 = 1 < 2: safe, everyone moves up.
    plays = [SINGLE, SINGLE, {"swap": True}, {**SINGLE, **extend(2, 6)}]
    s, outcome = last(plays)
    assert "6 − 2 connections − 3 throw = 1 < 2 runner icons: plain is safe at home" in (
        outcome.text
    )
    assert s["score"] == [1, 0] and outcome.runs == 1
    assert s["runners"] == [None, "dot", "ghost"]
    assert s["at_bat"] == "plain"


def test_the_fewest_connections_from_either_pitching_pawn_count():
    # Fielder in LF, ball in RF: LF-CF-RF is 2; the pitcher on the mound: MOUND-IR-RF is 2.
    _, outcome = last([{**batters_card("line-drive", "RF", fielder="LF"), **extend(1, 9)}])
    assert "9 − 2 connections − 1 throw" in outcome.text  # dot goes for second: RF row 1
    # Ball in IL, fielder in RF (2 away): the pitcher on the mound is 1 away.
    _, outcome = last([{**pitchers_card("fly", "IL", fielder="RF"), **extend(1, 9)}])
    assert "9 − 1 connection − 1 throw" in outcome.text
    # A grounder past the fielder sends the pitcher to the ball: 0 connections.
    _, outcome = last([{**batters_card("grounder", "LF", fielder="RF"), **extend(1, 9)}])
    assert "9 − 0 connections − 2 throw" in outcome.text


@pytest.mark.parametrize("ball", ["LF", "CF", "RF"])
@pytest.mark.parametrize("target", ["second", "third", "home"])
def test_the_throw_table_by_the_balls_space_and_where_the_runner_goes(ball, target):
    # The lead runner after the hit: dot on first, dot on second, or plain on third.
    setup = {"second": [], "third": [SINGLE], "home": [SINGLE, SINGLE, {"swap": True}]}[target]
    # A fly ball dropping in two connections from the fielder (a line drive into CF)
    fielder = {"LF": "RF", "CF": "IR", "RF": "LF"}[ball]
    away = {"LF": 2, "CF": 1, "RF": 2}[ball]
    play = {**pitchers_card("fly", ball, fielder=fielder), **extend(1, 9)}
    if ball == "CF":  # IR is next to CF, so a fly would be caught: use a line drive instead
        play = {**batters_card("line-drive", "CF", fielder="IR"), **extend(1, 9)}
    mound = {"LF": 2, "CF": 2, "RF": 2}[ball]
    connections = min(away, mound)
    throw = THROWS[ball][("second", "third", "home").index(target)]
    _, outcome = last([*setup, play])
    word = "connection" if connections == 1 else "connections"
    assert f"9 − {connections} {word} − {throw} throw = {9 - connections - throw}" in (outcome.text)


@pytest.mark.parametrize("ball", ["IL", "IR"])
def test_the_throw_table_for_the_infield(ball):
    # A grounder past the fielder: the pitcher pawn is on the ball (0 connections).
    for target, setup in (("second", []), ("third", [SINGLE])):
        play = {**batters_card("grounder", ball, fielder="RF" if ball == "IL" else "LF")}
        _, outcome = last([*setup, {**play, **extend(1, 9)}])
        throw = THROWS[ball][("second", "third", "home").index(target)]
        assert f"9 − 0 connections − {throw} throw" in outcome.text


def test_runs_that_scored_on_the_result_stand_when_the_extension_makes_the_third_out():
    # dot singles and goes on to second on plain's fly-ball out (extended); dot's ghost is
    # bunted to third: two out. Plain singles the ghost home, then is out going for second.
    fly_out = {**pitchers_card("fly", "CF", fielder="CF"), **extend(0, None)}
    plays = [SINGLE, fly_out, BUNT]
    s = summary(plays)
    assert s["runners"] == [None, None, "ghost"] and s["outs"] == 2 and s["at_bat"] == "plain"
    s, outcome = last([*plays, {**SINGLE, **extend(0, 9)}])
    assert "plain is out at second" in outcome.text
    assert s["score"] == [1, 0] and s["half"] == "bottom" and s["line_score"] == [[1], [0]]
    assert outcome.runs == 1


def test_a_fly_ball_out_may_be_extended():
    s, outcome = last([SINGLE, {**pitchers_card("fly", "CF", fielder="CF"), **extend(5, 1)}])
    assert s["outs"] == 1 and s["runners"] == [None, "ghost", None]
    assert "dot is safe at second" in outcome.text


def test_a_grounder_or_line_drive_out_may_be_extended_only_with_first_base_empty():
    # dot on second (extended), plain grounds out at the fielder: dot to third, may go home
    plays = [{**SINGLE, **extend(0, None)}]
    s = summary([*plays, {**batters_card("grounder", "IL", fielder="IL"), **extend(9, 1)}])
    assert s["outs"] == 1 and s["score"] == [1, 0]
    s = summary([*plays, {**batters_card("line-drive", "LF", fielder="LF"), **extend(9, 1)}])
    assert s["outs"] == 1 and s["score"] == [1, 0]
    # With a runner on first (a pawn or a ghost) it cannot be extended.
    message = refused(
        [SINGLE, {**batters_card("grounder", "IL", fielder="IL"), **extend(1, 1)}], IllegalPlay
    )
    assert "nobody was on first base" in message
    message = refused(
        [SINGLE, SINGLE, {**pitchers_card("grounder", "IL", fielder="IL"), **extend(1, 1)}]
    )
    assert "(plain was)" in message


@pytest.mark.parametrize(
    ("plays", "words"),
    [
        ([SINGLE, {**K, **extend(1, 5)}], "a strikeout cannot be extended"),
        ([SINGLE, {**BUNT, **extend(1, 5)}], "a bunt cannot be extended"),
        ([SINGLE, {**batters_card("home-run"), **extend(1, 5)}], "a home run cannot be extended"),
        ([{**pitchers_card("fly", "CF", fielder="CF"), **extend(1, 5)}], "no runner"),
    ],
)
def test_plays_that_cannot_be_extended(plays, words):
    assert words in refused(plays, IllegalPlay)


def test_the_lead_runner_must_be_a_pawn_not_a_ghost():
    # dot singles, plain singles: dot's place on second goes to a ghost, which leads.
    plays = [SINGLE, SINGLE]
    assert summary(plays)["runners"] == ["plain", "ghost", None]
    message = refused([*plays, {**SINGLE, **extend(1, 5)}], IllegalPlay)
    assert "the lead runner, on third, is a ghost runner" in message
    # after the swap plain leads
    s = summary([*plays, {"swap": True}, {**SINGLE, **extend(9, 1)}])
    assert s["score"] == [1, 0]


# --- Between plays -------------------------------------------------------------------------


def test_the_pawns_bat_in_turn_dot_first_and_dot_again_every_half_inning():
    assert summary([])["at_bat"] == "dot"
    assert summary([K])["at_bat"] == "plain"
    assert summary([K, K])["at_bat"] == "dot"
    assert summary([K, K, K])["at_bat"] == "dot"  # a new half-inning
    assert summary([K, K, SINGLE, K])["at_bat"] == "dot"  # plain made the third out


def test_a_pawn_on_base_due_to_bat_is_replaced_by_a_ghost():
    s, outcome = last([SINGLE, K])
    assert s["runners"] == ["ghost", None, None] and s["at_bat"] == "dot"
    assert "a ghost runner takes dot's place on first" in outcome.text


def test_the_swap_trades_the_other_pawn_and_the_new_ghost_and_keeps_the_batter():
    s = summary([SINGLE, SINGLE])
    assert s["runners"] == ["plain", "ghost", None] and s["swap"] is True
    s, outcome = last([SINGLE, SINGLE, {"swap": True}])
    assert s["runners"] == ["ghost", "plain", None] and s["at_bat"] == "dot"
    assert s["outs"] == 0 and s["swap"] is False and "swap" in outcome.tags
    assert "plain to second, the ghost to first" in outcome.text


@pytest.mark.parametrize(
    ("plays", "words"),
    [
        ([{"swap": True}], "right after a ghost"),
        ([SINGLE, {"swap": True}], "right after a ghost"),
        ([SINGLE, K, {"swap": True}], "plain, the other pawn, is not on base"),
        ([SINGLE, SINGLE, {"swap": True}, {"swap": True}], "right after a ghost"),
        ([SINGLE, SINGLE, K, {"swap": True}], "dot, the other pawn, is not on base"),
        ([SINGLE, SINGLE, batters_card("home-run"), {"swap": True}], "right after a ghost"),
    ],
)
def test_a_swap_is_allowed_only_right_after_a_replacement_with_the_other_pawn_on_base(plays, words):
    assert words in refused(plays, IllegalPlay)


def test_an_event_is_noted_and_changes_nothing_else():
    before = summary([SINGLE, SINGLE])
    after, outcome = last([SINGLE, SINGLE, {"event": "Mom wants to pitch"}])
    assert after["event"] == "Mom wants to pitch" and "event" in outcome.tags
    assert {**after, "event": None} == before
    assert "Mom wants to pitch" in outcome.text
    # the swap is still there after the note, and the event lasts the inning
    s = summary([SINGLE, SINGLE, {"event": "Let Mikey play"}, {"swap": True}, K, K, K])
    assert s["event"] == "Let Mikey play" and s["half"] == "bottom"
    assert summary([{"event": "Let Mikey play"}, K, K, K, K, K, K])["event"] is None


# --- End of the game -----------------------------------------------------------------------


def three_outs() -> list[dict[str, Any]]:
    return [K, K, K]


def test_every_half_inning_is_played_and_more_runs_win():
    homer = batters_card("home-run")
    # the home side leads after the top of the 1st of a one-inning game: bottom still played
    plays = [*three_outs(), homer, homer]
    s = summary(plays, innings=1)
    assert s["status"] == "in_progress" and s["score"] == [0, 2]
    s = summary([*plays, *three_outs()], innings=1)
    assert s["status"] == "final" and s["winner"] == 1 and s["outs"] == 3
    assert s["inning"] == 1 and s["half"] == "bottom" and s["line_score"] == [[0], [2]]


def test_a_tie_stands():
    plays = three_outs() * 6
    s, outcome = last(plays)
    assert s["status"] == "final" and s["winner"] is None and s["score"] == [0, 0]
    assert s["inning"] == 3 and s["half"] == "bottom"
    assert "Game over: a 0–0 tie." in outcome.text and "final" in outcome.tags


def test_the_visitors_win_and_no_walk_off_ends_the_game_early():
    homer = batters_card("home-run")
    plays = [homer, homer, *three_outs(), homer, *three_outs()[:2]]
    s = summary(plays, innings=1)
    assert s["status"] == "in_progress" and s["score"] == [2, 1]
    s = summary([*plays, homer, homer], innings=1)  # the home side goes ahead: no walk-off
    assert s["status"] == "in_progress" and s["score"] == [2, 3]
    s = summary([*plays, K], innings=1)
    assert s["status"] == "final" and s["winner"] == 0


def test_the_final_summary_keeps_the_runners_as_the_last_play_left_them():
    s = summary([*three_outs(), SINGLE, K, K, K], innings=1)
    assert s["status"] == "final" and s["runners"] == ["ghost", None, None]
    assert s["bases"] == [True, False, False] and s["outs"] == 3


@pytest.mark.parametrize("raw", [K, {"swap": True}, {"event": "Mom wants to pitch"}])
def test_nothing_may_be_played_after_the_game_is_final(raw):
    assert "the game is over" in refused([*three_outs() * 2, raw], IllegalPlay, innings=1)


def test_replay_names_the_bad_play():
    record = from_json({"game": "backyard-baseball", "plays": [K, {"swap": True}]})
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert str(info.value).startswith("play 2: swap:")


# --- the summary and the questions ---------------------------------------------------------


def test_the_summary_has_every_key_of_the_rules_readme():
    s = summary([SINGLE])
    for key in ("game", "status", "winner", "score", "inning", "half", "outs", "bases"):
        assert key in s
    for key in ("line_score", "at_bat", "runners"):
        assert key in s
    assert s["game"] == "backyard-baseball"
    assert s["runners"] == ["dot", None, None] and s["bases"] == [True, False, False]
    assert json.loads(json.dumps(s)) == s


def test_pending_asks_about_an_extension_with_the_throw_worked_out():
    state = start()
    question = ENG.pending(state, batters_card("line-drive", "RF", fielder="IL"))
    assert question is not None and question["ask"] == "extend"
    assert question["runner"] == "dot" and question["to"] == "second"
    assert (question["connections"], question["throw"], question["subtract"]) == (2, 1, 3)
    assert ENG.pending(state, {**SINGLE, **extend(1, 4)}) is None
    assert ENG.pending(state, K) is None  # nobody to send, and a strikeout at that
    assert ENG.pending(state, {"swap": True}) is None
    with pytest.raises(InvalidPlay):
        ENG.pending(state, {"fielder": "SS"})


def test_pending_asks_for_a_bobble_roll_only_once_an_event_is_noted():
    fly_out = pitchers_card("fly", "CF", fielder="CF")
    state, _ = run([SINGLE])
    assert ENG.pending(state, fly_out)["ask"] == "extend"
    state, _ = run([SINGLE, {"event": "Neighbor's dog"}])
    question = ENG.pending(state, fly_out)
    assert question["ask"] == "bobble" and question["event"] == "Neighbor's dog"
    assert ENG.pending(state, {**fly_out, "bobble": None})["ask"] == "extend"
    assert ENG.pending(state, {**fly_out, "bobble": 2})["ask"] == "extend"
    assert ENG.pending(state, SINGLE)["ask"] == "extend"  # a hit is not bobbled


def test_legal_plays_are_accepted_and_include_the_swap_when_allowed():
    state, _ = run([SINGLE, SINGLE])
    legal = ENG.legal_plays(state)
    assert {"swap": True} in legal
    assert all(ENG.play(state, raw) for raw in legal)
    assert {"swap": True} not in ENG.legal_plays(run([SINGLE])[0])
    final, _ = run(three_outs() * 2, innings=1)
    assert ENG.legal_plays(final) == []
