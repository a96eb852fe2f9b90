"""Property tests: random legal Backyard Baseball games, played to the end.

A game is drawn from a few parameters (innings, a seed, how often to extend, swap and note
events, when to start pushing toward the end). At each step a random at-bat is built from
any card faces; the engine's questions (``pending``) say when a bobble roll or an extension
may be added, and sometimes one is added where it may not, which must be refused with the
state untouched. After a number of plays the pitcher "pushes": strikeouts end the game.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.engines import IllegalPlay, InvalidPlay, get
from games.engines.record import dumps, from_json, loads, replay

ENG = get("backyard-baseball")
SPACES = ["IL", "IR", "LF", "CF", "RF"]
PITCHES = ["heater", "curve", "knuckler", "slow"]
MAX_PLAYS = 2000
STRIKEOUT = {  # die 1 < 9: the pitcher's card
    "fielder": "CF",
    "pitcher": {"number": 9, "pitch": "curve", "result": "strikeout"},
    "batter": {"pitch": "slow", "result": "home-run"},
    "die": 1,
}


class Game:
    """A finished game (not a dataclass, so that a failing example prints the record)."""

    def __init__(self, innings: int, plays: list, states: list, outcomes: list, refused: int):
        self.innings = innings
        self.plays = plays
        self.states = states
        self.outcomes = outcomes
        self.refused = refused

    def __repr__(self) -> str:
        return f"Game(innings={self.innings}, plays={self.plays!r})"


def random_at_bat(rng: random.Random) -> dict[str, Any]:
    result = rng.choice(["strikeout", "grounder", "fly"])
    pitcher: dict[str, Any] = {
        "number": rng.randint(1, 9),
        "pitch": rng.choice(PITCHES),
        "result": result,
    }
    if result != "strikeout":
        pitcher["space"] = rng.choice(SPACES)
    result = rng.choice(["grounder", "line-drive", "home-run", "bunt", "grounder", "line-drive"])
    batter: dict[str, Any] = {"pitch": rng.choice(PITCHES), "result": result}
    if result == "grounder":
        batter["space"] = rng.choice(SPACES)
    elif result == "line-drive":
        batter["space"] = rng.choice(["LF", "CF", "RF"])
    play = {"fielder": rng.choice(SPACES), "pitcher": pitcher, "batter": batter}
    if result != "bunt" or rng.random() < 0.5:
        play["die"] = rng.randint(1, 6)
    if rng.random() < 0.05:
        play["note"] = "scorer's note"
    return play


def answer_questions(state: Any, play: dict[str, Any], rng: random.Random, weight: float):
    """Add a bobble roll and an extension where the engine asks for them (sometimes)."""
    for _ in range(2):
        question = ENG.pending(state, play)
        if question is None:
            return play
        if question["ask"] == "bobble":
            play = {**play, "bobble": rng.choice([None, 1, 2, 3, 4, 5, 6])}
        elif question["ask"] == "extend":
            if rng.random() < weight:
                number = rng.choice([None, *range(1, 10)])
                play = {**play, "extend": {"runners": rng.randint(0, 9), "pitcher_number": number}}
            return play
    return play


def wrong_extras(play: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The same play with an extension or bobble tacked on, which may or may not be allowed."""
    if rng.random() < 0.5:
        return {**play, "extend": {"runners": rng.randint(0, 9), "pitcher_number": 5}}
    return {**play, "bobble": rng.randint(1, 6)}


@st.composite
def games(draw) -> Game:
    innings = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**32 - 1))
    extend_weight = draw(st.sampled_from([0.0, 0.5, 0.9]))
    swap_weight = draw(st.sampled_from([0.0, 0.5, 1.0]))
    event_weight = draw(st.sampled_from([0.0, 0.05]))
    push_after = draw(st.integers(10, 200))
    rng = random.Random(seed)
    state = ENG.initial_state(ENG.options({"innings": innings}))
    plays, states, outcomes, refused = [], [state], [], 0
    while not ENG.is_over(state):
        assert len(plays) < MAX_PLAYS, "the game did not end"
        s = ENG.summary(state)
        if len(plays) >= push_after:
            raw: dict[str, Any] = STRIKEOUT
        elif s["swap"] and rng.random() < swap_weight:
            raw = {"swap": True}
        elif rng.random() < event_weight:
            raw = {"event": rng.choice(["Mom wants to pitch", "Let Mikey play"])}
        else:
            raw = random_at_bat(rng)
            if rng.random() < 0.1:
                # Something that may be refused: it must leave the state as it was.
                snapshot = copy.deepcopy(state)
                try:
                    ENG.play(state, wrong_extras(raw, rng))
                except IllegalPlay:
                    refused += 1
                except InvalidPlay as exc:
                    raise AssertionError(f"{raw!r} rejected as malformed: {exc}") from None
                assert state == snapshot and ENG.summary(state) == s
            raw = answer_questions(state, raw, rng, extend_weight)
        snapshot = copy.deepcopy(state)
        try:
            new, outcome = ENG.play(state, raw)
        except (IllegalPlay, InvalidPlay) as exc:
            raise AssertionError(f"{raw!r} refused in {s!r}: {exc}") from None
        assert state == snapshot, f"{raw!r} mutated the state"
        plays.append(raw)
        states.append(new)
        outcomes.append(outcome)
        state = new
    return Game(innings, plays, states, outcomes, refused)


def on_base(s: dict[str, Any]) -> int:
    return sum(runner is not None for runner in s["runners"])


def check_summary(s: dict[str, Any], innings: int) -> None:
    final = s["status"] == "final"
    assert s["game"] == "backyard-baseball"
    assert 0 <= s["outs"] <= 3
    if not final:
        assert s["outs"] <= 2 and s["winner"] is None
    # One runner per base, each pawn at most once, the pawn at bat never on base.
    runners = s["runners"]
    assert len(runners) == 3 and all(r in (None, "dot", "plain", "ghost") for r in runners)
    assert runners.count("dot") <= 1 and runners.count("plain") <= 1
    assert s["bases"] == [r is not None for r in runners]
    assert s["at_bat"] in ("dot", "plain")
    if not final:
        assert s["at_bat"] not in runners
    line = s["line_score"]
    assert [sum(line[0]), sum(line[1])] == s["score"]
    assert all(isinstance(r, int) and r >= 0 for side in line for r in side)
    assert len(line[0]) == s["inning"]
    assert len(line[1]) == (s["inning"] if s["half"] == "bottom" else s["inning"] - 1)
    assert json.loads(json.dumps(s)) == s
    if final:
        visitors, home = s["score"]
        assert s["winner"] == (None if visitors == home else 0 if visitors > home else 1)
        # Every half-inning was played in full: no walk-off, no skipped bottom half.
        assert s["inning"] == innings and s["half"] == "bottom" and s["outs"] == 3
        assert len(line[0]) == len(line[1]) == innings


@settings(
    max_examples=60,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(games())
def test_random_legal_games(game: Game) -> None:
    summaries = [ENG.summary(s) for s in game.states]
    for s in summaries:
        check_summary(s, game.innings)
    assert summaries[-1]["status"] == "final"
    assert all(s["status"] == "in_progress" for s in summaries[:-1])

    for raw, before, after, outcome in zip(
        game.plays, summaries[:-1], summaries[1:], game.outcomes, strict=True
    ):
        assert str(outcome)
        gained = [a - b for a, b in zip(after["score"], before["score"], strict=True)]
        batting = 0 if before["half"] == "top" else 1
        assert gained[1 - batting] == 0 and gained[batting] == outcome.runs >= 0
        same_half = (after["inning"], after["half"]) == (before["inning"], before["half"])
        if "swap" in raw:
            assert after["at_bat"] == before["at_bat"] and outcome.runs == 0
            assert Counter(after["runners"]) == Counter(before["runners"])
            assert after["runners"] != before["runners"]
            continue
        if "event" in raw:
            assert {**after, "event": None} == {**before, "event": None}
            continue
        # Runs are conserved: every run was a runner or the batter; nobody appears from
        # nowhere (ghosts only take a pawn's place).
        assert outcome.runs <= on_base(before) + 1
        if same_half:
            outs = after["outs"] - before["outs"]
            assert on_base(before) + 1 == on_base(after) + outcome.runs + outs
            # the other pawn comes to bat (a final game keeps the last batter)
            assert (after["at_bat"] != before["at_bat"]) == (after["status"] == "in_progress")
        elif after["status"] == "in_progress":
            assert after["outs"] == 0 and after["runners"] == [None, None, None]
            assert after["at_bat"] == "dot" and after["half"] != before["half"]

    # Nothing more may be played.
    for raw in (STRIKEOUT, {"swap": True}, {"event": "Mom wants to pitch"}):
        try:
            ENG.play(game.states[-1], raw)
        except IllegalPlay:
            pass
        else:
            raise AssertionError(f"{raw!r} accepted after the game was final")

    # The record replays to the same states and summary, also through JSON text.
    data = {"game": "backyard-baseball", "options": {"innings": game.innings}, "plays": game.plays}
    result = replay(from_json(data))
    assert result.summary() == summaries[-1]
    assert list(result.states) == game.states
    assert [str(o) for o in result.outcomes] == [str(o) for o in game.outcomes]
    assert replay(loads(json.dumps(data))).summary() == summaries[-1]
    assert json.loads(dumps(from_json(data)))["plays"] == game.plays
