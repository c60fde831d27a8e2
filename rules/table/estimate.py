"""Rates and means from a simulation, each with its 95% interval.

Why Wilson for rates: with probability about 0.95 the Wilson score interval of a simulation
covers the true chance, and unlike the normal approximation it stays inside [0, 1] and behaves at
shares of 0 and 1. A mean (:class:`Tally`) takes the normal approximation, fine at the hundreds
of runs a simulation plays.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from rules.errors import InvalidInput

__all__ = ["MAX_RUNS", "Estimate", "Tally", "check_int", "wilson_interval"]

#: More runs than any question at the table needs; keeps a typo from hanging the kernel.
MAX_RUNS = 1_000_000
#: The normal quantile of a two-sided 95% interval (about 1.96).
Z95 = NormalDist().inv_cdf(0.975)


def check_int(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an int from ``low`` to ``high``; else an error naming it."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{name} must be an int from {low} to {high:,}, got {value!r}")
    return value


def wilson_interval(count: int, runs: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``count`` successes in ``runs`` trials.

    >>> low, high = wilson_interval(0, 10)
    >>> low, round(high, 4)
    (0.0, 0.2775)
    """
    check_int("runs", runs, 1, MAX_RUNS)
    check_int("count", count, 0, runs)
    if not 0 < confidence < 1:
        raise InvalidInput(f"a confidence is between 0 and 1, got {confidence!r}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = count / runs
    denominator = 1 + z * z / runs
    centre = (p + z * z / (2 * runs)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs))
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == runs else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Estimate:
    """One outcome's share of the runs, exact, with its 95% Wilson interval ``low``..``high``."""

    #: The outcome counted.
    outcome: Hashable
    #: Runs that ended in it.
    count: int
    #: Runs in all.
    runs: int
    #: The low end of the 95% Wilson interval of its share.
    low: float
    #: The high end of that interval.
    high: float

    @property
    def share(self) -> Fraction:
        """The exact share of runs with the outcome (count over runs)."""
        return Fraction(self.count, self.runs)

    def __str__(self) -> str:
        return (
            f"{self.outcome}: {self.count}/{self.runs} = {float(self.share):.1%} "
            f"(95% interval {self.low:.1%} to {self.high:.1%})"
        )


@dataclass(frozen=True)
class Tally:
    """How often each whole-number value was met (``counts``: (value, runs), smallest first).

    The mean is exact; ``interval`` is its 95% normal-approximation interval (mean ± 1.96
    standard errors), kept within the values met (a point when every value is the same).

    >>> tally = Tally("turns", ((3, 2), (5, 2)))
    >>> tally.runs, tally.mean, tally.total
    (4, Fraction(4, 1), 16)
    """

    #: What was counted ("turns"), as a table heads it.
    name: str
    #: How often each value was met: (value, runs), smallest value first.
    counts: tuple[tuple[int, int], ...] = ()

    @property
    def runs(self) -> int:
        """How many runs gave a value."""
        return sum(count for _value, count in self.counts)

    @property
    def total(self) -> int:
        """The sum of the values over every run."""
        return sum(value * count for value, count in self.counts)

    @property
    def mean(self) -> Fraction:
        """The exact mean; refused when no run gave a value."""
        if not self.counts:
            raise InvalidInput(f"no run gave a value for {self.name!r}: it has no mean")
        return Fraction(self.total, self.runs)

    @property
    def low(self) -> int:
        """The smallest value a run gave (0 when none did)."""
        return self.counts[0][0] if self.counts else 0

    @property
    def high(self) -> int:
        """The largest value a run gave (0 when none did)."""
        return self.counts[-1][0] if self.counts else 0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean (the sample's standard deviation over √runs)."""
        mean, runs = self.mean, self.runs
        if runs == 1:
            return float(mean), float(mean)
        square = sum((value - mean) ** 2 * count for value, count in self.counts)
        half = Z95 * math.sqrt(square / (runs - 1) / runs)
        return max(self.low, float(mean) - half), min(self.high, float(mean) + half)

    def share_at_most(self, value: int) -> Fraction:
        """The exact share of these runs whose value is ``value`` or less."""
        return Fraction(sum(c for v, c in self.counts if v <= value), self.runs or 1)

    def __str__(self) -> str:
        if not self.counts:
            return f"{self.name}: no values"
        low, high = self.interval
        return (
            f"{self.name}: mean {float(self.mean):.2f} (95% interval {low:.2f} to {high:.2f}), "
            f"{self.low} to {self.high} over {self.runs} runs"
        )
