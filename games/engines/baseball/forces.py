"""Runners who move only when forced: the batter takes a base and pushes the runners ahead.

Bases are the shared ``(first, second, third)`` booleans of ``bases.py``.
"""

from __future__ import annotations

from .bases import Bases


def push_runners(bases: Bases, reached: int) -> tuple[Bases, int]:
    """The batter takes base ``reached`` (1-3); runners move up only as far as pushed.

    Taken from the back, keeping their order, every runner goes to the nearest base ahead
    of the runner (or batter) behind them, or stays where they are when that is further on:
    so everyone on or behind ``reached`` is pushed ahead of the batter, and a runner with an
    empty base behind them stays. A runner pushed past third scores.
    Returns the new bases and the runs scored.
    """
    if not 1 <= reached <= 3:
        raise ValueError(f"the batter takes first, second or third, not base {reached}")
    new = [False, False, False]
    new[reached - 1] = True
    behind = reached
    runs = 0
    for base in (1, 2, 3):
        if not bases[base - 1]:
            continue
        behind = max(base, behind + 1)
        if behind > 3:
            runs += 1
        else:
            new[behind - 1] = True
    return (new[0], new[1], new[2]), runs
