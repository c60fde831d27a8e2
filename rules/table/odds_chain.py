"""A shrinking pool as a Markov chain, solved once in closed form so each question is a sum.

A pool of ``n`` dice loses ``k >= 0`` dice per roll with a chance that depends only on ``n``, and
is done at 0 dice. Its transition matrix on the sizes ``1..N`` is triangular, so its eigenvalues
are the chances ``λ_n`` of losing nothing from ``n`` dice; when these are distinct (for dice, the
chance ``h**n`` that all ``n`` dice Hit), the chance the pool still has dice after ``r`` rolls is

    S_r(n) = Σ_{m ≤ n} c[n][m] · λ_m**r,

with rational ``c`` found once from the rows. So the chance it is empty within ``r`` rolls is
``1 - S_r(n)`` for any ``r`` (no stepping), and the expected number of rolls is
``Σ_m c[n][m] / (1 - λ_m)``. Everything is a :class:`~fractions.Fraction`; nothing is a float.

>>> chain = ShrinkingChain.of([{0: Fraction(1, 2), 1: Fraction(1, 2)}])
>>> chain.empty_within(1, 2), chain.expected_rolls[1]
(Fraction(3, 4), Fraction(2, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import InvalidInput

__all__ = ["ShrinkingChain"]


@dataclass(frozen=True)
class ShrinkingChain:
    """The closed form of a shrinking pool: ``stay[m]`` is ``λ_m`` and ``coefficients[n]`` the
    ``c[n][1..n]`` above (index 0 unused); ``expected_rolls[n]`` the mean rolls to 0 dice."""

    #: ``stay[m]``: the chance a roll of ``m`` dice loses none (``λ_m``).
    stay: tuple[Fraction, ...]
    #: ``coefficients[n]``: the ``c[n][1..n]`` of the closed form (index 0 unused).
    coefficients: tuple[tuple[Fraction, ...], ...]
    #: ``expected_rolls[n]``: the mean rolls from ``n`` dice to none.
    expected_rolls: tuple[Fraction, ...]

    @classmethod
    def of(cls, losses: Sequence[Mapping[int, Fraction]]) -> ShrinkingChain:
        """The chain whose ``losses[n - 1]`` is the distribution of dice lost by a roll of ``n``."""
        stay = (Fraction(0), *(Fraction(loss.get(0, 0)) for loss in losses))
        if len(set(stay[1:])) != len(stay) - 1 or any(s >= 1 for s in stay):
            raise InvalidInput(
                f"a pool's chances of losing no die must differ by size and be under 1: {stay[1:]}"
            )
        rows: list[tuple[Fraction, ...]] = [()]
        means = [Fraction(0)]
        for n in range(1, len(losses) + 1):
            below = losses[n - 1]
            row = [Fraction(0)] * (n + 1)
            for m in range(1, n):
                total = sum(
                    (p * rows[n - k][m] for k, p in below.items() if k and m <= n - k),
                    Fraction(0),
                )
                row[m] = total / (stay[m] - stay[n])
            row[n] = 1 - sum(row[1:n], Fraction(0))
            rows.append(tuple(row))
            means.append(sum((c / (1 - stay[m]) for m, c in enumerate(row) if m), Fraction(0)))
        return cls(stay, tuple(rows), tuple(means))

    @property
    def largest(self) -> int:
        """The largest pool the chain covers: larger pools were not worked out."""
        return len(self.stay) - 1

    def empty_within(self, size: int, rolls: int) -> Fraction:
        """The exact chance a pool of ``size`` dice is empty within ``rolls`` rolls."""
        if size == 0:
            return Fraction(1)
        left = sum(
            (c * self.stay[m] ** rolls for m, c in enumerate(self.coefficients[size]) if m),
            Fraction(0),
        )
        return 1 - left
