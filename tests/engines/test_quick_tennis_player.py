"""Quick Tennis's plausible player: legal, reproducible, never gives a point away
when a recovery would keep it alive, and matches that look like matches."""

import random
import statistics

import pytest

from games.engines import get
from games.engines.players import play_out
from games.engines.quick_tennis import HAND, QUADRANTS, Match, Rally, diagonal
from games.engines.quick_tennis.player import (
    Table,
    call_for,
    hitter_wins,
    point_chances,
    should_recover,
)

ENGINE = get("quick-tennis")
GAMES = 300  # best-of-three matches for the figures (about 5 ms each)

# One worker plays the matches once for every test that reads them.
pytestmark = pytest.mark.xdist_group("quick_tennis_player")


@pytest.fixture(scope="module")
def matches():
    """Best-of-three matches (the default and the demo's option) played out by the table."""
    return [play_out("quick-tennis", {"sets": 3}, seed) for seed in range(GAMES)]


def _points(played):
    """(state before, state after) for every play that ended a point."""
    pairs = zip(played.states, played.states[1:], strict=False)
    return [(b, a) for b, a in pairs if sum(a.points_won) != sum(b.points_won)]


def test_every_play_is_legal_over_many_seeds(matches):
    # play_out applies every play with engine.play, which raises on an illegal one; the
    # best-of-five matches are checked here too.
    for seed in range(40):
        assert play_out("quick-tennis", {"sets": 5}, seed).summary["status"] == "final"
    for played in matches:
        assert played.summary["status"] == "final"
    for played in matches[:30]:  # and each play is one the engine lists as legal
        for state, raw in zip(played.states[:-1], played.plays, strict=True):
            assert raw in ENGINE.legal_plays(state)


def test_a_match_is_reproduced_from_its_seed():
    assert play_out("quick-tennis", {}, 11) == play_out("quick-tennis", {}, 11)
    assert play_out("quick-tennis", {}, 11).plays != play_out("quick-tennis", {}, 12).plays


def test_no_point_is_given_away_and_no_card_is_wasted(matches):
    """The plays the rules punish in this game: a receiver who misses a shot by a quadrant
    that is not diagonal, and could recover keeping a card to hit with, loses the point by
    not recovering (the player always recovers then, and never spends the last card on a
    recovery that cannot be followed by a shot); a receiver covering a serve with a single
    card gives away half of their chance of the point (never one card);
    ``out_of_cards`` only when a player who must play has no card left."""
    for played in matches[:100]:
        for state, raw in zip(played.states[:-1], played.plays, strict=True):
            rally = state.rally
            if "serve" in raw:
                assert len(raw["receive"]) in (2, 3)
            elif "out_of_cards" in raw:
                assert 0 in rally.cards
            else:
                assert 0 not in rally.cards
                missed = raw["hit"] != raw["receive"] and not diagonal(raw["hit"], raw["receive"])
                assert raw.get("recover", False) == (missed and rally.cards[rally.receiver] >= 3)


def test_the_figures_look_like_tennis(matches):
    points_per_game, games_per_set, plays = [], [], []
    server_points = points = tiebreaks = sets = 0
    shots = calls = 0
    for played in matches:
        summary = played.summary
        games = sum(sum(score) for score in summary["sets"])
        points_per_game.append(sum(summary["points_won"]) / games)
        for before, after in _points(played):
            points += 1
            server = before.point_server
            server_points += after.points_won[server] > before.points_won[server]
        games_per_set += [sum(score) for score in summary["sets"]]
        tiebreaks += sum(1 for tiebreak in summary["tiebreaks"] if tiebreak)
        sets += len(summary["sets"])
        plays.append(len(played.plays))
        shots += sum(1 for raw in played.plays if "hit" in raw)
        calls += sum(1 for raw in played.plays if "call" in raw)
    # The server's share of points follows from the seed's serve and rally rules with both
    # players guessing quadrants: a two-card cover catches the serve half the time and the
    # receiver, hitting first with four cards against five, then wins 57.8% of rallies, so the
    # server wins 1 - 0.289 = 71.1% of points (73.0% against a three-card cover, which catches
    # 3/4 of serves but leaves a rally won 35.9% of the time); at four two-card covers to one
    # three-card cover, 71.5%. A card game's serve is strong,
    # stronger than lawn tennis's 60-65%. Band: the computed value +-0.03 (300 matches hold
    # about 50,000 points: the sampling error is about 0.002).
    assert 0.685 <= server_points / points <= 0.745
    # Points per game (the tie-break counted as one game): at 71.5% a service game lasts 5.7
    # points on average (lawn tennis: about 6); the tie-breaks (12+ points each, 4 sets in 10)
    # lift the figure to about 6.0. Band 5.4-6.6.
    assert 5.4 <= statistics.mean(points_per_game) <= 6.6
    # Games per set: a server at 71.5% per point holds 92% of service games, so sets run
    # long: 11.1 games expected (6-0 is 6, 7-6 is 13). Band 10-12.2.
    assert 10.0 <= statistics.mean(games_per_set) <= 12.2
    # Tie-breaks: with holds at 92%, the chance of reaching 6-6 is 0.43 (lawn tennis's big
    # servers reach it in one set in four or five). Band 0.33-0.53.
    assert 0.33 <= tiebreaks / sets <= 0.53
    # Plays per match: a point is a serve plus, when the serve is covered (55% of points), a
    # rally of a few shots ending in a miss, a diagonal or an empty hand (about 2.3 plays a
    # point); a best-of-three match at ~2.5 sets of ~11 games of ~6 points holds about 165
    # points, so about 380 plays. Band 300-470.
    assert 300 <= statistics.mean(plays) <= 470
    # Calls are rare (recorded only): under one shot in twenty.
    assert 0 < calls / shots < 0.05


def test_every_quadrant_is_used_about_equally(matches):
    """The guessing game's equilibrium: no favourite quadrant for the serve, the shot or the
    receiving card."""
    counts = {quadrant: 0 for quadrant in QUADRANTS}
    for played in matches[:50]:
        for raw in played.plays:
            for key in ("serve", "hit"):
                if key in raw:
                    counts[raw[key]] += 1
            if "hit" in raw:
                counts[raw["receive"]] += 1
    total = sum(counts.values())
    assert all(0.22 <= count / total <= 0.28 for count in counts.values())


def test_the_receivers_chances_favour_a_two_card_cover():
    chances = point_chances()
    assert chances[2] == pytest.approx(0.2890625)
    assert chances[2] > chances[3] > chances[1]
    assert hitter_wins(0, 6) == 0.0  # no card with the ball on your side: point lost
    assert hitter_wins(1, 0) == 1.0  # the receiver has none: point won
    assert hitter_wins(1, 1) == 1.0  # both last cards: the receiver cannot hit back
    assert hitter_wins(4, 5) == pytest.approx(0.578125)  # receiver of the serve, first shot


def test_recovery_only_when_a_card_is_left_to_hit_with():
    assert not should_recover(2)  # the receiving card and the recovery card would be the last
    assert should_recover(3)
    assert should_recover(HAND)


def test_calls_fit_the_shot():
    assert call_for("Q3", "Q1") == "lob"  # over a receiver at the net
    assert call_for("Q2", "Q4") == "drop"  # short to a receiver at the back
    assert call_for("Q1", "Q2") is None
    assert call_for("Q4", "Q3") is None
    assert call_for("Q3", None) is None  # where the receiver stands is not known


def test_the_tables_choices_in_set_positions():
    rng = random.Random(5)
    table = Table(rng)
    between = Match(best_of=3)
    for _ in range(50):
        serve = table.choose(between)
        assert serve in ENGINE.legal_plays(between)
        assert len(serve["receive"]) in (2, 3)
    empty = Match(best_of=3, rally=Rally(hitter=0, cards=(0, 3), shots=4, ball="Q2"))
    assert Table(rng).choose(empty) == {"out_of_cards": True}
    last = Match(best_of=3, rally=Rally(hitter=0, cards=(3, 2), shots=4, ball="Q2"))
    rich = Match(best_of=3, rally=Rally(hitter=0, cards=(3, 4), shots=4, ball="Q2"))
    for _ in range(50):
        raw = table.choose(last)
        assert "recover" not in raw
        assert raw in ENGINE.legal_plays(last)
        raw = table.choose(rich)
        missed = raw["hit"] != raw["receive"] and not diagonal(raw["hit"], raw["receive"])
        assert raw.get("recover", False) == missed
        ENGINE.play(rich, raw)  # accepted
