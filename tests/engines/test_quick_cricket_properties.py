"""Property tests: random legal Quick Cricket matches, played to the end.

A match is generated from a few drawn parameters (overs, innings, first style, a seed, how
keen the batting side is to declare); at each step one of ``legal_plays`` is chosen at random
(first a kind of play, then a play of that kind). With unlimited overs the choice leans toward
deliveries that take a wicket, so every match ends.

Every summary is checked for the invariants of ``games/engines/README.md`` and
``games/engines/quick_cricket/RULES.md``, and against a small reference scorer written from
the rulings here (runs, wickets, overs, partnerships, umpire pile, reviews, fielder, style,
target, result).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.engines import IllegalPlay, get
from games.engines.record import from_json, loads, replay

ENG = get("quick-cricket")
QUADRANTS = "ABCD"
OUT, NOT_OUT = "out", "not out"
CHARTS = {
    (0, 0): {"A": 8, "B": 12, "C": 10, "D": 5},
    (1, 2): {"A": 8, "B": 10, "C": 8, "D": 7},
    (3, 4): {"A": 8, "B": 7, "C": 5, "D": 10},
    (5, 6): {"A": 6, "B": 6, "C": 5, "D": 8},
    (7, 9): {"A": 4, "B": 5, "C": 4, "D": 6},
}
PATH_RUNS = {"1": 1, "2": 2, "3": 3, "4": 4}
MAX_STEPS = 3000


def chart(wickets: int, quadrant: str) -> int:
    return next(r[quadrant] for (lo, hi), r in CHARTS.items() if lo <= wickets <= hi)


def kind_of(raw: dict[str, Any]) -> str:
    if "declare" in raw:
        return "declare"
    if "fielder" in raw:
        return "fielder"
    if raw.get("no_ball"):
        return "no_ball"
    return "delivery"


def takes_a_wicket(raw: dict[str, Any]) -> bool:
    """A delivery whose final decision is OUT, or Empty x Empty / Big Hit on a yorker."""
    if kind_of(raw) != "delivery":
        return False
    if "umpire" in raw:
        return raw.get("review", OUT if OUT in raw["umpire"] else NOT_OUT) == OUT
    pitch, path = raw["pitch"], raw["path"]
    if raw.get("big_hit"):
        return pitch == path
    return raw["move"] not in (pitch, path) and raw["stroke"] not in (pitch, path)


# --- the reference scorer ------------------------------------------------------------------


class Model:
    """The rulings, as plainly as possible, for legal plays only."""

    def __init__(self, overs: int | None, innings: int, first_style: str):
        self.overs_limit = overs
        self.n_innings = innings
        self.first_style = first_style
        self.innings: list[dict[str, Any]] = []
        self.final = False
        self.winner: int | None = None
        self.margin: dict[str, Any] | None = None
        self.new_innings()

    def new_innings(self) -> None:
        index = len(self.innings)
        self.innings.append(
            {
                "batting": index % 2,
                "runs": 0,
                "wickets": 0,
                "over": 0,
                "ball": 0,
                "partnerships": [0],
                "fall_of_wickets": [],
                "reviews_left": [3, 3],
                "declared": False,
                "closed": False,
            }
        )
        self.used: set[str] = set()
        self.fielder: str | None = None
        self.pile = 3
        self.bowled_in_spell = False

    @property
    def cur(self) -> dict[str, Any]:
        return self.innings[-1]

    @property
    def style(self) -> str:
        other = "spin" if self.first_style == "pace" else "pace"
        return self.first_style if (self.cur["over"] // 4) % 2 == 0 else other

    def aggregate(self) -> list[int]:
        score = [0, 0]
        for inn in self.innings:
            score[inn["batting"]] += inn["runs"]
        return score

    @property
    def last_index(self) -> int:
        return 2 * self.n_innings - 1

    def target(self) -> int | None:
        if len(self.innings) - 1 != self.last_index:
            return None
        batting = self.cur["batting"]
        earlier = sum(i["runs"] for i in self.innings[:-1] if i["batting"] == batting)
        other = sum(i["runs"] for i in self.innings if i["batting"] != batting)
        return other - earlier + 1

    # plays
    def apply(self, raw: dict[str, Any]) -> None:
        kind = kind_of(raw)
        if kind == "declare":
            self.cur["declared"] = True
            self.end_innings()
            return
        if kind == "fielder":
            assert not self.bowled_in_spell
            self.fielder = raw["fielder"]
            return
        self.bowled_in_spell = True
        card = str(raw["path_card"])
        if kind == "no_ball":
            self.score(5)
            self.used = set()
            self.cur["ball"] = 0
            self.check_target()
            return
        self.used.add(card)
        wicket, runs = self.delivery(raw, PATH_RUNS[card])
        if wicket:
            self.cur["wickets"] += 1
            self.cur["fall_of_wickets"].append(self.cur["runs"])
            if self.cur["wickets"] < 10:
                self.cur["partnerships"].append(0)
            self.pile = 3
        else:
            self.score(runs)
        self.cur["ball"] += 1
        if self.cur["ball"] == 4:
            self.cur["ball"] = 0
            self.cur["over"] += 1
            self.used = set()
            if self.cur["over"] % 4 == 0:
                self.bowled_in_spell = False
        if self.check_target():
            return
        if self.cur["wickets"] == 10 or self.cur["over"] == self.overs_limit:
            self.end_innings()

    def score(self, runs: int) -> None:
        self.cur["runs"] += runs
        self.cur["partnerships"][-1] += runs

    def appeal(self, raw: dict[str, Any], cards: int) -> bool:
        umpire = raw["umpire"]
        assert len(umpire) == min(cards, self.pile)
        decision = OUT if OUT in umpire else NOT_OUT
        self.pile -= len(umpire)
        if "review" in raw:
            assert self.pile + len(umpire) >= 2
            reviewer = self.cur["batting"] if decision == OUT else 1 - self.cur["batting"]
            if raw["review"] == decision:
                self.cur["reviews_left"][reviewer] -= 1
            decision = raw["review"]
            self.pile = 3
        if decision == OUT:
            self.pile = 3
        return decision == OUT

    def delivery(self, raw: dict[str, Any], path_runs: int) -> tuple[bool, int]:
        pitch, path = raw["pitch"], raw["path"]
        wickets = self.cur["wickets"]
        bouncer = self.style == "pace" and pitch == path and pitch in "BC"
        yorker = pitch == path and not bouncer

        def big_hit() -> tuple[bool, int]:
            if yorker:
                return True, 0
            if self.appeal(raw, 1):
                return True, 0
            return False, chart(wickets, pitch) + path_runs + 6

        if raw.get("big_hit"):
            return big_hit()
        move, stroke = raw["move"], raw["stroke"]
        if bouncer:
            if move in "BC":
                return (True, 0) if self.appeal(raw, 1) else (False, 2 + path_runs)
            if raw["bouncer"] == "duck":
                return False, 0
            return big_hit()

        def cls(q: str) -> str:
            return "path" if q == path else "pitch" if q == pitch else "empty"

        cell = (cls(stroke), cls(move))
        fielded = self.fielder == stroke
        if cell == ("pitch", "pitch"):
            return False, 0
        if cell == ("path", "empty"):
            return False, 0 if fielded else 4 + path_runs
        if cell == ("empty", "empty"):
            return True, 0
        if cell == ("empty", "pitch"):
            if self.style == "spin":
                return True, 0
            return (True, 0) if self.appeal(raw, 1) else (False, 0)
        if cell == ("pitch", "empty"):
            cards = 2 if self.fielder in ("A", "D") else 1
            return (True, 0) if self.appeal(raw, cards) else (False, 0)
        runs = chart(wickets, stroke) + path_runs
        return False, max(0, runs - 4) if fielded else runs

    def check_target(self) -> bool:
        target = self.target()
        if target is not None and self.cur["runs"] >= target:
            self.finish(by_wickets=True)
            return True
        return False

    def end_innings(self) -> None:
        self.cur["closed"] = True
        index = len(self.innings) - 1
        score = self.aggregate()
        if index == self.last_index:
            self.finish()
        elif self.n_innings == 2 and index == 2 and score[1] > score[0]:
            self.finish(by_innings=True)
        else:
            self.new_innings()

    def finish(self, by_wickets: bool = False, by_innings: bool = False) -> None:
        self.final = True
        self.cur["closed"] = True
        score = self.aggregate()
        if score[0] == score[1]:
            self.winner, self.margin = None, {"by": "tie", "value": None}
        elif by_wickets:
            self.winner = self.cur["batting"]
            self.margin = {"by": "wickets", "value": 10 - self.cur["wickets"]}
        elif by_innings:
            self.winner = 1
            self.margin = {"by": "innings", "value": score[1] - score[0]}
        else:
            self.winner = 0 if score[0] > score[1] else 1
            self.margin = {"by": "runs", "value": abs(score[0] - score[1])}

    def expected(self) -> dict[str, Any]:
        innings = []
        for inn in self.innings:
            view = {k: copy.deepcopy(v) for k, v in inn.items() if k not in ("over", "ball")}
            view["overs"] = f"{inn['over']}.{inn['ball']}"
            innings.append(view)
        out = {
            "status": "final" if self.final else "in_progress",
            "winner": self.winner,
            "score": self.aggregate(),
            "innings": innings,
            "target": self.target(),
            "margin": self.margin,
        }
        if not self.final:
            out.update(
                {
                    "style": self.style,
                    "umpire_cards": self.pile,
                    "fielder": self.fielder,
                    "path_cards_left": sorted(set(PATH_RUNS) - self.used),
                }
            )
        return out


# --- generating matches --------------------------------------------------------------------


class Match:
    """A finished match: its plays and every state (not a dataclass, so that a failing
    example prints as the record only)."""

    def __init__(self, options: dict[str, Any], plays: list, states: list, outcomes: list):
        self.options = options
        self.plays = plays
        self.states = states
        self.outcomes = outcomes

    def __repr__(self) -> str:
        return f"Match(options={self.options!r}, plays={self.plays!r})"


KIND_WEIGHTS = {"delivery": 100, "no_ball": 3, "fielder": 4, "declare": 0}


def choose(legal: list[dict], rng: random.Random, declare_weight: float, wickets_bias: float):
    by_kind: dict[str, list[dict]] = {}
    for raw in legal:
        by_kind.setdefault(kind_of(raw), []).append(raw)
    weights = {**KIND_WEIGHTS, "declare": declare_weight}
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    pool = by_kind[kind]
    if kind == "delivery" and rng.random() < wickets_bias:
        pool = [raw for raw in pool if takes_a_wicket(raw)] or pool
    return copy.deepcopy(rng.choice(pool))


@st.composite
def matches(draw) -> Match:
    overs = draw(st.sampled_from([1, 2, 4, None]))
    innings = draw(st.sampled_from([1, 2]))
    first_style = draw(st.sampled_from(["pace", "spin"]))
    seed = draw(st.integers(0, 2**32 - 1))
    declare_weight = draw(st.sampled_from([0.0, 0.0, 0.5, 3.0]))
    wickets_bias = 0.5 if overs is None else draw(st.sampled_from([0.0, 0.2]))
    rng = random.Random(seed)
    options = {"overs": overs, "innings": innings, "first_style": first_style}
    state = ENG.initial_state(ENG.options(options))
    plays: list[dict[str, Any]] = []
    states = [state]
    outcomes = []
    while not ENG.is_over(state):
        assert len(plays) < MAX_STEPS, "the match did not end"
        legal = ENG.legal_plays(state)
        assert legal, f"no legal play in {ENG.summary(state)!r}"
        raw = choose(legal, rng, declare_weight, wickets_bias)
        snapshot = copy.deepcopy(state)
        new, outcome = ENG.play(state, raw)
        assert state == snapshot, f"{raw!r} mutated the state"
        plays.append(raw)
        states.append(new)
        outcomes.append(outcome)
        state = new
    return Match(options, plays, states, outcomes)


# --- invariants ----------------------------------------------------------------------------


def check_summary(s: dict[str, Any], options: dict[str, Any]) -> None:
    final = s["status"] == "final"
    assert s["game"] == "quick-cricket"
    assert s["status"] in ("in_progress", "final")
    assert json.loads(json.dumps(s)) == s
    assert s["style"] in ("pace", "spin")
    assert 1 <= s["umpire_cards"] <= 3
    assert s["fielder"] in (None, *QUADRANTS)
    innings = s["innings"]
    assert 1 <= len(innings) <= 2 * options["innings"]
    score = [0, 0]
    for n, inn in enumerate(innings):
        assert inn["batting"] == n % 2
        score[inn["batting"]] += inn["runs"]
        w = inn["wickets"]
        assert 0 <= w <= 10
        assert len(inn["fall_of_wickets"]) == w
        assert inn["fall_of_wickets"] == sorted(inn["fall_of_wickets"])
        assert all(0 <= f <= inn["runs"] for f in inn["fall_of_wickets"])
        assert len(inn["partnerships"]) == (10 if w == 10 else w + 1)
        assert all(isinstance(p, int) and p >= 0 for p in inn["partnerships"])
        assert sum(inn["partnerships"]) == inn["runs"]
        # Partnership k ended at fall of wicket k.
        running = 0
        for k, fall in enumerate(inn["fall_of_wickets"]):
            running += inn["partnerships"][k]
            assert running == fall
        assert all(0 <= r <= 3 for r in inn["reviews_left"])
        assert len(inn["reviews_left"]) == 2
        completed, balls = (int(x) for x in inn["overs"].split("."))
        assert 0 <= balls <= 3
        if options["overs"] is not None:
            assert completed <= options["overs"]
            assert completed < options["overs"] or balls == 0
        closed = n < len(innings) - 1 or final
        chase_won = final and s["margin"]["by"] == "wickets" and n == len(innings) - 1
        if not chase_won:  # (that case: test_passing_the_target_closes_the_last_innings)
            assert inn["closed"] is closed
        if inn["declared"]:
            assert inn["closed"]
    assert s["score"] == score
    if not final:
        assert s["winner"] is None
        assert s["margin"] is None
        last = innings[-1]
        assert last["wickets"] < 10
        completed, balls = (int(x) for x in last["overs"].split("."))
        assert len(s["path_cards_left"]) == 4 - balls
        spell = completed // 4
        other = "spin" if options["first_style"] == "pace" else "pace"
        assert s["style"] == (options["first_style"] if spell % 2 == 0 else other)
    else:
        a, b = s["score"]
        assert s["winner"] == (None if a == b else 0 if a > b else 1)
        assert s["margin"]["by"] in ("runs", "wickets", "innings", "tie")


@settings(
    max_examples=40,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(matches())
def test_random_legal_matches(match: Match) -> None:
    options = ENG.options(match.options)
    summaries = [ENG.summary(s) for s in match.states]
    model = Model(options["overs"], options["innings"], options["first_style"])
    for n, s in enumerate(summaries):
        if n:
            model.apply(match.plays[n - 1])
        check_summary(s, options)
        expected = model.expected()
        got = copy.deepcopy({k: s[k] for k in expected})
        if model.margin and model.margin["by"] == "wickets":  # see check_summary
            del expected["innings"][-1]["closed"], got["innings"][-1]["closed"]
        assert got == expected, f"after play {n}: {match.plays[n - 1] if n else None!r}"
    assert summaries[-1]["status"] == "final"
    assert all(s["status"] == "in_progress" for s in summaries[:-1])

    for before, after, outcome in zip(summaries[:-1], summaries[1:], match.outcomes, strict=True):
        assert str(outcome).strip()
        gained = [a - b for a, b in zip(after["score"], before["score"], strict=True)]
        assert min(gained) >= 0
        assert gained.count(0) >= 1  # only the batting side scores

    # Bounded: the deliveries bowled are at most those scheduled plus three undone by each
    # no ball.
    if options["overs"] is not None:
        kinds = [kind_of(raw) for raw in match.plays]
        scheduled = 2 * options["innings"] * options["overs"] * 4
        assert kinds.count("delivery") <= scheduled + 3 * kinds.count("no_ball")

    # Nothing more may be played.
    final = match.states[-1]
    assert ENG.is_over(final)
    assert ENG.legal_plays(final) == []
    for raw in (
        {"pitch": "A", "path_card": "1", "path": "B", "move": "A", "stroke": "A"},
        {"declare": True},
        {"fielder": "A"},
        {"pitch": "A", "path_card": "1", "no_ball": True},
    ):
        try:
            ENG.play(final, raw)
        except IllegalPlay:
            pass
        else:
            raise AssertionError(f"{raw!r} accepted after the match was final")

    # The record replays to the same states and summary, also through JSON text.
    data = {"game": "quick-cricket", "options": match.options, "plays": match.plays}
    result = replay(from_json(data))
    assert result.summary() == summaries[-1]
    assert list(result.states) == match.states
    assert [str(o) for o in result.outcomes] == [str(o) for o in match.outcomes]
    assert replay(loads(json.dumps(data))).summary() == summaries[-1]


# --- legal_plays is sound and complete ---------------------------------------------------------


def random_candidate(rng: random.Random) -> dict[str, Any]:
    """A well-formed play in its plainest form (only the keys it needs)."""
    r = rng.random()
    if r < 0.02:
        return {"declare": True}
    if r < 0.06:
        return {"fielder": rng.choice([*QUADRANTS, None])}
    raw: dict[str, Any] = {"pitch": rng.choice(QUADRANTS), "path_card": rng.choice("1234")}
    if r < 0.1:
        raw["no_ball"] = True
        return raw
    raw["path"] = rng.choice(QUADRANTS)
    if rng.random() < 0.2:
        raw["big_hit"] = True
    else:
        raw["move"] = rng.choice(QUADRANTS)
        raw["stroke"] = rng.choice(QUADRANTS)
        if rng.random() < 0.3:
            raw["bouncer"] = rng.choice(["duck", "big_hit"])
    if rng.random() < 0.6:
        n = rng.choice([1, 1, 2])
        raw["umpire"] = [rng.choice([OUT, NOT_OUT]) for _ in range(n)]
        if rng.random() < 0.3:
            raw["review"] = rng.choice([OUT, NOT_OUT])
    return raw


def canonical(raw: dict[str, Any]) -> str:
    return json.dumps(raw, sort_keys=True)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 2, None]), st.sampled_from([1, 2]))
def test_legal_plays_are_exactly_the_accepted_plays(seed: int, overs, innings: int) -> None:
    rng = random.Random(seed)
    options = {"overs": overs, "innings": innings, "first_style": rng.choice(["pace", "spin"])}
    state = ENG.initial_state(ENG.options(options))
    for _ in range(40):
        if ENG.is_over(state):
            break
        legal = ENG.legal_plays(state)
        keys = {canonical(raw) for raw in legal}
        assert len(keys) == len(legal), "legal_plays repeats a play"
        for raw in rng.sample(legal, min(15, len(legal))):  # sound
            ENG.play(state, copy.deepcopy(raw))
        for _ in range(40):  # complete
            raw = random_candidate(rng)
            try:
                ENG.play(state, raw)
            except IllegalPlay:
                continue
            assert canonical(raw) in keys, f"{raw!r} is accepted but not in legal_plays"
        state, _ = ENG.play(state, choose(legal, rng, 0.3, 0.1))
