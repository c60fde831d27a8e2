"""Rates and means with their 95% intervals (rules.table.estimate): the numbers every study reports."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from rules.errors import InvalidInput
from rules.table.estimate import Tally


def test_the_mean_of_a_tally_is_exact() -> None:
    tally = Tally("turns", ((3, 1), (4, 2)))
    assert (tally.runs, tally.total, tally.mean) == (3, 11, Fraction(11, 3))
    assert (tally.low, tally.high) == (3, 4)
    assert tally.share_at_most(3) == Fraction(1, 3) and tally.share_at_most(4) == 1


def test_the_interval_of_a_mean_by_hand() -> None:
    """50 zeros and 50 ones: mean 1/2, sample standard deviation sqrt(25/99), so the 95%
    interval is 1/2 ± 1.96 × sqrt(25/99) / 10."""
    low, high = Tally("x", ((0, 50), (1, 50))).interval
    half = 1.959963984540054 * math.sqrt(25 / 99) / 10
    assert low == pytest.approx(0.5 - half) and high == pytest.approx(0.5 + half)
    assert round(low, 4) == 0.4015


def test_the_interval_stays_within_the_values_met() -> None:
    """Two runs, 0 and 1: the normal approximation reaches below 0; no run can have."""
    assert Tally("light left", ((0, 1), (1, 1))).interval == (0, 1)
    assert Tally("same", ((6, 30),)).interval == (6.0, 6.0)
    assert Tally("one", ((2, 1),)).interval == (2.0, 2.0)


def test_an_empty_tally_has_no_mean() -> None:
    empty = Tally("turns when lost")
    assert empty.runs == 0 and empty.share_at_most(5) == 0
    with pytest.raises(InvalidInput, match="'turns when lost'"):
        _ = empty.mean
    assert str(empty) == "turns when lost: no values"
