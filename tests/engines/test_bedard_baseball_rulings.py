"""One or more focused tests per ruling of ``games/engines/bedard_baseball/RULES.md``.

Plays are raw record objects played from the initial state, so every test reads like a game
record. Expected results come from the rulings text, not from the engine's tables.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.engines import IllegalPlay, InvalidOptions, InvalidPlay, get
from games.engines.baseball.forces import push_runners
from games.engines.bedard_baseball import Card
from games.engines.record import from_json, replay

ENG = get("bedard-baseball")
SUITS = "KRYB"
HIT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]


# --- helpers -------------------------------------------------------------------------------


def pitch(bat: str, field: str, had_suit: bool | None = None, **extra: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {"bat": bat, "field": field, **extra}
    if had_suit is not None:
        raw["field_had_suit"] = had_suit
    return raw


def ball(bat: str, field: str) -> dict[str, Any]:
    return pitch(bat, field, False)


def balk(bat: str, field: str) -> dict[str, Any]:
    return pitch(bat, field, True)


def start(innings: int = 9, **options: Any):
    return ENG.initial_state(ENG.options({"innings": innings, **options}))


def run(plays, innings: int = 9, state=None, **options: Any):
    state = start(innings, **options) if state is None else state
    outcomes = []
    for raw in plays:
        state, outcome = ENG.play(state, raw)
        outcomes.append(outcome)
    return state, outcomes


def summary(plays, innings: int = 9, **options: Any) -> dict[str, Any]:
    return ENG.summary(run(plays, innings, **options)[0])


def last(plays, innings: int = 9, **options: Any):
    state, outcomes = run(plays, innings, **options)
    return ENG.summary(state), outcomes[-1]


# Three fly outs (a fielder's 1 of the led suit).
THREE_OUTS = [pitch("K6", "K1"), pitch("R6", "R1"), pitch("Y3", "Y1")]
# Four balls in one deal: four pitches, eight different cards.
WALK = [ball("K3", "R4"), ball("K5", "R6"), ball("K7", "R8"), ball("K9", "R11")]


class Table:
    """Picks cards not yet played in this deal for the result a test wants next."""

    def __init__(self, innings: int = 9, **options: Any):
        self.state = start(innings, **options)
        self.outcomes: list = []
        self.plays: list[dict[str, Any]] = []

    def free(self) -> list[tuple[str, int]]:
        played = set(ENG.summary(self.state)["deal"]["played"])
        return [(s, v) for s in SUITS for v in HIT_VALUES if f"{s}{v}" not in played]

    def find(self, kind: str) -> dict[str, Any]:
        free = self.free()
        for s, v in free:
            for t, w in free:
                if (s, v) == (t, w):
                    continue
                same = s == t
                ok = {
                    "out": same and w == 1 and v != 1,
                    "single": same and 2 <= w <= 5 and v > w,
                    "double": same and 6 <= w <= 9 and v > w,
                    "triple": same and w in (11, 12) and v > w,
                    "homer": same and v == 1 and w not in (1, 10, 13),
                    "strike": same and v not in (1,) and w > v and w not in (10,),
                    "foul": not same and v == w,
                    "ball": not same and v != w,
                    "balk": not same and v != w,
                }[kind]
                if ok:
                    raw = pitch(f"{s}{v}", f"{t}{w}")
                    if kind in ("ball", "balk"):
                        raw["field_had_suit"] = kind == "balk"
                    return raw
        raise AssertionError(f"no free cards for a {kind}")

    def do(self, *kinds: str) -> Table:
        for kind in kinds:
            raw = self.find(kind)
            self.state, outcome = ENG.play(self.state, raw)
            self.plays.append(raw)
            self.outcomes.append(outcome)
        return self

    def walk(self, times: int = 1) -> Table:
        return self.do(*(["ball"] * 4 * times))

    def outs(self, times: int = 3) -> Table:
        return self.do(*(["out"] * times))

    @property
    def summary(self) -> dict[str, Any]:
        return ENG.summary(self.state)


# --- options ---------------------------------------------------------------------------------


def test_options_default_to_nine_innings_and_the_colour_deck():
    assert ENG.options({}) == {"innings": 9, "deck": "colour"}
    assert ENG.options({"deck": "standard", "innings": 3}) == {"innings": 3, "deck": "standard"}


@pytest.mark.parametrize(
    "options, words",
    [
        ({"deck": "tarot"}, "deck"),
        ({"deck": "Colour"}, "deck"),
        ({"deck": None}, "deck"),
        ({"innings": 0}, "innings"),
        ({"innings": "9"}, "innings"),
        ({"overs": 5}, "overs"),
    ],
)
def test_bad_options_are_refused_by_name(options, words):
    with pytest.raises(InvalidOptions, match=words):
        ENG.options(options)


def test_initial_summary_has_every_baseball_key_and_the_count():
    s = summary([])
    assert s == {
        "game": "bedard-baseball",
        "status": "in_progress",
        "winner": None,
        "score": [0, 0],
        "inning": 1,
        "half": "top",
        "outs": 0,
        "line_score": [[0], []],
        "bases": [False, False, False],
        "balls": 0,
        "strikes": 0,
        "batter": 1,
        "deck": "colour",
        "deal": {"number": 1, "pitches": 0, "played": []},
    }
    assert json.loads(json.dumps(s)) == s


# --- cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bat, field, deck, written",
    [
        ("R7", "R9", "colour", ["R7", "R9"]),
        ("r7", "r9", "colour", ["R7", "R9"]),
        ("K13", "k12", "colour", ["K12", "K13"]),
        ("b1", "B10", "colour", ["B1", "B10"]),
        ("7D", "9d", "standard", ["7D", "9D"]),
        ("ks", "QS", "standard", ["QS", "KS"]),
        ("13S", "12s", "standard", ["QS", "KS"]),
        ("AH", "10h", "standard", ["AH", "10H"]),
        ("1h", "jh", "standard", ["AH", "JH"]),
        ("10C", "11c", "standard", ["10C", "JC"]),
    ],
)
def test_cards_in_both_notations_and_either_case(bat, field, deck, written):
    s = summary([pitch(bat, field)], deck=deck)
    assert s["deal"]["played"] == written


@pytest.mark.parametrize(
    "card, deck",
    [
        ("R14", "colour"),
        ("R0", "colour"),
        ("R07", "colour"),
        ("G7", "colour"),
        ("7R", "colour"),
        ("7D", "colour"),
        ("R 7", "colour"),
        (" R7", "colour"),
        ("R", "colour"),
        ("", "colour"),
        ("R7", "standard"),
        ("K13", "standard"),
        ("D7", "standard"),
        ("TD", "standard"),
        ("14S", "standard"),
        ("0S", "standard"),
        ("AX", "standard"),
        ("A", "standard"),
    ],
)
def test_anything_else_is_an_invalid_play_naming_the_card(card, deck):
    state = start(deck=deck)
    with pytest.raises(InvalidPlay) as info:
        ENG.parse(pitch(card, "B2" if deck == "colour" else "2S"), state)
    assert repr(card) in str(info.value)
    assert f"{deck} deck" in str(info.value)


@pytest.mark.parametrize("card", [7, None, ["R7"], {"suit": "R"}, True])
def test_a_card_that_is_not_a_string_is_invalid(card):
    with pytest.raises(InvalidPlay, match="field"):
        ENG.parse({"bat": "R7", "field": card}, start())


@pytest.mark.parametrize(
    "raw, words",
    [
        ("R7", "JSON object"),
        ([], "JSON object"),
        ({"field": "R9"}, "'bat'"),
        ({"bat": "R7"}, "'field'"),
        ({}, "'bat'"),
    ],
)
def test_malformed_plays(raw, words):
    with pytest.raises(InvalidPlay, match=words):
        ENG.parse(raw, start())


def test_extra_keys_are_ignored():
    assert summary([pitch("R4", "R2", note="first pitch", at="19:05")])["bases"] == [
        True,
        False,
        False,
    ]


# --- field_had_suit ----------------------------------------------------------------------------


def test_another_suit_and_value_without_field_had_suit_is_an_error_that_says_so():
    with pytest.raises(InvalidPlay) as info:
        ENG.play(start(), pitch("B1", "R5"))
    message = str(info.value)
    assert "field_had_suit" in message
    assert "field Red 5 (R5)" in message and "bat Blue 1 (B1)" in message
    assert "blue" in message


def test_field_had_suit_null_counts_as_missing():
    with pytest.raises(InvalidPlay, match="field_had_suit"):
        ENG.play(start(), {"bat": "B1", "field": "R5", "field_had_suit": None})


@pytest.mark.parametrize("value", ["yes", "true", 1, 0, [True]])
def test_field_had_suit_must_be_true_or_false(value):
    with pytest.raises(InvalidPlay, match="true or false"):
        ENG.play(start(), {"bat": "B1", "field": "R5", "field_had_suit": value})


@pytest.mark.parametrize(
    "bat, field", [("R7", "R9"), ("R4", "R2"), ("B13", "R13"), ("K1", "Y1"), ("R1", "R10")]
)
@pytest.mark.parametrize("value", [True, False, "nonsense", None])
def test_field_had_suit_is_ignored_elsewhere(bat, field, value):
    plain = summary([pitch(bat, field)])
    assert summary([{"bat": bat, "field": field, "field_had_suit": value}]) == plain


def test_field_had_suit_is_taken_at_the_players_word():
    # "no yellow in hand", then the fielder answers with a yellow card later in the deal.
    s = summary([ball("Y6", "R3"), pitch("K4", "Y9", True)])
    assert s["balls"] == 0 and s["bases"] == [True, False, False]


# --- resolution: first rule that applies ---------------------------------------------------------

# (lead, answer, result) from the rulings' rules 1-7.
RESOLUTION = [
    # 1. Fielder's 1 of the led suit: fly out, whatever the lead.
    ("B7", "B1", "out"),
    ("K13", "K1", "out"),
    ("Y2", "Y1", "out"),
    # 2. Lead 1: the 10 fouls, the 13 flies out, anything else is a home run.
    ("R1", "R10", "foul"),
    ("R1", "R13", "out"),
    ("R1", "R7", "homer"),  # the sheet says strike; the ruling stands
    ("K1", "K2", "homer"),
    ("Y1", "Y9", "homer"),
    ("B1", "B11", "homer"),
    ("B1", "B12", "homer"),
    # 3. Fielder's 10: lead 2-9 a foul fly out, lead 11-13 a foul ball.
    ("K2", "K10", "out"),
    ("K8", "K10", "out"),
    ("K9", "K10", "out"),
    ("B11", "B10", "foul"),
    ("B13", "B10", "foul"),
    # 4. Higher: strike.
    ("K11", "K12", "strike"),
    ("R2", "R3", "strike"),
    ("Y5", "Y13", "strike"),
    ("B12", "B13", "strike"),
    # 5. Lower: 2-5 single, 6-9 double, 11-12 triple.
    ("R4", "R2", "single"),
    ("R13", "R5", "single"),
    ("Y12", "Y7", "double"),
    ("Y10", "Y6", "double"),
    ("Y13", "Y9", "double"),
    ("B13", "B12", "triple"),
    ("B12", "B11", "triple"),
    ("K10", "K3", "single"),
    # 6. Another suit, the same value: foul ball (the fielder's 1 against a lead 1 too).
    ("B13", "R13", "foul"),
    ("B3", "Y3", "foul"),
    ("K1", "Y1", "foul"),
    ("R10", "K10", "foul"),
    # 7. Another suit and value: ball, or balk when the fielder held the led suit.
    ("Y6", "R3", "ball"),
    ("B1", "K7", "ball"),
    ("B1", "R5", "balk"),
    ("K12", "B1", "ball"),
]


def expected_summary(result: str) -> dict[str, Any]:
    return {
        "out": {"outs": 1, "bases": [False] * 3, "strikes": 0, "balls": 0, "batter": 2},
        "homer": {"score": [1, 0], "bases": [False] * 3, "outs": 0, "batter": 2},
        "foul": {"strikes": 1, "balls": 0, "outs": 0, "batter": 1},
        "strike": {"strikes": 1, "balls": 0, "outs": 0, "batter": 1},
        "single": {"bases": [True, False, False], "batter": 2, "strikes": 0},
        "double": {"bases": [False, True, False], "batter": 2},
        "triple": {"bases": [False, False, True], "batter": 2},
        "ball": {"balls": 1, "strikes": 0, "bases": [False] * 3, "batter": 1},
        "balk": {"bases": [True, False, False], "balls": 0, "batter": 2},
    }[result]


@pytest.mark.parametrize(("lead", "answer", "result"), RESOLUTION)
def test_resolution_table(lead, answer, result):
    raw = pitch(lead, answer, result == "balk" if result in ("ball", "balk") else None)
    s, outcome = last([raw])
    for key, value in expected_summary(result).items():
        assert s[key] == value, (lead, answer, key)
    hit = result in ("single", "double", "triple", "homer")
    assert ("hit" in outcome.tags) == hit


def test_every_pair_of_cards_resolves_to_exactly_one_result():
    """Every lead and answer of a deck give one of the rulings' results, and each rule's
    special cards take precedence as the rulings order them."""
    seen = set()
    for s in SUITS:
        for v in HIT_VALUES:
            for t in SUITS:
                for w in HIT_VALUES:
                    if (s, v) == (t, w):
                        continue
                    raw = pitch(f"{s}{v}", f"{t}{w}", False)
                    out, outcome = last([raw])
                    seen.add(reference_result(s, v, t, w))
                    assert describe(out, outcome) == reference_result(s, v, t, w), raw
    assert seen == {"out", "homer", "foul", "strike", "single", "double", "triple", "ball"}


def reference_result(s: str, v: int, t: str, w: int) -> str:
    """The rulings' rules 1-7 written out again, plainly."""
    if s == t:
        if w == 1:
            return "out"
        if v == 1:
            return {10: "foul", 13: "out"}.get(w, "homer")
        if w == 10:
            return "out" if 2 <= v <= 9 else "foul"
        if w > v:
            return "strike"
        return "single" if w <= 5 else "double" if w <= 9 else "triple"
    return "foul" if v == w else "ball"


def describe(s: dict[str, Any], outcome) -> str:
    if s["outs"]:
        return "out"
    if s["score"][0]:
        return "homer"
    if s["balls"]:
        return "ball"
    if "foul" in outcome.tags:
        return "foul"
    if s["strikes"]:
        return "strike"
    return {0: "single", 1: "double", 2: "triple"}[s["bases"].index(True)]


def test_the_sheets_examples():
    """The sheet's worked examples, in one half-inning (the shared example record)."""
    state, outcomes = run(
        [
            pitch("R4", "R2"),  # single
            pitch("Y12", "Y7"),  # double: the runner from first goes to third
            pitch("K11", "K12"),  # strike
            pitch("B13", "R13"),  # foul ball: strike two
            ball("Y6", "R3"),  # ball
            pitch("K8", "K10"),  # foul fly out
        ]
    )
    s = ENG.summary(state)
    assert s["outs"] == 1 and s["bases"] == [False, True, True]
    assert (s["balls"], s["strikes"]) == (0, 0)
    assert [str(o) for o in outcomes] == [
        "Batter 1 singles (Red 2 against Red 4).",
        "Batter 2 doubles (Yellow 7 against Yellow 12).",
        "Strike one (Black 12 against Black 11).",
        "Foul ball, strike two (Red 13 against Blue 13).",
        "Ball one (Red 3 against Yellow 6, the fielder holding no yellow).",
        "Foul fly out: batter 3 is out (Black 10 against Black 8).",
    ]


def test_the_sheets_balk_example():
    s, outcome = last([balk("B1", "R5")])
    assert s["bases"] == [True, False, False] and s["outs"] == 0
    assert (
        str(outcome)
        == "Balk: batter 1 takes first (Red 5 against Blue 1, the fielder holding blue)."
    )
    assert outcome.tags == ("balk",)


# --- the count ---------------------------------------------------------------------------------


def test_three_strikes_are_an_out():
    s, outcome = last([pitch("K2", "K3"), pitch("K4", "K5"), pitch("K6", "K7")])
    assert s["outs"] == 1 and s["strikes"] == 0 and s["batter"] == 2
    assert str(outcome) == "Strike three: batter 1 strikes out (Black 7 against Black 6)."
    assert "out" in outcome.tags


def test_four_balls_are_a_walk():
    state, outcomes = run(WALK)
    s = ENG.summary(state)
    assert s["bases"] == [True, False, False] and s["balls"] == 0 and s["batter"] == 2
    assert summary(WALK[:3])["balls"] == 3
    assert str(outcomes[-1]).startswith("Ball four: batter 1 walks")
    assert "walk" in outcomes[-1].tags and "hit" not in outcomes[-1].tags


def test_a_foul_counts_as_a_strike_only_below_two_strikes():
    fouls = [pitch("B13", "R13"), pitch("B3", "Y3"), pitch("K4", "R4"), pitch("K5", "B5")]
    counts = [(s["balls"], s["strikes"]) for s in map(summary, [fouls[:n] for n in (1, 2, 3, 4)])]
    assert counts == [(0, 1), (0, 2), (0, 2), (0, 2)]
    s, outcome = last(fouls)
    assert s["outs"] == 0 and s["batter"] == 1
    assert str(outcome) == "Foul ball with two strikes: the count stays (Blue 5 against Black 5)."


def test_a_strike_after_fouls_is_strike_three():
    s = summary([pitch("B13", "R13"), pitch("B3", "Y3"), pitch("K4", "R4"), pitch("K5", "K6")])
    assert s["outs"] == 1 and s["strikes"] == 0


@pytest.mark.parametrize("before", [[], [pitch("K2", "K3")], WALK[:3] + [pitch("B2", "B3")]])
def test_a_foul_fly_out_is_an_out_whatever_the_count(before):
    s = summary([*before, pitch("Y8", "Y10")])
    assert s["outs"] == 1 and (s["balls"], s["strikes"]) == (0, 0)


@pytest.mark.parametrize(
    "ending", [pitch("R13", "R2"), ball("Y13", "B12"), balk("Y13", "B12"), pitch("Y5", "Y1")]
)
def test_the_count_resets_when_the_turn_ends(ending):
    s = summary([*WALK[:3], pitch("B3", "B4"), pitch("B5", "B6"), ending])
    assert (s["balls"], s["strikes"]) == (0, 0)
    assert s["batter"] == 2


def test_the_count_carries_over_ball_and_strike():
    s = summary([ball("Y6", "R3"), pitch("K11", "K12"), ball("Y7", "R2"), pitch("B2", "K2")])
    assert (s["balls"], s["strikes"]) == (2, 2)


# --- runners -----------------------------------------------------------------------------------


def reference_push(bases: list[bool], reached: int) -> tuple[list[bool], int]:
    """The push rule, step by step: the batter takes ``reached``; every runner on or
    behind that base is pushed ahead of the batter in order, each to the nearest base ahead
    of the runner behind; runners further on stay unless the base is taken."""
    runners = [b + 1 for b, on in enumerate(bases) if on]
    occupied = {reached}
    placed = []
    last_base = reached
    for base in runners:  # from the back
        if base <= last_base:
            base = last_base + 1
        placed.append(base)
        last_base = base
    runs = sum(1 for b in placed if b > 3)
    occupied |= {b for b in placed if b <= 3}
    return [b in occupied for b in (1, 2, 3)], runs


ALL_BASES = [[bool(n & 1), bool(n & 2), bool(n & 4)] for n in range(8)]


@pytest.mark.parametrize("bases", ALL_BASES)
@pytest.mark.parametrize("reached", [1, 2, 3])
def test_push_runners_matches_the_rule(bases, reached):
    new, runs = push_runners(tuple(bases), reached)
    assert (list(new), runs) == reference_push(bases, reached)
    assert sum(bases) + 1 == sum(new) + runs  # nobody is lost or made up


@pytest.mark.parametrize(
    "bases, reached, after, runs",
    [
        # The rulings' examples.
        ([True, False, False], 1, [True, True, False], 0),
        ([True, True, False], 2, [False, True, True], 1),
        # A runner with an empty base behind them stays.
        ([False, True, False], 1, [True, True, False], 0),
        ([False, False, True], 1, [True, False, True], 0),
        ([False, False, True], 2, [False, True, True], 0),
        ([True, False, True], 1, [True, True, True], 0),
        # Pushed past third scores.
        ([True, True, True], 1, [True, True, True], 1),
        ([True, False, True], 2, [False, True, True], 1),
        ([True, True, True], 2, [False, True, True], 2),
        ([True, False, False], 3, [False, False, True], 1),
        ([False, True, True], 3, [False, False, True], 2),
    ],
)
def test_push_rule_examples(bases, reached, after, runs):
    assert push_runners(tuple(bases), reached) == (tuple(after), runs)


def test_single_with_a_runner_on_first_through_the_engine():
    s = summary([pitch("R4", "R2"), pitch("K13", "K3")])
    assert s["bases"] == [True, True, False] and s["score"] == [0, 0]


def test_double_with_runners_on_first_and_second_through_the_engine():
    s, outcome = last([pitch("R4", "R2"), pitch("K13", "K3"), pitch("Y12", "Y7")])
    assert s["bases"] == [False, True, True] and s["score"] == [1, 0]
    assert str(outcome) == "Batter 3 doubles (Yellow 7 against Yellow 12): one run scores."
    assert outcome.runs == 1


def test_a_walk_moves_only_forced_runners():
    # runner on second only: a walk puts the batter on first, the runner stays
    s = summary([pitch("Y12", "Y7"), *WALK])
    assert s["bases"] == [True, True, False] and s["score"] == [0, 0]


def test_a_walk_with_the_bases_loaded_forces_a_run():
    t = Table().do("single", "single", "single").walk()
    assert t.summary["bases"] == [True, True, True] and t.summary["score"] == [1, 0]
    assert "one run scores" in str(t.outcomes[-1])


def test_a_balk_forces_runners_like_a_walk():
    s = summary([pitch("R4", "R2"), pitch("K13", "K3"), pitch("Y5", "Y4"), balk("B9", "K8")])
    assert s["bases"] == [True, True, True] and s["score"] == [1, 0]


def test_a_home_run_scores_the_batter_and_every_runner():
    s, outcome = last([pitch("R4", "R2"), pitch("Y12", "Y7"), pitch("B1", "B5")])
    assert s["score"] == [3, 0] and s["bases"] == [False, False, False]
    assert str(outcome) == "Batter 3 homers (Blue 5 against Blue 1): three runs score."
    assert outcome.tags == ("hit", "home-run") and outcome.runs == 3


@pytest.mark.parametrize("out", [pitch("B7", "B1"), pitch("K8", "K10"), pitch("R1", "R13")])
def test_runners_never_advance_on_outs(out):
    before = summary([pitch("R4", "R2"), pitch("Y12", "Y7")])
    after = summary([pitch("R4", "R2"), pitch("Y12", "Y7"), out])
    assert after["bases"] == before["bases"] == [False, True, True]
    assert after["score"] == [0, 0] and after["outs"] == 1


# --- deals -------------------------------------------------------------------------------------


def test_a_card_cannot_be_played_twice_in_one_deal():
    state, _ = run([pitch("R4", "R2")])
    snapshot = copy.deepcopy(state)
    for raw, card in [
        (pitch("R4", "R9"), "R4"),
        (pitch("K2", "R2"), "R2"),
        (pitch("R2", "R9"), "R2"),  # the fielder's card cannot be led either
        (pitch("B4", "R4"), "R4"),
        (ball("B9", "R4"), "R4"),
    ]:
        with pytest.raises(IllegalPlay) as info:
            ENG.play(state, raw)
        title = f"Red {card[1:]}"  # as the scoring screen titles the card
        assert f"card {title} has already been played in this deal" in str(info.value)
        assert state == snapshot


def test_the_lead_and_the_answer_cannot_be_the_same_card():
    state = start()
    with pytest.raises(IllegalPlay, match="card Red 7 cannot be both"):
        ENG.play(state, pitch("R7", "r7"))
    with pytest.raises(IllegalPlay, match="card Queen of Hearts cannot be both"):
        ENG.play(start(deck="standard"), pitch("QH", "12H"))
    assert state == start()


# --- the words: cards named as the scoring screen titles them -----------------------------


@pytest.mark.parametrize(
    "deck, suit, value, title, name",
    [
        ("colour", "R", 7, "Red 7", "R7"),
        ("colour", "K", 13, "Black 13", "K13"),
        ("colour", "B", 1, "Blue 1", "B1"),
        ("standard", "S", 1, "Ace of Spades", "AS"),
        ("standard", "H", 12, "Queen of Hearts", "QH"),
        ("standard", "D", 10, "10 of Diamonds", "10D"),
        ("standard", "C", 8, "8 of Clubs", "8C"),
    ],
)
def test_a_card_has_a_title_in_words_and_a_name_in_the_records_notation(
    deck, suit, value, title, name
):
    card = Card(suit, value)
    assert card.title(deck) == title
    assert card.name(deck) == name
    assert card.title_with_name(deck) == f"{title} ({name})"


def test_standard_deck_outcomes_and_refusals_name_the_cards_in_words():
    state, outcome = ENG.play(start(deck="standard"), ball("as", "7H"))
    assert str(outcome) == (
        "Ball one (7 of Hearts against Ace of Spades, the fielder holding no spades)."
    )
    with pytest.raises(IllegalPlay) as info:
        ENG.play(state, pitch("KH", "7h"))
    assert str(info.value) == (
        "field 7 of Hearts (7H): card 7 of Hearts has already been played in this deal "
        "(deal 1 of the top of the 1st, pitch 2)"
    )
    with pytest.raises(InvalidPlay) as missing:
        ENG.play(state, pitch("KS", "2D"))
    assert (
        "field 2 of Diamonds (2D) is another suit and another value than bat King of Spades "
        "(KS)" in str(missing.value)
    )


def test_colour_deck_refusals_name_the_cards_in_words():
    state, _ = run([pitch("R4", "R2")])
    with pytest.raises(IllegalPlay) as info:
        ENG.play(state, pitch("R4", "R9"))
    assert str(info.value) == (
        "bat Red 4 (R4): card Red 4 has already been played in this deal "
        "(deal 1 of the top of the 1st, pitch 2)"
    )
    with pytest.raises(IllegalPlay, match=r"^card Black 9 cannot be both the batter's lead"):
        ENG.play(state, pitch("K9", "k9"))
    with pytest.raises(InvalidPlay, match=r"bat 'R 4' is not a card of the colour deck"):
        ENG.play(state, pitch("R 4", "R9"))  # what was posted is quoted as it was


def test_after_eleven_pitches_a_new_deal_begins():
    plays = [pitch(f"K{v}", f"R{v}") for v in range(2, 13)]  # eleven fouls, 22 cards
    state, outcomes = run(plays)
    s = ENG.summary(state)
    assert s["deal"] == {"number": 2, "pitches": 0, "played": []}
    assert str(outcomes[-1]).endswith("Eleven pitches: a new deal.")
    assert "new-deal" in outcomes[-1].tags
    # Every card may be played again, and the twelfth pitch starts filling the new deal.
    state, _ = run([pitch("K2", "R2")], state=state)
    assert ENG.summary(state)["deal"] == {"number": 2, "pitches": 1, "played": ["K2", "R2"]}


def test_ten_pitches_are_still_one_deal():
    state, _ = run([pitch(f"K{v}", f"R{v}") for v in range(2, 12)])
    s = ENG.summary(state)
    assert s["deal"]["number"] == 1 and s["deal"]["pitches"] == 10
    assert len(s["deal"]["played"]) == 20
    with pytest.raises(IllegalPlay, match="K5"):
        ENG.play(state, pitch("K5", "Y5"))


def test_a_new_half_inning_starts_a_new_deal():
    s = summary([pitch("R4", "R2"), *THREE_OUTS])
    assert s["half"] == "bottom" and s["deal"] == {"number": 1, "pitches": 0, "played": []}
    assert summary([pitch("R4", "R2"), *THREE_OUTS, pitch("R4", "R2")])["bases"][0]


# --- innings and the end -------------------------------------------------------------------------


def test_three_outs_end_the_half_inning_with_a_clean_slate():
    s, outcome = last([pitch("R4", "R2"), pitch("Y12", "Y7"), ball("K3", "B4"), *THREE_OUTS])
    assert (s["inning"], s["half"], s["outs"]) == (1, "bottom", 0)
    assert s["bases"] == [False] * 3 and (s["balls"], s["strikes"]) == (0, 0)
    assert s["line_score"] == [[0], [0]]
    assert s["batter"] == 1  # the home side's first batter
    assert str(outcome) == (
        "Batter 5 flies out (Yellow 1 against Yellow 3). Three outs: end of the top of the 1st."
    )
    assert "half-over" in outcome.tags


def test_the_batting_order_carries_over_between_half_innings():
    t = Table(innings=3).do("single", "single").outs().outs()
    assert t.summary["batter"] == 6 and t.summary["half"] == "top" and t.summary["inning"] == 2


def test_the_bottom_of_the_last_is_not_played_when_the_home_side_leads():
    t = Table(innings=2).outs().do("homer").outs().outs()
    s = t.summary
    assert s["status"] == "final" and s["winner"] == 1 and s["score"] == [0, 1]
    assert (s["inning"], s["half"], s["outs"]) == (2, "top", 3)
    assert s["line_score"] == [[0, 0], [1]]
    assert str(t.outcomes[-1]).endswith("Three outs: end of the top of the 2nd. Game over.")


def test_the_game_ends_as_soon_as_the_home_side_leads_in_the_last_inning_every_run_counts():
    t = Table(innings=1).do("single").outs().do("single", "single", "homer")
    s = t.summary
    assert s["status"] == "final" and s["winner"] == 1 and s["score"] == [0, 3]
    assert s["outs"] == 0 and str(t.outcomes[-1]).endswith("Walk-off: game over.")
    assert "walk-off" in t.outcomes[-1].tags


def test_a_walk_off_walk():
    t = Table(innings=1).outs().do("single", "single", "single").walk()
    s = t.summary
    assert s["status"] == "final" and s["score"] == [0, 1]
    assert s["bases"] == [True, True, True]  # the state as the last play left it


def test_a_walk_off_balk():
    t = Table(innings=1).outs().do("double", "balk", "balk", "balk")
    s = t.summary
    assert s["status"] == "final" and s["score"] == [0, 1]


def test_the_visitors_win_after_a_full_last_inning():
    t = Table(innings=1).do("homer").outs().outs()
    s = t.summary
    assert s["status"] == "final" and s["winner"] == 0 and s["score"] == [1, 0]
    assert (s["inning"], s["half"], s["outs"]) == (1, "bottom", 3)
    assert str(t.outcomes[-1]).endswith("Three outs: end of the bottom of the 1st. Game over.")


def test_a_tie_goes_to_extra_innings_until_a_full_inning_ends_with_a_leader():
    t = Table(innings=1).do("homer").outs().do("homer").outs()
    assert t.summary["status"] == "in_progress"
    assert (t.summary["inning"], t.summary["half"]) == (2, "top")
    t.outs().do("homer")  # the home side takes the lead in the bottom of the 2nd
    s = t.summary
    assert s["status"] == "final" and s["winner"] == 1 and s["line_score"] == [[1, 0], [1, 1]]


def test_an_extra_inning_the_visitors_win():
    t = Table(innings=1).outs().outs().do("homer").outs().outs()
    s = t.summary
    assert s["status"] == "final" and s["winner"] == 0 and s["line_score"] == [[0, 1], [0, 0]]


def test_a_play_after_the_game_is_final_is_illegal():
    t = Table(innings=1).do("homer").outs().outs()
    state = t.state
    for raw in (pitch("R4", "R2"), pitch("K5", "K5"), ball("Y6", "R3")):
        with pytest.raises(IllegalPlay, match="the game is over"):
            ENG.play(state, raw)
    assert ENG.is_over(state) and ENG.legal_plays(state) == []
    assert ENG.pending(state, pitch("Y6", "R3")) is None


# --- the scoring screen's question ---------------------------------------------------------------


def test_pending_asks_only_for_another_suit_and_another_value():
    state = start()
    assert ENG.pending(state, pitch("B1", "R5")) == {
        "ask": "had_suit",
        "bat": "B1",
        "field": "R5",
        "bat_title": "Blue 1",
        "field_title": "Red 5",
        "suit": "Blue",
    }
    for raw in (pitch("B1", "R5", True), pitch("B1", "R5", False), pitch("R7", "R9")):
        assert ENG.pending(state, raw) is None
    assert ENG.pending(state, pitch("B1", "R1")) is None  # a foul, no question
    played, _ = run([pitch("R5", "R2")])
    assert ENG.pending(played, pitch("B1", "R5")) is None  # illegal anyway: apply says so
    with pytest.raises(InvalidPlay):
        ENG.pending(state, pitch("B1", "X5"))


def test_pending_in_a_standard_deck():
    state = start(deck="standard")
    assert ENG.pending(state, pitch("ah", "5D")) == {
        "ask": "had_suit",
        "bat": "AH",
        "field": "5D",
        "bat_title": "Ace of Hearts",
        "field_title": "5 of Diamonds",
        "suit": "Hearts",
    }


# --- legal plays, records ----------------------------------------------------------------------


def test_legal_plays_are_accepted_and_use_free_cards_only():
    state, _ = run([pitch("R4", "R2"), pitch("Y12", "Y7")])
    legal = ENG.legal_plays(state)
    used = {"R4", "R2", "Y12", "Y7"}
    free = [f"{s}{v}" for s in SUITS for v in HIT_VALUES if f"{s}{v}" not in used]
    # Every pair of different free cards once, and twice (balk or ball) when the answer is
    # another suit and another value.
    expected = sum(
        2 if a[0] != b[0] and a[1:] != b[1:] else 1 for a in free for b in free if a != b
    )
    assert len(legal) == expected
    assert all(p["bat"] not in used and p["field"] not in used for p in legal)
    for raw in legal[::97]:
        ENG.play(state, raw)


def test_the_standard_deck_plays_the_same_game():
    colour = summary([pitch("R4", "R2"), pitch("Y12", "Y7"), ball("K3", "B4"), balk("B1", "R5")])
    standard = summary(
        [pitch("4D", "2D"), pitch("QH", "7H"), ball("3C", "4S"), balk("AS", "5D")],
        deck="standard",
    )
    strip = ("deck", "deal")
    assert {k: v for k, v in colour.items() if k not in strip} == {
        k: v for k, v in standard.items() if k not in strip
    }
    assert standard["deal"]["played"] == ["3C", "2D", "4D", "5D", "7H", "QH", "AS", "4S"]


def test_a_record_replays_to_the_same_summary():
    plays = [pitch("R4", "R2"), pitch("Y12", "Y7"), ball("K3", "B4"), *THREE_OUTS]
    data = {"game": "bedard-baseball", "options": {"innings": 3}, "plays": plays}
    assert replay(from_json(data)).summary() == summary(plays, innings=3)
