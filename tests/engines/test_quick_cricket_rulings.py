"""One or more focused tests per ruling of ``games/engines/quick_cricket/RULES.md``.

Plays are written as raw record objects and played from the initial state, so every test
reads like a game record. Expected results come from the rulings text (the runs charts and
Path cards are transcribed here, not read from the engine's catalogue).

Quadrants: ``B C`` on top, ``A D`` below. Two deliveries used throughout:

- a **dot**: Pitch A, Path B, move A, stroke A (stroke Pitch x move Pitch = 0), and
- **bowled**: Pitch D, Path C, move A, stroke B (stroke Empty x move Empty), in either style
  (no yorker, no bouncer).
"""

from __future__ import annotations

import copy
import json
from itertools import product
from typing import Any

import pytest

from games.engines import EngineError, IllegalPlay, InvalidOptions, InvalidPlay, get
from games.engines.record import ReplayError, from_json, replay

ENG = get("quick-cricket")

QUADRANTS = "ABCD"
OUT, NOT_OUT = "out", "not out"

# The rulings' runs charts (wickets-down band -> quadrant -> runs) and Path cards, transcribed.
BANDS = {
    (0, 0): {"A": 8, "B": 12, "C": 10, "D": 5},
    (1, 2): {"A": 8, "B": 10, "C": 8, "D": 7},
    (3, 4): {"A": 8, "B": 7, "C": 5, "D": 10},
    (5, 6): {"A": 6, "B": 6, "C": 5, "D": 8},
    (7, 9): {"A": 4, "B": 5, "C": 4, "D": 6},
}
PATH_RUNS = {"1": 1, "2": 2, "3": 3, "4": 4}


def chart(wickets: int, quadrant: str) -> int:
    for (low, high), runs in BANDS.items():
        if low <= wickets <= high:
            return runs[quadrant]
    raise AssertionError(wickets)


# The outcome table: (stroke class, move class) -> outcome.
TABLE = {
    ("pitch", "pitch"): "dot",
    ("pitch", "path"): "runs",
    ("pitch", "empty"): "caught",
    ("path", "pitch"): "runs",
    ("path", "path"): "runs",
    ("path", "empty"): "four",
    ("empty", "pitch"): "lbw",
    ("empty", "path"): "runs",
    ("empty", "empty"): "bowled",
}


def classify(quadrant: str, pitch: str, path: str) -> str:
    if quadrant == path:
        return "path"
    if quadrant == pitch:
        return "pitch"
    return "empty"


# --- helpers -------------------------------------------------------------------------------


def delivery(
    pitch: str,
    path: str | None = None,
    move: str | None = None,
    stroke: str | None = None,
    *,
    card: str | int = "1",
    **extra: Any,
) -> dict[str, Any]:
    """A delivery's play object; ``extra`` adds big_hit, umpire, bouncer, review, no_ball."""
    raw: dict[str, Any] = {"pitch": pitch, "path_card": card}
    if path is not None:
        raw["path"] = path
    if move is not None:
        raw["move"] = move
    if stroke is not None:
        raw["stroke"] = stroke
    raw.update(extra)
    return raw


DECLARE = {"declare": True}


def fielder(quadrant: str | None) -> dict[str, Any]:
    return {"fielder": quadrant}


class Game:
    """A match in progress, played from raw play objects. It keeps the record and picks the
    lowest Path card still unused in this over when a test does not name one."""

    def __init__(self, raw_options: dict[str, Any] | None = None, **options: Any):
        if raw_options is None:
            raw_options = {"overs": 16, "innings": 1, "first_style": "pace", **options}
        raw = raw_options
        self.raw_options = raw
        self.options = ENG.options(raw)
        self.state = ENG.initial_state(self.options)
        self.plays: list[Any] = []
        self.outcomes: list[Any] = []
        self.used: set[str] = set()

    # state
    @property
    def s(self) -> dict[str, Any]:
        return ENG.summary(self.state)

    @property
    def inn(self) -> dict[str, Any]:
        return self.s["innings"][-1]

    def card(self) -> str:
        return next(c for c in "1234" if c not in self.used)

    # plays
    def play(self, raw: Any):
        state, outcome = ENG.play(self.state, raw)
        self.state = state
        self.plays.append(raw)
        self.outcomes.append(outcome)
        if isinstance(raw, dict) and "path_card" in raw and not raw.get("no_ball"):
            self.used.add(str(raw["path_card"]))
        if not self.s["innings"] or self.inn["overs"].endswith(".0"):
            self.used.clear()
        return outcome

    def raw(self, pitch, path=None, move=None, stroke=None, *, card=None, **extra):
        return delivery(pitch, path, move, stroke, card=card or self.card(), **extra)

    def ball(self, pitch, path=None, move=None, stroke=None, *, card=None, **extra):
        return self.play(self.raw(pitch, path, move, stroke, card=card, **extra))

    def no_ball(self, pitch: str = "B", *, card=None, **extra):
        return self.play(delivery(pitch, card=card or self.card(), no_ball=True, **extra))

    def dot(self, n: int = 1):
        outcome = None
        for _ in range(n):
            outcome = self.ball("A", "B", "A", "A")
        return outcome

    def bowled(self, n: int = 1):
        outcome = None
        for _ in range(n):
            outcome = self.ball("D", "C", "A", "B")
        return outcome

    def runs(self, quadrant: str = "B", *, card=None, pitch: str | None = None):
        """A Runs delivery (stroke and move both on the Path) into ``quadrant``."""
        if pitch is None:
            pitch = "A" if quadrant != "A" else "D"
        return self.ball(pitch, quadrant, quadrant, quadrant, card=card)

    def caught_appeal(self, umpire: list[str] | None, **extra):
        """Pitch A, Path B, move C, stroke A: stroke Pitch x move Empty = Out? Caught."""
        if umpire is not None:
            extra["umpire"] = umpire
        return self.ball("A", "B", "C", "A", **extra)

    def lbw(self, umpire: list[str] | None = None, **extra):
        """Pitch A, Path B, move A, stroke C: stroke Empty x move Pitch = LBW."""
        if umpire is not None:
            extra["umpire"] = umpire
        return self.ball("A", "B", "A", "C", **extra)

    def declare(self):
        return self.play(DECLARE)

    def rejects(self, raw: Any, error: type[EngineError] = IllegalPlay) -> None:
        snapshot = copy.deepcopy(self.state)
        before = self.s
        with pytest.raises(error):
            ENG.play(self.state, raw)
        assert self.state == snapshot
        assert self.s == before

    def record(self) -> dict[str, Any]:
        return {"game": "quick-cricket", "options": self.raw_options, "plays": self.plays}


def new(**options: Any) -> Game:
    return Game(**options)


# --- the summary ---------------------------------------------------------------------------


def test_initial_summary():
    s = new().s
    assert s["game"] == "quick-cricket"
    assert s["status"] == "in_progress"
    assert s["winner"] is None
    assert s["score"] == [0, 0]
    assert s["style"] == "pace"
    assert s["umpire_cards"] == 3
    assert s["target"] is None
    assert len(s["innings"]) == 1
    first = s["innings"][0]
    assert first["batting"] == 0
    assert (first["runs"], first["wickets"], first["overs"]) == (0, 0, "0.0")
    assert first["partnerships"] == [0]
    assert first["fall_of_wickets"] == []
    assert first["reviews_left"] == [3, 3]
    assert json.loads(json.dumps(s)) == s


def test_initial_extra_keys():
    s = new().s
    assert s["fielder"] is None
    assert s["path_cards_left"] == ["1", "2", "3", "4"]
    assert s["margin"] is None
    assert s["innings"][0]["declared"] is False
    assert s["innings"][0]["closed"] is False


def test_path_cards_left_shrinks_and_comes_back_each_over():
    g = new()
    g.ball("A", "B", "A", "A", card="3")
    assert g.s["path_cards_left"] == ["1", "2", "4"]
    g.ball("A", "B", "A", "A", card="1")
    assert g.s["path_cards_left"] == ["2", "4"]
    g.dot(2)
    assert g.inn["overs"] == "1.0"
    assert g.s["path_cards_left"] == ["1", "2", "3", "4"]


def test_sheet_example():
    """3 wickets down: Pitch A, Path card "4" in B, move B, stroke D -> 10 + 4 = 14."""
    g = new()
    g.bowled(3)
    outcome = g.ball("A", "B", "B", "D", card="4")
    assert g.inn["runs"] == 14
    assert g.inn["wickets"] == 3
    assert g.inn["overs"] == "1.0"
    assert g.inn["partnerships"] == [0, 0, 0, 14]
    assert g.inn["fall_of_wickets"] == [0, 0, 0]
    assert str(outcome)


# --- the outcome table ---------------------------------------------------------------------

# Pitch/Path pairs that are neither yorkers nor bouncers in either style.
PAIRS = [("A", "B"), ("C", "D"), ("D", "A"), ("B", "C"), ("C", "B")]


def expected_kind(pitch: str, path: str, move: str, stroke: str) -> str:
    return TABLE[(classify(stroke, pitch, path), classify(move, pitch, path))]


def check_cell(style: str, pitch: str, path: str, move: str, stroke: str) -> None:
    g = new(first_style=style)
    kind = expected_kind(pitch, path, move, stroke)
    raw = g.raw(pitch, path, move, stroke, card="1")
    appeal = kind == "caught" or (kind == "lbw" and style == "pace")
    if appeal:
        g.rejects(raw)  # the umpire is required
        g.rejects({**raw, "umpire": [OUT, NOT_OUT]})  # one card (no fielder)
        g.play({**raw, "umpire": [OUT]})
        assert g.inn["wickets"] == 1
        assert g.inn["runs"] == 0
        assert g.inn["fall_of_wickets"] == [0]
        assert g.s["umpire_cards"] == 3
        again = new(first_style=style)
        again.play({**raw, "umpire": [NOT_OUT]})
        assert again.inn["wickets"] == 0
        assert again.inn["runs"] == 0  # an appeal that ends NOT OUT is a dot ball
        assert again.inn["overs"] == "0.1"
        assert again.s["umpire_cards"] == 2
        return
    g.rejects({**raw, "umpire": [OUT]})  # no umpire on this outcome
    g.play(raw)
    assert g.inn["overs"] == "0.1"
    assert g.s["umpire_cards"] == 3
    if kind in ("bowled", "lbw"):  # spin LBW: out, no appeal
        assert (g.inn["wickets"], g.inn["runs"], g.inn["fall_of_wickets"]) == (1, 0, [0])
        assert g.inn["partnerships"] == [0, 0]
        return
    expected = {"dot": 0, "four": 4 + 1, "runs": chart(0, stroke) + 1}[kind]
    assert (g.inn["wickets"], g.inn["runs"]) == (0, expected)
    assert g.inn["partnerships"] == [expected]
    assert g.s["score"] == [expected, 0]


@pytest.mark.parametrize("style", ["pace", "spin"])
@pytest.mark.parametrize(("pitch", "path"), PAIRS)
@pytest.mark.parametrize(("move", "stroke"), list(product(QUADRANTS, QUADRANTS)))
def test_outcome_table(style, pitch, path, move, stroke):
    check_cell(style, pitch, path, move, stroke)


@pytest.mark.parametrize("style", ["pace", "spin"])
@pytest.mark.parametrize(
    ("cell", "move", "stroke", "kind"),
    [
        ("Pitch/Pitch", "A", "A", "dot"),
        ("Pitch/Path", "B", "A", "runs"),
        ("Pitch/Empty", "C", "A", "caught"),
        ("Path/Pitch", "A", "B", "runs"),
        ("Path/Path", "B", "B", "runs"),
        ("Path/Empty", "D", "B", "four"),
        ("Empty/Pitch", "A", "D", "lbw"),
        ("Empty/Path", "B", "C", "runs"),
        ("Empty/Empty", "D", "C", "bowled"),
    ],
)
def test_all_nine_cells_named(style, cell, move, stroke, kind):
    """The nine cells (stroke row / move column) with Pitch A, Path B."""
    assert expected_kind("A", "B", move, stroke) == kind
    check_cell(style, "A", "B", move, stroke)


def test_runs_is_chart_at_stroke_plus_path_card():
    g = new()
    g.ball("A", "B", "B", "D", card="2")  # stroke Empty x move Path -> D: 5 + 2
    assert g.inn["runs"] == 7
    g.ball("A", "B", "A", "B", card="3")  # stroke Path x move Pitch -> B: 12 + 3
    assert g.inn["runs"] == 22
    g.ball("C", "B", "B", "C", card="4")  # stroke Pitch x move Path -> C: 10 + 4
    assert g.inn["runs"] == 36


def test_four_is_four_plus_path_card():
    g = new()
    g.ball("A", "B", "C", "B", card="4")
    assert g.inn["runs"] == 8
    g.bowled(3)
    g.ball("A", "B", "D", "B", card="2")  # a 4 does not depend on the wickets down
    assert g.inn["runs"] == 14


def test_dot_ball_adds_no_path_runs():
    g = new()
    g.ball("A", "B", "A", "A", card="4")
    assert g.inn["runs"] == 0
    assert g.inn["overs"] == "0.1"


# --- runs charts and Path cards --------------------------------------------------------------


@pytest.mark.parametrize("wickets", range(10))
@pytest.mark.parametrize("quadrant", QUADRANTS)
def test_runs_chart_by_wickets_down(wickets, quadrant):
    g = new(overs=None)
    g.bowled(wickets)
    card = g.card()
    g.runs(quadrant, card=card)
    assert g.inn["wickets"] == wickets
    assert g.inn["runs"] == chart(wickets, quadrant) + PATH_RUNS[card]
    assert g.inn["partnerships"][-1] == g.inn["runs"]


@pytest.mark.parametrize("card", ["1", "2", "3", "4"])
def test_path_card_runs(card):
    g = new()
    g.ball("A", "B", "B", "B", card=card)
    assert g.inn["runs"] == 12 + PATH_RUNS[card]


def test_path_card_may_be_an_int():
    g = new()
    g.ball("A", "B", "B", "B", card=3)
    assert g.inn["runs"] == 15
    g.rejects(delivery("A", "B", "A", "A", card="3"))
    g.rejects(delivery("A", "B", "A", "A", card=3))


def test_four_path_cards_make_an_over():
    g = new()
    for card in "4213":
        g.ball("A", "B", "A", "A", card=card)
    assert g.inn["overs"] == "1.0"
    g.ball("A", "B", "A", "A", card="4")  # all four cards back for the next over
    assert g.inn["overs"] == "1.1"


def test_path_card_used_this_over_is_illegal():
    g = new()
    g.ball("A", "B", "A", "A", card="2")
    g.rejects(delivery("A", "B", "A", "A", card="2"))
    g.rejects(delivery("B", card="2", no_ball=True))  # a no ball needs an unused card too


def test_overs_notation_counts_four_deliveries():
    g = new()
    seen = []
    for _ in range(9):
        g.dot()
        seen.append(g.inn["overs"])
    assert seen == ["0.1", "0.2", "0.3", "1.0", "1.1", "1.2", "1.3", "2.0", "2.1"]


# --- the fielder ---------------------------------------------------------------------------


def test_fielder_takes_four_off_runs_into_its_quadrant():
    g = new()
    g.play(fielder("B"))
    assert g.s["fielder"] == "B"
    g.ball("A", "B", "B", "B", card="1")  # 12 + 1 - 4
    assert g.inn["runs"] == 9
    g.ball("A", "C", "C", "C", card="2")  # C: 10 + 2, the fielder is beside B
    assert g.inn["runs"] == 21


@pytest.mark.parametrize("quadrant", QUADRANTS)
def test_fielder_reduction_per_quadrant(quadrant):
    g = new()
    g.play(fielder(quadrant))
    g.runs(quadrant, card="4")
    assert g.inn["runs"] == chart(0, quadrant) + 4 - 4


def test_fielder_reduction_not_below_zero():
    """Default runs are never under 5, so use a catalogue whose 0-wickets chart has 1s."""
    data = {
        "runs_charts": [
            {"wickets": [0, 0], "runs": {"A": 1, "B": 1, "C": 0, "D": 2}},
            {"wickets": [1, 2], "runs": BANDS[(1, 2)]},
            {"wickets": [3, 4], "runs": BANDS[(3, 4)]},
            {"wickets": [5, 6], "runs": BANDS[(5, 6)]},
            {"wickets": [7, 9], "runs": BANDS[(7, 9)]},
        ],
        "path_cards": [{"id": c, "runs": r} for c, r in PATH_RUNS.items()],
    }
    try:
        g = new(catalogue=data)
    except InvalidOptions as exc:  # pragma: no cover - an engine without the option
        pytest.skip(f"no catalogue option: {exc}")
    g.play(fielder("B"))
    g.ball("A", "B", "B", "B", card="1")  # 1 + 1 - 4 -> 0, not -2
    assert g.inn["runs"] == 0
    g.ball("A", "B", "B", "B", card="4")  # 1 + 4 - 4
    assert g.inn["runs"] == 1


def test_fielder_turns_a_four_into_a_dot():
    g = new()
    g.play(fielder("B"))
    g.ball("A", "B", "C", "B", card="4")  # stroke Path x move Empty into B
    assert g.inn["runs"] == 0
    assert g.inn["overs"] == "0.1"
    g.ball("A", "C", "B", "C", card="3")  # a 4 into C, the fielder is beside B: 4 + 3
    assert g.inn["runs"] == 7


def test_fielder_does_not_touch_a_dot_or_a_wicket():
    g = new()
    g.play(fielder("A"))
    g.dot()
    g.bowled()
    assert (g.inn["runs"], g.inn["wickets"]) == (0, 1)


def test_fielder_only_at_the_start_of_a_spell():
    g = new()
    g.play(fielder("A"))
    g.play(fielder("C"))  # several placements before anything is bowled
    g.play(fielder(None))
    g.play(fielder("D"))
    assert g.s["fielder"] == "D"
    g.dot()
    g.rejects(fielder("A"))
    g.rejects(fielder(None))
    g.dot(3)
    assert g.inn["overs"] == "1.0"
    g.rejects(fielder("A"))  # a new over is not a new spell
    g.dot(12)
    assert g.inn["overs"] == "4.0"
    assert g.s["style"] == "spin"
    g.play(fielder("B"))  # the start of the second spell
    assert g.s["fielder"] == "B"
    g.dot()
    g.rejects(fielder("C"))


def test_fielder_too_late_after_a_no_ball():
    g = new()
    g.no_ball()
    assert g.inn["overs"] == "0.0"
    g.rejects(fielder("A"))
    g.dot(16)
    g.no_ball()
    g.rejects(fielder("A"))


def test_fielder_stays_across_spells_until_moved():
    g = new()
    g.play(fielder("B"))
    g.dot(16)
    assert g.s["fielder"] == "B"
    g.runs("B", card="1")  # still reduced in the second spell
    assert g.inn["runs"] == 9
    g.dot(15)
    g.play(fielder(None))
    assert g.s["fielder"] is None
    g.runs("B", card="1")
    assert g.inn["runs"] == 9 + 13


def test_fielder_removed_for_a_new_innings_and_placeable_at_its_start():
    g = new()
    g.play(fielder("C"))
    g.dot(2)
    g.declare()
    assert len(g.s["innings"]) == 2
    assert g.s["fielder"] is None
    g.play(fielder("A"))
    assert g.s["fielder"] == "A"


def test_fielder_bad_quadrant_is_malformed():
    g = new()
    for raw in (fielder("E"), fielder("a"), {"fielder": 1}, {"fielder": ["A"]}):
        g.rejects(raw, InvalidPlay)


# --- the umpire and caught appeals ----------------------------------------------------------


@pytest.mark.parametrize("where", ["A", "D"])
def test_caught_appeal_turns_two_cards_with_fielder_beside_a_or_d(where):
    g = new()
    g.play(fielder(where))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[NOT_OUT]))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT]))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT, OUT]))
    g.caught_appeal([NOT_OUT, NOT_OUT])
    assert (g.inn["wickets"], g.inn["runs"], g.s["umpire_cards"]) == (0, 0, 1)
    g.caught_appeal([OUT])  # only one card left: turn all that are left
    assert g.inn["wickets"] == 1
    assert g.s["umpire_cards"] == 3


@pytest.mark.parametrize("order", [[OUT, NOT_OUT], [NOT_OUT, OUT]])
def test_caught_appeal_with_two_cards_out_in_either_position(order):
    g = new()
    g.play(fielder("A"))
    g.caught_appeal(order)
    assert g.inn["wickets"] == 1
    assert g.s["umpire_cards"] == 3


@pytest.mark.parametrize("where", [None, "B", "C"])
def test_caught_appeal_turns_one_card_otherwise(where):
    g = new()
    if where:
        g.play(fielder(where))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[NOT_OUT, NOT_OUT]))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT, NOT_OUT]))
    g.caught_appeal([NOT_OUT])
    assert g.s["umpire_cards"] == 2


def test_two_card_appeal_with_two_face_down_must_find_the_out():
    g = new()
    g.play(fielder("D"))
    g.lbw([NOT_OUT])  # LBW is one card even with the fielder beside D
    assert g.s["umpire_cards"] == 2
    g.rejects(g.raw("A", "B", "C", "A", umpire=[NOT_OUT, NOT_OUT]))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[NOT_OUT]))
    g.caught_appeal([NOT_OUT, OUT])
    assert g.inn["wickets"] == 1


def test_two_card_appeal_with_one_face_down_turns_just_it():
    g = new()
    g.play(fielder("A"))
    g.caught_appeal([NOT_OUT, NOT_OUT])
    assert g.s["umpire_cards"] == 1
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT, NOT_OUT]))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[NOT_OUT, OUT]))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[NOT_OUT]))
    g.caught_appeal([OUT])


def test_umpire_pile_counts_down_and_the_last_card_must_be_out():
    g = new()
    assert g.s["umpire_cards"] == 3
    g.caught_appeal([NOT_OUT])
    assert g.s["umpire_cards"] == 2
    g.lbw([NOT_OUT])
    assert g.s["umpire_cards"] == 1
    g.rejects(g.raw("A", "B", "C", "A", umpire=[NOT_OUT]))
    g.rejects(g.raw("A", "B", "A", "C", umpire=[NOT_OUT]))
    g.caught_appeal([OUT])
    assert g.inn["wickets"] == 1
    assert g.s["umpire_cards"] == 3  # shuffled after OUT


def test_umpire_pile_not_touched_by_other_deliveries():
    g = new()
    g.caught_appeal([NOT_OUT])
    g.dot()
    g.runs("B")
    g.ball("A", "B", "C", "B")  # a 4
    g.no_ball()
    assert g.s["umpire_cards"] == 2


@pytest.mark.parametrize("wicket", ["bowled", "spin_lbw", "yorker_big_hit"])
def test_umpire_pile_reshuffled_after_any_wicket(wicket):
    g = new(first_style="spin")
    g.caught_appeal([NOT_OUT])
    g.caught_appeal([NOT_OUT])
    assert g.s["umpire_cards"] == 1
    if wicket == "bowled":
        g.bowled()
    elif wicket == "spin_lbw":
        g.lbw()
    else:
        g.ball("A", "A", big_hit=True)
    assert g.inn["wickets"] == 1
    assert g.s["umpire_cards"] == 3


def test_two_outs_are_impossible():
    g = new()
    g.play(fielder("A"))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT, OUT]))


def test_umpire_list_where_no_appeal_is_illegal():
    g = new()
    g.rejects(g.raw("A", "B", "A", "A", umpire=[NOT_OUT]))  # a dot
    g.rejects(g.raw("A", "B", "B", "B", umpire=[NOT_OUT]))  # runs
    g.rejects(g.raw("D", "C", "A", "B", umpire=[OUT]))  # bowled


def test_umpire_list_missing_is_illegal():
    g = new()
    g.rejects(g.raw("A", "B", "C", "A"))  # caught
    g.rejects(g.raw("A", "B", "A", "C"))  # pace LBW
    g.rejects(g.raw("C", "B", big_hit=True))  # Big Hit


def test_umpire_values_malformed():
    g = new()
    for umpire in (["OUTT"], ["maybe"], "out", [1], {"out": True}):
        g.rejects(g.raw("A", "B", "C", "A", umpire=umpire), InvalidPlay)


def test_appeal_not_out_is_a_dot_ball():
    g = new()
    g.runs("B", card="1")
    g.caught_appeal([NOT_OUT], card="4")
    g.lbw([NOT_OUT])
    assert g.inn["runs"] == 13
    assert g.inn["wickets"] == 0
    assert g.inn["overs"] == "0.3"
    assert g.inn["partnerships"] == [13]


# --- LBW -----------------------------------------------------------------------------------


def test_lbw_spin_is_out_without_appeal():
    g = new(first_style="spin")
    g.rejects(g.raw("A", "B", "A", "C", umpire=[OUT]))
    g.lbw()
    assert g.inn["wickets"] == 1
    assert g.s["umpire_cards"] == 3


def test_lbw_pace_is_an_appeal_of_one_card():
    g = new()
    g.play(fielder("A"))
    g.rejects(g.raw("A", "B", "A", "C"))
    g.rejects(g.raw("A", "B", "A", "C", umpire=[NOT_OUT, NOT_OUT]))
    g.lbw([OUT])
    assert g.inn["wickets"] == 1
    g.lbw([NOT_OUT])
    assert g.inn["wickets"] == 1
    assert g.s["umpire_cards"] == 2


def test_lbw_follows_the_style_of_the_spell():
    g = new()  # pace, then spin from the fifth over
    g.dot(16)
    assert g.s["style"] == "spin"
    g.rejects(g.raw("A", "B", "A", "C", umpire=[OUT]))
    g.lbw()
    assert g.inn["wickets"] == 1


# --- no ball -------------------------------------------------------------------------------


def test_no_ball_scores_five_and_restarts_the_over():
    g = new()
    g.ball("A", "B", "A", "A", card="1")
    g.ball("A", "B", "A", "A", card="2")
    assert g.inn["overs"] == "0.2"
    g.no_ball(card="3")
    assert g.inn["runs"] == 5
    assert g.inn["overs"] == "0.0"
    assert g.s["path_cards_left"] == ["1", "2", "3", "4"]
    for card in "1234":  # every card is back, including the no ball's
        g.ball("A", "B", "A", "A", card=card)
    assert g.inn["overs"] == "1.0"


def test_no_ball_runs_and_wickets_before_it_stand():
    g = new()
    g.runs("B", card="1")  # 13
    g.bowled()  # card 2
    g.no_ball(card="3")
    i = g.inn
    assert (i["runs"], i["wickets"], i["overs"]) == (18, 1, "0.0")
    assert i["partnerships"] == [13, 5]
    assert i["fall_of_wickets"] == [13]
    assert g.s["score"] == [18, 0]


def test_no_ball_in_a_later_over_goes_back_to_the_over_start():
    g = new()
    g.dot(7)
    assert g.inn["overs"] == "1.3"
    g.no_ball()
    assert g.inn["overs"] == "1.0"
    g.no_ball()
    assert g.inn["overs"] == "1.0"
    assert g.inn["runs"] == 10


def test_no_ball_in_the_last_over_does_not_end_the_innings():
    g = new(overs=1)
    g.dot(3)
    g.no_ball()
    assert len(g.s["innings"]) == 1
    g.dot(3)
    assert len(g.s["innings"]) == 1
    assert g.inn["overs"] == "0.3"
    g.dot()
    assert len(g.s["innings"]) == 2
    assert g.s["innings"][0]["overs"] == "1.0"
    assert g.s["innings"][0]["runs"] == 5


def test_no_ball_does_not_move_the_spell_on():
    g = new()
    g.dot(15)
    g.no_ball()
    assert g.inn["overs"] == "3.0"
    assert g.s["style"] == "pace"
    g.dot(4)
    assert g.s["style"] == "spin"


@pytest.mark.parametrize("style", ["pace", "spin"])
def test_no_ball_ignores_path_move_stroke_and_big_hit(style):
    g = new(first_style=style)
    g.play(delivery("B", "A", "D", "C", card="3", no_ball=True))  # would be bowled
    g.play(delivery("C", "C", card="2", no_ball=True, big_hit=True))  # would be a bouncer
    g.play(delivery("A", "A", "B", "C", card="4", no_ball=True))  # would be a yorker
    assert (g.inn["runs"], g.inn["wickets"], g.inn["overs"]) == (15, 0, "0.0")
    assert g.inn["partnerships"] == [15]


def test_no_ball_with_umpire_bouncer_or_review_is_illegal():
    g = new()
    g.rejects(delivery("A", card="1", no_ball=True, umpire=[OUT]))
    g.rejects(delivery("A", card="1", no_ball=True, umpire=[NOT_OUT]))
    g.rejects(delivery("B", "B", "A", "D", card="1", no_ball=True, bouncer="duck"))
    g.rejects(delivery("A", card="1", no_ball=True, review=OUT))


def test_no_ball_does_not_touch_the_umpire_pile():
    g = new()
    g.caught_appeal([NOT_OUT])
    g.no_ball()
    assert g.s["umpire_cards"] == 2


# --- yorkers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("style", "quadrant"),
    [("pace", "A"), ("pace", "D"), ("spin", "A"), ("spin", "B"), ("spin", "C"), ("spin", "D")],
)
def test_big_hit_against_a_yorker_is_bowled(style, quadrant):
    g = new(first_style=style)
    g.rejects(g.raw(quadrant, quadrant, big_hit=True, umpire=[NOT_OUT]))
    g.rejects(g.raw(quadrant, quadrant, big_hit=True, review=OUT))
    g.ball(quadrant, quadrant, big_hit=True)
    assert (g.inn["wickets"], g.inn["runs"]) == (1, 0)
    assert g.s["umpire_cards"] == 3


@pytest.mark.parametrize(
    ("style", "quadrant"),
    [("pace", "A"), ("pace", "D"), ("spin", "A"), ("spin", "B"), ("spin", "C"), ("spin", "D")],
)
@pytest.mark.parametrize(("move", "stroke"), list(product(QUADRANTS, QUADRANTS)))
def test_yorker_uses_the_table_with_one_path_quadrant(style, quadrant, move, stroke):
    g = new(first_style=style)
    kind = TABLE[(classify(stroke, quadrant, quadrant), classify(move, quadrant, quadrant))]
    assert kind in ("runs", "four", "bowled")  # no Pitch quadrant on a yorker
    g.rejects(g.raw(quadrant, quadrant, move, stroke, card="2", bouncer="duck"))
    g.ball(quadrant, quadrant, move, stroke, card="2")
    expected = {"runs": chart(0, stroke) + 2, "four": 6, "bowled": 0}[kind]
    assert g.inn["runs"] == expected
    assert g.inn["wickets"] == (kind == "bowled")


def test_yorker_examples():
    g = new(first_style="spin")
    g.ball("A", "A", "A", "A", card="1")  # Path x Path: A 8 + 1
    g.ball("A", "A", "A", "B", card="2")  # stroke Empty x move Path: B 12 + 2
    g.ball("A", "A", "B", "A", card="3")  # stroke Path x move Empty: 4 + 3
    assert g.inn["runs"] == 9 + 14 + 7
    g.ball("A", "A", "B", "C", card="4")  # Empty x Empty: bowled
    assert g.inn["wickets"] == 1


# --- bouncers --------------------------------------------------------------------------------


@pytest.mark.parametrize("quadrant", ["B", "C"])
@pytest.mark.parametrize("move", ["B", "C"])
@pytest.mark.parametrize("stroke", QUADRANTS)
def test_bouncer_batter_in_b_or_c_faces_a_catch_appeal(quadrant, move, stroke):
    g = new()
    g.rejects(g.raw(quadrant, quadrant, move, stroke, card="3"))
    g.rejects(g.raw(quadrant, quadrant, move, stroke, card="3", umpire=[NOT_OUT, NOT_OUT]))
    g.rejects(g.raw(quadrant, quadrant, move, stroke, card="3", umpire=[NOT_OUT], bouncer="duck"))
    g.ball(quadrant, quadrant, move, stroke, card="3", umpire=[NOT_OUT])
    assert (g.inn["runs"], g.inn["wickets"]) == (2 + 3, 0)
    assert g.s["umpire_cards"] == 2
    g.ball(quadrant, quadrant, move, stroke, card="1", umpire=[OUT])
    assert (g.inn["runs"], g.inn["wickets"]) == (5, 1)
    assert g.inn["fall_of_wickets"] == [5]


def test_bouncer_not_out_runs_are_not_reduced_by_the_fielder():
    g = new()
    g.play(fielder("B"))
    g.ball("B", "B", "B", "B", card="4", umpire=[NOT_OUT])  # 2 + 4
    assert g.inn["runs"] == 6


def test_bouncer_catch_is_one_card_even_with_fielder_beside_a():
    g = new()
    g.play(fielder("A"))
    g.rejects(g.raw("C", "C", "B", "A", umpire=[NOT_OUT, NOT_OUT]))
    g.ball("C", "C", "B", "A", umpire=[NOT_OUT])
    assert g.s["umpire_cards"] == 2


def test_bouncer_not_out_does_not_depend_on_wickets_down():
    g = new()
    g.bowled(5)
    g.ball("B", "B", "C", "D", card="2", umpire=[NOT_OUT])
    assert g.inn["runs"] == 4


@pytest.mark.parametrize("quadrant", ["B", "C"])
@pytest.mark.parametrize("move", ["A", "D"])
def test_bouncer_batter_in_a_or_d_must_choose(quadrant, move):
    g = new()
    g.rejects(g.raw(quadrant, quadrant, move, "B"))
    g.rejects(g.raw(quadrant, quadrant, move, "B", umpire=[NOT_OUT]))
    g.rejects(g.raw(quadrant, quadrant, move, "B", bouncer="duck", umpire=[NOT_OUT]))
    g.rejects(g.raw(quadrant, quadrant, move, "B", bouncer="big_hit"))  # needs the umpire
    g.ball(quadrant, quadrant, move, "B", bouncer="duck")
    assert (g.inn["runs"], g.inn["wickets"], g.inn["overs"]) == (0, 0, "0.1")
    assert g.s["umpire_cards"] == 3
    g.ball(quadrant, quadrant, move, "B", card="4", bouncer="big_hit", umpire=[NOT_OUT])
    assert g.inn["runs"] == chart(0, quadrant) + 4 + 6  # Big Hit: chart at the Pitch
    assert g.s["umpire_cards"] == 2
    g.ball(quadrant, quadrant, move, "C", bouncer="big_hit", umpire=[OUT])
    assert g.inn["wickets"] == 1


def test_bouncer_big_hit_is_not_reduced_by_the_fielder():
    g = new()
    g.play(fielder("C"))
    g.ball("C", "C", "A", "C", card="1", bouncer="big_hit", umpire=[NOT_OUT])
    assert g.inn["runs"] == 10 + 1 + 6


@pytest.mark.parametrize("quadrant", ["B", "C"])
def test_big_hit_against_a_bouncer_follows_big_hit_rules(quadrant):
    g = new()
    g.rejects(g.raw(quadrant, quadrant, big_hit=True))
    g.rejects(g.raw(quadrant, quadrant, big_hit=True, umpire=[NOT_OUT], bouncer="big_hit"))
    g.ball(quadrant, quadrant, big_hit=True, card="2", umpire=[NOT_OUT])
    assert g.inn["runs"] == chart(0, quadrant) + 2 + 6
    assert g.inn["wickets"] == 0
    g.ball(quadrant, quadrant, big_hit=True, umpire=[OUT])
    assert g.inn["wickets"] == 1


def test_bouncer_key_anywhere_else_is_illegal():
    g = new()
    g.rejects(g.raw("A", "B", "C", "D", bouncer="duck"))  # not a bouncer
    g.rejects(g.raw("A", "B", "A", "A", bouncer="big_hit"))
    g.rejects(g.raw("A", "A", "B", "C", bouncer="duck"))  # a pace yorker in A
    g.rejects(g.raw("D", "D", "A", "B", bouncer="duck"))  # a pace yorker in D
    g.rejects(g.raw("B", "C", "A", "B", bouncer="duck"))  # Pitch and Path differ
    g.rejects(g.raw("B", "B", "B", "A", bouncer="duck", umpire=[NOT_OUT]))  # moved to B


def test_bouncer_bad_value_is_malformed():
    g = new()
    for value in ("hook", True, ["duck"]):
        g.rejects(g.raw("B", "B", "A", "D", bouncer=value), InvalidPlay)


@pytest.mark.parametrize("quadrant", ["B", "C"])
def test_spin_same_quadrant_in_b_or_c_is_a_yorker_not_a_bouncer(quadrant):
    g = new(first_style="spin")
    g.rejects(g.raw(quadrant, quadrant, "A", "D", bouncer="duck"))
    g.rejects(g.raw(quadrant, quadrant, quadrant, quadrant, umpire=[NOT_OUT]))
    g.ball(quadrant, quadrant, quadrant, quadrant, card="1")  # Path x Path: runs
    assert g.inn["runs"] == chart(0, quadrant) + 1
    g.ball(quadrant, quadrant, "A", "D")  # Empty x Empty: bowled (no duck on a yorker)
    assert g.inn["wickets"] == 1
    g.ball(quadrant, quadrant, big_hit=True)  # Big Hit on a yorker: bowled
    assert g.inn["wickets"] == 2


def test_bouncer_only_in_pace_spells():
    g = new()
    g.ball("B", "B", "A", "D", bouncer="duck")
    g.dot(15)
    assert g.s["style"] == "spin"
    g.rejects(g.raw("B", "B", "A", "D", bouncer="duck"))
    g.dot(16)
    assert g.s["style"] == "pace"
    g.ball("C", "C", "D", "A", bouncer="duck")
    assert g.inn["wickets"] == 0


# --- Big Hits ------------------------------------------------------------------------------


@pytest.mark.parametrize(("pitch", "path"), [("A", "B"), ("B", "A"), ("C", "D"), ("D", "C")])
@pytest.mark.parametrize("wickets", [0, 2, 4, 6, 8])
def test_big_hit_not_out_is_chart_at_pitch_plus_path_plus_six(pitch, path, wickets):
    g = new()
    g.bowled(wickets)
    card = g.card()
    g.ball(pitch, path, big_hit=True, umpire=[NOT_OUT])
    assert g.inn["runs"] == chart(wickets, pitch) + PATH_RUNS[card] + 6
    assert g.inn["wickets"] == wickets


def test_big_hit_worked_example():
    """The interface's example: 'Big Hit over C: 10 + 3 + 6 = 19'."""
    g = new()
    outcome = g.ball("C", "A", big_hit=True, card="3", umpire=[NOT_OUT])
    assert g.inn["runs"] == 19
    assert "19" in str(outcome)


@pytest.mark.parametrize("where", QUADRANTS)
def test_big_hit_is_never_reduced_by_the_fielder(where):
    g = new()
    g.play(fielder(where))
    g.ball("B", "C", big_hit=True, card="1", umpire=[NOT_OUT])
    assert g.inn["runs"] == 12 + 1 + 6


def test_big_hit_caught_on_out():
    g = new()
    g.runs("B", card="1")
    g.ball("A", "D", big_hit=True, umpire=[OUT])
    assert (g.inn["runs"], g.inn["wickets"]) == (13, 1)
    assert g.inn["fall_of_wickets"] == [13]
    assert g.s["umpire_cards"] == 3


def test_big_hit_appeal_is_one_card_even_with_fielder_beside_a_or_d():
    g = new()
    g.play(fielder("D"))
    g.rejects(g.raw("A", "B", big_hit=True, umpire=[NOT_OUT, NOT_OUT]))
    g.ball("A", "B", big_hit=True, umpire=[NOT_OUT])
    assert g.s["umpire_cards"] == 2


def test_big_hit_with_move_or_stroke_is_malformed():
    g = new()
    g.rejects(g.raw("A", "B", "C", None, big_hit=True, umpire=[NOT_OUT]), InvalidPlay)
    g.rejects(g.raw("A", "B", None, "C", big_hit=True, umpire=[NOT_OUT]), InvalidPlay)
    g.rejects(g.raw("A", "B", "C", "D", big_hit=True, umpire=[NOT_OUT]), InvalidPlay)


# --- reviews -------------------------------------------------------------------------------


def test_batting_side_reviews_out_and_loses_one_when_it_stands():
    g = new()
    g.caught_appeal([OUT], review=OUT)
    assert g.inn["wickets"] == 1
    assert g.inn["reviews_left"] == [2, 3]
    assert g.s["umpire_cards"] == 3


def test_batting_side_review_overturns_out():
    g = new()
    g.caught_appeal([OUT], review=NOT_OUT, card="2")
    assert (g.inn["wickets"], g.inn["runs"], g.inn["overs"]) == (0, 0, "0.1")
    assert g.inn["reviews_left"] == [3, 3]
    assert g.s["umpire_cards"] == 3


def test_bowling_side_reviews_not_out_and_loses_one_when_it_stands():
    g = new()
    g.caught_appeal([NOT_OUT], review=NOT_OUT)
    assert (g.inn["wickets"], g.inn["runs"]) == (0, 0)
    assert g.inn["reviews_left"] == [3, 2]
    assert g.s["umpire_cards"] == 3  # shuffled again after a review


def test_bowling_side_review_overturns_not_out():
    g = new()
    g.runs("B")
    g.caught_appeal([NOT_OUT], review=OUT)
    assert (g.inn["wickets"], g.inn["runs"]) == (1, 13)
    assert g.inn["fall_of_wickets"] == [13]
    assert g.inn["reviews_left"] == [3, 3]
    assert g.s["umpire_cards"] == 3


def test_reviews_in_the_second_innings_belong_to_side_one_when_batting():
    g = new()
    g.declare()
    assert g.inn["batting"] == 1
    g.caught_appeal([OUT], review=OUT)
    assert g.inn["reviews_left"] == [3, 2]
    g.caught_appeal([NOT_OUT], review=NOT_OUT)
    assert g.inn["reviews_left"] == [2, 2]


def test_review_after_two_card_appeal():
    g = new()
    g.play(fielder("A"))
    g.caught_appeal([NOT_OUT, NOT_OUT], review=OUT)
    assert g.inn["wickets"] == 1
    assert g.s["umpire_cards"] == 3


def test_review_with_two_face_down_is_allowed():
    g = new()
    g.caught_appeal([NOT_OUT])
    assert g.s["umpire_cards"] == 2
    g.lbw([NOT_OUT], review=NOT_OUT)
    assert g.inn["reviews_left"] == [3, 2]
    assert g.s["umpire_cards"] == 3


def test_review_where_only_one_card_was_available_is_illegal():
    g = new()
    g.caught_appeal([NOT_OUT])
    g.caught_appeal([NOT_OUT])
    assert g.s["umpire_cards"] == 1
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT], review=OUT))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT], review=NOT_OUT))
    g.caught_appeal([OUT])


def test_review_with_none_left_is_illegal_for_the_batting_side():
    g = new()
    for left in (2, 1, 0):
        g.caught_appeal([OUT], review=OUT)
        assert g.inn["reviews_left"] == [left, 3]
    assert g.inn["wickets"] == 3
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT], review=OUT))
    g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT], review=NOT_OUT))
    g.caught_appeal([NOT_OUT], review=NOT_OUT)  # the bowling side still has its three
    assert g.inn["reviews_left"] == [0, 2]


def test_review_with_none_left_is_illegal_for_the_bowling_side():
    g = new()
    for left in (2, 1, 0):
        g.lbw([NOT_OUT], review=NOT_OUT)
        assert g.inn["reviews_left"] == [3, left]
    g.rejects(g.raw("A", "B", "A", "C", umpire=[NOT_OUT], review=OUT))
    g.caught_appeal([OUT], review=NOT_OUT)  # overturned: none lost
    assert g.inn["reviews_left"] == [3, 0]
    assert g.inn["wickets"] == 0


def test_overturned_reviews_cost_nothing():
    g = new()
    for _ in range(5):
        g.caught_appeal([OUT], review=NOT_OUT)
        g.caught_appeal([NOT_OUT], review=OUT)
    assert g.inn["reviews_left"] == [3, 3]
    assert g.inn["wickets"] == 5


def test_reviews_reset_each_innings():
    g = new()
    g.caught_appeal([OUT], review=OUT)
    g.caught_appeal([NOT_OUT], review=NOT_OUT)
    assert g.inn["reviews_left"] == [2, 2]
    g.declare()
    assert g.s["innings"][0]["reviews_left"] == [2, 2]
    assert g.inn["reviews_left"] == [3, 3]


def test_review_without_umpire_decision_is_illegal():
    g = new(first_style="spin")
    g.rejects(g.raw("A", "B", "A", "A", review=OUT))  # dot
    g.rejects(g.raw("A", "B", "B", "B", review=NOT_OUT))  # runs
    g.rejects(g.raw("D", "C", "A", "B", review=NOT_OUT))  # bowled
    g.rejects(g.raw("A", "B", "A", "C", review=NOT_OUT))  # spin LBW
    g.rejects(g.raw("A", "A", big_hit=True, review=NOT_OUT))  # yorker Big Hit


def test_review_without_umpire_decision_is_illegal_for_a_duck():
    g = new()
    g.rejects(g.raw("B", "B", "A", "D", bouncer="duck", review=OUT))


def test_review_bad_value_is_malformed():
    g = new()
    for value in ("maybe", True, [OUT]):
        g.rejects(g.raw("A", "B", "C", "A", umpire=[OUT], review=value), InvalidPlay)


def test_review_of_pace_lbw():
    g = new()
    g.lbw([OUT], review=NOT_OUT)
    assert g.inn["wickets"] == 0
    g.lbw([OUT], review=OUT)
    assert g.inn["wickets"] == 1
    assert g.inn["reviews_left"] == [2, 3]


def test_review_of_a_big_hit():
    g = new()
    g.ball("C", "A", big_hit=True, card="3", umpire=[OUT], review=NOT_OUT)
    assert (g.inn["runs"], g.inn["wickets"]) == (19, 0)  # not out: 10 + 3 + 6
    g.ball("C", "A", big_hit=True, card="1", umpire=[NOT_OUT], review=OUT)
    assert (g.inn["runs"], g.inn["wickets"]) == (19, 1)
    g.ball("B", "A", big_hit=True, card="2", umpire=[NOT_OUT], review=NOT_OUT)
    assert g.inn["runs"] == 19 + 10 + 2 + 6  # 1 wicket down: B is 10
    assert g.inn["reviews_left"] == [3, 2]


def test_review_of_a_bouncer_catch():
    g = new()
    g.ball("B", "B", "C", "A", card="4", umpire=[OUT], review=NOT_OUT)
    assert (g.inn["runs"], g.inn["wickets"]) == (6, 0)
    g.ball("C", "C", "B", "D", card="1", umpire=[NOT_OUT], review=OUT)
    assert (g.inn["runs"], g.inn["wickets"]) == (6, 1)
    g.ball("C", "C", "A", "D", card="2", bouncer="big_hit", umpire=[OUT], review=OUT)
    assert g.inn["wickets"] == 2
    assert g.inn["reviews_left"] == [2, 3]


# --- spells ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [("pace", "spin"), ("spin", "pace")])
def test_spells_of_four_overs_alternate(first, second):
    g = new(first_style=first, overs=None)
    styles = []
    for _ in range(13):
        styles.append(g.s["style"])
        g.dot(4)
    assert styles == [first] * 4 + [second] * 4 + [first] * 4 + [second]


def test_style_changes_only_after_the_fourth_over():
    g = new()
    g.dot(15)
    assert g.inn["overs"] == "3.3"
    assert g.s["style"] == "pace"
    g.dot()
    assert g.s["style"] == "spin"


def test_style_defaults_to_pace():
    assert new().s["style"] == "pace"
    assert ENG.summary(ENG.initial_state(ENG.options({})))["style"] == "pace"


# --- partnerships and fall of wickets --------------------------------------------------------


def test_partnerships_and_fall_of_wickets():
    g = new()
    g.runs("B", card="1")  # 13
    g.bowled()
    g.no_ball()  # 5 to the second partnership
    g.runs("B", card="3")  # 1 wicket down: 10 + 3
    g.bowled()
    i = g.inn
    assert i["runs"] == 31
    assert i["wickets"] == 2
    assert i["partnerships"] == [13, 18, 0]
    assert i["fall_of_wickets"] == [13, 31]


def test_partnerships_all_out_has_exactly_ten():
    g = new(overs=None, innings=2)
    total = 0
    falls = []
    for _ in range(10):
        g.no_ball()
        total += 5
        g.bowled()
        falls.append(total)
    first = g.s["innings"][0]
    assert first["wickets"] == 10
    assert first["partnerships"] == [5] * 10
    assert first["fall_of_wickets"] == falls
    assert first["runs"] == 50 == sum(first["partnerships"])
    assert first["closed"] is True
    assert first["declared"] is False


def test_partnerships_ten_bowled_for_nothing():
    g = new()
    g.bowled(9)
    assert g.inn["partnerships"] == [0] * 10
    g.bowled()
    first = g.s["innings"][0]
    assert first["partnerships"] == [0] * 10
    assert first["fall_of_wickets"] == [0] * 10
    assert first["overs"] == "2.2"


# --- the end of an innings -------------------------------------------------------------------


def check_fresh_innings(g: Game, batting: int, style: str = "pace") -> None:
    s = g.s
    assert s["status"] == "in_progress"
    i = s["innings"][-1]
    assert i["batting"] == batting
    assert (i["runs"], i["wickets"], i["overs"]) == (0, 0, "0.0")
    assert i["partnerships"] == [0]
    assert i["fall_of_wickets"] == []
    assert i["reviews_left"] == [3, 3]
    assert i["declared"] is False
    assert i["closed"] is False
    assert s["style"] == style
    assert s["umpire_cards"] == 3
    assert s["fielder"] is None
    assert s["path_cards_left"] == ["1", "2", "3", "4"]


def test_ten_wickets_end_the_innings_and_the_next_appears_at_once():
    g = new()
    g.play(fielder("B"))
    g.runs("B", card="4")  # 12 + 4 - 4
    g.caught_appeal([NOT_OUT], review=NOT_OUT)
    g.caught_appeal([NOT_OUT])
    g.bowled(10)
    assert g.s["innings"][0]["runs"] == 12
    assert g.s["innings"][0]["wickets"] == 10
    assert len(g.s["innings"]) == 2
    check_fresh_innings(g, batting=1)
    assert g.s["target"] == 13


def test_next_innings_starts_with_first_style():
    g = new(first_style="spin", overs=5)
    g.dot(16)
    assert g.s["style"] == "pace"
    g.dot(4)
    assert g.s["innings"][0]["overs"] == "5.0"
    check_fresh_innings(g, batting=1, style="spin")


def test_all_out_mid_spell_next_innings_starts_with_first_style():
    g = new()
    g.dot(16)
    assert g.s["style"] == "spin"
    g.bowled(10)
    check_fresh_innings(g, batting=1, style="pace")


def test_last_scheduled_over_ends_the_innings():
    g = new(overs=2)
    g.dot(7)
    assert len(g.s["innings"]) == 1
    g.dot()
    assert g.s["innings"][0]["overs"] == "2.0"
    assert g.s["innings"][0]["closed"] is True
    check_fresh_innings(g, batting=1)


def test_default_is_sixteen_overs():
    g = Game({})
    g.dot(63)
    assert len(g.s["innings"]) == 1
    g.dot()
    assert g.s["innings"][0]["overs"] == "16.0"
    assert len(g.s["innings"]) == 2


def test_unlimited_overs():
    g = new(overs=None)
    g.dot(100)
    assert len(g.s["innings"]) == 1
    assert g.inn["overs"] == "25.0"
    g.bowled(10)
    assert len(g.s["innings"]) == 2


def test_declaration_ends_the_innings():
    g = new()
    g.runs("B")
    g.dot()
    g.declare()
    first = g.s["innings"][0]
    assert first["declared"] is True
    assert first["closed"] is True
    assert (first["runs"], first["overs"]) == (13, "0.2")
    check_fresh_innings(g, batting=1)
    assert g.s["target"] == 14


def test_declaration_before_the_first_ball():
    g = new()
    g.declare()
    first = g.s["innings"][0]
    assert (first["runs"], first["overs"], first["declared"]) == (0, "0.0", True)
    check_fresh_innings(g, batting=1)
    assert g.s["target"] == 1


def test_declaration_after_a_fielder_placement():
    g = new()
    g.play(fielder("A"))
    g.declare()
    check_fresh_innings(g, batting=1)


def test_declare_bad_value_is_malformed():
    g = new()
    for raw in ({"declare": "yes"}, {"declare": 1}):
        g.rejects(raw, InvalidPlay)


# --- one innings each ------------------------------------------------------------------------


def test_one_innings_more_runs_wins_by_runs():
    g = new()
    g.runs("B")  # 13
    g.declare()
    g.no_ball()
    g.declare()  # the last innings ends short
    s = g.s
    assert s["status"] == "final"
    assert s["winner"] == 0
    assert s["score"] == [13, 5]
    assert s["margin"] == {"by": "runs", "value": 8}
    assert s["target"] == 14
    assert ENG.is_over(g.state)


def test_one_innings_all_out_short():
    g = new(overs=None)
    g.runs("B")
    g.declare()
    g.bowled(10)
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", 0, [13, 0])
    assert s["margin"] == {"by": "runs", "value": 13}
    assert s["innings"][1]["wickets"] == 10
    assert s["innings"][1]["partnerships"] == [0] * 10


def test_one_innings_overs_run_out_short():
    g = new(overs=1)
    g.runs("B")
    g.dot(3)
    g.dot(4)
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", 0, [13, 0])
    assert s["innings"][1]["overs"] == "1.0"


def test_one_innings_passing_the_target_ends_the_match_mid_over():
    g = new()
    g.no_ball()  # 5
    g.declare()
    assert g.s["target"] == 6
    g.bowled(2)
    g.runs("B")  # 2 wickets down: 10 + 3
    s = g.s
    assert s["status"] == "final"
    assert s["winner"] == 1
    assert s["score"] == [5, 13]
    assert s["innings"][1]["overs"] == "0.3"
    assert s["margin"] == {"by": "wickets", "value": 8}
    assert s["target"] == 6
    assert len(s["innings"]) == 2


def test_passing_the_target_mid_over():
    g = new()
    g.runs("B")  # 13
    g.declare()
    assert g.s["target"] == 14
    g.runs("B", card="1")  # 13: level, not yet past
    assert g.s["status"] == "in_progress"
    g.runs("D", card="2")  # 5 + 2 more
    s = g.s
    assert s["status"] == "final"
    assert s["score"] == [13, 20]
    assert s["innings"][1]["overs"] == "0.2"
    assert s["winner"] == 1
    assert s["margin"] == {"by": "wickets", "value": 10}


def test_passing_the_target_closes_the_last_innings():
    """'Ten wickets end the innings (all out), as do the last scheduled over, a declaration,
    or the side batting last passing its target (which ends the match at once).'"""
    g = new()
    g.declare()
    g.runs("B")
    s = g.s
    assert s["status"] == "final"
    assert s["innings"][1]["declared"] is False
    assert s["innings"][1]["closed"] is True


def test_every_innings_is_closed_when_final():
    for finish in ("declare", "all_out", "overs"):
        g = new(overs=1 if finish == "overs" else None)
        g.runs("B")
        g.declare()
        if finish == "declare":
            g.declare()
        elif finish == "all_out":
            g.bowled(3)
            g.ball("D", "C", "A", "B")
            g.bowled(6)
        else:
            g.dot(4)
        s = g.s
        assert s["status"] == "final", finish
        assert [i["closed"] for i in s["innings"]] == [True, True], finish


def test_passing_the_target_with_a_no_ball():
    g = new()
    g.declare()
    g.no_ball()
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", 1, [0, 5])
    assert s["innings"][1]["overs"] == "0.0"
    assert s["margin"] == {"by": "wickets", "value": 10}


def test_one_innings_tie():
    g = new()
    g.no_ball()
    g.declare()
    g.no_ball()
    assert g.s["status"] == "in_progress"
    g.declare()
    s = g.s
    assert s["status"] == "final"
    assert s["winner"] is None
    assert s["score"] == [5, 5]
    assert s["margin"] == {"by": "tie", "value": None}


def test_one_innings_tie_at_nothing():
    g = new()
    g.declare()
    g.declare()
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", None, [0, 0])


def test_target_null_during_the_first_innings_of_a_one_innings_match():
    g = new()
    g.runs("B")
    assert g.s["target"] is None
    assert g.s["margin"] is None


# --- two innings each ------------------------------------------------------------------------


def test_two_innings_batting_order():
    g = new(innings=2)
    order = []
    for _ in range(3):
        order.append(g.inn["batting"])
        g.no_ball()
        g.declare()
    order.append(g.inn["batting"])
    assert order == [0, 1, 0, 1]
    assert len(g.s["innings"]) == 4


def test_two_innings_target_only_for_the_last_innings():
    g = new(innings=2)
    g.runs("B")  # side 0: 13
    g.declare()
    assert g.s["target"] is None
    g.no_ball()  # side 1: 5
    g.declare()
    assert g.s["target"] is None
    g.dot()
    assert g.s["target"] is None
    g.declare()  # side 0: 0 in its second innings
    assert len(g.s["innings"]) == 4
    assert g.s["target"] == 13 - 5 + 1
    g.runs("B")  # side 1: 13 -> 18 in all, past 13
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", 1, [13, 18])
    assert s["target"] == 9
    assert s["margin"] == {"by": "wickets", "value": 10}


def test_two_innings_last_innings_ends_short():
    g = new(innings=2)
    g.runs("B")  # 13
    g.declare()
    g.no_ball()  # 5
    g.declare()
    g.no_ball()  # 5 more for side 0
    g.declare()
    assert g.s["target"] == 18 - 5 + 1
    g.no_ball()
    g.declare()
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", 0, [18, 10])
    assert s["margin"] == {"by": "runs", "value": 8}
    assert s["target"] == 14


def test_two_innings_tie_on_level_aggregates():
    g = new(innings=2)
    g.no_ball()
    g.declare()  # side 0: 5
    g.declare()  # side 1: 0
    g.declare()  # side 0: 0
    assert g.s["target"] == 6
    g.no_ball()
    g.declare()  # side 1: 5
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", None, [5, 5])
    assert s["margin"] == {"by": "tie", "value": None}


def test_two_innings_level_after_three_innings_is_not_an_innings_win():
    g = new(innings=2)
    g.no_ball()
    g.declare()  # side 0: 5
    g.no_ball()
    g.declare()  # side 1: 5
    g.declare()  # side 0: 0 -> level
    s = g.s
    assert s["status"] == "in_progress"
    assert len(s["innings"]) == 4
    assert s["target"] == 1


def test_two_innings_win_by_an_innings():
    g = new(innings=2)
    g.no_ball()
    g.declare()  # side 0: 5
    g.runs("B")  # side 1: 13
    g.declare()
    g.no_ball()  # side 0: 5 more, 10 in all, still behind 13
    g.bowled(10)
    s = g.s
    assert s["status"] == "final"
    assert s["winner"] == 1
    assert s["score"] == [10, 13]
    assert len(s["innings"]) == 3
    assert s["target"] is None
    assert s["margin"] == {"by": "innings", "value": 3}
    assert ENG.is_over(g.state)
    g.rejects(delivery("A", "B", "A", "A"))


def test_two_innings_no_follow_on():
    g = new(innings=2, overs=None)
    g.bowled(10)  # side 0: 0
    g.runs("B")
    g.runs("B")
    g.runs("B")
    g.declare()  # side 1 far ahead
    assert g.inn["batting"] == 0
    assert len(g.s["innings"]) == 3


def test_two_innings_fresh_state_each_innings():
    g = new(innings=2, first_style="spin", overs=5)
    g.play(fielder("B"))
    g.caught_appeal([NOT_OUT], review=NOT_OUT)
    g.caught_appeal([NOT_OUT])
    g.dot(18)
    check_fresh_innings(g, batting=1, style="spin")
    g.bowled(10)
    check_fresh_innings(g, batting=0, style="spin")
    g.declare()
    check_fresh_innings(g, batting=1, style="spin")


def test_two_innings_side_batting_first_wins_when_side_one_all_out_in_the_fourth():
    g = new(innings=2, overs=None)
    g.runs("B")  # side 0: 13
    g.declare()
    g.declare()  # side 1: 0
    g.declare()  # side 0: 0
    assert g.s["target"] == 14
    g.bowled(10)
    s = g.s
    assert (s["status"], s["winner"], s["score"]) == ("final", 0, [13, 0])
    assert s["margin"] == {"by": "runs", "value": 13}


# --- after the match ---------------------------------------------------------------------------


def test_play_after_the_match_is_illegal():
    g = new()
    g.declare()
    g.declare()
    assert ENG.is_over(g.state)
    g.rejects(delivery("A", "B", "A", "A"))
    g.rejects(delivery("B", card="1", no_ball=True))
    g.rejects(DECLARE)
    g.rejects(fielder("A"))
    g.rejects(fielder(None))


def test_is_over_follows_the_status():
    g = new()
    assert not ENG.is_over(g.state)
    g.declare()
    assert not ENG.is_over(g.state)
    g.declare()
    assert ENG.is_over(g.state)
    assert g.s["status"] == "final"


# --- malformed plays -------------------------------------------------------------------------


MALFORMED = [
    None,
    "A",
    42,
    ["A", "B"],
    {},
    {"note": "nothing"},
    {"pitch": "E", "path_card": "1", "path": "B", "move": "A", "stroke": "A"},
    {"pitch": "A", "path_card": "1", "path": "Z", "move": "A", "stroke": "A"},
    {"pitch": "A", "path_card": "1", "path": "B", "move": "E", "stroke": "A"},
    {"pitch": "A", "path_card": "1", "path": "B", "move": "A", "stroke": "E"},
    {"pitch": 1, "path_card": "1", "path": "B", "move": "A", "stroke": "A"},
    {"pitch": "A", "path_card": "5", "path": "B", "move": "A", "stroke": "A"},
    {"pitch": "A", "path_card": "0", "path": "B", "move": "A", "stroke": "A"},
    {"pitch": "A", "path_card": 7, "path": "B", "move": "A", "stroke": "A"},
    {"pitch": "A", "path_card": ["1"], "path": "B", "move": "A", "stroke": "A"},
    {"path_card": "1", "path": "B", "move": "A", "stroke": "A"},  # no pitch
    {"pitch": "A", "path": "B", "move": "A", "stroke": "A"},  # no path card
    {"pitch": "A", "path_card": "1", "move": "A", "stroke": "A"},  # no path
    {"pitch": "A", "path_card": "1", "path": "B", "stroke": "A"},  # no move
    {"pitch": "A", "path_card": "1", "path": "B", "move": "A"},  # no stroke
    {"pitch": "A", "path_card": "1", "path": "B"},  # neither strokes nor a Big Hit
    {"pitch": "A", "path_card": "1", "big_hit": True, "umpire": [NOT_OUT]},  # no path
    {"pitch": "A", "path_card": "1", "path": "B", "move": "A", "big_hit": True},
    {"pitch": "A", "path_card": "1", "path": "B", "stroke": "A", "big_hit": True},
    {"pitch": "A", "path_card": "1", "path": "B", "move": "A", "stroke": "A", "big_hit": True},
    {"fielder": "E"},
    {"declare": "yes"},
    {"pitch": "A", "no_ball": True},  # a no ball still names its Path card
    {"pitch": "E", "path_card": "1", "no_ball": True},
    {"pitch": "A", "path_card": "9", "no_ball": True},
]


@pytest.mark.parametrize("raw", MALFORMED, ids=[repr(r)[:60] for r in MALFORMED])
def test_malformed_plays(raw):
    new().rejects(raw, InvalidPlay)


def test_extra_keys_on_a_play_are_ignored():
    g = new()
    g.ball("A", "B", "B", "B", card="1", note="a lovely cover drive", at="12:00")
    assert g.inn["runs"] == 13
    g.play({"declare": True, "note": "tea"})
    assert len(g.s["innings"]) == 2


def test_errors_are_value_errors_with_a_message():
    g = new()
    with pytest.raises(ValueError) as info:
        ENG.play(g.state, {"pitch": "E", "path_card": "1", "path": "B", "move": "A", "stroke": "A"})
    assert str(info.value)
    with pytest.raises(ValueError) as info:
        ENG.play(g.state, g.raw("A", "B", "C", "A"))
    assert str(info.value)


# --- options -------------------------------------------------------------------------------


def test_option_defaults():
    opts = ENG.options({})
    assert opts["overs"] == 16
    assert opts["innings"] == 1
    assert opts["first_style"] == "pace"


@pytest.mark.parametrize(
    "raw",
    [
        {"overs": 1},
        {"overs": 50},
        {"overs": None},
        {"innings": 1},
        {"innings": 2},
        {"first_style": "spin"},
        {"first_style": "pace"},
        {"overs": None, "innings": 2, "first_style": "spin"},
    ],
)
def test_good_options(raw):
    opts = ENG.options(raw)
    state = ENG.initial_state(opts)
    assert ENG.summary(state)["status"] == "in_progress"


@pytest.mark.parametrize(
    "raw",
    [
        {"overs": 0},
        {"overs": -4},
        {"overs": "16"},
        {"overs": 1.5},
        {"overs": True},
        {"innings": 0},
        {"innings": 3},
        {"innings": "1"},
        {"innings": None},
        {"innings": True},
        {"first_style": "medium"},
        {"first_style": None},
        {"first_style": 1},
        {"wickets": 10},
        {"balls_per_over": 6},
        [],
        "overs",
    ],
)
def test_bad_options(raw):
    with pytest.raises(InvalidOptions):
        ENG.options(raw)


def test_unlimited_overs_option_round_trips_through_a_record():
    data = {"game": "quick-cricket", "options": {"overs": None}, "plays": [DECLARE]}
    result = replay(from_json(data))
    assert result.summary()["innings"][1]["batting"] == 1


# --- records ---------------------------------------------------------------------------------


def test_replay_of_a_game_matches_direct_play():
    g = new(innings=2)
    g.play(fielder("A"))
    g.runs("B")
    g.caught_appeal([NOT_OUT, NOT_OUT], review=OUT)
    g.no_ball()
    g.ball("C", "A", big_hit=True, umpire=[NOT_OUT])
    g.declare()
    g.ball("B", "B", "A", "D", bouncer="duck")
    result = replay(from_json(g.record()))
    assert result.summary() == g.s
    assert [str(o) for o in result.outcomes] == [str(o) for o in g.outcomes]


def test_replay_names_the_bad_play():
    g = new()
    g.dot()
    data = g.record()
    data["plays"] = [*data["plays"], delivery("A", "B", "A", "A", card="1")]
    with pytest.raises(ReplayError) as info:
        replay(from_json(data))
    assert info.value.number == 2


def test_outcomes_have_words():
    g = new()
    g.play(fielder("B"))
    g.runs("C")
    g.dot()
    g.no_ball()
    g.caught_appeal([NOT_OUT])
    g.ball("C", "A", big_hit=True, umpire=[NOT_OUT])
    g.bowled()
    g.declare()
    assert len(g.outcomes) == 8
    for outcome in g.outcomes:
        assert str(outcome).strip()
