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

from collections.abc import Callable, Mapping, Sequence
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

    def _three(self, chance: Callable[[Programme], float]) -> tuple[float, float, float]:
        won = min(1.0, max(0.0, chance(self.win)))
        tied = min(1.0 - won, max(0.0, chance(self.tie))) if self.tie is not None else 0.0
        return won, max(0.0, 1.0 - won - tied), tied


# --- half-innings that carry state from one to the next ----------------------------------

# One way a side's half-inning can go from a start state: (runs, the side's start state for
# its next half-inning, chance). A side's start states are numbered 0..n-1 (what the game
# carries from one of its half-innings to the next: who leads off, who pitches to it).
Outcome = tuple[int, int, float]
CHAIN_REACH = 40  # the run differences a stateful programme keeps; beyond, the nearest one
SCALE = 10_000  # a kept chance is a whole number of 1 / SCALE


@dataclass(frozen=True)
class StatefulInnings:
    """The chances of the visitors winning and of a tie from anywhere in a game whose
    half-innings depend on where each side's last one left it (a Markov chain per side).

    The two sides' chains run side by side and do not touch: each half-inning's runs and
    where it leaves the batting side depend on that side's start state alone. So every
    half-inning start is worked out for every lead (up to ``CHAIN_REACH`` either way, a lead
    further out read as that one: far past any lead still in doubt in a game of a few runs a
    half) and every pair of start states, the game's rules
    deciding the end as in ``Innings``; extra innings are worked out the same way, ten deep
    (a tie that long is rare: past it, an even chance)."""

    scheduled: int
    states: int
    ties: bool
    # [position][visitors' state * states + home state] -> chance per lead, where position
    # 2 * (inning - 1) + half is the start of that half (innings 1..scheduled).
    starts: tuple[tuple[Values, ...], ...]
    ties_starts: tuple[tuple[Values, ...], ...] | None
    extras: tuple[float, ...]  # the visitors' chance from a tie after a full inning past the last

    @classmethod
    def solve(
        cls, scheduled: int, kernel: Sequence[Sequence[Outcome]], *, ties: bool
    ) -> StatefulInnings:
        """``kernel[s]``: how a half-inning goes from start state ``s``."""
        n = len(kernel)
        extras = () if ties else _extras(kernel)
        won = _chain_starts(scheduled, kernel, _end(1.0, extras or (0.0,) * (n * n)))
        tied = None
        if ties:
            tied = _chain_starts(scheduled, kernel, _end(0.0, (1.0,) * (n * n)))
        return cls(scheduled, n, ties, won, tied, extras)

    def kept(self) -> dict[str, tuple[int, ...]]:
        """The programme as whole numbers of ``1 / SCALE``, for a table to keep: per half
        start and pair of states, the chances between the leads where they stop changing
        (``offset, tail, chances...``: none below, ``tail`` above)."""
        kept: dict[str, tuple[int, ...]] = {"x:": tuple(round(p * SCALE) for p in self.extras)}
        for prefix, starts in (("v", self.starts), ("t", self.ties_starts)):
            for position, rows in enumerate(starts or ()):
                for pair, row in enumerate(rows):
                    kept[f"{prefix}:{position},{pair}"] = _trimmed(row)
        return kept

    @classmethod
    def from_kept(
        cls, kept: Mapping[str, Sequence[int]], scheduled: int, states: int, *, ties: bool
    ) -> StatefulInnings | None:
        """The programme ``kept`` holds (``kept()``), or None if it holds none for this game."""
        if f"v:{2 * scheduled - 1},{states * states - 1}" not in kept or (
            ties and "t:0,0" not in kept
        ):
            return None

        def read(prefix: str) -> tuple[tuple[Values, ...], ...]:
            return tuple(
                tuple(_untrimmed(kept[f"{prefix}:{position},{pair}"]) for pair in range(states**2))
                for position in range(2 * scheduled)
            )

        extras = tuple(n / SCALE for n in kept.get("x:", ()))
        return cls(scheduled, states, ties, read("v"), read("t") if ties else None, extras)

    def chances(
        self,
        inning: int,
        half: int,
        lead: int,
        rest: Sequence[Outcome],
        other: int,
    ) -> tuple[float, float, float]:
        """(visitors win, home side wins, tie) from within a half (``half`` 0 top, 1 bottom)
        with ``rest`` how the rest of it goes for the batting side and ``other`` the other
        side's start state for its next half-inning."""
        n = self.states

        def chance(starts: tuple[tuple[Values, ...], ...], end: tuple[float, float]) -> float:
            total = 0.0
            if half == 0:
                row = starts[2 * min(inning, self.scheduled) - 1]
                for runs, state, p in rest:
                    total += p * _at_chain(row[state * n + other], lead + runs)
                return total
            if inning >= self.scheduled:
                above, level = end
                for runs, state, p in rest:
                    after = lead - runs
                    if after > 0:
                        total += p * above
                    elif after == 0:
                        total += p * (level if self.ties else self.extras[other * n + state])
                return total
            row = starts[2 * inning]
            for runs, state, p in rest:
                total += p * _at_chain(row[other * n + state], lead - runs)
            return total

        won = min(1.0, max(0.0, chance(self.starts, (1.0, 0.0))))
        tied = 0.0
        if self.ties_starts is not None:
            tied = min(1.0 - won, max(0.0, chance(self.ties_starts, (0.0, 1.0))))
        return won, max(0.0, 1.0 - won - tied), tied


def _trimmed(row: Values) -> tuple[int, ...]:
    """``row`` in whole numbers of ``1 / SCALE``: (offset, tail, the chances between), with
    none below ``offset`` and ``tail`` past the end (chances settle at the far leads)."""
    numbers = [round(value * SCALE) for value in row]
    tail = numbers[-1]
    end = len(numbers)
    while end > 1 and numbers[end - 1] == tail:
        end -= 1
    offset = 0
    while offset < end and numbers[offset] == 0:
        offset += 1
    return (offset, tail, *numbers[offset:end])


def _untrimmed(kept: Sequence[int]) -> Values:
    """The row ``_trimmed`` kept, as chances for every lead."""
    offset, tail, *middle = kept
    width = 2 * CHAIN_REACH + 1
    values = [0.0] * offset + [n / SCALE for n in middle]
    return tuple(values + [tail / SCALE] * (width - len(values)))


def _at_chain(values: Values, lead: int) -> float:
    return values[max(-CHAIN_REACH, min(CHAIN_REACH, lead)) + CHAIN_REACH]


def _end(above: float, at_tie: Sequence[float]) -> list[list[float]]:
    """The chance per lead once the last scheduled inning is over, per pair of start states:
    ``above`` for the visitors ahead, ``at_tie[pair]`` for a tie (extras, or the tie itself),
    none for the home side ahead."""
    return [[0.0] * CHAIN_REACH + [tie] + [above] * CHAIN_REACH for tie in at_tie]


def _shifted_rows(
    rows: Sequence[Sequence[float]], kernel: Sequence[Sequence[Outcome]], n: int, side: int
) -> tuple[Values, ...]:
    """The chance per lead and pair of states at the start of a half-inning of ``side``
    (0 visitors, 1 home), from ``rows``, the chances at the start of what follows it."""
    width = 2 * CHAIN_REACH + 1
    sign = 1 if side == 0 else -1
    padded = [[row[0]] * CHAIN_REACH + list(row) + [row[-1]] * CHAIN_REACH for row in rows]
    out: list[Values] = [()] * (n * n)
    for mine in range(n):
        outcomes = kernel[mine]
        for theirs in range(n):
            acc = [0.0] * width
            for runs, after, p in outcomes:
                pair = after * n + theirs if side == 0 else theirs * n + after
                start = CHAIN_REACH + sign * min(runs, CHAIN_REACH)
                acc = [
                    a + p * v for a, v in zip(acc, padded[pair][start : start + width], strict=True)
                ]
            out[mine * n + theirs if side == 0 else theirs * n + mine] = tuple(acc)
    return tuple(out)


def _chain_starts(
    scheduled: int, kernel: Sequence[Sequence[Outcome]], end: list[list[float]]
) -> tuple[tuple[Values, ...], ...]:
    """Every half-inning start, from the top of the 1st (``StatefulInnings.starts``),
    worked back from ``end``, the chances once the last scheduled inning is over."""
    n = len(kernel)
    starts: list[tuple[Values, ...]] = []
    after: Sequence[Sequence[float]] = end
    for _ in range(scheduled):
        bottom = _shifted_rows(after, kernel, n, 1)
        top = _shifted_rows(bottom, kernel, n, 0)
        starts += [bottom, top]
        after = top
    return tuple(reversed(starts))


def _extras(kernel: Sequence[Sequence[Outcome]], rounds: int = 10) -> tuple[float, ...]:
    """The visitors' chance from a tie at the start of an extra inning, per pair of start
    states (visitors' * n + home's), worked out inning by inning for ``rounds`` innings (a
    tie that long is rare: past it, an even chance)."""
    n = len(kernel)
    by_runs = [_by_runs(outcomes) for outcomes in kernel]
    below_runs = [
        {runs: sum(sum(o.values()) for r, o in table.items() if r < runs) for runs in range(41)}
        for table in by_runs
    ]
    chances = [0.5] * (n * n)
    for _ in range(rounds):
        following = []
        for v in range(n):
            for h in range(n):
                total = 0.0
                bottom = by_runs[h]
                for runs, tops in by_runs[v].items():
                    total += sum(tops.values()) * below_runs[h][min(runs, 40)]
                    level = bottom.get(runs)
                    if level:
                        total += sum(
                            p * q * chances[v2 * n + h2]
                            for v2, p in tops.items()
                            for h2, q in level.items()
                        )
                following.append(total)
        chances = following
    return tuple(chances)


def _by_runs(outcomes: Sequence[Outcome]) -> dict[int, dict[int, float]]:
    out: dict[int, dict[int, float]] = {}
    for runs, state, p in outcomes:
        out.setdefault(runs, {})
        out[runs][state] = out[runs].get(state, 0.0) + p
    return out
