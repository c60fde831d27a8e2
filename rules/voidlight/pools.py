"""Pools: the Voidlight battery and Encounter Pools, and how long they last, exactly.

"Whenever this Pool is rolled, reduce its size by 1 die for every Miss, up to a maximum of 2 dice
per roll" (High Beam 3, Low Beam 1). A Miss is a die that is not a Hit in a standard Position (1
to 4); the battery and encounter pools roll standard (RULES-NOTES). A pool is an absorbing Markov
chain on its size: from ``n`` dice one roll removes ``min(Misses, most_lost)`` with Misses
binomial(n, 2/3), and 0 dice absorbs (the battery is spent; the encounter arrives).

>>> pool_rolls(1, 2)
Fraction(3, 2)
>>> pool_empty_within(2, 2, 1)
Fraction(4, 9)
>>> battery_life(6, "standard", 20).rolls == pool_rolls(6, 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.errors import InvalidInput
from rules.table.chance import Distribution
from rules.table.dice import MAX_DICE, Position, Roll, count_hits
from rules.table.odds_chain import ShrinkingChain

__all__ = [
    "BEAMS",
    "FULL",
    "BatteryLife",
    "battery_life",
    "pool_empty_within",
    "pool_loss",
    "pool_rolls",
    "removed",
    "roll",
]

#: "The crew shares a Voidlight, which uses a P6 Pool."
FULL = 6
#: Each roll of 0 to MAX_DICE dice, made once (:func:`roll`).
_ROLLS = {count: Roll(count) for count in range(MAX_DICE + 1)}


def roll(count: int) -> Roll:
    """``Roll(count)``, made once per count: a Roll checks its count as it is made, and nearly
    every action rolls (a count it has not made is made, and checked, here)."""
    found = _ROLLS.get(count)
    return found if found is not None and type(count) is int else Roll(count)


#: The beam modes and the most dice one roll of the Voidlight Pool may remove in each.
BEAMS = {"high": 3, "standard": 2, "low": 1}


def _check(what: str, value: object, low: int, high: int = MAX_DICE) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{what} is a whole number from {low} to {high}, not {value!r}")
    return value


def removed(faces: tuple[int, ...], most_lost: int, position: Position = Position.STANDARD) -> int:
    """The dice one roll of a pool removes: 1 per Miss among ``faces``, at most ``most_lost``."""
    misses = len(faces) - count_hits(faces, position)  # each face checked, as is_hit checks it
    return min(misses, most_lost)


def _losses(size: int, most_lost: int, position: Position) -> Distribution[int]:
    """The rule: each die not a Hit is a Miss; a roll removes 1 die per Miss, at most
    ``most_lost``. Misses are binomial(``size``, 1 - Hit chance), counted in whole numbers over
    ``denominator ** size`` rolls."""
    p = position.hit_chance()
    hit, whole = p.numerator, p.denominator
    weights: dict[int, int] = {}
    for misses in range(size + 1):
        k = min(misses, most_lost)
        ways = comb(size, misses) * (whole - hit) ** misses * hit ** (size - misses)
        weights[k] = weights.get(k, 0) + ways
    return Distribution.from_counts(weights)


#: The Positions a pool can be rolled in (Absolute and Impossible roll no dice).
ROLLING = tuple(position for position in Position if position.rolls)
#: The most dice a roll removes in the game: the beams (the encounter pools' 2 is standard's).
GAME_CAPS = tuple(sorted(set(BEAMS.values())))
#: Every roll's loss for the game's caps and pools (P1 to P6), built once at import.
_LOSS = {
    (size, cap, position): _losses(size, cap, position)
    for cap in GAME_CAPS
    for position in ROLLING
    for size in range(1, FULL + 1)
}


def pool_loss(
    size: int, most_lost: int, position: Position = Position.STANDARD
) -> Distribution[int]:
    """The exact distribution of the dice one roll of a pool of ``size`` removes."""
    _check("a pool's size", size, 1)
    _check("the most dice a roll removes", most_lost, 1)
    found = _LOSS.get((size, most_lost, position))
    return found if found is not None else _losses(size, most_lost, position)


def _chain_of(most_lost: int, position: Position, largest: int = MAX_DICE) -> ShrinkingChain:
    return ShrinkingChain.of([pool_loss(n, most_lost, position) for n in range(1, largest + 1)])


#: The pool's chain solved in closed form at import, for the pools the game rolls (in the
#: standard Position, at each beam's cap): every one holds at most 6 dice, the Voidlight's P6
#: and an Encounter Pool's P1 to P6. Larger pools and other Positions are solved when asked.
_CHAINS = {(cap, Position.STANDARD): _chain_of(cap, Position.STANDARD, FULL) for cap in GAME_CAPS}


def _rolling(position: Position) -> Position:
    if not isinstance(position, Position) or not position.rolls:
        raise InvalidInput(
            f"a pool is rolled in a Good, standard or Bad Position, not {position!r}"
        )
    return position


def _chain(most_lost: int, position: Position, size: int) -> ShrinkingChain:
    found = _CHAINS.get((most_lost, _rolling(position)))
    return found if found is not None and size <= found.largest else _chain_of(most_lost, position)


def pool_rolls(size: int, most_lost: int, *, position: Position = Position.STANDARD) -> Fraction:
    """The exact expected number of rolls until a pool of ``size`` dice is empty.

    ``E(0) = 0``; ``E(n) = (1 + Σ_{k≥1} P(k | n) E(n-k)) / (1 - P(0 | n))``, a roll removing ``k``
    dice with probability ``P(k | n)`` (:func:`pool_loss`); read from the chain's closed form
    (:class:`rules.table.odds_chain.ShrinkingChain`), solved at import for the game's caps.

    One die losing at most 2 a roll lasts 3/2 rolls on average (a Miss 2/3 of the time):

    >>> pool_rolls(1, 2)
    Fraction(3, 2)
    """
    _check("a pool's size", size, 0)
    _check("the most dice a roll removes", most_lost, 1)
    return _chain(most_lost, position, size).expected_rolls[size]


def pool_empty_within(
    size: int, most_lost: int, rolls: int, *, position: Position = Position.STANDARD
) -> Fraction:
    """The exact chance a pool of ``size`` dice is empty within ``rolls`` rolls: a sum over the
    chain's closed form, for any number of rolls (no stepping).

    A P2 pool is empty after its first roll when both dice Miss, (2/3)**2:

    >>> pool_empty_within(2, 2, 1)
    Fraction(4, 9)
    >>> pool_empty_within(6, 1, 5)  # losing one die a roll, six dice last at least six rolls
    Fraction(0, 1)
    """
    _check("a pool's size", size, 0)
    _check("the most dice a roll removes", most_lost, 1)
    _check("a number of rolls", rolls, 0, 10_000)
    return _chain(most_lost, position, size).empty_within(size, rolls)


@dataclass(frozen=True)
class BatteryLife:
    """The battery's expected remaining life: ``rolls`` of the Voidlight Pool, and ``minutes`` of
    expedition time at the current interval (None when the pool is rolled between scenes)."""

    #: Expected rolls of the Voidlight Pool left.
    rolls: Fraction
    #: Expected minutes left at the current interval (None when rolled between scenes).
    minutes: Fraction | None


def battery_life(
    dice: int, beam: str, interval: int | None, first_in: int | None = None
) -> BatteryLife:
    """The expected rolls until a Voidlight of ``dice`` dice in ``beam`` mode is spent, and the
    minutes: the next roll comes in ``first_in`` minutes (default a whole ``interval``), each
    later one an ``interval`` after; ``interval`` None: rolled between scenes, no minutes.

    A fresh P6 battery in the standard beam, rolled every 20 minutes:

    >>> life = battery_life(6, "standard", 20)
    >>> life.rolls, round(float(life.minutes))
    (Fraction(3501579, 880880), 80)
    """
    if beam not in BEAMS:
        raise InvalidInput(f"the beam is one of {', '.join(map(repr, BEAMS))}, not {beam!r}")
    rolls = pool_rolls(_check("the Voidlight's dice", dice, 0, FULL), BEAMS[beam])
    if interval is None:
        return BatteryLife(rolls, None)
    first = interval if first_in is None else first_in
    minutes = Fraction(0) if dice == 0 else first + (rolls - 1) * interval
    return BatteryLife(rolls, minutes)
