"""A scripted Firelights player, and helpers to play whole journeys with it.

Importable by other tests (widgets, browser): pytest puts ``tests/firelights`` on ``sys.path``
when it collects this directory; elsewhere add it first::

    sys.path.insert(0, str(Path(__file__).parents[1] / "firelights"))
    from player import SensiblePlayer, play_journey

The player itself lives in :mod:`rules.firelights.strategy` (the odds explorer simulates it too);
this module re-exports it and keeps the helpers that play whole journeys with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from rules.firelights import State, locations
from rules.firelights.strategy import BEGIN, SensiblePlayer, beacon_path, hopeless
from rules.record.journey import Journey

__all__ = [
    "APPROACH",
    "BEGIN",
    "SensiblePlayer",
    "beacon_path",
    "hopeless",
    "journey_steps",
    "play_journey",
    "random_seeds",
]

APPROACH = "forceful"  # the +2 approach of the Firelight the player creates (BEGIN)


def journey_steps(
    journey: Journey[Any, Any],
    player: SensiblePlayer | Callable[[State], Any],
    max_steps: int,
) -> Iterator[Any]:
    """Play ``journey`` with ``player`` until it ends or ``max_steps`` actions; yield each action."""
    choose = player.next_action if isinstance(player, SensiblePlayer) else player
    for _ in range(max_steps):
        if journey.state.over:
            return
        action = choose(journey.state)
        journey.play(action)
        yield action


def play_journey(
    seed: int,
    *,
    max_steps: int = 2000,
    player: SensiblePlayer | None = None,
    check: bool = True,
) -> Journey[Any, Any]:
    """A whole journey from ``seed`` played by ``player``; ``check`` runs locations() each step."""
    journey = Journey.start("firelights", seed)
    for _ in journey_steps(journey, player or SensiblePlayer(), max_steps):
        if check:
            locations(journey.state)
    return journey


def random_seeds(count: int, seed: int = 2024) -> list[int]:
    """``count`` journey seeds drawn from a fixed generator (reproducible)."""
    rng = random.Random(seed)
    return [rng.randrange(10**9) for _ in range(count)]
