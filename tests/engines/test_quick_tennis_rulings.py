"""One or more focused tests per ruling of ``games/engines/quick_tennis/RULES.md`` and per rule of
tennis scoring.

Plays are raw record objects played from a new match, so every test reads like a record.
Expected results are worked out by hand from the rulings and lawn-tennis scoring.

Two ways to win a point are used throughout:

- **an ace** for the server: the serve to Q1 against the receiver's Q2;
- **a return winner** for the receiver: the serve to Q1 is covered (receive Q1), then the
  receiver, now the hitter, hits to Q1 and the server moves to Q2 and does not recover.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.engines import EngineError, IllegalPlay, InvalidOptions, InvalidPlay, get
from games.engines.record import ReplayError, from_json, replay

ENG = get("quick-tennis")

ACE = {"serve": "Q1", "receive": ["Q2"]}
COVERED = {"serve": "Q1", "receive": ["Q1"]}
RETURN_WINNER = {"hit": "Q1", "receive": "Q2"}
OUT_OF_CARDS = {"out_of_cards": True}
ADJACENT = [("Q1", "Q2"), ("Q1", "Q3"), ("Q2", "Q4"), ("Q3", "Q4")]
ADJACENT = ADJACENT + [(b, a) for a, b in ADJACENT]
DIAGONAL = [("Q1", "Q4"), ("Q4", "Q1"), ("Q2", "Q3"), ("Q3", "Q2")]


class Match:
    """A match played from the start: its state, summary, plays and outcomes."""

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.state = ENG.initial_state(ENG.options(options))
        self.plays: list[dict[str, Any]] = []
        self.outcomes: list[Any] = []

    @property
    def s(self) -> dict[str, Any]:
        return ENG.summary(self.state)

    def play(self, *plays: dict[str, Any]):
        outcome = None
        for raw in plays:
            self.state, outcome = ENG.play(self.state, raw)
            self.plays.append(raw)
            self.outcomes.append(outcome)
        return outcome

    def point_to(self, side: int, n: int = 1):
        """``side`` wins ``n`` points: aces when serving, return winners when receiving."""
        outcome = None
        for _ in range(n):
            if self.s["server"] == side:
                outcome = self.play(ACE)
            else:
                outcome = self.play(COVERED, RETURN_WINNER)
        return outcome

    def game_to(self, side: int, n: int = 1):
        """``side`` wins ``n`` games to love."""
        outcome = None
        for _ in range(n):
            outcome = self.point_to(side, 4)
        return outcome

    def games_alternating(self, count: int):
        """``count`` games, each won by its server (no breaks)."""
        for _ in range(count):
            self.game_to(self.s["server"])

    def rejects(self, raw: Any, error: type[EngineError] = IllegalPlay) -> str:
        snapshot = copy.deepcopy(self.state)
        before = self.s
        with pytest.raises(error) as info:
            ENG.play(self.state, raw)
        assert self.state == snapshot
        assert self.s == before
        return str(info.value)

    def record(self) -> dict[str, Any]:
        return {"game": "quick-tennis", "options": self.options, "plays": self.plays}


def rally() -> Match:
    """A match whose first serve was covered: the receiver (side 1) is the hitter."""
    m = Match()
    m.play(COVERED)
    return m


# --- options and the summary ------------------------------------------------------------------


def test_sets_option_defaults_to_best_of_three():
    assert ENG.options({}) == {"sets": 3}
    assert ENG.options({"sets": 5}) == {"sets": 5}
    assert Match().s["best_of"] == 3


@pytest.mark.parametrize("value", [1, 2, 4, 7, 0, -3, "3", 3.0, True, None, [3]])
def test_sets_option_is_three_or_five(value):
    with pytest.raises(InvalidOptions, match="sets"):
        ENG.options({"sets": value})


def test_unknown_option_is_refused():
    with pytest.raises(InvalidOptions, match="innings"):
        ENG.options({"innings": 3})


def test_initial_summary_has_every_key():
    s = Match().s
    assert s == {
        "game": "quick-tennis",
        "status": "in_progress",
        "winner": None,
        "score": [0, 0],
        "points": ["0", "0"],
        "games": [0, 0],
        "sets": [],
        "server": 0,
        "best_of": 3,
        "set": 1,
        "tiebreak": False,
        "tiebreaks": [],
        "hitter": None,
        "cards": [6, 6],
        "shots": 0,
        "ball": None,
        "points_won": [0, 0],
    }
    assert json.loads(json.dumps(s)) == s


def test_side_zero_serves_first():
    assert ENG.default_sides == ("Player 1", "Player 2")
    assert Match().s["server"] == 0


# --- the serve: aces with one to three receiver cards -------------------------------------------


@pytest.mark.parametrize(
    "receive", [["Q2"], ["Q2", "Q3"], ["Q2", "Q3", "Q4"], ["Q4", "Q3", "Q2"]], ids=len
)
def test_serve_not_covered_is_an_ace_for_the_server(receive):
    m = Match()
    outcome = m.play({"serve": "Q1", "receive": receive})
    s = m.s
    assert s["points"] == ["15", "0"]
    assert s["points_won"] == [1, 0]
    assert s["hitter"] is None  # the point is over
    assert s["cards"] == [6, 6]  # and both hands are full for the next one
    assert "ace" in outcome.tags and "point" in outcome.tags
    assert str(outcome).startswith("Ace: the serve to Q1 beats the receiver's")
    assert str(outcome).endswith("Point to the server: 15–0.")


@pytest.mark.parametrize(
    "receive", [["Q3"], ["Q1", "Q3"], ["Q2", "Q3", "Q4"], ["Q3", "Q4", "Q1"]], ids=len
)
def test_serve_covered_by_any_receiver_card_starts_the_rally(receive):
    m = Match()
    outcome = m.play({"serve": "Q3", "receive": receive})
    s = m.s
    assert s["points"] == ["0", "0"]
    assert s["hitter"] == 1  # the receiver becomes the hitter
    assert s["ball"] == "Q3"
    assert s["shots"] == 1
    # The server used one card, the receiver every card it played.
    assert s["cards"] == [5, 6 - len(receive)]
    assert outcome.tags == ("serve", "returned")
    assert str(outcome).startswith("Serve to Q3, covered by the receiver")


def test_no_recovery_after_a_missed_serve():
    m = Match()
    message = m.rejects({"serve": "Q1", "receive": ["Q2"], "recover": True}, InvalidPlay)
    assert "serve Q1" in message and "no recovery" in message


@pytest.mark.parametrize(
    ("receive", "words"),
    [
        ([], "between 1 and 3"),
        (["Q1", "Q2", "Q3", "Q4"], "between 1 and 3"),
        ("Q1", "between 1 and 3"),
        (["Q1", "Q1"], "Q1 twice"),
        (["Q5"], "'Q5' is not a quadrant"),
        ([1], "1 is not a quadrant"),
    ],
)
def test_receiver_plays_one_to_three_different_cards_against_a_serve(receive, words):
    message = Match().rejects({"serve": "Q1", "receive": receive}, InvalidPlay)
    assert words in message


def test_serve_needs_the_receivers_cards():
    assert "receive" in Match().rejects({"serve": "Q2"}, InvalidPlay)


def test_a_serve_during_a_rally_is_illegal():
    message = rally().rejects(ACE)
    assert message.startswith("serve Q1: a point is under way")


def test_a_hit_before_the_serve_is_illegal():
    message = Match().rejects({"hit": "Q1", "receive": "Q1"})
    assert message.startswith("hit Q1: no point is under way")


# --- the rally: a match swaps roles --------------------------------------------------------------


@pytest.mark.parametrize("quadrant", ["Q1", "Q2", "Q3", "Q4"])
def test_a_match_in_a_rally_swaps_roles(quadrant):
    m = rally()
    assert m.s["hitter"] == 1
    outcome = m.play({"hit": quadrant, "receive": quadrant})
    s = m.s
    assert s["hitter"] == 0  # the receiver became the hitter
    assert s["cards"] == [4, 4]  # server: serve + receive; receiver: receive + hit
    assert s["shots"] == 2
    assert s["ball"] == quadrant
    assert s["points"] == ["0", "0"]
    assert "reached" in outcome.tags
    assert str(outcome) == f"The receiver hits to {quadrant}; the server gets there: roles swap."
    m.play({"hit": "Q2", "receive": "Q2"})
    assert m.s["hitter"] == 1
    assert m.s["cards"] == [3, 3]


# --- recovery ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hit", "receive"), ADJACENT)
def test_recovery_is_allowed_when_the_move_is_not_diagonal(hit, receive):
    m = rally()
    outcome = m.play({"hit": hit, "receive": receive, "recover": True})
    s = m.s
    assert s["hitter"] == 0  # the receiver recovered and becomes the hitter
    assert s["cards"] == [3, 4]  # the recovery cost the server a second card
    assert s["ball"] == hit
    assert s["points"] == ["0", "0"]
    assert "recovery" in outcome.tags
    assert str(outcome) == (
        f"The receiver hits to {hit}; the server went to {receive} and recovers with another "
        "card: roles swap."
    )


@pytest.mark.parametrize(("hit", "receive"), DIAGONAL)
def test_recovery_is_refused_when_the_move_is_diagonal(hit, receive):
    m = rally()
    message = m.rejects({"hit": hit, "receive": receive, "recover": True})
    assert message.startswith(f"recover: the ball went to {hit} and the receiver to {receive}")
    assert "diagonal" in message


@pytest.mark.parametrize(("hit", "receive"), DIAGONAL)
def test_a_diagonal_miss_is_the_hitters_point(hit, receive):
    m = rally()
    outcome = m.play({"hit": hit, "receive": receive})
    assert m.s["points"] == ["0", "15"]  # the hitter was the receiver of the game
    assert m.s["hitter"] is None
    assert "diagonal" in outcome.tags
    assert str(outcome) == (
        f"The receiver hits to {hit}; the server went to {receive}: a diagonal, no recovery. "
        "Point to the receiver: 0–15."
    )


@pytest.mark.parametrize(("hit", "receive"), ADJACENT)
def test_without_recovery_the_hitter_wins_the_point(hit, receive):
    m = rally()
    outcome = m.play({"hit": hit, "receive": receive})
    assert m.s["points"] == ["0", "15"]
    assert m.s["points_won"] == [0, 1]
    assert "missed" in outcome.tags
    assert "does not recover" in str(outcome)


def test_recover_false_is_no_recovery():
    m = rally()
    m.play({"hit": "Q1", "receive": "Q2", "recover": False})
    assert m.s["points"] == ["0", "15"]


def test_recover_on_a_shot_that_was_reached_is_illegal():
    message = rally().rejects({"hit": "Q3", "receive": "Q3", "recover": True})
    assert message.startswith("recover: the receiver's Q3 reached the ball")


def test_a_recovery_may_use_the_last_card_and_then_the_ball_cannot_be_played():
    m = Match()
    m.play({"serve": "Q1", "receive": ["Q1", "Q2", "Q3"]})  # server 5, receiver 3
    m.play({"hit": "Q1", "receive": "Q1"})  # receiver 2, server 4; the server hits
    m.play({"hit": "Q2", "receive": "Q1", "recover": True})  # server 3, receiver 0
    assert m.s["cards"] == [3, 0]
    assert m.s["hitter"] == 1
    message = m.rejects({"hit": "Q4", "receive": "Q4"})
    assert message.startswith("hit Q4: the hitter has no card left")
    m.play(OUT_OF_CARDS)
    assert m.s["points"] == ["15", "0"]


def test_a_receiver_playing_their_last_card_cannot_recover():
    m = Match()
    m.play({"serve": "Q1", "receive": ["Q1", "Q2"]})  # server 5, receiver 4
    m.play({"hit": "Q4", "receive": "Q4"})  # receiver 3, server 4; the server hits
    m.play({"hit": "Q4", "receive": "Q4"})  # server 3, receiver 2; the receiver hits
    m.play({"hit": "Q4", "receive": "Q4"})  # receiver 1, server 2; the server hits
    assert m.s["cards"] == [2, 1] and m.s["hitter"] == 0
    message = m.rejects({"hit": "Q1", "receive": "Q2", "recover": True})
    assert message.startswith("recover: the receiver played their last card, Q2")
    m.play({"hit": "Q1", "receive": "Q2"})
    assert m.s["points"] == ["15", "0"]  # the hitter (the server) wins the point


# --- lob and drop shot: recorded only -------------------------------------------------------------


@pytest.mark.parametrize(("call", "verb"), [("lob", "lobs"), ("drop", "plays a drop shot")])
@pytest.mark.parametrize(("hit", "receive"), [("Q3", "Q3"), ("Q3", "Q4"), ("Q1", "Q4")])
def test_lob_and_drop_calls_are_recorded_and_change_nothing(call, verb, hit, receive):
    plain, called = rally(), rally()
    plain.play({"hit": hit, "receive": receive})
    outcome = called.play({"hit": hit, "receive": receive, "call": call})
    assert called.state == plain.state
    assert call in outcome.tags
    assert str(outcome).startswith(f"The receiver {verb} to {hit};")
    assert replay(from_json(called.record())).final_state == called.state
    assert from_json(called.record()).plays[-1]["call"] == call


@pytest.mark.parametrize("call", ["smash", "Lob", "", 1, True])
def test_only_lob_and_drop_are_calls(call):
    message = rally().rejects({"hit": "Q1", "receive": "Q1", "call": call}, InvalidPlay)
    assert message.startswith("call ") and "lob" in message


def test_a_call_on_a_serve_is_refused():
    message = Match().rejects({"serve": "Q1", "receive": ["Q1"], "call": "lob"}, InvalidPlay)
    assert message.startswith("serve Q1:") and "rally hit" in message


# --- out of cards --------------------------------------------------------------------------------


def test_the_hitter_out_of_cards_loses_the_point():
    m = Match()
    m.play({"serve": "Q1", "receive": ["Q1"]})  # server 5, receiver 5; the receiver hits
    for _ in range(5):
        m.play({"hit": "Q1", "receive": "Q1"})
    # Five exchanges, a card each: both hands are empty and the ball is with the server.
    assert m.s["cards"] == [0, 0]
    assert m.s["hitter"] == 0
    outcome = m.play(OUT_OF_CARDS)
    assert m.s["points"] == ["0", "15"]  # the server (the hitter) loses the point
    assert "out-of-cards" in outcome.tags
    assert str(outcome) == (
        "The server has no card left to play the ball. Point to the receiver: 0–15."
    )


def test_the_receiver_out_of_cards_loses_the_point():
    m = Match()
    m.play({"serve": "Q1", "receive": ["Q1", "Q2", "Q3"]})  # server 5, receiver 3
    m.play({"hit": "Q1", "receive": "Q1"})  # receiver 2, server 4; the server hits
    m.play({"hit": "Q1", "receive": "Q1"})  # server 3, receiver 1; the receiver hits
    m.play({"hit": "Q1", "receive": "Q1"})  # receiver 0, server 2; the server hits
    assert m.s["cards"] == [2, 0] and m.s["hitter"] == 0
    message = m.rejects({"hit": "Q2", "receive": "Q2"})
    assert message.startswith("receive Q2: the receiver has no card left")
    assert "out_of_cards" in message
    outcome = m.play(OUT_OF_CARDS)
    assert m.s["points"] == ["15", "0"]  # the server (the hitter) wins it
    assert str(outcome).startswith("The receiver has no card left to answer the shot.")


def test_out_of_cards_with_cards_on_both_sides_is_illegal():
    m = rally()
    assert m.rejects(OUT_OF_CARDS) == (
        "out_of_cards: the hitter holds 5 cards and the receiver 5 cards"
    )


def test_out_of_cards_between_points_is_illegal():
    assert Match().rejects(OUT_OF_CARDS).startswith("out_of_cards: no point is under way")


@pytest.mark.parametrize(
    "raw",
    [
        {"out_of_cards": False},
        {"out_of_cards": 1},
        {"out_of_cards": True, "receive": "Q1"},
        {"out_of_cards": True, "hit": "Q1", "receive": "Q1"},
    ],
)
def test_out_of_cards_is_true_and_alone(raw):
    rally().rejects(raw, InvalidPlay)


def test_hands_are_full_again_at_every_point():
    m = Match()
    m.play({"serve": "Q1", "receive": ["Q1", "Q2", "Q3"]})
    m.play({"hit": "Q1", "receive": "Q2"})  # the receiver's winner
    assert m.s["cards"] == [6, 6]
    m.play({"serve": "Q2", "receive": ["Q2"]})
    assert m.s["cards"] == [5, 5]


# --- points: 0 15 30 40, deuce, advantage -------------------------------------------------------


def test_points_count_zero_fifteen_thirty_forty_game():
    m = Match()
    calls = []
    for _ in range(3):
        m.point_to(0)
        calls.append(m.s["points"])
    assert calls == [["15", "0"], ["30", "0"], ["40", "0"]]
    outcome = m.point_to(0)
    assert m.s["points"] == ["0", "0"]
    assert m.s["games"] == [1, 0]
    assert "game" in outcome.tags and "break" not in outcome.tags
    assert str(outcome).endswith("Game to the server, who leads 1–0 in games.")


def test_points_are_called_server_first():
    m = Match()
    m.point_to(1)
    assert str(m.outcomes[-1]).endswith("Point to the receiver: 0–15.")
    m.point_to(1, 3)  # the receiver breaks to love: side 1 serves the second game
    assert m.s["games"] == [0, 1] and m.s["server"] == 1
    m.point_to(0)
    assert m.s["points"] == ["15", "0"]
    assert str(m.outcomes[-1]).endswith("Point to the receiver: 0–15.")


def test_deuce_and_advantage():
    m = Match()
    m.point_to(0, 3)
    m.point_to(1, 3)
    assert m.s["points"] == ["40", "40"]
    assert str(m.outcomes[-1]).endswith("Point to the receiver: deuce.")
    m.point_to(0)
    assert m.s["points"] == ["Ad", "40"]
    assert str(m.outcomes[-1]).endswith("Point to the server: advantage server.")
    m.point_to(1)
    assert m.s["points"] == ["40", "40"]
    m.point_to(1)
    assert m.s["points"] == ["40", "Ad"]
    assert str(m.outcomes[-1]).endswith("Point to the receiver: advantage receiver.")
    assert m.s["games"] == [0, 0]


def test_advantage_then_the_point_wins_the_game():
    m = Match()
    m.point_to(0, 3)
    m.point_to(1, 3)
    m.point_to(1)  # advantage receiver
    outcome = m.point_to(1)
    assert m.s["games"] == [0, 1]
    assert m.s["points"] == ["0", "0"]
    assert "break" in outcome.tags
    assert str(outcome).endswith("Game to the receiver (a break of serve), who leads 1–0 in games.")


def test_a_long_deuce_game_needs_two_points_in_a_row():
    m = Match()
    m.point_to(0, 3)
    m.point_to(1, 3)
    for _ in range(5):
        m.point_to(0)
        assert m.s["points"] == ["Ad", "40"]
        m.point_to(1)
        assert m.s["points"] == ["40", "40"]
    m.point_to(0, 2)
    assert m.s["games"] == [1, 0]


# --- games, the server, sets ----------------------------------------------------------------------


def test_the_server_changes_every_game():
    m = Match()
    servers = []
    for winner in (0, 0, 1, 1, 0):
        servers.append(m.s["server"])
        m.game_to(winner)
    assert servers == [0, 1, 0, 1, 0]
    assert m.s["server"] == 1


def test_a_break_is_a_game_won_by_the_receiver():
    m = Match()
    m.game_to(0)  # held
    outcome = m.game_to(0)  # side 1 served: broken
    assert "break" in outcome.tags
    assert m.s["games"] == [2, 0]
    assert str(outcome).endswith("Game to the receiver (a break of serve), who leads 2–0 in games.")


def test_set_at_six_four():
    m = Match()
    m.games_alternating(8)  # 4-4
    m.game_to(0)  # side 0 serves game 9: 5-4
    assert m.s["games"] == [5, 4]
    outcome = m.game_to(0)  # breaks side 1: 6-4
    s = m.s
    assert s["sets"] == [[6, 4]]
    assert s["tiebreaks"] == [None]
    assert s["games"] == [0, 0]
    assert s["score"] == [1, 0]
    assert s["set"] == 2
    assert s["status"] == "in_progress"
    assert "set" in outcome.tags
    assert str(outcome).endswith("Game and first set to the receiver, 6–4; who leads 1–0 in sets.")


def test_six_five_is_not_a_set_and_seven_five_is():
    m = Match()
    m.games_alternating(10)  # 5-5
    m.game_to(m.s["server"])  # 6-5 to the server of game 11 (side 0)
    assert m.s["games"] == [6, 5]
    assert m.s["sets"] == []
    m.game_to(0)  # side 0 breaks: 7-5
    assert m.s["sets"] == [[7, 5]]
    assert m.s["tiebreaks"] == [None]


def test_six_six_starts_a_tie_break():
    m = Match()
    m.games_alternating(12)
    s = m.s
    assert s["games"] == [6, 6]
    assert s["tiebreak"] is True
    assert s["points"] == ["0", "0"]
    assert s["server"] == 0  # side 0 served games 1, 3, … 11: side 0's turn in game 13
    m.point_to(0)
    assert m.s["points"] == ["1", "0"]  # tie-break points are counted, not 15-30-40


def test_tie_break_serve_rotation_one_then_two_each():
    m = Match()
    m.games_alternating(12)
    servers = []
    for _ in range(12):
        servers.append(m.s["server"])
        m.point_to(servers[-1])  # every point won by its server: 6-6 in points
    assert servers == [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0]
    assert m.s["points"] == ["6", "6"]
    assert m.s["tiebreak"] is True


def test_tie_break_to_seven_wins_the_set_seven_six():
    m = Match()
    m.games_alternating(12)
    m.point_to(1, 5)
    m.point_to(0, 5)
    assert m.s["points"] == ["5", "5"]
    # Point 11 is side 1's to serve (0, 1 1, 0 0, 1 1, 0 0, 1 1), point 12 side 0's.
    m.point_to(1)
    assert str(m.outcomes[-1]).endswith("Point to the server: tie-break 6–5 to the server.")
    outcome = m.point_to(1)
    s = m.s
    assert s["sets"] == [[6, 7]]
    assert s["tiebreaks"] == [[5, 7]]
    assert s["games"] == [0, 0]
    assert s["score"] == [0, 1]
    assert s["tiebreak"] is False
    assert {"tiebreak", "set", "game"} <= set(outcome.tags)
    assert "break" not in outcome.tags
    assert str(outcome).endswith(
        "Game and first set to the receiver, 7–6(5); who leads 1–0 in sets."
    )


def test_tie_break_needs_two_clear_points():
    m = Match()
    m.games_alternating(12)
    m.point_to(0, 6)
    m.point_to(1, 6)
    m.point_to(0)  # 7-6 is not enough
    assert m.s["points"] == ["7", "6"]
    assert m.s["sets"] == []
    m.point_to(1)
    m.point_to(0, 2)  # 9-7
    assert m.s["sets"] == [[7, 6]]
    assert m.s["tiebreaks"] == [[9, 7]]


def test_the_player_who_received_first_in_the_tie_break_serves_the_next_set():
    m = Match()
    m.games_alternating(12)
    assert m.s["server"] == 0  # side 0 serves the tie-break's first point
    m.point_to(0, 7)
    assert m.s["sets"] == [[7, 6]]
    assert m.s["server"] == 1


def test_the_server_alternates_across_sets():
    m = Match()
    m.game_to(0, 6)  # 6-0: side 0 served games 1, 3, 5; side 1 games 2, 4, 6
    assert m.s["sets"] == [[6, 0]]
    assert m.s["server"] == 0  # game 7 of the match


# --- the match --------------------------------------------------------------------------------


def test_best_of_three_is_won_with_two_sets():
    m = Match()
    m.game_to(0, 6)
    m.game_to(1, 6)
    assert m.s["score"] == [1, 1]
    assert m.s["status"] == "in_progress"
    m.game_to(0, 5)
    outcome = m.game_to(0)
    s = m.s
    assert s["status"] == "final"
    assert s["winner"] == 0
    assert s["score"] == [2, 1]
    assert s["sets"] == [[6, 0], [0, 6], [6, 0]]
    assert s["games"] == [6, 0]  # the last set stays on the board
    assert s["points"] == ["0", "0"]
    assert s["set"] == 3
    assert s["hitter"] is None
    assert "final" in outcome.tags
    # Side 0 served the first game of every set (6 games a set), so side 1 served game 18.
    assert str(outcome).endswith("Game, set and match to the receiver: 6–0 0–6 6–0.")


def test_best_of_three_straight_sets():
    m = Match()
    m.game_to(1, 12)
    s = m.s
    assert s["status"] == "final"
    assert s["winner"] == 1
    assert s["score"] == [0, 2]
    assert s["sets"] == [[0, 6], [0, 6]]


def test_best_of_five_needs_three_sets():
    m = Match(sets=5)
    m.game_to(0, 12)
    assert m.s["score"] == [2, 0]
    assert m.s["status"] == "in_progress"
    m.game_to(1, 12)
    assert m.s["score"] == [2, 2]
    assert m.s["status"] == "in_progress"
    assert m.s["set"] == 5
    m.game_to(1, 6)
    s = m.s
    assert s["status"] == "final"
    assert s["winner"] == 1
    assert s["score"] == [2, 3]
    assert s["sets"] == [[6, 0], [6, 0], [0, 6], [0, 6], [0, 6]]
    assert s["best_of"] == 5


def test_a_final_set_is_decided_by_a_tie_break_too():
    m = Match()
    m.game_to(0, 6)
    m.game_to(1, 6)
    m.games_alternating(12)
    assert m.s["tiebreak"] is True
    m.point_to(1, 7)
    s = m.s
    assert s["status"] == "final"
    assert s["winner"] == 1
    assert s["sets"] == [[6, 0], [0, 6], [6, 7]]
    assert s["tiebreaks"] == [None, None, [0, 7]]
    assert s["games"] == [6, 7]
    assert s["tiebreak"] is False


@pytest.mark.parametrize("raw", [ACE, COVERED, OUT_OF_CARDS, {"hit": "Q1", "receive": "Q1"}])
def test_no_play_after_the_match_is_over(raw):
    m = Match()
    m.game_to(0, 12)
    assert m.s["status"] == "final"
    assert m.rejects(raw) == "the match is over: no more plays"
    assert ENG.legal_plays(m.state) == []


def test_points_won_add_up_over_the_match():
    m = Match()
    m.game_to(0, 3)
    m.point_to(1, 2)
    assert m.s["points_won"] == [12, 2]


# --- errors: malformed or illegal, naming the card and the reason -------------------------------


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("Q1", "a play must be a JSON object"),
        ([], "a play must be a JSON object"),
        ({}, "a play needs a 'serve', a 'hit' or 'out_of_cards'"),
        ({"note": "x"}, "a play needs"),
        ({"serve": "Q1", "hit": "Q1", "receive": ["Q1"]}, "a play is one of"),
        ({"serve": "Q9", "receive": ["Q1"]}, "serve 'Q9' is not a quadrant"),
        ({"serve": None, "receive": ["Q1"]}, "serve None is not a quadrant"),
        ({"serve": "q1", "receive": ["Q1"]}, "serve 'q1' is not a quadrant"),
    ],
)
def test_malformed_plays_say_why(raw, words):
    assert words in Match().rejects(raw, InvalidPlay)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"hit": "Q0", "receive": "Q1"}, "hit 'Q0' is not a quadrant"),
        ({"hit": "Q1"}, "hit Q1 needs the receiver's card 'receive'"),
        ({"hit": "Q1", "receive": ["Q1"]}, "in a rally the receiver plays one card"),
        ({"hit": "Q1", "receive": "Q7"}, "receive 'Q7' is not a quadrant"),
        ({"hit": "Q1", "receive": "Q2", "recover": "yes"}, "recover 'yes' must be true or false"),
    ],
)
def test_malformed_rally_shots_say_why(raw, words):
    assert words in rally().rejects(raw, InvalidPlay)


def test_a_huge_value_is_cut_short_in_the_message():
    message = Match().rejects({"serve": "Q" * 10_000, "receive": ["Q1"]}, InvalidPlay)
    assert len(message) < 120


def test_unknown_keys_on_a_play_are_ignored():
    m, plain = Match(), Match()
    m.play({**ACE, "note": "first point", "at": "12:00"})
    plain.play(ACE)
    assert m.state == plain.state


def test_replay_names_the_bad_play():
    record = {
        "game": "quick-tennis",
        "plays": [COVERED, {"hit": "Q1", "receive": "Q4", "recover": True}],
    }
    with pytest.raises(ReplayError) as info:
        replay(from_json(record))
    assert info.value.number == 2
    assert str(info.value).startswith("play 2: recover: the ball went to Q1")


# --- the state is immutable ------------------------------------------------------------------


def test_apply_never_changes_the_state_it_was_given():
    m = Match()
    for raw in [COVERED, {"hit": "Q2", "receive": "Q1", "recover": True}, RETURN_WINNER]:
        before = copy.deepcopy(m.state)
        new, _ = ENG.play(m.state, raw)
        assert m.state == before
        assert new != before
        m.state = new
    with pytest.raises(AttributeError):
        m.state.games = (5, 5)  # type: ignore[misc]


def test_the_worked_examples_are_collected():
    from tests.engines.test_examples import CASES

    names = {name for name, _ in CASES if name.startswith("quick-tennis-")}
    assert {
        "quick-tennis-first-game.json",
        "quick-tennis-deuce-advantage.json",
        "quick-tennis-tiebreak-set.json",
        "quick-tennis-match-best-of-three.json",
        "quick-tennis-out-of-cards.json",
        "quick-tennis-diagonal-recovery-error.json",
        "quick-tennis-hit-before-serve-error.json",
    } <= names
