"""Rates as tables print them: rounded half up (away from zero), from the exact fraction.

``f"{x:.3f}"`` rounds the float nearest ``x`` half to even, so a 5-11 record (5/16 =
0.3125) would show ``.312`` where sports tables print ``.313``. Every shown rate (PCT, NRR,
averages and per-game or per-over figures) goes through ``half_up`` instead.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def half_up(value: Fraction | int, places: int) -> str:
    """``value`` with ``places`` decimals, a half rounded away from zero (ROUND_HALF_UP):
    ``half_up(Fraction(5, 16), 3) == "0.313"``, ``half_up(Fraction(-1, 16), 3) == "-0.063"``.
    Worked out in whole numbers, so no float or limited precision comes into it."""
    value = Fraction(value)
    scaled = abs(value) * 10**places
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    if 2 * rest >= scaled.denominator:
        whole += 1
    rounded = Decimal(-whole if value < 0 else whole).scaleb(-places)
    return f"{rounded:.{places}f}"
