"""Runners who are somebody (a pawn, a ghost runner): ``(first, second, third)``, each a value
or ``None``, and how they move. ``bases.py`` keeps plain occupied/empty bases for games that
need no more."""

from __future__ import annotations

from typing import TypeVar

from .bases import Bases

R = TypeVar("R")
Runners = tuple[R | None, R | None, R | None]
NOBODY: Runners = (None, None, None)


def occupied(runners: Runners) -> Bases:
    """The plain bases: ``True`` where a runner stands."""
    return (runners[0] is not None, runners[1] is not None, runners[2] is not None)


def lead(runners: Runners) -> int | None:
    """The index (0-2) of the most advanced runner, or ``None`` when the bases are empty."""
    for index in (2, 1, 0):
        if runners[index] is not None:
            return index
    return None


def move_up(runners: Runners, batter: R | None = None) -> tuple[Runners, tuple[R, ...]]:
    """Every runner moves up one base (third scores); ``batter``, if given, takes first.

    Returns the new runners and the runners who scored.
    """
    scored = () if runners[2] is None else (runners[2],)
    return (batter, runners[0], runners[1]), scored


def clear(runners: Runners, batter: R) -> tuple[Runners, tuple[R, ...]]:
    """A home run: every runner and then the batter score; the bases are empty."""
    scored = tuple(runner for runner in reversed(runners) if runner is not None)
    return NOBODY, (*scored, batter)


def remove(runners: Runners, index: int) -> Runners:
    """The runner on base ``index`` (0-2) leaves the bases (put out)."""
    return put(runners, index, None)


def put(runners: Runners, index: int, runner: R | None) -> Runners:
    """``runner`` stands on base ``index`` (0-2) instead of whoever stood there."""
    new = list(runners)
    new[index] = runner
    return (new[0], new[1], new[2])


def base_of(runners: Runners, runner: R) -> int | None:
    """The index of the first base where ``runner`` stands, or ``None``."""
    return next((index for index, value in enumerate(runners) if value == runner), None)


def trade(runners: Runners, a: int, b: int) -> Runners:
    """The runners on bases ``a`` and ``b`` trade places."""
    new = list(runners)
    new[a], new[b] = new[b], new[a]
    return (new[0], new[1], new[2])
