"""Dice: d6 rolls, sums, hit pools by Position, and d66, each with its exact distribution.

>>> sum_distribution(2)[7]
Fraction(1, 6)
>>> hits_distribution(2, Position.STANDARD)[0]
Fraction(4, 9)
>>> D66().distribution()[36]
Fraction(1, 36)
>>> dice_to_roll(0, Position.GOOD)  # a roll of 0 dice: 1 die, only a 6 is a Hit
(1, <Position.BAD: 'bad'>)
"""

from __future__ import annotations

import enum
import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.errors import InvalidInput
from rules.table.distribution import Distribution

__all__ = [
    "D66",
    "D66_VALUES",
    "Position",
    "Roll",
    "count_hits",
    "d66_value",
    "dice_to_roll",
    "hits_distribution",
    "roll_d6",
    "sum_distribution",
]

#: A die's faces: every die in the three games is a d6.
SIDES = 6
#: The 36 values of a d66 roll in order (11 to 16, 21 to 26, ... 61 to 66): no 0, 7, 8 or 9.
D66_VALUES: tuple[int, ...] = tuple(10 * t + u for t in range(1, 7) for u in range(1, 7))
#: The most dice one roll may have: more than any rule asks for, and it keeps exact enumeration
#: cheap.
MAX_DICE = 20


class Position(enum.Enum):
    """How favourable a roll is: the lowest face that counts as a Hit (``None``: no roll made).

    Boundless engine v2: Good 4+, Standard 5+, Bad 6 only; Absolute always succeeds and
    Impossible always fails, without a roll.
    """

    #: Succeeds, with no roll.
    ABSOLUTE = "absolute"
    #: A die is a Hit on 4+.
    GOOD = "good"
    #: A die is a Hit on 5+.
    STANDARD = "standard"
    #: A die is a Hit on a 6 only.
    BAD = "bad"
    #: Fails, with no roll.
    IMPOSSIBLE = "impossible"

    @property
    def threshold(self) -> int | None:
        """The lowest face that is a Hit in this Position; None where no dice are rolled (Absolute,
        Impossible)."""
        return _THRESHOLDS.get(self._value_)

    @property
    def rolls(self) -> bool:
        """Whether dice are rolled at all in this Position."""
        return self._value_ in _THRESHOLDS

    def hit_chance(self) -> Fraction:
        """The exact chance that one die is a Hit."""
        if self is Position.ABSOLUTE:
            return Fraction(1)
        if self is Position.IMPOSSIBLE:
            return Fraction(0)
        assert self.threshold is not None
        return Fraction(SIDES - self.threshold + 1, SIDES)

    def is_hit(self, face: int) -> bool:
        """Whether ``face`` is a Hit in this Position (Absolute counts every die, Impossible none)."""
        _check_face(face)
        threshold = _THRESHOLDS.get(self._value_)
        if threshold is None:  # no roll: Absolute counts every die a Hit, Impossible none
            return self is Position.ABSOLUTE
        return face >= threshold


#: The lowest face that Hits, by Position value (read by value: an Enum member hashes in Python).
_THRESHOLDS = {"good": 4, "standard": 5, "bad": 6}
#: Read from the module, not the Enum class (whose attributes its metaclass looks up slowly).
_BAD, _ABSOLUTE = Position.BAD, Position.ABSOLUTE


def _check_face(face: object) -> int:
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
        raise InvalidInput(f"a d6 face must be an int from 1 to {SIDES}, got {face!r}")
    return face


def _check_count(count: object, low: int = 0) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= MAX_DICE:
        raise InvalidInput(
            f"a number of dice must be an int from {low} to {MAX_DICE}, got {count!r}"
        )
    return count


def roll_d6(rng: random.Random) -> int:
    """One d6 from ``rng``, exactly as ``rng.randint(1, 6)`` rolls it (3 random bits, again while
    they read 6 or 7), without randint's three calls: dice are most of a simulation's chance."""
    return _d6s(rng, 1)[0]


def _d6s(rng: random.Random, count: int) -> list[int]:
    """``count`` d6 from ``rng``, each as :func:`roll_d6` rolls it, in one call (a roll's dice)."""
    faces: list[int] = []
    getrandbits, add = rng.getrandbits, faces.append
    for _ in range(count):
        face = getrandbits(3)
        while face >= SIDES:
            face = getrandbits(3)
        add(face + 1)
    return faces


@dataclass(frozen=True)
class Roll:
    """A roll of ``count`` d6; its outcome is the tuple of faces, in the order rolled."""

    #: How many dice are rolled.
    count: int

    def __post_init__(self) -> None:
        _check_count(self.count)

    def distribution(self) -> Distribution[tuple[int, ...]]:
        """Every ordered tuple of faces, each as likely: the exact odds of the roll."""
        return Distribution.uniform(itertools.product(range(1, SIDES + 1), repeat=self.count))

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """The faces rolled with ``rng``, one per die."""
        if self.count == 2:  # the Action Dice, every Firelights action: roll_d6 twice, inline
            bits = rng.getrandbits
            first = bits(3)
            while first >= SIDES:
                first = bits(3)
            second = bits(3)
            while second >= SIDES:
                second = bits(3)
            return first + 1, second + 1
        return tuple(_d6s(rng, self.count))

    def check(self, outcome: object) -> tuple[int, ...]:
        """Faces a player rolled at the table, refused unless there is one face from 1 to 6 per die."""
        if not isinstance(outcome, list | tuple) or len(outcome) != self.count:
            raise InvalidInput(f"expected {self.count} d6 faces, got {outcome!r}")
        return tuple(_check_face(face) for face in outcome)

    def to_json(self, outcome: tuple[int, ...]) -> list[int]:
        """The faces as a list, as a journey records them."""
        return list(outcome)

    def at_the_table(self) -> tuple[str, int]:
        """``count`` dice (:mod:`rules.table.words`)."""
        return "die", self.count


@dataclass(frozen=True)
class D66:
    """Two d6 read as tens and units: 11..16, 21..26, ..., 61..66, each 1/36."""

    def distribution(self) -> Distribution[int]:
        """The 36 d66 values (11 to 66), each as likely."""
        return Distribution.uniform(D66_VALUES)

    def sample(self, rng: random.Random) -> int:
        """A d66 value: tens die and units die rolled with ``rng``."""
        tens, units = _d6s(rng, 2)
        return 10 * tens + units

    def check(self, outcome: object) -> int:
        """A d66 value typed at the table, refused unless both digits are 1 to 6."""
        return d66_value(outcome)

    def to_json(self, outcome: int) -> int:
        """The value itself, as a journey records it."""
        return outcome

    def at_the_table(self) -> tuple[str, int]:
        """One d66 roll (:mod:`rules.table.words`)."""
        return "d66", 1


def d66_value(value: object) -> int:
    """``value`` as a d66 result, or :class:`InvalidInput` naming it.

    >>> d66_value(17)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidInput: a d66 value is two d6 read as tens and units (11..16, ..., 61..66), got 17
    """
    if isinstance(value, bool) or not isinstance(value, int) or value not in D66_VALUES:
        raise InvalidInput(
            f"a d66 value is two d6 read as tens and units (11..16, ..., 61..66), got {value!r}"
        )
    return value


def count_hits(faces: tuple[int, ...], position: Position) -> int:
    """How many of ``faces`` are Hits in ``position`` (each face checked, as :meth:`Position.is_hit`
    checks it, in one loop: every roll of a pool counts its Hits)."""
    threshold = _THRESHOLDS.get(position._value_)
    if threshold is None:  # no roll: Absolute counts every die a Hit, Impossible none
        threshold = 1 if position is _ABSOLUTE else SIDES + 1
    hits = 0
    for face in faces:
        if type(face) is not int or not 1 <= face <= SIDES:
            _check_face(face)  # refuses it, by name (an int subclass passes, as is_hit lets it)
        if face >= threshold:
            hits += 1
    return hits


def dice_to_roll(count: int, position: Position) -> tuple[int, Position]:
    """The dice actually rolled for a pool of ``count`` dice in ``position``.

    Boundless engine v2 (RULES-NOTES): "A roll of 0 dice (attribute 0, or a 0D fortune roll): roll
    1 die and only a 6 is a Hit." Any other pool, and a Position that rolls no dice, is unchanged.
    """
    if type(count) is int and 0 < count <= MAX_DICE and type(position) is Position:
        return count, position  # what the checks below come to for a pool of dice
    _check_count(count)
    if not isinstance(position, Position):
        raise InvalidInput(f"a Position is one of {[p.name for p in Position]}, got {position!r}")
    if count == 0 and position._value_ in _THRESHOLDS:  # it rolls (Position.rolls, read here)
        return 1, _BAD
    return count, position


def _sum_ways(count: int) -> dict[int, int]:
    """The ways each total of ``count`` d6 comes up (by convolution, in whole numbers)."""
    weights: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, w in weights.items():
            for face in range(1, SIDES + 1):
                nxt[total + face] = nxt.get(total + face, 0) + w
        weights = nxt
    return weights


def _hit_ways(count: int, position: Position) -> dict[int, int]:
    """The ways to roll each number of Hits among ``count`` d6: ``C(n, k) h^k (6 - h)^(n - k)``
    for ``h`` hitting faces (Absolute every die a Hit, Impossible none)."""
    if not position.rolls:
        return {count if position is Position.ABSOLUTE else 0: 1}
    hit = SIDES - (position.threshold or 0) + 1
    return {k: comb(count, k) * hit**k * (SIDES - hit) ** (count - k) for k in range(count + 1)}


# Every question these two answer, worked out once at import (up to MAX_DICE dice): a query is a
# look-up, and the values are immutable, so sharing them is safe.
_SUMS = {count: Distribution.from_counts(_sum_ways(count)) for count in range(1, MAX_DICE + 1)}
_HITS = {
    (count, position): Distribution.from_counts(_hit_ways(count, position))
    for count in range(MAX_DICE + 1)
    for position in Position
}


def sum_distribution(count: int) -> Distribution[int]:
    """The exact distribution of the sum of ``count`` d6 (by convolution).

    2d6, as a Firelights action rolls them:

    >>> two = sum_distribution(2)
    >>> two[7], two[2]
    (Fraction(1, 6), Fraction(1, 36))
    """
    return _SUMS[_check_count(count, low=1)]


def hits_distribution(count: int, position: Position) -> Distribution[int]:
    """The exact distribution of Hits among ``count`` d6 in ``position`` (binomial).

    Absolute counts every die a Hit, Impossible none, as if the dice had been rolled.

    Two dice in a Standard Position (a Hit on 5+):

    >>> hits_distribution(2, Position.STANDARD)
    Distribution({0: 4/9, 1: 4/9, 2: 1/9})
    """
    if not isinstance(position, Position):
        raise InvalidInput(f"a Position is one of {[p.name for p in Position]}, got {position!r}")
    return _HITS[_check_count(count), position]
