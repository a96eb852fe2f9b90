"""The rest of a two-sided baseball game, worked out exactly from run distributions.

Given how many runs a side scores in each half-inning (a distribution per inning and half,
from simulated games) and in the rest of the half-inning under way (a distribution for the
state's situation), the chance of each end of the game follows from the rules by a dynamic
programme over the run difference, as baseball's win-expectancy tables are worked out from
run distributions:

- after the top of the last scheduled inning (or of an extra one), a home side ahead has won;
- in the bottom of the last inning or an extra one only whether the home side scores more
  than the difference, exactly it, or fewer matters (a walk-off stops the half early, a half
  played in full ends the same way);
- a tie after the last inning stands where the game allows ties; otherwise the game goes on
  to extra innings, every one alike: from a tie the visitors win an extra inning with chance
  ``a`` and it stays tied with chance ``b``, so they win the extras with ``a / (1 - b)``.

Run differences are exact up to ``REACH`` either way (far past any lead still in doubt); a
distribution's last entry holds every run total from there up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

REACH = 150
LEADS = range(-REACH, REACH + 1)
Distribution = Sequence[float]  # chance of 0, 1, 2... runs; the last entry is that many or more
Values = tuple[float, ...]  # a chance for every lead from -REACH to REACH
LastBottom = Callable[[Distribution, int], float]  # runs of the last bottom, lead -> value


def at(values: Values, lead: int) -> float:
    return values[max(-REACH, min(REACH, lead)) + REACH]


def below(dist: Distribution, runs: int) -> float:
    """The chance of scoring fewer than ``runs``."""
    return sum(dist[: max(0, runs)]) if runs < len(dist) else 1.0


def exactly(dist: Distribution, runs: int) -> float:
    return dist[runs] if 0 <= runs < len(dist) - 1 else 0.0


def expected(dist: Distribution, value: Callable[[int], float]) -> float:
    return sum(p * value(runs) for runs, p in enumerate(dist) if p)


def shifted(values: Values, dist: Distribution, sign: int) -> Values:
    """For every lead, the expected value of ``values`` once ``dist``'s runs are added to the
    lead (``sign`` 1: the visitors bat) or taken from it (-1: the home side bats)."""
    scored = [(sign * runs, p) for runs, p in enumerate(dist) if p]
    return tuple(sum(p * at(values, lead + change) for change, p in scored) for lead in LEADS)


@dataclass(frozen=True)
class Programme:
    """One end's chance (the visitors winning, or a tie) from the start of every half-inning
    of a game of ``scheduled`` innings, for every lead (visitors' runs less the home side's),
    and from within a half given the rest of its runs."""

    scheduled: int
    last_bottom: LastBottom
    extras: float  # the chance from the start of an extra inning (always tied)
    extra_bottom: Distribution
    tops: tuple[Values, ...]  # [inning - 1], innings 1..scheduled
    bottoms: tuple[Values, ...]

    @classmethod
    def solve(
        cls,
        scheduled: int,
        halves: Sequence[tuple[Distribution, Distribution]],
        last_bottom: LastBottom,
        extras: float,
    ) -> Programme:
        """``halves[i]``: the runs of the top and bottom of inning ``i + 1``; the entry after
        the last scheduled inning stands for every extra inning."""
        tops: list[Values] = []
        bottoms: list[Values] = []
        after: Values = ()
        for inning in range(scheduled, 0, -1):
            top, bottom = halves[inning - 1]
            if inning == scheduled:
                bottom_now = tuple(last_bottom(bottom, lead) for lead in LEADS)
            else:
                bottom_now = shifted(after, bottom, -1)
            top_now = shifted(bottom_now, top, 1)
            tops.append(top_now)
            bottoms.append(bottom_now)
            after = top_now
        return cls(
            scheduled,
            last_bottom,
            extras,
            halves[scheduled][1],
            tuple(reversed(tops)),
            tuple(reversed(bottoms)),
        )

    def at_top(self, inning: int, lead: int) -> float:
        """From the start of the top of ``inning``."""
        if inning > self.scheduled:
            return self.extras if lead == 0 else self.last_bottom((1.0,), lead)
        return at(self.tops[inning - 1], lead)

    def at_bottom(self, inning: int, lead: int) -> float:
        """From the start of the bottom of ``inning``."""
        if inning > self.scheduled:
            return self.last_bottom(self.extra_bottom, lead)
        return at(self.bottoms[inning - 1], lead)

    def within_top(self, inning: int, lead: int, rest: Distribution) -> float:
        """From within the top of ``inning``, the visitors scoring ``rest`` more in it."""
        return expected(rest, lambda r: self.at_bottom(inning, lead + r))

    def within_bottom(self, inning: int, lead: int, rest: Distribution) -> float:
        """From within the bottom of ``inning``, the home side scoring ``rest`` more in it."""
        if inning >= self.scheduled:
            return self.last_bottom(rest, lead)
        return expected(rest, lambda r: self.at_top(inning + 1, lead - r))


@dataclass(frozen=True)
class Innings:
    """The chances of the visitors winning and of a tie, from anywhere in a game."""

    win: Programme
    tie: Programme | None  # None: the game cannot end tied

    @classmethod
    def solve(
        cls,
        scheduled: int,
        halves: Sequence[tuple[Distribution, Distribution]],
        *,
        ties: bool,
    ) -> Innings:
        if ties:
            win = Programme.solve(scheduled, halves, lambda dist, lead: below(dist, lead), 0.0)
            tie = Programme.solve(scheduled, halves, lambda dist, lead: exactly(dist, lead), 0.0)
            return cls(win, tie)
        extra_top, extra_bottom = halves[scheduled]
        won = expected(extra_top, lambda r: below(extra_bottom, r))
        tied = expected(extra_top, lambda r: exactly(extra_bottom, r))
        extras = won / (1.0 - tied) if tied < 1.0 else 0.5

        def last_bottom(dist: Distribution, lead: int) -> float:
            return below(dist, lead) + exactly(dist, lead) * extras

        return cls(Programme.solve(scheduled, halves, last_bottom, extras), None)

    def chances(
        self, inning: int, half: int, lead: int, rest: Distribution
    ) -> tuple[float, float, float]:
        """(visitors win, home side wins, tie) from within a half (``half`` 0 top, 1 bottom)
        with ``rest`` the batting side's runs still to come in it."""

        def chance(programme: Programme) -> float:
            if half == 0:
                return programme.within_top(inning, lead, rest)
            return programme.within_bottom(inning, lead, rest)

        return self._three(chance)

    def chances_with_next(
        self,
        inning: int,
        half: int,
        lead: int,
        rest: Distribution,
        following: Distribution,
    ) -> tuple[float, float, float]:
        """As ``chances``, with ``following`` the other side's runs in the half-inning after
        this one (known better than the inning's average: who leads off, who pitches)."""

        def chance(programme: Programme) -> float:
            last = inning >= programme.scheduled
            if half == 1 and last:
                return programme.last_bottom(rest, lead)
            if half == 0 and last:

                def after(runs: int) -> float:
                    return programme.last_bottom(following, lead + runs)

            elif half == 0:

                def after(runs: int) -> float:
                    return expected(
                        following, lambda scored: programme.at_top(inning + 1, lead + runs - scored)
                    )

            else:

                def after(runs: int) -> float:
                    return expected(
                        following,
                        lambda scored: programme.at_bottom(inning + 1, lead - runs + scored),
                    )

            return expected(rest, after)

        return self._three(chance)

    def _three(self, chance: Callable[[Programme], float]) -> tuple[float, float, float]:
        won = min(1.0, max(0.0, chance(self.win)))
        tied = min(1.0 - won, max(0.0, chance(self.tie))) if self.tie is not None else 0.0
        return won, max(0.0, 1.0 - won - tied), tied
