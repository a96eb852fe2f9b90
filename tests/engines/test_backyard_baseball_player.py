"""Backyard Baseball's plausible table: legal, reproducible, never a play the rules
punish when another is in hand, and games that look like games."""

import random
import statistics
from dataclasses import replace

from games.engines import get
from games.engines.backyard_baseball.catalogue import DEFAULT as FIELD
from games.engines.backyard_baseball.player import (
    BATTER_DECK,
    PITCHER_DECK,
    Table,
    chance_out,
    choose_pitch,
    choose_swing,
    place_fielder,
    throw_card,
    wants_extension,
    wants_swap,
)
from games.engines.players import play_out

GAME = "backyard-baseball"
ENGINE = get(GAME)


def _state(**changes):
    return replace(ENGINE.initial_state(ENGINE.options({})), **changes)


def test_every_play_is_legal_over_many_seeds():
    for seed in range(150):
        played = play_out(GAME, {}, seed)  # engine.play raises on an illegal play
        assert played.summary["status"] == "final"


def test_a_game_is_reproduced_from_its_seed():
    assert play_out(GAME, {}, 11).plays == play_out(GAME, {}, 11).plays
    assert play_out(GAME, {}, 11).plays != play_out(GAME, {}, 12).plays


def _sends_ball_to_fielder(card, fielder):
    return card[1] in ("grounder", "line-drive") and card[2] == fielder


def test_never_a_punished_play_when_another_is_in_hand():
    """Nothing in this game is a foul or a balk; what the rules punish is a card played into
    a sure loss: the pitcher's own grounder or fly where the fielder cannot reach it (a hit
    from the pitcher's card), the batter's grounder or line drive straight at the fielder (an
    out, runners moving up) while holding a card that is not, a bunt with the bases empty
    (an out for nothing) while holding another card, and a throw card that cannot get the
    runner out."""
    for seed in range(120):
        table = Table(random.Random(seed))
        state = ENGINE.initial_state(ENGINE.options({}))
        while not ENGINE.is_over(state):
            table.hands(state)
            batter_hand, pitcher_hand = list(table.batter), list(table.pitcher)
            raw = table.choose(state)
            if "swap" not in raw:
                fielder, pitch, swing = raw["fielder"], raw["pitcher"], raw["batter"]
                if pitch["result"] == "grounder":
                    assert fielder == pitch["space"]
                if pitch["result"] == "fly":
                    assert FIELD.distance(fielder, pitch["space"]) <= 1
                played = next(c for c in batter_hand if (c[0], c[1], c[2]) == _face_key(swing))
                if _sends_ball_to_fielder(played, fielder):
                    assert all(
                        _sends_ball_to_fielder(c, fielder) or c[1] == "bunt" for c in batter_hand
                    ), (seed, batter_hand, fielder)
                if swing["result"] == "bunt" and not any(state.runners):
                    assert all(c[1] == "bunt" for c in batter_hand)
                extend = raw.get("extend")
                if extend and extend["pitcher_number"] is not None:
                    assert any(c[0] == extend["pitcher_number"] for c in pitcher_hand)
                    assert extend["pitcher_number"] >= 1
            state, _ = ENGINE.play(state, raw)


def _face_key(face):
    return (face["pitch"], face["result"], face.get("space"))


def test_the_pitcher_and_fielder_choices():
    hand = [(2, "heater", "grounder", "IR"), (6, "curve", "strikeout", None)]
    assert choose_pitch(hand) == (6, "curve", "strikeout", None)
    # with a pawn on base the best card is kept to throw, if the second is still a 4 or more
    hand = [(4, "slow", "fly", "CF"), (6, "curve", "strikeout", None)]
    assert choose_pitch(hand, pawn_on_base=True) == (4, "slow", "fly", "CF")
    assert choose_pitch(hand[1:] + [(3, "curve", "fly", "LF")], True)[0] == 6
    rng = random.Random(1)
    assert place_fielder((3, "heater", "grounder", "RF"), FIELD, rng) == "RF"
    for _ in range(30):
        # a curve fly to IL: caught from IL or a space beside it that suggests another pitch
        spot = place_fielder((5, "curve", "fly", "IL"), FIELD, rng)
        assert FIELD.distance(spot, "IL") <= 1 and spot != "LF"
        # a heater strikeout: the fielder suggests another pitch (never the right side)
        assert place_fielder((6, "heater", "strikeout", None), FIELD, rng) not in ("IR", "RF")
    assert throw_card([(6, "x", "strikeout", None), (5, "x", "strikeout", None)], 2)[0] == 5
    assert throw_card([(3, "x", "strikeout", None)], 2)[0] == 3  # beats a 1-icon card
    assert throw_card([(3, "x", "strikeout", None)], 3) is None  # hopeless: keep it


def test_the_batter_choices():
    rng = random.Random(2)
    state = _state()
    homer = ("slow", "home-run", None, 1)
    at_fielder = ("curve", "grounder", "LF", 1)
    away = ("heater", "line-drive", "RF", 2)
    bunt = ("slow", "bunt", None, 1)
    assert choose_swing([at_fielder, away, homer], "LF", state, rng) == homer
    assert choose_swing([at_fielder, away, bunt], "LF", state, rng) == away
    # the pitch read from the fielder: on the right side, a heater
    curve_away = ("curve", "line-drive", "LF", 1)
    assert choose_swing([curve_away, away], "IR", state, rng) == away
    assert choose_swing([curve_away, ("heater", "line-drive", "LF", 1)], "IL", state, rng) == (
        curve_away
    )
    # a squeeze: a bunt scores the runner from third with fewer than two outs
    third = _state(runners=(None, None, "dot"))
    assert choose_swing([away, bunt], "LF", third, rng) == bunt
    assert choose_swing([away, bunt], "LF", state, rng) == away


def test_extensions_and_swaps():
    # a throw the pitcher cannot make (needs 7+ with cards 2-6): always go
    assert chance_out(7) == 0 and wants_extension(3, 4, "second", 0)
    # one icon and nothing to subtract: almost any card throws the runner out
    assert not wants_extension(1, 0, "home", 0)
    assert wants_extension(3, 3, "home", 1) and not wants_extension(1, 2, "second", 1)
    # the new ghost on second leads the other pawn on first: swap so a pawn leads
    assert wants_swap(_state(runners=("dot", "ghost", None), at_bat="plain", new_ghost=1))
    assert not wants_swap(_state(runners=("ghost", "dot", None), at_bat="plain", new_ghost=0))


def test_the_decks_are_possible_faces():
    assert len(PITCHER_DECK) == len(BATTER_DECK) == 24
    for card in PITCHER_DECK:
        bunt = {"pitch": "slow", "result": "bunt"}
        ENGINE.parse({"fielder": "CF", "pitcher": _pitch(card), "batter": bunt}, None)
    assert sum(card[1] == "home-run" for card in BATTER_DECK) == 2


def _pitch(card):
    face = {"number": card[0], "pitch": card[1], "result": card[2]}
    return face if card[3] is None else {**face, "space": card[3]}


def test_three_hundred_games_look_like_games():
    """Runs per team per inning and plays per game, over 300 default (three-inning) games.

    Runs: the sheet is a short backyard game ("an hour till dinner time", three innings) in
    which a play is an out whenever the pitcher's card wins the die (the fielder stands where
    his own card sends the ball) or the batter's card goes to the fielder, and a hit
    otherwise; with pitcher numbers around 4 the pitcher's card wins about half the time, so
    a half-inning sees about five batters and two hits, and with only two pawns and ghost
    runners most hits strand runners: about one run a team an inning, real baseball's
    neighbourhood (0.5) up to a slugfest (2); the uniform random player scores many more.
    Plays: three outs a half, six halves, at least 18 plays; with about 45% hits and a few
    swaps, 25-50 plays a game (the sheet's half-hour game, a minute a play).
    """
    per_inning, lengths = [], []
    for seed in range(300):
        played = play_out(GAME, {}, seed)
        innings = len(played.summary["line_score"][0])
        per_inning.append(sum(played.summary["score"]) / 2 / innings)
        lengths.append(len(played.plays))
    assert 0.5 <= statistics.mean(per_inning) <= 2.0
    assert 25 <= statistics.mean(lengths) <= 50
    assert min(lengths) >= 18
