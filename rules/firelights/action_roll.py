"""Making an Action: two cards against 2d6 plus a modifier, read as Light, Shade or Darkness.

Rules: "Draw 2 cards face-up from your Story Deck. Roll and sum your two Action Dice. Add any
modifiers to your roll to get your Score." "If your score is higher than both cards, there's
Light. If your score is higher than one card, there's Shade. Otherwise, there's Darkness." A score
equal to a card does not beat it (RULES-NOTES).

>>> from rules.cards import Card, full_deck
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
from functools import cache

from rules.cards import Card
from rules.chance import Distribution
from rules.dice import sum_distribution
from rules.errors import IllegalAction

__all__ = ["Result", "odds", "read"]


class Result(enum.Enum):
    LIGHT = "Light"
    SHADE = "Shade"
    DARKNESS = "Darkness"


def read(score: int, cards: Iterable[Card]) -> Result:
    """The result of ``score`` against the two cards drawn (Aces 1, J 11, Q 12, K 13)."""
    beaten = sum(score > card.rank for card in cards)
    return (Result.DARKNESS, Result.SHADE, Result.LIGHT)[min(beaten, 2)]


def odds(pile: Iterable[Card], modifier: int) -> Distribution[Result]:
    """The exact odds of each result for an action with ``modifier``, drawing from ``pile``.

    Two cards are drawn without replacement from the cards left; only their ranks matter.
    """
    ranks = Counter(card.rank for card in pile)
    return _odds(tuple(sorted(ranks.items())), modifier)


@cache
def _odds(rank_counts: tuple[tuple[int, int], ...], modifier: int) -> Distribution[Result]:
    pairs: Counter[tuple[int, int]] = Counter()
    for i, (low, n_low) in enumerate(rank_counts):
        pairs[(low, low)] += n_low * (n_low - 1) // 2
        for high, n_high in rank_counts[i + 1 :]:
            pairs[(low, high)] += n_low * n_high
    if sum(pairs.values()) == 0:
        raise IllegalAction("the odds of an action need at least two cards in the draw pile")
    weights: dict[Result, Fraction] = {}
    for roll, p_roll in sum_distribution(2).items():
        score = roll + modifier
        for (low, high), ways in pairs.items():
            result = (Result.DARKNESS, Result.SHADE, Result.LIGHT)[(score > low) + (score > high)]
            weights[result] = weights.get(result, Fraction(0)) + p_roll * ways
    return Distribution(weights)
