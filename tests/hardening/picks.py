"""How the shipped games' drivers pick a move in random play: by kind first, then one of the
actions ``legal`` lists of that kind (:func:`by_kind`), now and then the game's own sensible
player, whose pick must be one ``legal`` lists too (:func:`listed`).

Apart from the drivers (``driver_<game>.py``) because two of them share it, and from
:mod:`stateful_play` because that module gathers the drivers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

__all__ = ["SENSIBLE", "by_kind", "listed"]

#: How often a step plays the game's own sensible player instead of a random legal move, so that
#: journeys also reach their late states and endings (six beacons lit; dawn in Embers, where a
#: few random moves lose the night).
SENSIBLE = {"firelights": 0.5, "embers": 0.85}


def by_kind(
    kinds: Sequence[str],
    actions: Callable[[str], Sequence[Any]],
    rng: random.Random,
    weights: Mapping[str, float],
) -> Any:
    """One action of a kind offered: a kind among ``kinds`` (each of weight 1 unless ``weights``
    says), then one of its ``actions(kind)`` (what ``legal`` lists of it), so that a kind with
    many arguments (a Check in each Position, a Buy Information of each spend) is not picked for
    that alone. A kind with no action listed (its representative few all used: three pools open)
    makes way for another."""
    left = list(dict.fromkeys(kinds))
    while left:
        kind = rng.choices(left, weights=[weights.get(k, 1) for k in left])[0]
        found = actions(kind)
        if found:
            return rng.choice(found)
        left.remove(kind)
    raise AssertionError(f"legal lists no action of the kinds offered: {kinds!r}")


def listed(action: Any, offered: Sequence[Any]) -> Any:
    """The action of ``offered`` that is ``action`` but for the words a player types (a Rest's
    journal entry): a player's pick must be among what ``legal`` lists."""
    words = getattr(action, "words", ())
    plain = replace(action, **{name: "" for name in words})
    for each in offered:
        if each == action or (
            type(each) is type(action) and replace(each, **{name: "" for name in words}) == plain
        ):
            return each
    raise AssertionError(f"{action!r} is not among the actions legal lists: {offered!r}")
