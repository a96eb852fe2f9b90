"""Bases as a tuple ``(first, second, third)`` of booleans, and how runners move on them."""

from __future__ import annotations

Bases = tuple[bool, bool, bool]
EMPTY: Bases = (False, False, False)
_NAMES = ("first", "second", "third", "home")


def base_name(number: int) -> str:
    """``1`` → ``"first"`` … ``4`` → ``"home"``."""
    return _NAMES[number - 1]


def advance_all(bases: Bases, hit: int) -> tuple[Bases, int]:
    """The batter reaches base ``hit`` (4 = home run) and every runner moves ``hit`` bases.

    Returns the new bases and the runs scored (runners and batter crossing home).
    """
    new = [False, False, False]
    runs = 0
    for index, occupied in enumerate(bases):
        if not occupied:
            continue
        destination = index + hit
        if destination >= 3:
            runs += 1
        else:
            new[destination] = True
    if hit >= 4:
        runs += 1
    else:
        new[hit - 1] = True
    return (new[0], new[1], new[2]), runs


def walk(bases: Bases) -> tuple[Bases, int]:
    """The batter takes first; only forced runners move up one. Returns bases and runs."""
    first, second, third = bases
    if not first:
        return (True, second, third), 0
    if not second:
        return (True, True, third), 0
    if not third:
        return (True, True, True), 0
    return (True, True, True), 1


def steal_candidate(bases: Bases) -> int | None:
    """The base (1 or 2) of the one runner who may steal, or ``None``.

    The base ahead must be empty and nobody steals home, so at most one runner qualifies.
    """
    for index in (1, 0):
        if bases[index] and not bases[index + 1]:
            return index + 1
    return None
