"""The states a journey passed through, for a recap told at its end.

Why a replay: a journey records its actions and the chance they met, not its states, and an
ending that says why ("the closest call: 2 fire cards left") reads the whole way there. Replaying
a fresh copy from the start changes nothing of the journey (its record, its generator, its state)
and works for every journey ever recorded. Each game's ``recap(states)`` (``rules.<game>.recap``)
reads the states and says the story in a few lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.record.journey import Journey

__all__ = ["states_of"]


def states_of(journey: Any) -> Iterator[Any]:
    """The state at the start of ``journey`` (a :class:`~rules.record.journey.Journey`, or a
    book holding one as ``.journey``), then the state after each live entry, by replaying a copy.

    >>> from rules.firelights.strategy import BEGIN
    >>> journey = Journey.start("firelights", seed=3)
    >>> _ = journey.play(BEGIN)
    >>> [state.world.token for state in states_of(journey)]
    [None, (0, 0)]
    """
    played = getattr(journey, "journey", journey)
    again: Journey[Any, Any] = Journey(played.game, played.seed, played.options)
    yield again.state
    for entry in list(played.entries):
        again.extend([entry])
        if not entry.superseded:
            yield again.state
