"""Property tests: random legal Bedard games, played to the end.

A game is drawn from a few parameters (innings, deck, a seed, how often the fielder owns up
to holding the led suit, when to start pushing toward the end). At each step a lead and an
answer are drawn from the cards not yet played in this deal (as the test tracks them itself,
from the plays alone); now and then a card already played, or the lead again, is tried and
must be refused without touching the state. After a number of steps the players "push":
fly outs, except that a home side not ahead in the bottom half (of any inning, or only of
extra innings) takes balks until it leads, so every game ends within a bound.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.engines import IllegalPlay, get
from games.engines.bedard_baseball import CARDS_PER_DEAL
from games.engines.record import dumps, from_json, loads, replay

ENG = get("bedard-baseball")
MAX_STEPS = 3000
COLOUR_SUITS, STANDARD_SUITS = "KRYB", "CDHS"
FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_name(deck: str, suit: int, value: int) -> str:
    if deck == "standard":
        return f"{FACES.get(value, value)}{STANDARD_SUITS[suit]}"
    return f"{COLOUR_SUITS[suit]}{value}"


def deck_cards(deck: str) -> list[tuple[int, int]]:
    return [(s, v) for s in range(4) for v in range(1, 14)]


class Game:
    """A finished game (not a dataclass, so that a failing example prints as the record)."""

    def __init__(self, options: dict, plays: list, states: list, outcomes: list, deals: list):
        self.options = options
        self.plays = plays
        self.states = states
        self.outcomes = outcomes
        self.deals = deals  # per play: (half-inning key, deal number) it was played in

    def __repr__(self) -> str:
        return f"Game(options={self.options!r}, plays={self.plays!r})"


def raw_play(deck: str, lead: tuple[int, int], answer: tuple[int, int], had_suit: bool) -> dict:
    raw: dict[str, Any] = {
        "bat": card_name(deck, *lead),
        "field": card_name(deck, *answer),
    }
    if lead[0] != answer[0] and lead[1] != answer[1]:
        raw["field_had_suit"] = had_suit
    return raw


def pushing_play(
    deck: str, s: dict[str, Any], free: list[tuple[int, int]], rally_from: int
) -> dict:
    """A fly out (the fielder's 1 of the led suit), or a balk for a home side not ahead in
    the bottom half from inning ``rally_from`` on; another free pair when this deal has no
    such cards left."""
    home_needs_runs = (
        s["half"] == "bottom" and s["inning"] >= rally_from and s["score"][1] <= s["score"][0]
    )
    for lead in free:
        for answer in free:
            if lead == answer:
                continue
            if home_needs_runs and lead[0] != answer[0] and lead[1] != answer[1]:
                return raw_play(deck, lead, answer, True)
            if not home_needs_runs and lead[0] == answer[0] and answer[1] == 1:
                return raw_play(deck, lead, answer, False)
    lead, answer = free[0], free[1]
    return raw_play(deck, lead, answer, False)


@st.composite
def games(draw) -> Game:
    innings = draw(st.integers(1, 3))
    deck = draw(st.sampled_from(["colour", "standard"]))
    seed = draw(st.integers(0, 2**32 - 1))
    balk_weight = draw(st.sampled_from([0.0, 0.2, 0.5]))
    push_after = draw(st.integers(10, 250))
    # A home side that rallies only in extra innings sends a tied game past the last inning.
    rally_from = draw(st.sampled_from([1, innings + 1]))
    rng = random.Random(seed)
    options = {"innings": innings, "deck": deck}
    state = ENG.initial_state(ENG.options(options))
    plays: list[dict[str, Any]] = []
    states, outcomes, deals = [state], [], []
    played: set[tuple[int, int]] = set()  # the test's own count of this deal's cards
    while not ENG.is_over(state):
        assert len(plays) < MAX_STEPS, "the game did not end"
        s = ENG.summary(state)
        free = [c for c in deck_cards(deck) if c not in played]
        if played and rng.random() < 0.05:
            # A card already played in this deal, or the lead again: refused, state untouched.
            again = rng.choice(sorted(played))
            snapshot = copy.deepcopy(state)
            for bad in (
                raw_play(deck, again, free[0], False),
                raw_play(deck, free[0], again, True),
                raw_play(deck, free[0], free[0], False),
            ):
                try:
                    ENG.play(state, bad)
                except IllegalPlay:
                    pass
                else:
                    raise AssertionError(f"{bad!r} accepted in {s!r}")
            assert state == snapshot
        if len(plays) >= push_after:
            raw = pushing_play(deck, s, free, rally_from)
        else:
            lead, answer = rng.sample(free, 2)
            raw = raw_play(deck, lead, answer, rng.random() < balk_weight)
        new, outcome = ENG.play(state, raw)
        assert ENG.summary(state) == s, f"{raw!r} changed the state it was applied to"
        deals.append(((s["inning"], s["half"]), s["deal"]["number"]))
        plays.append(raw)
        states.append(new)
        outcomes.append(outcome)
        after = ENG.summary(new)
        same_deal = (after["inning"], after["half"], after["deal"]["number"]) == (
            s["inning"],
            s["half"],
            s["deal"]["number"],
        )
        used = {c for c in deck_cards(deck) if card_name(deck, *c) in (raw["bat"], raw["field"])}
        played = played | used if same_deal or after["status"] == "final" else set()
        state = new
    return Game(options, plays, states, outcomes, deals)


def occupied(s: dict[str, Any]) -> int:
    return sum(s["bases"])


def check_summary(s: dict[str, Any], innings: int, deck: str) -> None:
    final = s["status"] == "final"
    assert s["game"] == "bedard-baseball" and s["deck"] == deck
    assert 0 <= s["outs"] <= 3
    if not final:
        assert s["outs"] <= 2 and s["winner"] is None
    assert len(s["bases"]) == 3 and all(isinstance(b, bool) for b in s["bases"])
    assert 0 <= s["balls"] <= 3 and 0 <= s["strikes"] <= 2
    assert 1 <= s["batter"] <= 9
    line = s["line_score"]
    assert [sum(line[0]), sum(line[1])] == s["score"]
    assert all(isinstance(r, int) and r >= 0 for side in line for r in side)
    assert len(line[0]) == s["inning"]
    assert len(line[1]) == (s["inning"] if s["half"] == "bottom" else s["inning"] - 1)
    deal = s["deal"]
    assert 0 <= deal["pitches"] < CARDS_PER_DEAL or final
    assert len(deal["played"]) == len(set(deal["played"])) == 2 * deal["pitches"]
    assert json.loads(json.dumps(s)) == s
    if final:
        visitors, home = s["score"]
        assert visitors != home, "a game of Bedard's baseball does not end tied"
        assert s["winner"] == (0 if visitors > home else 1)
        assert s["inning"] >= innings
        if s["half"] == "bottom" and s["outs"] < 3:
            assert s["winner"] == 1  # a walk-off


@settings(
    max_examples=100,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(games())
def test_random_legal_games(game: Game) -> None:
    innings, deck = game.options["innings"], game.options["deck"]
    summaries = [ENG.summary(s) for s in game.states]
    for s in summaries:
        check_summary(s, innings, deck)
    assert summaries[-1]["status"] == "final"
    assert all(s["status"] == "in_progress" for s in summaries[:-1])

    for before, after, outcome in zip(summaries[:-1], summaries[1:], game.outcomes, strict=True):
        batting = 0 if before["half"] == "top" else 1
        gained = [a - b for a, b in zip(after["score"], before["score"], strict=True)]
        assert gained[1 - batting] == 0
        assert gained[batting] == outcome.runs >= 0
        assert str(outcome)[0].isupper() and str(outcome).endswith(".")
        new_half = (after["inning"], after["half"]) != (before["inning"], before["half"])
        reached = any(tag in outcome.tags for tag in ("hit", "walk", "balk"))
        # Runs are conserved: every run scored was a runner or the batter, and nobody on base
        # is lost or doubled up (a base holds one runner).
        if reached:
            assert outcome.runs <= occupied(before) + 1
            if not new_half:
                assert occupied(before) + 1 == occupied(after) + outcome.runs
            if "home-run" in outcome.tags:
                assert outcome.runs == occupied(before) + 1
        else:
            assert outcome.runs == 0
            if not new_half:
                assert after["bases"] == before["bases"]  # no advance on outs or counts
        if "out" in outcome.tags:
            assert after["outs"] == before["outs"] + 1 or new_half
        if new_half:
            assert after["outs"] in (0, 3)
            if after["status"] == "in_progress":
                assert after["bases"] == [False, False, False]
                assert (after["balls"], after["strikes"]) == (0, 0)
                assert after["deal"] == {"number": 1, "pitches": 0, "played": []}
        else:
            assert after["outs"] >= before["outs"]

    # No card is played twice in one deal, and a deal never holds more than eleven pitches
    # (counted from the plays themselves).
    cards_by_deal: dict[Any, list[str]] = {}
    for raw, deal in zip(game.plays, game.deals, strict=True):
        cards_by_deal.setdefault(deal, []).extend([raw["bat"].upper(), raw["field"].upper()])
    for cards in cards_by_deal.values():
        assert len(cards) == len(set(cards)) <= 2 * CARDS_PER_DEAL

    # Nothing more may be played.
    final = game.states[-1]
    for raw in ENG.legal_plays(game.states[-2])[:3]:
        try:
            ENG.play(final, raw)
        except IllegalPlay:
            continue
        raise AssertionError(f"{raw!r} accepted after the game was final")

    # The record replays to the same states and summary, also through JSON text.
    data = {"game": "bedard-baseball", "options": game.options, "plays": game.plays}
    result = replay(from_json(data))
    assert result.summary() == summaries[-1]
    assert list(result.states) == game.states
    assert [str(o) for o in result.outcomes] == [str(o) for o in game.outcomes]
    assert replay(loads(dumps(from_json(data)))).summary() == summaries[-1]
