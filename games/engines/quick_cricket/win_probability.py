"""Quick Cricket's win probability, worked out ball by ball.

The plausible batter plays each ball by the worth of its wicket, which follows the match
situation (``player.worth``: balls left, wickets down, runs needed in a chase), against a
chart that depends on the wickets down and the spell's style. So a table counts what one ball
does (runs, a wicket, whether it counts towards the over, whether the batting side lost a
review, the umpire cards face down after it) for each (wickets down, worth of a wicket,
style, a review left or not, umpire cards face down), from simulated matches, and the rest
of the match is worked out exactly from those counts by a dynamic programme
(``innings_chances.py``):

- in the chase, from (balls bowled, wickets down, reviews left, umpire cards down, runs
  needed): the chasing side wins when it needs nothing more; the match is tied when the
  innings ends one run short;
- in the first innings, from (balls bowled, wickets down, reviews left, umpire cards down,
  runs): each way the innings can end leads to a chase of that target.

The batting side's reviews last the whole innings: with none left every OUT stands. In one
16-over chase measured by play-outs (57 needed off 11 balls, 6 down) the chasing side won
28% of the time with three reviews left, 27% with one and 16% with none; the bowling side's
reviews moved it by 1-2 points, so only the batting side's are kept in the state. The
umpire pile lasts too: with one card face down a batter guarding the wicket blocks until the
worth of a wicket falls (in one first innings, 7 down after 26 balls, the pile's lasting
state was worth 17 runs of the innings' remaining 53).

Nothing is clipped and no situation is pooled with another: a rare situation only draws on
what single balls do, which every match shows many times. Limited-overs matches of one innings
a side; one table per length.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import get
from ..win_probability.model import Model, NotCovered, Probabilities, distribution, key_text
from .catalogue import Catalogue
from .innings_chances import (
    SCALE,
    STATES,
    scaled,
    solve_chase,
    solve_first,
    state_index,
    unscaled,
)
from .player import worth
from .state import (
    ALL_OUT,
    BALLS_PER_OVER,
    OVERS_PER_SPELL,
    PACE,
    REVIEWS,
    SPIN,
    UMPIRE_CARDS,
    Match,
)

RUNS = 63  # runs off one ball told apart (a no ball or Big Hit stays far below)
# An outcome's index: what happened besides runs (``FLAGS`` combinations: a wicket, the ball
# counted, the batting side lost a review, umpire cards face up after it), plus ``FLAGS``
# times the runs. Runs vary most, so a table's count lists stay as short as the most runs
# seen off a ball allow.
FLAGS = 8 * UMPIRE_CARDS
OUTCOMES = FLAGS * (RUNS + 1)
# balls, wickets, reviews lost, umpire cards down after, runs, chance
Outcome = tuple[int, int, int, int, int, float]


def outcome_index(balls: int, wickets: int, runs: int, lost: int = 0, down: int = 3) -> int:
    face_up = UMPIRE_CARDS - min(max(down, 1), UMPIRE_CARDS)
    return wickets + 2 * balls + 4 * lost + 8 * face_up + FLAGS * min(runs, RUNS)


def _outcome(index: int) -> tuple[int, int, int, int, int]:
    flags, runs = index % FLAGS, index // FLAGS
    return flags // 2 % 2, flags % 2, flags // 4 % 2, UMPIRE_CARDS - flags // 8, runs


class Balls:
    """What one ball does, from a table's counts, by its situation (cached)."""

    def __init__(self, counts: Mapping[str, Sequence[int]], match: Match) -> None:
        self.counts = counts
        self.catalogue = match.catalogue
        self.overs = match.overs or 0
        self.first_style = match.first_style
        self._known: dict[tuple[Any, ...], list[Outcome]] = {}

    def style(self, balls: int) -> str:
        spell = balls // BALLS_PER_OVER // OVERS_PER_SPELL
        other = SPIN if self.first_style == PACE else PACE
        return self.first_style if spell % 2 == 0 else other

    def situation(
        self, balls: int, wickets: int, reviews: int, down: int, need: int | None
    ) -> tuple[Any, ...]:
        value = worth(self.catalogue, self.overs, balls, wickets, need)
        return wickets, value, self.style(balls), int(reviews > 0), down

    def outcomes(self, situation: tuple[Any, ...], now: tuple[Any, ...] = ()) -> list[Outcome]:
        """The outcomes of a ball in ``situation``; ``now`` what is known of the very ball
        about to be bowled (``ball_now``), for that ball."""
        known = self._known.get((*situation, *now))
        if known is None:
            levels = ball_levels(self.catalogue, *situation)
            if now:
                levels = ((*situation, *now), *levels)
            first = -1 if now else 0
            keys = [key_text(level, key) for level, key in enumerate(levels, start=first)]
            shares = distribution(keys, self.counts, OUTCOMES)
            known = [(*_outcome(i), p) for i, p in enumerate(shares) if p > 0]
            self._known[(*situation, *now)] = known
        return known

    def __call__(
        self, balls: int, wickets: int, reviews: int, down: int, need: int | None
    ) -> list[Outcome]:
        return self.outcomes(self.situation(balls, wickets, reviews, down, need))


def chart_of(catalogue: Catalogue, wickets: int) -> int:
    """Which runs chart the batter plays from at ``wickets`` down (its place in the list)."""
    for index, (low, high, _) in enumerate(catalogue.charts):
        if low <= wickets <= high:
            return index
    return len(catalogue.charts)


def ball_levels(
    catalogue: Catalogue, wickets: int, value: int, style: str, review: int, down: int
) -> tuple[tuple[Any, ...], ...]:
    """One ball's situation, finest first: wickets down, worth of a wicket, style, whether
    a review is left and the umpire cards face down; then the runs chart in place of the
    wickets (a rare wickets down, such as seven in the sixth over, leans on balls played
    from the same chart, never on the top order's); then without the style; then the chart,
    the review and the pile alone."""
    chart = chart_of(catalogue, wickets)
    return (
        (wickets, value, style, review, down),
        ("chart", chart, value, style, review, down),
        ("chart", chart, value, review, down),
        ("chart", chart, review, down),
    )


def ball_now(innings: Any) -> tuple[int, ...]:
    """What is known of the ball about to be bowled beyond its situation: face-down umpire
    cards, Path cards already used, whether the fielder stands and the batting side's reviews
    left (an OUT it cannot review stands)."""
    return (
        innings.umpire_down,
        len(innings.paths_used),
        int(innings.fielder is not None),
        innings.reviews_left[innings.batting],
    )


def first_innings_done(match: Match) -> bool:
    current = match.current
    return current.all_out or current.closed or current.balls >= (match.overs or 0) * BALLS_PER_OVER


class CricketModel(Model):
    game_id = "quick-cricket"
    games = 5_000
    # Twenty overs a side (a T20 match): the programme a table keeps grows with the square of
    # the balls (about 1 MB kept and a minute to work out at 20 overs).
    bounds = (("overs", 20, "matches of more than 20 overs a side"),)

    def __init__(self) -> None:
        self._solved: dict[tuple[int, Any], tuple[Mapping[str, Sequence[int]], Balls]] = {}

    def table_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        validated = self.validated(options)
        if validated.get("overs") is None:
            raise NotCovered("win probability not available for unlimited-overs matches")
        if validated.get("innings", 1) != 1:
            raise NotCovered("win probability not available for two-innings matches")
        return self.within_bounds(validated)

    def simulation_options(self, table_options: Mapping[str, Any]) -> dict[str, Any]:
        return dict(table_options)

    def samples(
        self, states: Sequence[Match], summary: Mapping[str, Any], seed: int = 0
    ) -> Iterable[tuple[str, int]]:
        """(ball situation, outcome) for every ball of the match that counted or scored."""
        for before, after in zip(states, states[1:], strict=False):
            if len(before.innings) == 1 and first_innings_done(before):
                continue  # between the innings
            index = len(before.innings) - 1
            was, now = before.innings[index], after.innings[index]
            balls, wickets, runs = (
                now.balls - was.balls,
                now.wickets - was.wickets,
                now.runs - was.runs,
            )
            if balls < 0 or (balls, wickets, runs) == (0, 0, 0):
                continue  # a fielder placed, or an over started again
            target = before.target
            need = max(1, target - was.runs) if index == 1 and target is not None else None
            value = worth(before.catalogue, before.overs, was.balls, was.wickets, need)
            reviews = was.reviews_left[was.batting]
            lost = int(now.reviews_left[was.batting] < reviews)
            outcome = outcome_index(min(balls, 1), wickets, runs, lost, now.umpire_down)
            situation = (was.wickets, value, before.style(was), int(reviews > 0), was.umpire_down)
            yield key_text(-1, (*situation, *ball_now(was))), outcome
            for level, key in enumerate(ball_levels(before.catalogue, *situation)):
                yield key_text(level, key), outcome

    def worked_out(
        self, counts: Mapping[str, tuple[int, ...]], options: Mapping[str, Any]
    ) -> dict[str, tuple[int, ...]]:
        """The programme (``innings_chances.py``), kept in the table: a lookup reads it."""
        engine = get(self.game_id)
        match = engine.initial_state(engine.options(dict(options)))
        balls = (match.overs or 0) * BALLS_PER_OVER
        ball = Balls(counts, match)
        chase, tie = solve_chase(balls, ball)
        first = solve_first(balls, ball)
        kept: dict[str, tuple[int, ...]] = {}
        for b in range(balls + 1):
            for w in range(ALL_OUT + 1):
                for s, (r, d) in enumerate(STATES):
                    kept[f"C:{b},{w},{r},{d}"] = scaled(chase[b][w][s])
                    kept[f"T:{b},{w},{r},{d}"] = scaled(tie[b][w][s])
                    kept[f"F:{b},{w},{r},{d}"] = scaled(first[b][w][s])
        return kept

    def balls_for(self, counts: Mapping[str, Sequence[int]], match: Match) -> Balls:
        key = (id(counts), (match.overs, match.first_style, match.catalogue))
        solved = self._solved.get(key)
        if solved is not None and solved[0] is counts:
            return solved[1]
        balls = Balls(counts, match)
        if len(self._solved) > 16:
            self._solved.clear()
        self._solved[key] = (counts, balls)
        return balls

    def chase(
        self,
        counts: Mapping[str, Sequence[int]],
        balls: int,
        wickets: int,
        lasting: tuple[int, int],
        need: int,
    ) -> tuple[float, float]:
        """(the chasing side wins, a tie) from the kept programme; ``lasting`` the batting
        side's reviews left and the umpire cards face down."""
        if need <= 0:
            return 1.0, 0.0
        key = _key(balls, wickets, lasting)
        return unscaled(counts.get("C:" + key, ()), need), unscaled(
            counts.get("T:" + key, ()), need
        )

    def first(
        self,
        counts: Mapping[str, Sequence[int]],
        balls: int,
        wickets: int,
        lasting: tuple[int, int],
        runs: int,
    ) -> tuple[float, float]:
        """(the side batting second wins, a tie) from the first innings: each total it may
        end on, then the chase of that total."""
        adds = counts.get("F:" + _key(balls, wickets, lasting), ())
        fresh = _key(0, 0, FRESH)
        chase, tie = counts.get("C:" + fresh, ()), counts.get("T:" + fresh, ())
        won = tied = 0
        for added, share in enumerate(adds):
            if share:
                need = runs + added + 1
                if need < len(chase):
                    won += share * chase[need]
                if need < len(tie):
                    tied += share * tie[need]
        return won / SCALE / SCALE, tied / SCALE / SCALE

    def predict(self, state: Match, counts: Mapping[str, Sequence[int]]) -> Probabilities:
        if get(self.game_id).is_over(state):
            return super().predict(state, counts)
        current = state.current
        innings_balls = (state.overs or 0) * BALLS_PER_OVER
        first_innings = len(state.innings) == 1
        if first_innings and first_innings_done(state):
            second_won, tied = self.chase(counts, 0, 0, FRESH, current.runs + 1)
        elif first_innings:
            second_won, tied = self.first(
                counts, current.balls, current.wickets, lasting(current), current.runs
            )
        else:
            need = (state.target or 0) - current.runs
            second_won, tied = self.from_ball(counts, state, need, innings_balls)
        second = 1 - current.batting if first_innings else current.batting
        out = [0.0, 0.0, tied]
        out[second] = second_won
        out[1 - second] = max(0.0, 1.0 - second_won - tied)
        return out[0], out[1], out[2]

    def from_ball(
        self, counts: Mapping[str, Sequence[int]], state: Match, need: int, innings_balls: int
    ) -> tuple[float, float]:
        """(the chasing side wins, a tie) from just before a ball of the chase: the ball
        itself as what is known of it now tells, the rest from the kept programme."""
        current = state.current
        balls, wickets = current.balls, current.wickets
        reviews, down = lasting(current)
        if need <= 0 or wickets >= ALL_OUT or balls >= innings_balls:
            return self.chase(counts, balls, wickets, (reviews, down), need)
        ball = self.balls_for(counts, state)
        situation = ball.situation(balls, wickets, reviews, down, need)
        won = tied = 0.0
        for db, dw, dl, after_down, dr, p in ball.outcomes(situation, ball_now(current)):
            after_b, after_w = min(innings_balls, balls + db), min(ALL_OUT, wickets + dw)
            after = (reviews - dl, after_down)
            w, t = self.chase(counts, after_b, after_w, after, need - dr)
            won += p * w
            tied += p * t
        return won, tied


FRESH = (REVIEWS, UMPIRE_CARDS)  # an innings' start: every review left, a full pile


def lasting(innings: Any) -> tuple[int, int]:
    """What lasts from ball to ball beyond balls, wickets and runs: the batting side's reviews
    left and the umpire cards face down."""
    return innings.reviews_left[innings.batting], innings.umpire_down


def _key(balls: int, wickets: int, lasting: tuple[int, int]) -> str:
    reviews, down = STATES[state_index(*lasting)]
    return f"{balls},{min(wickets, ALL_OUT)},{reviews},{down}"


MODEL = CricketModel()
