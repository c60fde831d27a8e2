"""Making an Action: two cards against 2d6 plus a modifier, read as Light, Shade or Darkness.

Rules: "Draw 2 cards face-up from your Story Deck. Roll and sum your two Action Dice. Add any
modifiers to your roll to get your Score." "If your score is higher than both cards, there's
Light. If your score is higher than one card, there's Shade. Otherwise, there's Darkness." A score
equal to a card does not beat it (RULES-NOTES).

>>> from rules.table.cards import Card, full_deck
>>> read(10, (Card.parse("9H"), Card.parse("10S")))
<Result.SHADE: 'Shade'>
>>> odds(full_deck(), 0)[Result.LIGHT]
Fraction(484, 1989)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from rules.errors import IllegalAction
from rules.table.cards import Card
from rules.table.chance import Distribution
from rules.table.dice import sum_distribution

__all__ = ["Result", "odds", "read"]


#: How many of the 36 rolls of 2d6 give each sum.
TWO_D6_WAYS = {total: int(p * 36) for total, p in sum_distribution(2).items()}


class Result(enum.Enum):
    """How an Action went: Light (the score beat both cards), Shade (one) or Darkness (neither);
    each Action's text says what each brings."""

    #: The score beat both cards.
    LIGHT = "Light"
    #: The score beat one card.
    SHADE = "Shade"
    #: The score beat neither card.
    DARKNESS = "Darkness"


def read(score: int, cards: Iterable[Card]) -> Result:
    """The result of ``score`` against the two cards drawn (Aces 1, J 11, Q 12, K 13)."""
    beaten = 0
    for card in cards:
        beaten += score > card.rank
    return _BY_BEATEN[beaten if beaten < 2 else 2]


#: The result by how many of the cards the score beats.
_BY_BEATEN = (Result.DARKNESS, Result.SHADE, Result.LIGHT)


def odds(pile: Iterable[Card], modifier: int) -> Distribution[Result]:
    """The exact odds of each result for an action with ``modifier``, drawing from ``pile``.

    Two cards are drawn without replacement from the cards left; only their ranks matter.

    An action at +0 from a full deck: Light (beating both cards) 484/1989, about 24%:

    >>> from rules.table.cards import full_deck
    >>> chances = odds(full_deck(), 0)
    >>> chances[Result.LIGHT], chances[Result.SHADE], chances[Result.DARKNESS]
    (Fraction(484, 1989), Fraction(868, 1989), Fraction(49, 153))
    """
    ranks = Counter(card.rank for card in pile)
    return _odds(tuple(sorted(ranks.items())), modifier)


@lru_cache(maxsize=4096)  # a long session meets many piles; keep the recent ones
def _odds(rank_counts: tuple[tuple[int, int], ...], modifier: int) -> Distribution[Result]:
    """Integer counts over (unordered rank pair, 2d6 sum), one Fraction per result at the end."""
    pairs: list[tuple[int, int, int]] = []
    for i, (low, n_low) in enumerate(rank_counts):
        if n_low > 1:
            pairs.append((low, low, n_low * (n_low - 1) // 2))
        pairs.extend((low, high, n_low * n_high) for high, n_high in rank_counts[i + 1 :])
    total = sum(ways for _low, _high, ways in pairs)
    if total == 0:
        raise IllegalAction("the odds of an action need at least two cards in the draw pile")
    counts = [0, 0, 0]  # Darkness, Shade, Light: how many cards the score beats
    for roll, ways_roll in TWO_D6_WAYS.items():
        score = roll + modifier
        for low, high, ways in pairs:
            counts[(score > low) + (score > high)] += ways_roll * ways
    outcomes = (Result.DARKNESS, Result.SHADE, Result.LIGHT)
    return Distribution(
        {
            result: Fraction(count, 36 * total)
            for result, count in zip(outcomes, counts, strict=True)
        }
    )
