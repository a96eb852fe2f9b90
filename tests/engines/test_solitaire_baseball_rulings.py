"""One or more focused tests per ruling of ``games/engines/solitaire_baseball/RULES.md``.

Plays are raw record objects played from a new game, so every test reads like a record.
Expected results come from the rulings text, worked out by hand.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from typing import Any

import pytest

from games.engines import IllegalPlay, InvalidOptions, InvalidPlay, get
from games.engines.record import RecordError, ReplayError, from_json, replay
from games.engines.solitaire_baseball import DECK_SIZE, copies, read_card

ENG = get("solitaire-baseball")


# --- helpers -------------------------------------------------------------------------------


def c(*cards: str) -> dict[str, Any]:
    return {"cards": list(cards)}


RAIN = {"rain": True}


def start(**options: Any):
    return ENG.initial_state(ENG.options(options))


def run(plays, state=None, **options: Any):
    """Play ``plays`` from ``state`` (default: a new game). Returns (state, outcomes)."""
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


def plays_from(text: str) -> list[dict[str, Any]]:
    """``"AS 3H+3S"`` → ``[{"cards": ["AS"]}, {"cards": ["3H", "3S"]}]``."""
    return [c(*play.split("+")) for play in text.split()]


OUT_POOL = [f"{value}{suit}" for value in ("K", "Q", "J", "9", "8", "7", "6") for suit in "CSH"]


def with_outs(plays: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """``plays`` then ``count`` outs: each a single card that is neither the batter's number
    nor a ten, and of which the plays so far have left a copy in the deck."""
    plays = list(plays)
    used = Counter(card.upper() for play in plays for card in play.get("cards", []))
    for _ in range(count):
        batter = sum(1 for play in plays if "cards" in play) % 9 + 1
        card = next(
            card
            for card in OUT_POOL
            if read_card(card).value != batter and used[card] < copies(read_card(card))
        )
        used[card] += 1
        plays.append(c(card))
    return plays


# Loads the bases with batters 1-3 (suits chosen so nobody takes an extra base):
# AS (S on 1st); 2H (S to 2nd, H on 1st); 3C (S to 3rd, H to 2nd, C on 1st). Batter 4 due.
LOADED = [c("AS"), c("2H"), c("3C")]


# --- cards -----------------------------------------------------------------------------------


def test_the_deck_holds_95_cards_every_card_twice_but_ace_to_nine_of_diamonds():
    assert DECK_SIZE == 95
    for value in ("A", "2", "5", "9"):
        assert copies(read_card(f"{value}D")) == 1
        for suit in "CHS":
            assert copies(read_card(f"{value}{suit}")) == 2
    for value in ("10", "J", "Q", "K"):
        for suit in "CDHS":
            assert copies(read_card(f"{value}{suit}")) == 2


def test_initial_summary():
    s = summary([])
    assert s["game"] == "solitaire-baseball"
    assert s["status"] == "in_progress"
    assert s["winner"] is None and s["result"] is None and s["called"] is False
    assert s["score"] == [0]
    assert (s["inning"], s["half"], s["outs"]) == (1, "top", 0)
    assert s["bases"] == [False, False, False]
    assert s["line_score"] == [[0]]
    assert s["cards_played"] == 0 and s["cards_left"] == 95
    assert s["batter"] == 1
    assert s["runners"] == [None, None, None]
    assert json.loads(json.dumps(s)) == s


@pytest.mark.parametrize("name", ["as", "aS", "As", "AS"])
def test_card_names_in_upper_or_lower_case(name):
    assert summary([c(name)])["bases"] == [True, False, False]  # batter 1 singles on an ace


@pytest.mark.parametrize("name", ["10s", "10S", "kc", "Qh", "jd"])
def test_tens_and_face_cards_are_named(name):
    s = summary([c(name)])
    assert s["outs"] == 1  # not batter 1's number: an out (or a bunt with nobody on)
    assert s["cards_played"] == 1


@pytest.mark.parametrize("name", ["1H", "1s", "11H", "0C", "6X", "H6", "10", "", "AceS", "JOKER"])
def test_what_is_not_a_card_is_malformed(name):
    with pytest.raises(InvalidPlay) as info:
        ENG.play(start(), c(name))
    assert repr(name) in str(info.value)
    assert "is not a card" in str(info.value)


def test_1_is_not_a_card_the_ace_is_A():
    with pytest.raises(InvalidPlay, match="an ace is A"):
        ENG.play(start(), c("1H"))


@pytest.mark.parametrize("card", [6, None, ["6H"], {"value": 6}])
def test_a_card_must_be_a_name(card):
    with pytest.raises(InvalidPlay, match="is not a card"):
        ENG.play(start(), {"cards": [card]})


def test_ace_to_nine_of_diamonds_can_be_played_once():
    state, _ = run([c("AD")])
    with pytest.raises(
        IllegalPlay, match=re.escape("card 5♦ (5D): the deck's only 5♦ has already been played")
    ):
        run([c("5D"), c("5D")])
    with pytest.raises(IllegalPlay, match="AD"):
        ENG.play(state, c("AD"))


def test_every_other_card_can_be_played_twice_not_three_times():
    state, _ = run([c("KH"), c("KH")])
    assert ENG.summary(state)["outs"] == 2
    with pytest.raises(
        IllegalPlay, match=re.escape("card K♥ (KH): both copies have already been played")
    ):
        ENG.play(state, c("KH"))


def test_a_play_needing_more_copies_than_are_left_is_illegal():
    # Batter 1 is out on the 5H; when batter 5 comes up only one 5H is left for a double.
    state, _ = run(with_outs([c("5H")], 3))
    assert ENG.summary(state)["batter"] == 5
    with pytest.raises(
        IllegalPlay, match=re.escape("card 5♥ (5H): one copy has already been played, one is left")
    ):
        ENG.play(state, c("5H", "5H"))
    assert ENG.summary(ENG.play(state, c("5H", "5S"))[0])["bases"] == [False, True, False]


@pytest.mark.parametrize(
    "cards, words",
    [
        (["5D", "5D"], "card 5♦ (5D) is laid down 2 times: the deck holds it once"),
        (["5H", "5H", "5H"], "card 5♥ (5H) is laid down 3 times: the deck holds it twice"),
    ],
)
def test_one_play_cannot_hold_more_copies_than_the_deck(cards, words):
    with pytest.raises(InvalidPlay, match=re.escape(words)):
        ENG.play(start(), c(*cards))


# --- plays: what the cards make for batter n ----------------------------------------------


@pytest.mark.parametrize(
    "cards, bases, runs, verb",
    [
        (["AS"], [True, False, False], 0, "singles"),
        (["AS", "AH"], [False, True, False], 0, "doubles"),
        (["AS", "AH", "AC"], [False, False, True], 0, "triples"),
        (["AS", "AH", "AC", "AD"], [False, False, False], 1, "homers"),
    ],
)
def test_one_to_four_cards_of_the_batters_number_are_a_hit(cards, bases, runs, verb):
    s, outcome = last([c(*cards)])
    assert s["bases"] == bases
    assert s["score"] == [runs]
    assert s["outs"] == 0
    assert outcome.text.startswith(f"Batter 1 {verb}")
    assert "hit" in outcome.tags
    assert s["cards_played"] == len(cards)


def test_the_ace_counts_as_one_and_batter_n_needs_ns():
    plays = [c("AS"), c("2H"), c("3C"), c("4S", "4D"), c("5H")]
    s = summary(plays)
    assert s["outs"] == 0
    assert s["batter"] == 6


@pytest.mark.parametrize("faces", [["JH", "QS", "KD", "JC"], ["KH", "KH", "KS", "KS"]])
def test_four_face_cards_in_any_mix_are_a_walk(faces):
    s, outcome = last([c(*faces)])
    assert s["bases"] == [True, False, False]
    assert s["outs"] == 0
    assert "walk" in outcome.tags
    assert outcome.text.startswith("Batter 1 walks")


def test_one_ten_is_a_sacrifice_bunt_an_out():
    s, outcome = last([c("10H")])
    assert s["outs"] == 1
    assert s["batter"] == 2
    assert "sacrifice" in outcome.tags and "out" in outcome.tags


@pytest.mark.parametrize(
    "text, face", [("6h", "6♥"), ("10S", "10♠"), ("AD", "A♦"), ("KC", "K♣"), ("jd", "J♦")]
)
def test_a_card_has_a_face_as_the_picker_draws_it_and_an_id_as_a_play_posts_it(text, face):
    card = read_card(text)
    assert card.face == face
    assert card.id == text.upper()
    assert card.face_and_id == f"{face} ({text.upper()})"


@pytest.mark.parametrize(
    "card, face",
    [("2S", "2♠"), ("9H", "9♥"), ("JD", "J♦"), ("QC", "Q♣"), ("KS", "K♠"), ("5D", "5♦")],
)
def test_any_other_single_card_is_an_out(card, face):
    s, outcome = last([c(card)])
    assert s["outs"] == 1
    assert s["bases"] == [False, False, False]
    assert outcome.text == f"Batter 1 is out on the {face}."  # as the card picker draws it
    assert "out" in outcome.tags


@pytest.mark.parametrize(
    "raw, words",
    [
        (c("5H", "6H"), "cards 5♥, 6♥ make no play"),
        (c("AS", "AH", "2S"), "make no play"),
        (c("10H", "10S"), "make no play"),
        (c("JH", "QH"), "make no play"),
        (c("JH", "QH", "KH"), "make no play"),
        (c("JH", "QH", "KH", "10H"), "make no play"),
        (c("AS", "AH", "AC", "AD", "2S"), "5 cards were laid down: a batter takes one to four"),
        (c(), "no cards were laid down"),
        ({"cards": "AS"}, "must be a list"),
        ({}, "a play needs 'cards'"),
        ({"note": "hello"}, "a play needs 'cards'"),
        ([], "a play must be a JSON object"),
        ("AS", "a play must be a JSON object"),
        ({"cards": ["AS"], "rain": True}, "either 'cards' or 'rain', not both"),
        ({"rain": False}, "rain False must be true"),
        ({"rain": "yes"}, "must be true"),
    ],
)
def test_other_combinations_are_errors(raw, words):
    state = start()
    snapshot = copy.deepcopy(state)
    with pytest.raises(InvalidPlay) as info:
        ENG.play(state, raw)
    assert words in str(info.value)
    assert state == snapshot


def test_cards_of_another_batters_number_are_illegal_for_this_one():
    with pytest.raises(IllegalPlay) as info:
        ENG.play(start(), c("5H", "5S"))
    assert str(info.value) == (
        "cards 5♥, 5♠: batter 1 is up, and two 5s make no hit for him (a hit needs aces)"
    )
    s = summary([c("KC"), c("KC"), c("KS"), c("KS"), c("5H", "5S")])
    assert s["bases"] == [False, True, False]  # batter 5 doubles with the same two 5s


def test_extra_keys_on_a_play_are_ignored():
    assert summary([{"cards": ["AS"], "note": "lead-off"}]) == summary([c("AS")])
    assert summary([{"rain": True, "at": "21:04"}])["called"] is True


def test_batters_bat_in_order_round_and_round_across_innings():
    plays = with_outs([], 10)
    batters = []
    state = start()
    for raw in plays:
        batters.append(ENG.summary(state)["batter"])
        state, _ = ENG.play(state, raw)
    assert batters == [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]
    s = ENG.summary(state)
    assert (s["inning"], s["outs"], s["batter"]) == (4, 1, 2)  # the order carries over


# --- runners ---------------------------------------------------------------------------------


def test_the_example_ace_then_two_of_spades():
    """The shared example: the runner in spades takes an extra base to third."""
    s = summary([c("AS"), c("2S")])
    assert s["bases"] == [True, False, True]
    assert s["runners"] == ["S", None, "S"]
    assert s["outs"] == 0 and s["score"] == [0] and s["cards_played"] == 2


def test_the_batters_suit_is_the_top_card_of_the_hit():
    s = summary([c("AS", "AH")])
    assert s["runners"] == [None, "H", None]
    s = summary([c("AH", "AS")])
    assert s["runners"] == [None, "S", None]


def test_single_moves_runners_up_one():
    s = summary(LOADED)
    assert s["runners"] == ["C", "H", "S"]
    assert s["score"] == [0]


def test_single_with_the_bases_loaded_scores_one():
    s, outcome = last([*LOADED, c("4D")])
    assert s["runners"] == ["D", "C", "H"]
    assert s["score"] == [1]
    assert outcome.text == "Batter 4 singles (diamonds): one run scores."
    assert outcome.runs == 1


def test_double_moves_runners_up_two():
    # AS (S on 1st), 2H+2C double: S to 3rd (no match), batter C on 2nd.
    s, outcome = last([c("AS"), c("2H", "2C")])
    assert s["runners"] == [None, "C", "S"]
    assert s["score"] == [0]
    # Then a double in diamonds: S scores from 3rd, C scores from 2nd.
    s, outcome = last([c("AS"), c("2H", "2C"), c("3S", "3D")])
    assert s["runners"] == [None, "D", None]
    assert s["score"] == [2]
    assert outcome.text == "Batter 3 doubles (diamonds): two runs score."


def test_a_runner_whose_suit_matches_takes_an_extra_base_on_a_single():
    s, outcome = last([c("AS"), c("2S")])
    assert s["runners"] == ["S", None, "S"]
    assert "takes an extra base" in outcome.text


def test_a_runner_whose_suit_matches_takes_an_extra_base_on_a_double():
    # S on 1st; a double in spades: 1 + 2 + 1 = home.
    s, outcome = last([c("AS"), c("2H", "2S")])
    assert s["runners"] == [None, "S", None]
    assert s["score"] == [1]


def test_runners_move_from_the_most_advanced_back_and_push():
    """The seed's case: from first to third on a single, pushing the runner who stopped at
    third home. AH (H on 1st); 2S (H to 2nd, S on 1st); 3S: H to 3rd, then S from 1st takes
    an extra base to third and pushes H home; the batter takes first."""
    s, outcome = last([c("AH"), c("2S"), c("3S")])
    assert s["runners"] == ["S", None, "S"]
    assert s["score"] == [1]
    assert outcome.text == (
        "Batter 3 singles (spades); a runner in spades takes an extra base: one run scores."
    )


def test_a_matching_runner_on_second_scores_on_a_single():
    # AC (C on 1st); 2H (C to 2nd, H on 1st); 3C single: C from 2nd goes 1 + 1 bases, home;
    # H from 1st to 2nd; the batter C on 1st.
    s = summary([c("AC"), c("2H"), c("3C")])
    assert s["runners"] == ["C", "H", None]
    assert s["score"] == [1]


def test_a_matching_runner_lands_on_third_and_pushes_a_runner_there_home():
    # AH (H 1st); 2S (H 2nd, S 1st); 3D (H 3rd, S 2nd, D 1st);
    # 4S single: H from 3rd scores; S from 2nd +2 = home; D from 1st to 2nd; batter on 1st.
    s = summary([c("AH"), c("2S"), c("3D"), c("4S")])
    assert s["runners"] == ["S", "D", None]
    assert s["score"] == [2]


def test_triple_scores_every_runner_and_the_batter_goes_to_third():
    s, outcome = last([*LOADED, c("4S", "4H", "4C")])
    assert s["runners"] == [None, None, "C"]
    assert s["score"] == [3]
    assert outcome.text == "Batter 4 triples (clubs): three runs score."


def test_home_run_scores_everyone():
    s, outcome = last([*LOADED, c("4S", "4H", "4C", "4D")])
    assert s["runners"] == [None, None, None]
    assert s["score"] == [4]
    assert "home-run" in outcome.tags
    assert outcome.text == "Batter 4 homers (diamonds): four runs score."


def test_walk_moves_only_forced_runners():
    # AS, 2H+2C: S on 3rd, C on 2nd. A walk: batter to first, nobody forced.
    s = summary([c("AS"), c("2H", "2C"), c("JH", "QH", "KH", "JD")])
    assert s["runners"] == ["D", "C", "S"]
    assert s["score"] == [0]
    # S on 3rd only (triple): a walk does not move him.
    s = summary([c("AS", "AH", "AC"), c("JH", "QH", "KH", "KS")])
    assert s["runners"] == ["S", None, "C"]


def test_walk_with_runner_on_first_forces_him_to_second():
    s = summary([c("AS"), c("JH", "QH", "KH", "QS")])
    assert s["runners"] == ["S", "S", None]


def test_walk_with_the_bases_loaded_forces_a_run():
    s, outcome = last([*LOADED, c("JH", "QH", "KH", "QS")])
    assert s["runners"] == ["S", "C", "H"]
    assert s["score"] == [1]
    assert outcome.text == "Batter 4 walks (spades): one run scores."


def test_after_a_walk_the_batters_suit_is_the_top_face_card():
    assert summary([c("JH", "QS", "KD", "JC")])["runners"] == ["C", None, None]
    assert summary([c("JC", "QS", "KD", "JH")])["runners"] == ["H", None, None]


def test_nobody_moves_on_an_out():
    s = summary([*LOADED, c("KD")])
    assert s["runners"] == ["C", "H", "S"]
    assert s["outs"] == 1 and s["score"] == [0]


def test_sacrifice_bunt_moves_every_runner_up_one_when_all_match_the_ten():
    # AS (S 1st); 2S (S 3rd, S 1st): both spades. 10S: both move up, nobody home yet.
    s, outcome = last([c("AS"), c("2S"), c("10S")])
    assert s["runners"] == [None, "S", None]  # the runner on third scored
    assert s["score"] == [1]
    assert s["outs"] == 1
    assert outcome.text == (
        "Batter 3 lays down a sacrifice bunt (10♠) and is out; the runners move up: one run scores."
    )


def test_sacrifice_bunt_moves_nobody_when_any_runner_does_not_match():
    s, outcome = last([*LOADED, c("10S")])
    assert s["runners"] == ["C", "H", "S"]
    assert s["score"] == [0] and s["outs"] == 1
    assert "none move" in outcome.text


def test_sacrifice_bunt_with_nobody_on_is_an_out():
    s, outcome = last([c("10S")])
    assert s["outs"] == 1 and s["bases"] == [False, False, False]
    assert "nobody on" in outcome.text


def test_a_run_never_scores_on_the_third_out():
    # Two outs, then AS... batter 3 is up with two spades runners: the bunt is the third out.
    plays = [c("KC"), c("KC"), c("3S"), c("4S"), c("10S")]
    before = summary(plays[:-1])
    assert before["outs"] == 2 and before["runners"] == ["S", None, "S"]
    s, outcome = last(plays)
    assert s["score"] == [0]
    assert s["line_score"] == [[0, 0]]
    assert (s["inning"], s["outs"]) == (2, 0)
    assert outcome.runs == 0
    assert "Three outs: end of the 1st." in outcome.text


def test_a_new_inning_starts_with_the_bases_empty():
    s = summary(with_outs(LOADED, 3))
    assert (s["inning"], s["outs"]) == (2, 0)
    assert s["runners"] == [None, None, None]
    assert s["batter"] == 7


# --- the end of the game ---------------------------------------------------------------------


def test_more_runs_than_innings_after_the_scheduled_innings_wins():
    # One inning: a two-run home run (AS, then batter 2 homers) is more than 1.
    plays = with_outs([c("AS"), c("2S", "2H", "2C", "2D")], 3)
    s, outcome = last(plays, innings=1)
    assert s["status"] == "final"
    assert s["result"] == "win" and s["winner"] == 0
    assert s["score"] == [2]
    assert (s["inning"], s["outs"]) == (1, 3)
    assert s["called"] is False
    assert outcome.text.endswith("Game over: 2 runs in 1 inning, a win.")
    assert "final" in outcome.tags and "win" in outcome.tags


def test_fewer_runs_than_innings_loses():
    s, outcome = last(with_outs([], 6), innings=2)
    assert s["status"] == "final"
    assert s["result"] == "loss" and s["winner"] is None
    assert s["line_score"] == [[0, 0]]
    assert (s["inning"], s["outs"]) == (2, 3)


def test_a_final_game_keeps_its_stranded_runners():
    s = summary(with_outs(LOADED, 3), innings=1)
    assert s["result"] == "loss"
    assert s["runners"] == ["C", "H", "S"]
    assert s["outs"] == 3


def test_the_regulation_innings_are_played_out_even_past_the_target():
    plays = with_outs([c("AS"), c("2S", "2H", "2C", "2D")], 3)
    s = summary(plays, innings=2)
    assert s["status"] == "in_progress"
    assert (s["inning"], s["score"]) == (2, [2])


# One inning with exactly one run (a solo home run), then two outs: batter 4 due.
ONE_RUN = [c("AS", "AH", "AC", "AD"), c("KC"), c("KC")]


def test_exactly_as_many_runs_as_innings_goes_to_extra_innings():
    s, outcome = last([*ONE_RUN, c("KS")], innings=1)
    assert s["status"] == "in_progress"
    assert (s["inning"], s["outs"]) == (2, 0)
    assert s["line_score"] == [[1, 0]]
    assert outcome.text.endswith("Three outs: end of the 1st. 1 run in 1 inning: extra innings.")
    assert "extra-innings" in outcome.tags


def test_the_second_run_of_an_extra_inning_wins_at_once():
    # Extra inning: batter 5 singles (5S), batter 6 homers with four 6s: 2 runs at once.
    extra = [*ONE_RUN, c("KS"), c("5S"), c("6S", "6H", "6C", "6D")]
    s, outcome = last(extra, innings=1)
    assert s["status"] == "final" and s["result"] == "win" and s["winner"] == 0
    assert s["score"] == [3]  # every run of the deciding play counts
    assert s["line_score"] == [[1, 2]]
    assert (s["inning"], s["outs"]) == (2, 0)
    assert outcome.text.endswith("The second run of the 2nd: game over, a win.")
    with pytest.raises(IllegalPlay, match="the game is over"):
        ENG.play(run(extra, innings=1)[0], c("7S"))


def test_every_run_of_the_deciding_play_counts():
    # Extra inning: load the bases (5C, 6H, 7S), then batter 8 homers: four runs.
    extra = [*ONE_RUN, c("KS"), c("5C"), c("6H"), c("7S"), c("8S", "8H", "8C", "8D")]
    assert summary(extra[:-1], innings=1)["line_score"] == [[1, 0]]
    s = summary(extra, innings=1)
    assert s["result"] == "win"
    assert s["line_score"] == [[1, 4]]
    assert s["score"] == [5]


def test_one_run_in_the_second_of_two_plays_does_not_end_the_extra_inning():
    # 5S+5H+5C+5D: a solo home run in the extra inning: one run, play goes on.
    s = summary([*ONE_RUN, c("KS"), c("5S", "5H", "5C", "5D")], innings=1)
    assert s["status"] == "in_progress"
    assert s["line_score"] == [[1, 1]]


def test_an_extra_inning_with_exactly_one_run_plays_another():
    plays = [*ONE_RUN, c("KS"), c("5S", "5H", "5C", "5D"), c("QC"), c("QC"), c("QS")]
    s, outcome = last(plays, innings=1)
    assert s["status"] == "in_progress"
    assert (s["inning"], s["outs"]) == (3, 0)
    assert s["line_score"] == [[1, 1, 0]]
    assert outcome.text.endswith("One run in it: another extra inning.")


def test_an_extra_inning_with_no_run_loses():
    plays = [*ONE_RUN, c("KS"), c("QC"), c("QC"), c("QS")]
    s, outcome = last(plays, innings=1)
    assert s["status"] == "final" and s["result"] == "loss" and s["winner"] is None
    assert s["line_score"] == [[1, 0]]
    assert (s["inning"], s["outs"]) == (2, 3)
    assert outcome.text.endswith("No run in it: game over, a loss.")


def test_a_play_after_the_game_is_final_is_illegal():
    state, _ = run(with_outs([], 3), innings=1)
    assert ENG.is_over(state)
    for raw in (c("AS"), RAIN):
        with pytest.raises(IllegalPlay, match="the game is over: no more plays"):
            ENG.play(state, raw)
    assert ENG.legal_plays(state) == []


# --- rain ------------------------------------------------------------------------------------


def innings_of_outs(count: int) -> list[dict[str, Any]]:
    return with_outs([], 3 * count)


def test_rain_calls_the_game_at_any_point():
    s, outcome = last([RAIN])
    assert s["status"] == "final" and s["called"] is True
    assert s["result"] == "loss" and s["winner"] is None
    assert (s["inning"], s["outs"]) == (1, 0)
    assert s["line_score"] == [[0]]
    assert "rain" in outcome.tags
    assert outcome.text == "Rain: the game is called after 0 completed innings with 0 runs, a loss."


# After LOADED (C on 1st, H on 2nd, S on 3rd) five singles, each in the one suit no runner
# holds, so nobody takes an extra base: one run each. Batter 9 due.
FIVE_RUNS = [*LOADED, c("4D"), c("5S"), c("6H"), c("7C"), c("8D")]


def test_rain_with_five_completed_innings_and_more_runs_wins():
    assert summary(FIVE_RUNS)["score"] == [5]
    six_runs = [*FIVE_RUNS, c("9S")]
    assert summary(six_runs)["score"] == [6]
    s, outcome = last([*with_outs(six_runs, 15), RAIN])
    assert s["called"] is True and s["result"] == "win" and s["winner"] == 0
    assert s["score"] == [6]
    assert outcome.text == "Rain: the game is called after 5 completed innings with 6 runs, a win."


def test_rain_needs_more_runs_than_completed_innings():
    s = summary([*with_outs(FIVE_RUNS, 15), RAIN])
    assert (s["inning"], s["outs"]) == (5, 3)
    assert s["score"] == [5] and s["result"] == "loss" and s["called"] is True


def test_rain_needs_five_completed_innings():
    # Six runs but only four completed innings (the fifth under way): a loss.
    s = summary([*with_outs([*FIVE_RUNS, c("9S")], 14), RAIN])
    assert (s["inning"], s["outs"]) == (5, 2)
    assert s["score"] == [6]
    assert s["result"] == "loss" and s["called"] is True


def test_runs_of_the_inning_under_way_count_for_rain():
    # Five scoreless innings, then five runs in the 6th (5 is not more than 5), then a sixth.
    plays = innings_of_outs(5)
    assert summary(plays)["batter"] == 7
    load = [c("7S"), c("8H"), c("9C")]
    five = [*plays, *load, c("AD"), c("2S"), c("3H"), c("4C"), c("5D")]
    s = summary(five)
    assert s["score"] == [5] and (s["inning"], s["outs"]) == (6, 0)
    assert summary([*five, RAIN])["result"] == "loss"
    s = summary([*five, c("6S"), RAIN])
    assert s["score"] == [6] and s["result"] == "win"
    assert (s["inning"], s["outs"]) == (6, 0)
    assert s["runners"] == ["S", "D", "C"]


def test_rain_right_after_a_third_out_ends_the_game_at_that_third_out():
    s = summary([*innings_of_outs(5), RAIN])
    assert (s["inning"], s["outs"]) == (5, 3)
    assert s["line_score"] == [[0, 0, 0, 0, 0]]
    assert s["result"] == "loss" and s["called"] is True


def test_summary_after_rain_keeps_runners_as_they_were():
    s = summary([*LOADED, RAIN])
    assert s["runners"] == ["C", "H", "S"]
    assert s["called"] is True


# Three recorded games that use the whole deck (95 cards), found by playing hands of five
# from shuffled decks. Scheduled innings: 16.
WHOLE_DECK_ENDS_NORMALLY = """
8C 8C QH+QD+QD+QC 7H 5S JS 10D 8H 2D AH KH QS JH 8H KS 7S AC 9C 8S 10C 3C 4D 5D 6H 7D+7H
5S 9D 4S 6C 10D 4S 7C 2C 7C KD 6S AC 2H 3H 4H KC 4C 2C 6S 9S 5C 2H 3H 8S 6D 6C JC 10S 9H
JD+KH+KC+QS 2S 3S 4H 10H 9S 7S JS 9H AD 3C QH+KD+JH+JC 8D 5H JD 2S 3S 9C AS 10H 3D 4C 10C
6H AH 5H AS KS 10S QC 5C
"""
WHOLE_DECK_TIED = """
AC 2S AS JD 8S 6H 7C 6S 9H AH QH 3H+3S 4D 5C 5S 7D KS 9C AD 2C 2C 4C+4H QS 6D 10C 9S QC 6C
2D 3D 4S 2H KD 7S 8H KC 8D 3C 10H KC 7C 4H 7S 8H KH+QH+KH+QD AC 5S 10D 10D 5H JD 7H JS 9H
QD 3S JH 5H 9D 9C 3H 8C+8C QS JS 2S 3C JH 5D 6C 7H AS 9S AH KD KS 4S+4C 5C 6H 2H 8S QC 10S
JC JC 10C 10S 6S 10H
"""
WHOLE_DECK_MIDGAME = """
AS 2S 9D 4S 9S 6H 7C 2S 9H QH+QS+KS+JC 3C 3S 4C 5C 3S 7S 5H 2C AH JC 10C JS 5C 6S 7H 8C 9H
AD 2H+2C 6C 10H 8H 6C 7H 8C 9C AH JH 5D 7S 6H KD 10C 8H JD AC 2H 4C 4S QC 3H QH 8D 9S 3C
KD KH 4H 5S KC KH KC 10H 10D 2D 7D 4H 5S QD 8S 8S 4D JD+KS+JH+QS 10S 3H AC 6S 6D 7C JS 10D
AS 9C 3D QC 5H 10S QD
"""


def test_the_95th_card_that_ends_the_game_normally_is_not_rain():
    plays = plays_from(WHOLE_DECK_ENDS_NORMALLY)
    s, outcome = last(plays, innings=16)
    assert s["cards_played"] == 95 and s["cards_left"] == 0
    assert s["status"] == "final" and s["called"] is False
    assert (s["inning"], s["outs"]) == (16, 3)
    assert s["score"] == [14] and s["result"] == "loss"
    assert "rain" not in outcome.tags


def test_the_95th_card_calls_the_game_when_it_does_not_end_it():
    plays = plays_from(WHOLE_DECK_MIDGAME)
    before = summary(plays[:-1], innings=16)
    assert before["status"] == "in_progress" and before["cards_left"] == 1
    s, outcome = last(plays, innings=16)
    assert s["cards_played"] == 95
    assert s["status"] == "final" and s["called"] is True
    # The 95th card was the third out of the 15th: called after 15 completed innings.
    assert (s["inning"], s["outs"]) == (15, 3)
    assert len(s["line_score"][0]) == 15
    assert s["score"] == [16] and s["result"] == "win"
    assert outcome.text.endswith(
        "Three outs: end of the 15th. The deck is used up. "
        "Rain: the game is called after 15 completed innings with 16 runs, a win."
    )
    with pytest.raises(IllegalPlay, match="the game is over"):
        ENG.play(run(plays, innings=16)[0], RAIN)


def test_a_tie_on_the_95th_card_is_called_not_sent_to_extra_innings():
    s = summary(plays_from(WHOLE_DECK_TIED), innings=16)
    assert s["cards_played"] == 95
    assert s["called"] is True
    assert s["score"] == [16] and s["result"] == "loss"  # 16 runs is not more than 16 innings
    assert (s["inning"], s["outs"]) == (16, 3)


def test_the_summary_counts_cards_not_plays():
    s = summary([c("AS", "AH"), c("JH", "QH", "KH", "QS"), c("3C")])
    assert s["cards_played"] == 7
    assert s["cards_left"] == 88


# --- options, records and errors ---------------------------------------------------------------


def test_innings_option():
    assert ENG.options({}) == {"innings": 9}
    assert ENG.options({"innings": 3}) == {"innings": 3}
    for bad in (0, -1, "9", 2.5, True):
        with pytest.raises(InvalidOptions, match="innings"):
            ENG.options({"innings": bad})
    with pytest.raises(InvalidOptions, match="catalogue"):
        ENG.options({"catalogue": {}})


def test_record_has_one_side():
    record = from_json({"game": "solitaire-baseball", "plays": []})
    assert record.sides == ("Player",)
    assert from_json({"game": "solitaire-baseball", "sides": ["Ann"]}).sides == ("Ann",)
    with pytest.raises(RecordError, match="1 team names"):
        from_json({"game": "solitaire-baseball", "sides": ["Ann", "Bob"]})


def test_replay_names_the_bad_play():
    record = from_json({"game": "solitaire-baseball", "plays": [c("AD"), c("KC"), c("AD")]})
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.number == 3
    assert str(info.value) == "play 3: card A♦ (AD): the deck's only A♦ has already been played"


def test_an_illegal_play_leaves_the_state_untouched():
    state, _ = run(LOADED)
    snapshot = copy.deepcopy(state)
    for raw in (c("5H", "5S"), c("AS", "AS", "AS")):
        with pytest.raises((IllegalPlay, InvalidPlay)):
            ENG.play(state, raw)
    assert state == snapshot


def test_legal_plays_cover_every_kind():
    state, _ = run([c("AS")])  # batter 2 due
    legal = ENG.legal_plays(state)
    assert {"rain": True} in legal
    assert c("2S") in legal and c("KD") in legal and c("10H") in legal
    assert any(len(p.get("cards", [])) == 4 and p["cards"][0][0] in "JQK" for p in legal)
    home_runs = [p for p in legal if len(p.get("cards", [])) == 4 and p["cards"][0][0] == "2"]
    assert {p["cards"][-1][-1] for p in home_runs} == {"C", "D", "H", "S"}  # every top suit
    assert c("AS") in legal  # one ace of spades is left: an out for batter 2
    state, _ = run([c("AS")], state)
    assert c("AS") not in ENG.legal_plays(state)
