"""A plausible Quick Cricket table: both sides choose as sensible players would,
with what each can know. Seeded through the table's ``rng``, so a match is reproduced.

- **Each delivery is a guessing game.** The Pitch is shown; the batter then lays Move and
  Stroke face down and the bowler places the Path without seeing them. Both sides play the
  mixed strategy of that small game (17 batter choices: 16 Move/Stroke pairs or a Big Hit;
  4 Path quadrants), solved by regret matching and cached, over the batter's worth of a
  ball: expected runs minus ``wicket_value`` times the chance of losing a wicket.
- **The worth of a wicket** follows the match situation (the seed: a side "behind the run
  rate" takes risks): twice the runs the rest of the innings is expected to lose if it
  falls (a table built from the game's own cards, balls left by wickets in hand, like
  Duckworth-Lewis), at most 22; in a chase lower when the runs needed are beyond what the
  side expects to make, higher when they are well within it. So the batter mostly defends
  early and hits out late.
- **The bowler** pitches where the batter's best answer is worth least (any pitch within
  half a run of the best, at random), places the fielder at the start of each spell where
  it hurts the batter most, and plays its unused Path cards in random order (the card's runs
  count only if the batter scores, and the batter cannot see which card comes).
- **Never a no ball** (five runs and the over again, for nothing: the rules punish it).
- **Under a bouncer** a batter who moved to A or D ducks unless the Big Hit is worth more.
- **The umpire cards** are turned as the physical pile falls: the OUT card is equally likely
  to be any face-down card; a review draws one of the cards that were face down.
- **Reviews**: the batting side reviews an OUT whenever a review is left and two or more
  cards were face down (then the decision is wrong half the time or more); the bowling side
  reviews a NOT OUT only from a pile of two (an even chance), while it has a review left.
- **Never a declaration**: the engine's matches cannot be drawn and have no time limit, so
  closing an innings early only gives up runs.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from .calls import BOUNCER_QUADRANTS, TABLE, WIDE_FIELD
from .catalogue import QUADRANTS, Catalogue
from .state import (
    ALL_OUT,
    BALLS_PER_OVER,
    NOT_OUT,
    OUT,
    OVERS_PER_SPELL,
    PACE,
    SPIN,
    UMPIRE_CARDS,
    Match,
)

FIELDER_TAKES = 4
BIG_HIT_BONUS = 6
BOUNCER_RUNS = 2
BIG_HIT = "big"
BATTER_CHOICES: tuple[tuple[str, str] | str, ...] = (
    *((m, s) for m in QUADRANTS for s in QUADRANTS),
    BIG_HIT,
)
ITERATIONS = 150
NEGLIGIBLE = 0.03  # a mixed strategy's weights below this are dropped (noise of the solver)
UNLIMITED_BALLS = 160  # an innings with no over limit is valued as this many balls left
CAUTION = 3.0  # at most this many times the worth of a wicket when a chase is well ahead
# Players guard a wicket twice as much as the bare run-maximising arithmetic says: with 1
# (the arithmetic alone) two 16-over innings in three end all out; with 2 about one in three.
WICKET_PREMIUM = 2.0
# The worths of a wicket the cached solutions use. None above 22: from 30 up, the batter's
# best answer to many Pitches is to block every ball (no runs, no wicket), and an innings
# with no over limit would never end.
WICKET_VALUES = (0, 2, 4, 6, 9, 12, 16, 22)
PITCH_SLACK = 0.5


def wicket_value(match: Match) -> int:
    """Runs a batter would give up to keep a wicket, by the match situation (``worth``)."""
    innings = match.current
    target = match.target
    chasing = target is not None and len(match.innings) == match.total_innings
    return worth(
        match.catalogue,
        match.overs,
        innings.balls,
        innings.wickets,
        max(1, target - innings.runs) if chasing and target is not None else None,
    )


def worth(
    catalogue: Catalogue, overs: int | None, balls: int, wickets: int, need: int | None
) -> int:
    """Runs a batter would give up to keep a wicket, with ``balls`` bowled, ``wickets`` down
    and ``need`` runs still needed in a chase (``None`` otherwise): what the innings left is
    expected to lose if this wicket falls (``expected_runs``); in a chase, less when the runs
    needed are beyond what the side expects to make, more when they are well within it."""
    in_hand = ALL_OUT - wickets
    if overs is None:
        balls_left = UNLIMITED_BALLS
    else:
        balls_left = max(1, overs * BALLS_PER_OVER - balls)
    balls_left = min(balls_left, UNLIMITED_BALLS)
    table = expected_runs(catalogue)
    keep, lose = table[balls_left - 1][in_hand], table[balls_left - 1][in_hand - 1]
    value = (keep - lose) * WICKET_PREMIUM
    if need is not None:
        expected = table[balls_left][in_hand]
        if need > expected:  # behind the rate: take risks
            value *= (expected / need) ** 2
        else:  # ahead of it: guard the wickets
            value *= min(CAUTION, expected / need)
    return bucket(value)


@lru_cache(maxsize=16)
def expected_runs(catalogue: Catalogue) -> tuple[tuple[float, ...], ...]:
    """``[b][w]``: the runs an innings with ``b`` balls left (up to ``UNLIMITED_BALLS``) and
    ``w`` wickets in hand is expected to add, each ball played with the worth of a wicket its
    own table gives (the runs lost if it falls), against a bowler pitching to the batter's
    least good Pitch with no fielder: a Duckworth-Lewis-like table from the game's own cards.

    Row ``b`` depends only on the rows before it, so one table per catalogue serves every
    length of innings (worked out once, not once per number of balls left)."""
    table = [tuple(0.0 for _ in range(ALL_OUT + 1))]
    for _ in range(UNLIMITED_BALLS):
        last = table[-1]
        row = [0.0]
        for in_hand in range(1, ALL_OUT + 1):
            runs, falls = typical_ball(
                catalogue, ALL_OUT - in_hand, last[in_hand] - last[in_hand - 1]
            )
            row.append(runs + (1 - falls) * last[in_hand] + falls * last[in_hand - 1])
        table.append(tuple(row))
    return tuple(table)


def typical_ball(catalogue: Catalogue, wickets_down: int, wicket: float) -> tuple[float, float]:
    """Expected runs and chance of a wicket of a ball played with this worth of a wicket,
    averaged over Pace and Spin, from a fresh umpire pile and no fielder."""
    chart = next(runs for low, high, runs in catalogue.charts if low <= wickets_down <= high)
    card = sum(runs for _, runs in catalogue.path_cards) / len(catalogue.path_cards)
    worth = bucket(wicket)
    totals = [0.0, 0.0]
    for style in (PACE, SPIN):
        worths = {p: solve(style, chart, None, p, card, UMPIRE_CARDS, worth)[0] for p in QUADRANTS}
        pitch = min(QUADRANTS, key=worths.__getitem__)
        runs, falls = ball_figures(style, chart, pitch, card, worth)
        totals[0] += runs / 2
        totals[1] += falls / 2
    return totals[0], totals[1]


@lru_cache(maxsize=4096)
def ball_figures(
    style: str, chart: tuple[tuple[str, int], ...], pitch: str, card: float, wicket: int
) -> tuple[float, float]:
    """Expected runs and chance of a wicket under both sides' mixes (no fielder, 3 cards)."""
    _, bat, bowl = solve(style, chart, None, pitch, card, UMPIRE_CARDS, wicket)
    runs = falls = 0.0
    for choice, x in zip(BATTER_CHOICES, bat, strict=True):
        for path, y in zip(QUADRANTS, bowl, strict=True):
            if x and y:
                now = outcome(style, chart, None, pitch, path, choice, card, UMPIRE_CARDS, wicket)
                more = outcome(
                    style, chart, None, pitch, path, choice, card, UMPIRE_CARDS, wicket + 1
                )
                falls += x * y * (now - more)
                runs += x * y * (now + wicket * (now - more))
    return runs, falls


def bucket(value: float) -> int:
    """The nearest worth of a wicket the cached solutions use."""
    return min(WICKET_VALUES, key=lambda v: abs(v - value))


def outcome(
    style: str,
    chart: tuple[tuple[str, int], ...],
    fielder: str | None,
    pitch: str,
    path: str,
    choice: tuple[str, str] | str,
    card: float,
    down: int,
    wicket: float,
) -> float:
    """The batter's worth of one delivery: runs, less ``wicket`` times the chance of a wicket
    (``card``: the Path card's expected runs; ``down``: umpire cards face down)."""
    runs = dict(chart)
    bouncer = style == PACE and pitch == path and pitch in BOUNCER_QUADRANTS

    def appeal(cards: int, not_out: float) -> float:
        p_out = min(cards, down) / down
        return (1 - p_out) * not_out - p_out * wicket

    def big_hit() -> float:
        return appeal(1, runs[pitch] + card + BIG_HIT_BONUS)

    if choice == BIG_HIT:
        return big_hit() if bouncer or pitch != path else -wicket
    move, stroke = choice
    if bouncer:
        if move in BOUNCER_QUADRANTS:
            return appeal(1, BOUNCER_RUNS + card)
        return max(0.0, big_hit())

    def kind(q: str) -> str:
        return "path" if q == path else "pitch" if q == pitch else "empty"

    cell = TABLE[kind(stroke)][kind(move)]
    there = fielder == stroke
    if cell == "dot":
        return 0.0
    if cell == "runs":
        return max(0.0, runs[stroke] + card - (FIELDER_TAKES if there else 0))
    if cell == "four":
        return 0.0 if there else FIELDER_TAKES + card
    if cell == "lbw":
        return appeal(1, 0.0) if style == PACE else -wicket
    if cell == "caught":
        return appeal(2 if fielder in WIDE_FIELD else 1, 0.0)
    return -wicket


@lru_cache(maxsize=200_000)
def solve(
    style: str,
    chart: tuple[tuple[str, int], ...],
    fielder: str | None,
    pitch: str,
    card: float,
    down: int,
    wicket: int,
) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """The delivery's guessing game: (its worth to the batter, the batter's mix over
    ``BATTER_CHOICES``, the bowler's mix over the Path quadrants), by regret matching."""
    full = [
        [outcome(style, chart, fielder, pitch, q, c, card, down, wicket) for q in QUADRANTS]
        for c in BATTER_CHOICES
    ]
    rows = undominated(full)
    matrix = [full[i] for i in rows]
    n = len(matrix)
    bat_regret, bowl_regret = [0.0] * n, [0.0] * 4
    bat_sum, bowl_sum = [0.0] * n, [0.0] * 4
    for step in range(1, ITERATIONS + 1):  # regret matching+, averages weighted by step
        bat = _strategy(bat_regret)
        b0, b1, b2, b3 = _strategy(bowl_regret)
        row_values = [r0 * b0 + r1 * b1 + r2 * b2 + r3 * b3 for r0, r1, r2, r3 in matrix]
        c0 = c1 = c2 = c3 = value = 0.0
        for (r0, r1, r2, r3), w, v in zip(matrix, bat, row_values, strict=True):
            c0 += w * r0
            c1 += w * r1
            c2 += w * r2
            c3 += w * r3
            value += w * v
        for i in range(n):
            bat_regret[i] = max(0.0, bat_regret[i] + row_values[i] - value)
            bat_sum[i] += step * bat[i]
        for j, (c, w) in enumerate(zip((c0, c1, c2, c3), (b0, b1, b2, b3), strict=True)):
            bowl_regret[j] = max(0.0, bowl_regret[j] + value - c)
            bowl_sum[j] += step * w
    kept, bowl_mix = _clean(bat_sum), _clean(bowl_sum)
    bat_mix = [0.0] * len(full)
    for i, w in zip(rows, kept, strict=True):
        bat_mix[i] = w
    worth = sum(
        kept[i] * bowl_mix[j] * matrix[i][j] for i in range(n) for j in range(len(QUADRANTS))
    )
    return worth, tuple(bat_mix), bowl_mix


def undominated(matrix: list[list[float]]) -> list[int]:
    """The batter's choices not weakly dominated by another (the first of equal rows kept)."""
    kept = []
    for i, row in enumerate(matrix):
        if not any(
            all(o >= x for o, x in zip(other, row, strict=True)) and (other != row or k < i)
            for k, other in enumerate(matrix)
            if k != i
        ):
            kept.append(i)
    return kept


def _strategy(regret: list[float]) -> list[float]:
    total = sum(regret)
    if total <= 0:
        return [1 / len(regret)] * len(regret)
    return [r / total for r in regret]


def _clean(weights: list[float]) -> tuple[float, ...]:
    total = sum(weights)
    kept = [w if w / total >= NEGLIGIBLE else 0.0 for w in weights]
    total = sum(kept)
    return tuple(w / total for w in kept)


def situation(match: Match) -> tuple[str, tuple[tuple[str, int], ...], float, int, int]:
    """What both players weigh: style, the runs chart now, a Path card's average runs (the
    batter cannot see which card comes), the umpire cards face down, the worth of a wicket."""
    innings = match.current
    catalogue = match.catalogue
    chart = next(runs for low, high, runs in catalogue.charts if low <= innings.wickets <= high)
    card = sum(runs for _, runs in catalogue.path_cards) / len(catalogue.path_cards)
    return match.style(), chart, card, innings.umpire_down, wicket_value(match)


def pitch_worths(match: Match, fielder: str | None) -> dict[str, float]:
    style, chart, card, down, wicket = situation(match)
    return {p: solve(style, chart, fielder, p, card, down, wicket)[0] for p in QUADRANTS}


def best_fielder(match: Match) -> str | None:
    """Where the fielder hurts the batter most: the placement whose best pitch is worth
    least to the batter (ties: the first in A, B, C, D)."""
    return min(QUADRANTS, key=lambda q: min(pitch_worths(match, q).values()))


class Table:
    """Both sides of one match; it remembers which spells it has set the field for."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.field_set: tuple[int, int] | None = None

    def choose(self, state: Match) -> dict[str, Any]:
        """The next play object, chosen by plausible players on both sides."""
        innings = state.current
        spell = (len(state.innings), innings.completed_overs // OVERS_PER_SPELL)
        if not innings.spell_started and self.field_set != spell:
            self.field_set = spell
            fielder = best_fielder(state)
            if fielder != innings.fielder:
                return {"fielder": fielder}
        return self.delivery(state)

    def delivery(self, state: Match) -> dict[str, Any]:
        rng = self.rng
        innings = state.current
        style, chart, card, down, wicket = situation(state)
        worths = pitch_worths(state, innings.fielder)
        least = min(worths.values())
        pitch = rng.choice([p for p in QUADRANTS if worths[p] <= least + PITCH_SLACK])
        _, bat_mix, bowl_mix = solve(style, chart, innings.fielder, pitch, card, down, wicket)
        choice = rng.choices(BATTER_CHOICES, bat_mix)[0]
        path = rng.choices(QUADRANTS, bowl_mix)[0]
        cards = [c for c in state.catalogue.path_ids if c not in innings.paths_used]
        path_card = rng.choice(cards)
        raw: dict[str, Any] = {"pitch": pitch, "path_card": path_card, "path": path}
        if choice == BIG_HIT:
            raw["big_hit"] = True
        else:
            raw["move"], raw["stroke"] = choice
        bouncer = style == PACE and pitch == path and pitch in BOUNCER_QUADRANTS
        card_runs = state.catalogue.path_runs(path_card)
        cards_asked = 0
        if bouncer:
            if choice == BIG_HIT:
                cards_asked = 1
            elif raw["move"] in BOUNCER_QUADRANTS:
                cards_asked = 1
            else:
                hit = chart_runs(chart, pitch) + card_runs + BIG_HIT_BONUS
                p_out = 1 / down
                take = (1 - p_out) * hit - p_out * wicket > 0
                raw["bouncer"] = "big_hit" if take else "duck"
                cards_asked = 1 if take else 0
        elif choice == BIG_HIT:
            cards_asked = 0 if pitch == path else 1
        else:
            cards_asked = appeal_cards(state, raw)
        if cards_asked:
            raw.update(self.umpire(state, cards_asked))
        return raw

    def umpire(self, state: Match, cards_asked: int) -> dict[str, Any]:
        """Turn the umpire cards as the pile falls, and decide whether the losing side
        reviews (a review draws one of the cards that were face down)."""
        innings = state.current
        down = innings.umpire_down
        turned = min(cards_asked, down)
        out_at = self.rng.randrange(down)
        cards = [OUT if n == out_at else NOT_OUT for n in range(turned)]
        answer: dict[str, Any] = {"umpire": cards}
        decision = OUT if OUT in cards else NOT_OUT
        side = innings.batting if decision == OUT else innings.bowling
        if wants_review(decision, down, innings.reviews_left[side]):
            answer["review"] = OUT if self.rng.randrange(down) == 0 else NOT_OUT
        return answer


def wants_review(decision: str, down: int, reviews_left: int) -> bool:
    """The batting side reviews an OUT from a pile of two or more (wrong at least half the
    time); the bowling side a NOT OUT only from a pile of two (an even chance)."""
    if reviews_left == 0 or down < 2:
        return False
    return decision == OUT or down == 2


def chart_runs(chart: tuple[tuple[str, int], ...], quadrant: str) -> int:
    return dict(chart)[quadrant]


def appeal_cards(state: Match, raw: dict[str, Any]) -> int:
    """Umpire cards an ordinary (not Big Hit, not bouncer) delivery asks for: 0 if none."""
    pitch, path, move, stroke = raw["pitch"], raw["path"], raw["move"], raw["stroke"]

    def kind(q: str) -> str:
        return "path" if q == path else "pitch" if q == pitch else "empty"

    cell = TABLE[kind(stroke)][kind(move)]
    if cell == "lbw":
        return 1 if state.style() == PACE else 0
    if cell == "caught":
        return 2 if state.current.fielder in WIDE_FIELD else 1
    return 0
