"""Rates rounded half up from the exact fraction: PCT, NRR and the stats tables' figures."""

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kinds.stats.decimals import half_up
from games.kinds.stats.tables import AVG, DEC1, DEC2, fmt, ratio
from games.leagues.standings import nrr_text, pct_text


@pytest.mark.parametrize(
    ("won", "lost", "shown"),
    [(5, 11, ".313"), (1, 15, ".063"), (3, 13, ".188"), (11, 5, ".688"), (16, 0, "1.000")],
)
def test_pct_rounds_a_half_up(won, lost, shown):
    assert pct_text(Fraction(won, won + lost)) == shown


@pytest.mark.parametrize(
    ("nrr", "shown"),
    [
        (Fraction(1, 16), "+0.063"),
        (Fraction(-1, 16), "-0.063"),
        (Fraction(3, 16), "+0.188"),
        (Fraction(-2001, 2000), "-1.001"),  # -1.0005: away from zero
        (Fraction(1, 10000), "0.000"),
        (Fraction(-1, 10000), "0.000"),
        (Fraction(0), "0.000"),
        (None, None),
    ],
)
def test_nrr_rounds_a_half_away_from_zero(nrr, shown):
    assert nrr_text(nrr) == shown


def test_the_stats_tables_round_their_rates_half_up():
    assert fmt(ratio(5, 16), AVG) == ".313"
    assert fmt(ratio(1, 16), AVG) == ".063"
    assert fmt(ratio(1, 4), DEC1) == "0.3"
    assert fmt(ratio(1, 8), DEC2) == "0.13"
    assert fmt(ratio(21, 8), DEC2) == "2.63"
    assert fmt(ratio(1, 0), AVG) == "—"


@given(
    numerator=st.integers(min_value=-(10**9), max_value=10**9),
    denominator=st.integers(min_value=1, max_value=10**6),
    places=st.integers(min_value=0, max_value=6),
)
def test_half_up_agrees_with_decimal_round_half_up(numerator, denominator, places):
    quantum = Decimal(1).scaleb(-places)
    expected = (Decimal(numerator) / Decimal(denominator)).quantize(quantum, ROUND_HALF_UP)
    if expected == 0:
        expected = abs(expected)  # no "-0.000"
    assert half_up(Fraction(numerator, denominator), places) == f"{expected:.{places}f}"
