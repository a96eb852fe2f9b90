"""Runners who carry a mark (a suit, a name) on the bases, and how they move and push.

``Runners`` is ``(first, second, third)``, each ``None`` (empty) or the runner's mark, so a
base can never hold two runners. ``occupied(runners)`` gives the plain ``Bases`` of
``bases.py``. Every move returns the marks of the runners who crossed home, in order.
"""

from __future__ import annotations

from collections.abc import Callable

from .bases import Bases

Runners = tuple[str | None, str | None, str | None]
NO_RUNNERS: Runners = (None, None, None)


def occupied(runners: Runners) -> Bases:
    return (runners[0] is not None, runners[1] is not None, runners[2] is not None)


def on_base(runners: Runners) -> tuple[str, ...]:
    """The marks of the runners on base, the most advanced first."""
    return tuple(mark for mark in reversed(runners) if mark is not None)


def advance(runners: Runners, moves: Callable[[str], int]) -> tuple[Runners, tuple[str, ...]]:
    """Every runner moves ``moves(mark)`` bases, the most advanced first.

    A runner who lands on an occupied base pushes that runner on one base (and so on); a
    runner moved or pushed past third scores. Returns the runners and who scored.
    """
    slots: list[str | None] = [None, None, None]
    scored: list[str] = []
    for index in (2, 1, 0):
        mark = runners[index]
        if mark is not None:
            _land(slots, index + moves(mark), mark, scored)
    return (slots[0], slots[1], slots[2]), tuple(scored)


def place(runners: Runners, base: int, mark: str) -> tuple[Runners, tuple[str, ...]]:
    """A new runner takes ``base`` (1-3, 4 = home), pushing on whoever stands there.

    A batter who walks is ``place(runners, 1, mark)``: only forced runners move up.
    """
    slots: list[str | None] = list(runners)
    scored: list[str] = []
    _land(slots, base - 1, mark, scored)
    return (slots[0], slots[1], slots[2]), tuple(scored)


def clear(runners: Runners) -> tuple[Runners, tuple[str, ...]]:
    """Every runner scores (a triple or home run clears the bases before the batter lands)."""
    return NO_RUNNERS, on_base(runners)


def _land(slots: list[str | None], index: int, mark: str, scored: list[str]) -> None:
    while index < 3:
        if slots[index] is None:
            slots[index] = mark
            return
        slots[index], mark = mark, slots[index]  # type: ignore[assignment]
        index += 1
    scored.append(mark)
