"""Exact distributions, and the protocols every chance step and source of outcomes follows.

Why a module of its own: cards and dice state their odds as a :class:`Distribution`, and the
seeded source in :mod:`rules.table.chance` resolves draws and rolls; with the distribution here,
both build on it and nothing imports in a circle.

>>> d = Distribution({1: 1, 2: 1})
>>> d[1], d.map(lambda n: n > 1)[True]
(Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from rules.errors import InvalidInput

__all__ = ["JSON", "ChanceStep", "Distribution", "Source"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
JSON = Any


class Distribution(Mapping[T, Fraction]):
    """An exact, immutable probability distribution: outcome -> :class:`Fraction`.

    Outcomes with zero probability are dropped; the probabilities sum to exactly 1.

    >>> coin = Distribution.uniform(["heads", "tails"])
    >>> coin["heads"]
    Fraction(1, 2)
    >>> coin.probability(lambda side: side != "heads")
    Fraction(1, 2)
    """

    __slots__ = ("_weights",)

    def __init__(self, weights: Mapping[T, Fraction | int]) -> None:
        total = sum(weights.values(), Fraction(0))
        if total <= 0:
            raise InvalidInput(f"a distribution needs a positive total weight, got {total!r}")
        if any(w < 0 for w in weights.values()):
            raise InvalidInput(f"weights must not be negative, got {dict(weights)!r}")
        self._weights: dict[T, Fraction] = {
            outcome: Fraction(weight) / total for outcome, weight in weights.items() if weight
        }

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Each distinct outcome equally likely (repeats add weight)."""
        weights: dict[T, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        """The distribution of whole-number ``counts`` (ways each outcome comes up): one
        ``Fraction(count, total)`` each, with no Fraction sums, so exact tables build fast.

        >>> Distribution.from_counts({"hit": 1, "miss": 2})["miss"]
        Fraction(2, 3)
        """
        total = sum(counts.values())
        if total <= 0 or any(c < 0 for c in counts.values()):
            raise InvalidInput(
                f"a distribution needs whole-number counts, none negative and some above 0, "
                f"got {dict(counts)!r}"
            )
        shares: dict[int, Fraction] = {}  # equal counts share one Fraction (a uniform run: one)
        weights: dict[T, Fraction] = {}
        for outcome, count in counts.items():
            if count:
                share = shares.get(count)
                if share is None:
                    share = shares[count] = Fraction(count, total)
                weights[outcome] = share
        found = cls.__new__(cls)
        found._weights = weights
        return found

    def __getitem__(self, outcome: T) -> Fraction:
        return self._weights.get(outcome, Fraction(0))

    def __contains__(self, outcome: object) -> bool:
        # Mapping's default asks __getitem__, which answers 0 for impossible outcomes.
        return outcome in self._weights

    def __iter__(self) -> Iterator[T]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self._weights.items())
        return f"Distribution({{{body}}})"

    def probability(self, event: Callable[[T], bool]) -> Fraction:
        """The exact probability that ``event(outcome)`` holds."""
        return sum((p for o, p in self._weights.items() if event(o)), Fraction(0))

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        """The distribution of ``f(outcome)``."""
        weights: dict[U, Fraction] = {}
        for outcome, p in self._weights.items():
            key = f(outcome)
            weights[key] = weights.get(key, Fraction(0)) + p
        return Distribution(weights)

    def mean(self) -> Fraction:
        """The expected value, for numeric outcomes."""
        return sum((p * o for o, p in self._weights.items()), Fraction(0))  # type: ignore[operator]


class ChanceStep(Protocol[T]):
    """Something left to chance. It knows its odds, how to sample, and how to check an outcome."""

    def distribution(self) -> Distribution[T]:
        """Every possible outcome with its exact probability."""

    def sample(self, rng: random.Random) -> T:
        """One outcome, drawn with ``rng`` so that it follows :meth:`distribution`."""

    def check(self, outcome: object) -> T:
        """``outcome`` as a valid outcome of this step (JSON lists become tuples); else raise."""

    def to_json(self, outcome: T) -> JSON:
        """The outcome as plain JSON (lists, ints, strings)."""


class Source(Protocol):
    """Resolves chance steps to outcomes. Games take one of these and nothing else random."""

    def resolve(self, step: ChanceStep[T]) -> T:
        """The outcome of ``step``: from a seeded generator, or what the player typed at the table."""
        ...
