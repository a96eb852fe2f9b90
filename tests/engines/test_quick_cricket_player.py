"""Quick Cricket's plausible player: legal, reproducible, never a punished play
when an unpunished one is there, and matches whose figures look like the game the seed
describes (the uniform random player lost ten wickets in three or four overs)."""

import random
import statistics

import pytest

from games.engines import get
from games.engines.players import play_out
from games.engines.quick_cricket.catalogue import DEFAULT
from games.engines.quick_cricket.player import (
    BATTER_CHOICES,
    BIG_HIT,
    Table,
    best_fielder,
    outcome,
    solve,
    wants_review,
    wicket_value,
)
from games.engines.quick_cricket.state import NOT_OUT, OUT

ENGINE = get("quick-cricket")
CHART_0 = DEFAULT.charts[0][2]  # no wicket down: A 8, B 12, C 10, D 5
GAME = "quick-cricket"


def _state(options=None, plays=()):
    state = ENGINE.initial_state(ENGINE.options(dict(options or {})))
    for raw in plays:
        state, _ = ENGINE.play(state, raw)
    return state


def _figures(options, seeds):
    """Runs per (four-ball) over, wickets per innings, all out share, plays per match."""
    rates, wickets, all_out, lengths = [], [], [], []
    for seed in seeds:
        played = play_out(GAME, options, seed)
        lengths.append(len(played.plays))
        for innings in played.states[-1].innings:
            if innings.balls:
                rates.append(innings.runs / (innings.balls / 4))
            wickets.append(innings.wickets)
            all_out.append(innings.wickets == 10)
    return (
        statistics.mean(rates),
        statistics.mean(wickets),
        statistics.mean(all_out),
        statistics.mean(lengths),
    )


def test_every_play_is_legal_in_every_format():
    # play_out applies each play through the engine: an illegal one raises
    for seed in range(25):
        play_out(GAME, {"overs": 4}, seed)
    for seed in range(4):
        play_out(GAME, {"overs": 4, "innings": 2, "first_style": "spin"}, seed)
        play_out(GAME, {}, seed)
    play_out(GAME, {"overs": None}, 1)  # unlimited overs: ends at ten wickets


def test_a_match_is_reproduced_from_its_seed():
    assert play_out(GAME, {"overs": 8}, 3).plays == play_out(GAME, {"overs": 8}, 3).plays
    assert play_out(GAME, {"overs": 8}, 3).plays != play_out(GAME, {"overs": 8}, 4).plays


def test_no_punished_play_when_an_unpunished_one_is_there():
    """The rules punish a no ball (five runs and the over bowled again): there is always an
    ordinary delivery instead, so the player never bowls one. Reviews are only those the
    cards make even or better (the bowling side never reviews a NOT OUT from three cards,
    a one-in-three chance). Declarations give up runs in a match that cannot be drawn."""
    for seed in range(30):
        played = play_out(GAME, {"overs": 4, "innings": 2}, seed)
        for state, raw in zip(played.states, played.plays, strict=False):
            assert not raw.get("no_ball") and "declare" not in raw
            if "review" in raw and OUT not in raw["umpire"]:
                assert state.current.umpire_down == 2


def test_the_figures_look_like_the_game():
    rate, wickets, all_out, length = _figures({"overs": 16}, range(100))
    # Runs per four-ball over. The sheet's example partnership opens 7-14-4-5 (30 runs in
    # its first over), scoring strokes are worth 4-12 on the runs charts plus a Path card of
    # 1-4: an over of ordinary play gives a few of those and some dot balls, so 8 to 25.
    assert 8 <= rate <= 25, rate
    # Wickets per innings: the scoresheet has ten partnership rows and a 16-over innings
    # ("a shortened form"): innings should mostly use their overs, losing a real cricket
    # side's 4 to 9 wickets, not ten in a few overs as the uniform player did.
    assert 4 <= wickets <= 9.5, wickets
    # All out: sometimes (the sheet has ten partnership rows to fill), but not as a rule.
    assert 0.05 <= all_out <= 0.6, all_out
    # Plays per match: 2 x 64 deliveries at most, a fielder placement per spell at most, a
    # chase may end early and a side may be all out: 70 to 150.
    assert 70 <= length <= 150, length


def test_short_matches_are_not_ten_wickets_in_four_overs():
    rate, wickets, all_out, _ = _figures({"overs": 4}, range(150))
    # Four overs, 16 balls: the batter takes more risks with fewer balls left (the seed: a
    # side behind the rate goes for the Big Hit), so more runs an over but wickets in hand.
    assert 12 <= rate <= 35, rate
    assert 1 <= wickets <= 7, wickets
    assert all_out <= 0.1, all_out


def test_the_worth_of_a_wicket_follows_the_match():
    fresh = _state({"overs": 16})
    late = _state({"overs": 1}, [_ball(card) for card in "123"])
    assert wicket_value(fresh) > wicket_value(late)
    # a chase far behind the rate is worth fewer wickets than one cruising
    first_innings = [_ball(card) for card in "1234" * 4]  # four overs of 4 x 12 + 10 runs
    behind = _state({"overs": 4}, first_innings)
    assert behind.target == 233
    cruising = _state({"overs": 4}, [_defend(card) for card in "1234" * 4])
    assert cruising.target == 1
    assert wicket_value(behind) < wicket_value(_state({"overs": 4})) < wicket_value(cruising)


def _ball(card):
    """Pitch D, Path B, the batter moves to B and strokes to B: runs through B."""
    return {"pitch": "D", "path_card": card, "path": "B", "move": "B", "stroke": "B"}


def _defend(card):
    """Pitch A, Path C, the batter defends (move and stroke to A): a dot ball."""
    return {"pitch": "A", "path_card": card, "path": "C", "move": "A", "stroke": "A"}


def test_outcome_reads_the_table():
    wicket = 10
    # a yorker bowls a Big Hit; otherwise a one-card catch appeal for chart + card + 6
    assert outcome("spin", CHART_0, None, "A", "A", BIG_HIT, 2.5, 3, wicket) == -wicket
    assert outcome("spin", CHART_0, None, "A", "B", BIG_HIT, 2.5, 3, wicket) == pytest.approx(
        2 / 3 * (8 + 2.5 + 6) - 1 / 3 * wicket
    )
    # the sheet's example: Pitch A, Path B, move B, stroke D: runs through D
    assert outcome("spin", CHART_0, None, "A", "B", ("B", "D"), 4, 3, wicket) == 5 + 4
    assert outcome("spin", CHART_0, "D", "A", "B", ("B", "D"), 4, 3, wicket) == 5  # fielder
    # defending (move and stroke to the Pitch) is a dot ball; only a yorker lets it score
    assert outcome("spin", CHART_0, None, "A", "C", ("A", "A"), 2.5, 3, wicket) == 0
    assert outcome("spin", CHART_0, None, "A", "A", ("A", "A"), 2.5, 3, wicket) == 10.5
    # spin LBW is out; pace LBW an appeal
    assert outcome("spin", CHART_0, None, "A", "C", ("A", "B"), 2.5, 3, wicket) == -wicket
    assert outcome("pace", CHART_0, None, "A", "C", ("A", "B"), 2.5, 3, wicket) == pytest.approx(
        -wicket / 3
    )
    # under a pace bouncer a batter who moved to A ducks (0) rather than a losing Big Hit
    assert outcome("pace", CHART_0, None, "B", "B", ("A", "D"), 2.5, 1, wicket) == 0


def test_the_batter_defends_early_and_hits_late():
    chart = DEFAULT.charts[1][2]
    _, careful, _ = solve("spin", chart, "A", "A", 2.5, 3, 22)
    _, reckless, _ = solve("spin", chart, "A", "A", 2.5, 3, 0)
    defend = BATTER_CHOICES.index(("A", "A"))
    big = BATTER_CHOICES.index(BIG_HIT)
    assert careful[defend] > 0.5 > reckless[defend]
    assert reckless[big] > careful[big]


def test_the_bowler_answers_a_big_hit_with_yorkers():
    # with nothing to lose the batter goes for the Big Hit; the bowler's mix then holds
    # yorkers (Path on the Pitch), which bowl a Big Hit
    _, bat, bowl = solve("spin", CHART_0, None, "A", 2.5, 3, 0)
    assert bat[BATTER_CHOICES.index(BIG_HIT)] > 0
    assert bowl[0] > 0.1


def test_the_fielder_and_the_pitch():
    state = _state({"overs": 16})
    assert best_fielder(state) in "ABCD"
    table = Table(random.Random(1))
    first = table.choose(state)
    assert set(first) == {"fielder"}
    state, _ = ENGINE.play(state, first)
    assert "pitch" in table.choose(state)  # the field is set once a spell


def test_reviews():
    assert wants_review(OUT, 3, 1)  # overturned two times in three
    assert wants_review(OUT, 2, 3)  # an even chance
    assert not wants_review(OUT, 3, 0)  # none left
    assert wants_review(NOT_OUT, 2, 2)
    assert not wants_review(NOT_OUT, 3, 3)  # one chance in three
    assert not wants_review(NOT_OUT, 1, 3)  # nothing to review
