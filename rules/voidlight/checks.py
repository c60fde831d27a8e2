"""Checks, Pushes and Critical Saves: reading Hits, and their exact odds.

"2+ HITS: Your character succeeds at their action. 1 HIT: partially succeeds [...] 0 HITS: fails
their action and there's a cost." A Push rerolls all Misses once. A Critical Save: "1+ HITS:
wounded, but endures. 0 HITS: taken out and dying", then "reduce your character's Attribute score
by 1 for every Miss, up to a maximum of 2".

Position (Boundless engine v2): Good 4+, standard 5+, Bad 6 only; Absolute succeeds and Impossible
fails, with no roll. A roll of 0 dice rolls 1 die, a Hit only on 6 (:func:`rules.dice.dice_to_roll`).

>>> check_odds(2, "standard")
Distribution({'success': 1/9, 'partial': 4/9, 'failure': 4/9})
>>> check_odds(0, "good")["success"]
Fraction(0, 1)
>>> save_odds(1, "standard").outcome["taken out"]
Fraction(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from rules.chance import Distribution
from rules.dice import MAX_DICE, Position, dice_to_roll
from rules.errors import InvalidInput

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
    "save_loss",
    "save_odds",
    "shift",
]

CHECK_OUTCOMES = ("success", "partial", "failure")
SAVE_OUTCOMES = ("endure", "taken out")
#: "reduce [...] by 1 for every Miss, up to a maximum of 2"
MOST_SAVE_LOSS = 2
_LADDER = (Position.BAD, Position.STANDARD, Position.GOOD)


def position_of(value: object) -> Position:
    """A :class:`Position` from itself or its name ("good", "standard", ...)."""
    if isinstance(value, Position):
        return value
    for position in Position:
        if value == position.value:
            return position
    names = ", ".join(repr(p.value) for p in Position)
    raise InvalidInput(f"a Position is one of {names}, not {value!r}")


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


def _binomial(count: int, p: Fraction) -> Distribution[int]:
    return Distribution(
        {k: comb(count, k) * p**k * (1 - p) ** (count - k) for k in range(count + 1)}
    )


@cache
def check_hits(dice: int, position: Position, pushed: bool = False) -> Distribution[int]:
    """The exact distribution of Hits of a roll of ``dice`` (0: one die, Bad) in ``position``;
    ``pushed``: after every Miss is rerolled once (each die then Hits with ``1 - (1 - p)²``).
    Absolute counts every die rolled a Hit and Impossible none."""
    count, position = dice_to_roll(_check_dice(dice), position_of(position))
    p = position.hit_chance()
    if pushed and position.rolls:
        p = 1 - (1 - p) ** 2
    return _binomial(count, p)


@cache
def check_odds(dice: int, position: Position | str, pushed: bool = False) -> Distribution[str]:
    """The exact odds of a Check: "success", "partial", "failure".

    ``pushed=True``: the distribution of a check that is then pushed (all Misses rerolled once).
    Absolute is a success and Impossible a failure, with no roll (so nothing to push).
    """
    where = position_of(position)
    _check_dice(dice)
    if where is Position.ABSOLUTE:
        return Distribution({"success": 1})
    if where is Position.IMPOSSIBLE:
        return Distribution({"failure": 1})
    return _ordered(check_hits(dice, where, pushed).map(check_outcome), CHECK_OUTCOMES)


def _ordered(found: Distribution[str], order: tuple[str, ...]) -> Distribution[str]:
    return Distribution({outcome: found[outcome] for outcome in order})


def pushed_odds(hits: int, misses: int, position: Position | str) -> Distribution[str]:
    """The odds of a Push of a check already rolled: ``hits`` kept, ``misses`` rerolled."""
    where = position_of(position)
    if _check_dice(hits) + _check_dice(misses) > MAX_DICE:
        raise InvalidInput(
            f"a check rolls at most {MAX_DICE} dice, not {hits} Hits and {misses} Misses"
        )
    found = _binomial(misses, where.hit_chance()).map(lambda k: check_outcome(hits + k))
    return _ordered(found, CHECK_OUTCOMES)


def save_loss(misses: int, score: int) -> int:
    """What a Critical Save takes from the attribute: 1 per Miss, at most 2, never below 0."""
    return max(0, min(misses, MOST_SAVE_LOSS, score))


@dataclass(frozen=True)
class SaveOdds:
    """The odds of a Critical Save: ``outcome`` over "endure" / "taken out", and ``loss``, the
    distribution of points the attribute loses (0, 1 or 2); :attr:`expected_loss` its mean."""

    outcome: Distribution[str]
    loss: Distribution[int]

    @property
    def expected_loss(self) -> Fraction:
        return self.loss.mean()


@cache
def save_odds(dice: int, position: Position | str) -> SaveOdds:
    """The exact odds of a Critical Save rolled with an Attribute score of ``dice``.

    Absolute endures with no roll and no loss; Impossible is taken out with no roll, every die a
    Miss (so a score of 3 loses 2). The loss never takes the score below 0 (a score of 0 rolls one
    die and loses nothing).
    """
    where = position_of(position)
    count, _ = dice_to_roll(_check_dice(dice), where)
    if where is Position.ABSOLUTE:
        return SaveOdds(Distribution({"endure": 1}), Distribution({0: 1}))
    hits = check_hits(dice, where)
    outcome = _ordered(hits.map(lambda k: "endure" if k >= 1 else "taken out"), SAVE_OUTCOMES)
    return SaveOdds(outcome, hits.map(lambda k: save_loss(count - k, dice)))
