"""Checks, Pushes and Critical Saves: reading Hits, and their exact odds.

"2+ HITS: Your character succeeds at their action. 1 HIT: partially succeeds [...] 0 HITS: fails
their action and there's a cost." A Push rerolls all Misses once. A Critical Save: "1+ HITS:
wounded, but endures. 0 HITS: taken out and dying", then "reduce your character's Attribute score
by 1 for every Miss, up to a maximum of 2".

Position (Boundless engine v2): Good 4+, standard 5+, Bad 6 only; Absolute succeeds and Impossible
fails, with no roll. A roll of 0 dice rolls 1 die, a Hit only on 6 (:func:`rules.table.dice.dice_to_roll`).

Why tables: a panel asks these odds on every redraw and a player explores them freely, so every
roll the game makes (0 to 6 dice, each Position, rolled or pushed) is counted once at import, in
whole numbers from the rule above (``_hit_weights``), and a question is a look-up.

>>> check_odds(2, "standard")
Distribution({'success': 1/9, 'partial': 4/9, 'failure': 4/9})
>>> check_odds(0, "good")["success"]
Fraction(0, 1)
>>> save_odds(1, "standard").outcome["taken out"]
Fraction(2, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.errors import InvalidInput
from rules.table.chance import Distribution
from rules.table.dice import MAX_DICE, Position, dice_to_roll

__all__ = [
    "CHECK_OUTCOMES",
    "SAVE_OUTCOMES",
    "SaveOdds",
    "check_hits",
    "check_odds",
    "check_outcome",
    "hits_text",
    "position_of",
    "pushed_odds",
    "read_hits",
    "save_loss",
    "save_odds",
    "shift",
]

#: A Check's outcomes: 2+ Hits, 1 Hit, 0 Hits.
CHECK_OUTCOMES = ("success", "partial", "failure")
#: A Critical Save's outcomes: 1+ Hits, 0 Hits.
SAVE_OUTCOMES = ("endure", "taken out")
#: "reduce [...] by 1 for every Miss, up to a maximum of 2"
MOST_SAVE_LOSS = 2
_LADDER = (Position.BAD, Position.STANDARD, Position.GOOD)


def position_of(value: object) -> Position:
    """A :class:`Position` from itself or its name ("good", "standard", ...)."""
    if type(value) is str:  # a name, as actions carry it: one look-up
        found = _BY_VALUE.get(value)
        if found is not None:
            return found
    if isinstance(value, Position):
        return value
    if isinstance(value, str) and value in _BY_VALUE:
        return _BY_VALUE[value]
    for position in Position:
        if value == position.value:
            return position
    names = ", ".join(repr(p.value) for p in Position)
    raise InvalidInput(f"a Position is one of {names}, not {value!r}")


#: Each Position by its name (a look-up for every Check, not a walk of the Enum).
_BY_VALUE = {position.value: position for position in Position}


def shift(position: Position, steps: int) -> Position:
    """``position`` moved ``steps`` up (toward Good) or down (toward Bad) the ladder Bad,
    standard, Good; Absolute and Impossible, which roll no dice, do not move.

    >>> shift(Position.STANDARD, 1), shift(Position.GOOD, 1), shift(Position.BAD, 1)
    (<Position.GOOD: 'good'>, <Position.GOOD: 'good'>, <Position.STANDARD: 'standard'>)
    """
    if position not in _LADDER:
        return position
    index = max(0, min(len(_LADDER) - 1, _LADDER.index(position) + steps))
    return _LADDER[index]


def _check_dice(dice: object) -> int:
    if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= MAX_DICE:
        raise InvalidInput(f"a number of dice is a whole number from 0 to {MAX_DICE}, not {dice!r}")
    return dice


def hits_text(hits: int) -> str:
    """``"1 Hit"``, ``"2 Hits"``."""
    return f"{hits} Hit{'s' * (hits != 1)}"


def check_outcome(hits: int) -> str:
    """What a number of Hits comes to: "success" (2+), "partial" (1), "failure" (0)."""
    return "success" if hits >= 2 else "partial" if hits == 1 else "failure"


def _hit_weights(dice: int, position: Position, pushed: bool) -> dict[int, int]:
    """The rule in whole numbers: Hits of the dice rolled (:func:`rules.table.dice.dice_to_roll`) are
    binomial, each die a Hit with its Position's chance ``a/b`` (pushed: ``1 - (1 - a/b)²``, a
    Miss rerolled once), so ``k`` Hits come in ``C(n, k)·a^k·(b - a)^(n - k)`` of ``b^n`` rolls."""
    count, rolled = dice_to_roll(dice, position)
    p = rolled.hit_chance()
    if pushed and rolled.rolls:
        p = 1 - (1 - p) ** 2
    hit, whole = p.numerator, p.denominator
    return {k: comb(count, k) * hit**k * (whole - hit) ** (count - k) for k in range(count + 1)}


def _tally(
    weights: dict[int, int], read: Callable[[int], str], order: tuple[str, ...]
) -> Distribution[str]:
    found = dict.fromkeys(order, 0)
    for hits, ways in weights.items():
        found[read(hits)] += ways
    return Distribution.from_counts(found)


def read_hits(
    dice: int, position: Position, read: Callable[[int], str], order: tuple[str, ...]
) -> Distribution[str]:
    """The exact odds of a roll of ``dice`` in ``position`` read by ``read`` (Hits to an
    answer), the answers in ``order``: counted in whole numbers, for tables built at import."""
    return _tally(_weights(_check_dice(dice), position_of(position), False), read, order)


#: The largest roll the game makes: "raise an Attribute score by 1, to a maximum of 6", the
#: Voidlight's P6, a Fortune Roll's 4D. Rolls up to it are answered once at import (a question is
#: a look-up); a larger one, which the rules allow up to ``MAX_DICE``, is counted when asked.
TABLED = 6
_DICE = range(TABLED + 1)
_HIT_WEIGHTS = {
    (dice, where, pushed): _hit_weights(dice, where, pushed)
    for dice in _DICE
    for where in Position
    for pushed in (False, True)
}


def _weights(dice: int, where: Position, pushed: bool) -> dict[int, int]:
    found = _HIT_WEIGHTS.get((dice, where, pushed))
    return found if found is not None else _hit_weights(dice, where, pushed)


_HITS = {key: Distribution.from_counts(weights) for key, weights in _HIT_WEIGHTS.items()}
_CHECKS = {
    key: _tally(weights, check_outcome, CHECK_OUTCOMES)
    for key, weights in _HIT_WEIGHTS.items()
    if key[1].rolls
}


def check_hits(dice: int, position: Position, pushed: bool = False) -> Distribution[int]:
    """The exact distribution of Hits of a roll of ``dice`` (0: one die, Bad) in ``position``;
    ``pushed``: after every Miss is rerolled once (each die then Hits with ``1 - (1 - p)²``).
    Absolute counts every die rolled a Hit and Impossible none."""
    key = (_check_dice(dice), position_of(position), bool(pushed))
    found = _HITS.get(key)
    return found if found is not None else Distribution.from_counts(_hit_weights(*key))


def check_odds(dice: int, position: Position | str, pushed: bool = False) -> Distribution[str]:
    """The exact odds of a Check: "success", "partial", "failure".

    ``pushed=True``: the distribution of a check that is then pushed (all Misses rerolled once).
    Absolute is a success and Impossible a failure, with no roll (so nothing to push).

    Two dice in a Standard Position (each Hits on 5+, 1/3), rolled and pushed:

    >>> check_odds(2, "standard")
    Distribution({'success': 1/9, 'partial': 4/9, 'failure': 4/9})
    >>> check_odds(2, "standard", pushed=True)["success"]  # each die Hits 1 - (2/3)**2 = 5/9
    Fraction(25, 81)
    """
    where = position_of(position)
    _check_dice(dice)
    if where is Position.ABSOLUTE:
        return _SURE["success"]
    if where is Position.IMPOSSIBLE:
        return _SURE["failure"]
    found = _CHECKS.get((dice, where, bool(pushed)))
    if found is None:
        found = _tally(_hit_weights(dice, where, bool(pushed)), check_outcome, CHECK_OUTCOMES)
    return found


_SURE = {outcome: Distribution({outcome: 1}) for outcome in CHECK_OUTCOMES}


def _pushed(hits: int, misses: int, where: Position) -> Distribution[str]:
    weights = _weights(misses, where, False) if misses else {0: 1}
    return _tally(weights, lambda k: check_outcome(hits + k), CHECK_OUTCOMES)


#: A Push's odds by the Hits kept (0 or 1: 2 or more is already a success), the Misses and
#: the Position.
_PUSHES = {
    (hits, misses, where): _pushed(hits, misses, where)
    for hits in range(2)
    for misses in _DICE
    for where in Position
    if where.rolls
}


def pushed_odds(hits: int, misses: int, position: Position | str) -> Distribution[str]:
    """The odds of a Push of a check already rolled: ``hits`` kept, ``misses`` rerolled."""
    where = position_of(position)
    if _check_dice(hits) + _check_dice(misses) > MAX_DICE:
        raise InvalidInput(
            f"a check rolls at most {MAX_DICE} dice, not {hits} Hits and {misses} Misses"
        )
    if hits >= 2:
        return _SURE["success"]
    found = _PUSHES.get((hits, misses, where))
    return found if found is not None else _pushed(hits, misses, where)


def save_loss(misses: int, score: int) -> int:
    """What a Critical Save takes from the attribute: 1 per Miss, at most 2, never below 0."""
    return max(0, min(misses, MOST_SAVE_LOSS, score))


@dataclass(frozen=True)
class SaveOdds:
    """The odds of a Critical Save: ``outcome`` over "endure" / "taken out", and ``loss``, the
    distribution of points the attribute loses (0, 1 or 2); :attr:`~SaveOdds.expected_loss` its
    mean."""

    #: The odds of "endure" and "taken out".
    outcome: Distribution[str]
    #: The distribution of points the Attribute loses (0, 1 or 2).
    loss: Distribution[int]

    @property
    def expected_loss(self) -> Fraction:
        """The mean points the Attribute loses."""
        return self.loss.mean()


def _save(dice: int, where: Position) -> SaveOdds:
    if where is Position.ABSOLUTE:
        return SaveOdds(Distribution({"endure": 1}), Distribution({0: 1}))
    count, _ = dice_to_roll(dice, where)
    weights = _weights(dice, where, False)
    outcome = _tally(weights, lambda k: "endure" if k >= 1 else "taken out", SAVE_OUTCOMES)
    loss: dict[int, int] = {}
    for hits, ways in weights.items():
        lost = save_loss(count - hits, dice)
        loss[lost] = loss.get(lost, 0) + ways
    return SaveOdds(outcome, Distribution.from_counts(loss))


_SAVES = {(dice, where): _save(dice, where) for dice in _DICE for where in Position}


def save_odds(dice: int, position: Position | str) -> SaveOdds:
    """The exact odds of a Critical Save rolled with an Attribute score of ``dice``.

    Absolute endures with no roll and no loss; Impossible is taken out with no roll, every die a
    Miss (so a score of 3 loses 2). The loss never takes the score below 0 (a score of 0 rolls one
    die and loses nothing).

    A score of 1 in a Standard Position: taken out 2/3 of the time, losing that 1 point:

    >>> save_odds(1, "standard")
    SaveOdds(outcome=Distribution({'endure': 1/3, 'taken out': 2/3}), loss=Distribution({1: 2/3, 0: 1/3}))
    """
    key = (_check_dice(dice), position_of(position))
    found = _SAVES.get(key)
    return found if found is not None else _save(*key)
