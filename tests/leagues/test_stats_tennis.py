"""Quick Tennis stats per side, worked out by hand from the worked examples' records, and the
totals a stats page shows."""

import json
from pathlib import Path
from types import SimpleNamespace

from games.engines.record import from_json, replay
from games.kinds.quick_tennis import stats as tennis

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def example(name: str):
    case = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return replay(from_json(case["record"]))


def test_the_first_game_counted_for_each_player():
    # Ann (side 0) serves: ace; a rally (Bea reaches, Ann lobs and Bea recovers, then Bea's
    # diagonal winner: 4 shots); Bea's drop-shot winner (2 shots); two aces; Bea's winner
    # (2 shots); two aces: game Ann. Then Bea serves and the serve is covered.
    replayed = example("quick-tennis-first-game")
    ann, bea = (tennis.side_stats(replayed, side) for side in (0, 1))
    assert {k: ann[k] for k in tennis.COUNTS} == {
        **dict.fromkeys(tennis.COUNTS, 0),
        "points_won": 5,
        "points_lost": 3,
        "aces": 5,
        "service_games": 1,
        "service_games_held": 1,
        "lobs": 1,
    }
    assert {k: bea[k] for k in tennis.COUNTS} == {
        **dict.fromkeys(tennis.COUNTS, 0),
        "points_won": 3,
        "points_lost": 5,
        "aces_against": 5,
        "return_games": 1,
        "drops": 1,
        "recoveries": 1,
    }
    assert ann["longest_rally"] == bea["longest_rally"] == 4
    assert ann["sets"] == bea["sets"] == []  # no set finished yet


def test_a_tie_break_is_neither_a_service_nor_a_return_game():
    # Twelve games held (6-6), the tie-break 5-7 to Bea, then Bea holds the first game of
    # set 2.
    replayed = example("quick-tennis-tiebreak-set")
    ann, bea = (tennis.side_stats(replayed, side) for side in (0, 1))
    assert (ann["service_games"], ann["service_games_held"]) == (6, 6)
    assert (bea["service_games"], bea["service_games_held"]) == (7, 7)
    assert ann["return_games"] == 7 and bea["return_games"] == 6
    assert ann["breaks"] == bea["breaks"] == 0
    assert (ann["tiebreaks_won"], ann["tiebreaks_lost"]) == (0, 1)
    assert (bea["tiebreaks_won"], bea["tiebreaks_lost"]) == (1, 0)
    assert ann["sets"] == [[6, 7, [5, 7]]] and bea["sets"] == [[7, 6, [7, 5]]]
    assert (bea["sets_won"], bea["sets_lost"], bea["games_won"], bea["games_lost"]) == (1, 0, 7, 6)


def test_a_match_counts_sets_and_games_and_reads_as_its_score():
    replayed = example("quick-tennis-match-best-of-three")
    ann, bea = (tennis.side_stats(replayed, side) for side in (0, 1))
    assert (ann["sets_won"], ann["sets_lost"], ann["games_won"], ann["games_lost"]) == (
        1,
        2,
        11,
        17,
    )
    assert (bea["sets_won"], bea["sets_lost"], bea["games_won"], bea["games_lost"]) == (
        2,
        1,
        17,
        11,
    )
    # Breaks: Ann broke once in set 1 (6-4); Bea three times in set 2 and once in set 3.
    assert ann["breaks"] == 1 and bea["breaks"] == 4
    assert tennis.sets_text(SimpleNamespace(data=bea)) == "4–6 6–0 7–5"


def test_totals_are_worked_out_from_the_sums():
    rows = [
        SimpleNamespace(
            result="W",
            data={"points_won": 30, "points_lost": 10, "service_games": 4,
                  "service_games_held": 3, "longest_rally": 5, "sets": [[6, 0, None]]},
        ),
        SimpleNamespace(
            result="L",
            data={"points_won": 10, "points_lost": 30, "service_games": 4,
                  "service_games_held": 1, "longest_rally": 9, "sets": [[0, 6, None]]},
        ),
    ]  # fmt: skip
    totals = tennis.summarise(rows)
    assert (totals["games"], totals["wins"], totals["losses"]) == (2, 1, 1)
    assert totals["points_pct"] == 50.0  # 40 of 80
    assert totals["held_pct"] == 50.0  # 4 of 8
    assert totals["longest_rally"] == 9  # the longest, not a sum
    assert totals["aces"] == 0
