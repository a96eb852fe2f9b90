"""Property tests: random solitaire games played from a shuffled 95-card deck.

A game is generated from a few drawn parameters (innings, a seed, how keen the player is
to walk, when the player gives up and calls rain). The player holds five cards, drawing
from the shuffled deck, and plays what the hand allows: some of the batter's number, four
face cards, or one card. Every game ends: the deck holds 95 cards.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import EngineError, IllegalPlay, InvalidPlay, get
from games.engines.record import dumps, from_json, loads, replay
from games.engines.solitaire_baseball import ALL_CARDS, DECK_SIZE, copies, read_card

ENG = get("solitaire-baseball")
HAND = 5
SUITS = {"C", "D", "H", "S"}


class Game:
    """A finished game (not a dataclass, so that a failing example prints as a record)."""

    def __init__(self, innings: int, plays: list, states: list, outcomes: list):
        self.innings = innings
        self.plays = plays
        self.states = states
        self.outcomes = outcomes

    def __repr__(self) -> str:
        return f"Game(innings={self.innings}, plays={self.plays!r})"


def choose(hand: list, batter: int, rng: random.Random, walk_keen: float) -> list:
    mine = [card for card in hand if card.value == batter]
    faces = [card for card in hand if card.is_face]
    if mine and rng.random() < 0.9:
        return mine[: rng.randint(1, len(mine))]
    if len(faces) >= 4 and rng.random() < walk_keen:
        return faces[:4]
    return [rng.choice(hand)]


def bad_play(rng: random.Random, state) -> dict[str, Any]:
    """A play that is malformed or illegal now (or, rarely, legal: then it is not tried)."""
    played = [card.id for card in state.played]
    options = [
        {"cards": []},
        {"cards": ["1H"]},
        {"cards": ["AS", "2S", "3S", "4S", "5S"]},
        {"cards": ["5H", "6H"]},
        {"cards": ["JH", "QH", "KH"]},
        {"rain": False},
        {"cards": ["AS"], "rain": True},
    ]
    wrong = (state.batter % 9) + 1  # another batter's number
    options.append(
        {"cards": [f"{wrong}S" if wrong > 1 else "AS", f"{wrong}H" if wrong > 1 else "AH"]}
    )
    spent = [cid for cid, n in Counter(played).items() if n >= copies(read_card(cid))]
    if spent:
        options.append({"cards": [rng.choice(spent)]})
    return rng.choice(options)


@st.composite
def games(draw) -> Game:
    innings = draw(st.sampled_from([1, 2, 3, 5, 9, 9, 12, 16, 20]))  # long games use the deck
    seed = draw(st.integers(0, 2**32 - 1))
    walk_keen = draw(st.sampled_from([0.0, 0.5, 1.0]))
    rain_when_empty = draw(st.booleans())  # the player calls rain when the pile runs out
    rain_early = draw(st.integers(0, 4)) == 0  # or, now and then, at some play before that
    rain_at = draw(st.integers(0, 60)) if rain_early else None
    rng = random.Random(seed)
    deck = [card for card in ALL_CARDS for _ in range(copies(card))]
    rng.shuffle(deck)
    hand: list = []
    state = ENG.initial_state(ENG.options({"innings": innings}))
    plays: list[dict[str, Any]] = []
    states = [state]
    outcomes = []
    while not ENG.is_over(state):
        assert len(plays) <= DECK_SIZE + 1, "the game did not end"
        while len(hand) < HAND and deck:
            hand.append(deck.pop())
        if rng.random() < 0.1:
            raw = bad_play(rng, state)
            snapshot = copy.deepcopy(state)
            try:
                ENG.play(state, raw)
            except (IllegalPlay, InvalidPlay) as exc:
                assert str(exc)
                assert state == snapshot, f"{raw!r} mutated the state"
            else:
                pass  # a 'bad' play that happened to be legal is simply not played
        if len(plays) == rain_at or (not deck and rain_when_empty):
            raw = {"rain": True}
        else:
            picked = choose(hand, state.batter, rng, walk_keen)
            for card in picked:
                hand.remove(card)
            raw = {"cards": [card.id if rng.random() < 0.8 else card.id.lower() for card in picked]}
            if rng.random() < 0.05:
                raw["note"] = "scorer's note"
        snapshot = copy.deepcopy(state)
        new, outcome = ENG.play(state, raw)
        assert state == snapshot
        plays.append(raw)
        states.append(new)
        outcomes.append(outcome)
        state = new
    return Game(innings, plays, states, outcomes)


def completed_innings(s: dict[str, Any]) -> int:
    return s["inning"] if s["outs"] == 3 else s["inning"] - 1


def check_summary(s: dict[str, Any], innings: int) -> None:
    final = s["status"] == "final"
    assert s["game"] == "solitaire-baseball"
    assert s["half"] == "top"
    assert 0 <= s["outs"] <= 3
    if not final:
        assert s["outs"] <= 2
        assert s["winner"] is None and s["result"] is None and s["called"] is False
    # Bases never hold two runners: one mark (a suit) or nobody per base.
    assert len(s["runners"]) == 3 and len(s["bases"]) == 3
    assert s["bases"] == [runner is not None for runner in s["runners"]]
    assert all(runner is None or runner in SUITS for runner in s["runners"])
    assert 1 <= s["batter"] <= 9
    line = s["line_score"]
    assert len(line) == 1 and len(line[0]) == s["inning"]
    assert all(isinstance(runs, int) and runs >= 0 for runs in line[0])
    assert sum(line[0]) == s["score"][0]
    assert len(s["score"]) == 1
    assert s["cards_played"] + s["cards_left"] == DECK_SIZE
    assert 0 <= s["cards_played"] <= DECK_SIZE
    assert json.loads(json.dumps(s)) == s
    if final:
        assert s["result"] in ("win", "loss")
        assert s["winner"] == (0 if s["result"] == "win" else None)
        runs = s["score"][0]
        if s["called"]:
            done = completed_innings(s)
            assert (s["result"] == "win") == (done >= 5 and runs > done)
        elif s["inning"] == innings:
            assert s["outs"] == 3 and runs != innings
            assert s["result"] == ("win" if runs > innings else "loss")
        else:
            assert s["inning"] > innings
            assert sum(line[0][:innings]) == innings  # tied after regulation
            if s["result"] == "win":
                assert line[0][-1] >= 2
            else:
                assert line[0][-1] == 0 and s["outs"] == 3


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_end_and_keep_the_invariants(game: Game) -> None:
    summaries = [ENG.summary(state) for state in game.states]
    for s in summaries:
        check_summary(s, game.innings)
    assert summaries[-1]["status"] == "final"
    assert all(s["status"] == "in_progress" for s in summaries[:-1])

    laid: Counter[str] = Counter()
    for raw, before, after, outcome in zip(
        game.plays, summaries[:-1], summaries[1:], game.outcomes, strict=True
    ):
        gained = after["score"][0] - before["score"][0]
        assert gained == outcome.runs >= 0
        assert str(outcome)
        assert after["cards_played"] == before["cards_played"] + len(raw.get("cards", []))
        for name in raw.get("cards", []):
            laid[read_card(name).id] += 1
        # Card counts never exceed the deck.
        assert all(n <= copies(read_card(cid)) for cid, n in laid.items())
        if "rain" in raw:
            assert gained == 0 and after["called"] and after["status"] == "final"
            continue
        on_before = sum(before["bases"])
        on_after = sum(after["bases"])
        if "out" in outcome.tags:
            if before["outs"] == 2:
                assert gained == 0, "a run never scores on the third out"
            else:
                # Nobody is lost or added: every run scored was a runner on base.
                assert on_after + gained == on_before
        else:
            assert "hit" in outcome.tags or "walk" in outcome.tags
            # Every run scored was a runner or the batter, and nobody else left the bases.
            assert on_after + gained == on_before + 1
    assert sum(laid.values()) == summaries[-1]["cards_played"]

    # The record replays to the same summary, through JSON and back.
    record = from_json({"game": ENG.id, "options": {"innings": game.innings}, "plays": game.plays})
    assert replay(loads(dumps(record))).summary() == summaries[-1]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_legal_plays_are_all_accepted_and_a_final_game_has_none(seed: int) -> None:
    rng = random.Random(seed)
    state = ENG.initial_state(ENG.options({"innings": 2}))
    while not ENG.is_over(state):
        legal = ENG.legal_plays(state)
        assert legal
        for raw in rng.sample(legal, min(5, len(legal))):
            ENG.play(state, raw)  # raises if a listed play is not legal
        at_bats = [raw for raw in legal if "cards" in raw]
        raw = rng.choice(at_bats) if at_bats and rng.random() < 0.99 else {"rain": True}
        state, _ = ENG.play(state, raw)
    assert ENG.legal_plays(state) == []
    try:
        ENG.play(state, {"rain": True})
    except EngineError as exc:
        assert "the game is over" in str(exc)
    else:
        raise AssertionError("a play after the end was accepted")
