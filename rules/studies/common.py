"""What every study shares: a rate or a mean as table columns.

Why flat columns: a notebook's table (and its error bars) wants a number per column, so a rate
becomes its share and its interval's two ends, a mean the same.
"""

from __future__ import annotations

from rules.table.estimate import Estimate, Tally

__all__ = ["rate_columns", "tally_columns"]


def rate_columns(label: str, estimate: Estimate) -> dict[str, float]:
    """``label`` (its share), ``label low`` and ``label high`` (its 95% interval).

    >>> from rules.table.estimate import wilson_interval
    >>> rate_columns("won", Estimate("won", 5, 10, *wilson_interval(5, 10)))["won"]
    0.5
    """
    return {
        label: float(estimate.share),
        f"{label} low": estimate.low,
        f"{label} high": estimate.high,
    }


def tally_columns(label: str, tally: Tally) -> dict[str, float | None]:
    """``label`` (the mean), ``label low`` and ``label high``; None when no run gave a value."""
    if not tally.counts:
        return {label: None, f"{label} low": None, f"{label} high": None}
    low, high = tally.interval
    return {label: float(tally.mean), f"{label} low": low, f"{label} high": high}
