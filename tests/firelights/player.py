"""A scripted Firelights player, and helpers to play whole journeys with it.

Importable by other tests (widgets, browser): pytest puts ``tests/firelights`` on ``sys.path``
when it collects this directory; elsewhere add it first::

    sys.path.insert(0, str(Path(__file__).parents[1] / "firelights"))
    from player import SensiblePlayer, play_journey

The player is sensible, not random, and reads only what a player at the table sees (never the
face of a hidden path or the order of the draw pile). In order of preference it:

1. answers a pending choice: keeps a face card on the map (a beacon), hides a number card rather
   than a face card (the face card is discarded, to be drawn again), stacks a non-face card on a
   curse (a doubled suit first), lets the software pick the curse;
2. rests (fleeing first) when its Fatigue is full or the Story Deck cannot feed an action;
3. fights the Curse it faces while its Fatigue leaves room for a 2-Fatigue Evade, else flees;
4. ignites the beacon where it stands, else travels one step towards the nearest unlit beacon;
5. reveals a hidden path: with Buy Information when it holds 2 treasures or more, else it searches
   for treasures while it is fresh and the deck is full enough, else it Confronts Risk;
6. otherwise discovers a region.

When the journey can no longer be completed (too few face cards left outside the curse stacks to
hold the beacons still missing) it pushes on, if the ``push_on`` option allows, until its light
goes out. Bound every journey with ``max_steps`` all the same (measured: at most 200 actions).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rules.cards import Card
from rules.firelights import (
    BEACONS,
    FATIGUE_BOXES,
    Begin,
    BuyInformation,
    Choose,
    Confront,
    Discover,
    Evade,
    Fight,
    Flee,
    Rest,
    Search,
    State,
    Travel,
    available,
    locations,
)
from rules.firelights.curses import curse_named
from rules.firelights.world import NEIGHBOURS
from rules.journey import Journey

__all__ = [
    "APPROACH",
    "SensiblePlayer",
    "beacon_path",
    "hopeless",
    "journey_steps",
    "play_journey",
]

APPROACH = "forceful"  # the +2 approach of the Firelight the player creates
BEGIN = Begin("Wick", "they/them", forceful=2, patient=1, quick=0)
Cell = tuple[int, int]


def beacon_path(state: State) -> list[Cell]:
    """The cells from the token to the nearest unlit beacon over revealed regions ([] if none).

    The path includes the token's cell first and the beacon's cell last.
    """
    world = state.world
    if world.token is None:
        return []
    open_cells = {region.at: region for region in world.regions if region.face_up}
    start = world.token
    came: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        region = open_cells[cell]
        if region.beacon and not region.lit:
            path = [cell]
            while (back := came[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        for dx, dy in NEIGHBOURS:
            step = (cell[0] + dx, cell[1] + dy)
            if step in open_cells and step not in came:
                came[step] = cell
                queue.append(step)
    return []


def hopeless(state: State) -> bool:
    """True when too few face cards remain outside the curse stacks to hold the missing beacons.

    Face cards on the map beyond the sixth hold no beacon, but only six beacons are ever needed,
    so every face card not stacked on a curse can still become a beacon (or already is one).
    """
    stacked = sum(card.is_face for track in state.curses for card in track.stack)
    beacons = len(state.world.beacons)
    return 12 - stacked - beacons < BEACONS - beacons


def _prefer_keep(card: Card) -> tuple[bool, int]:
    return (card.is_face, card.rank)


@dataclass
class SensiblePlayer:
    """Chooses the next action from what it sees; see the module docstring for the strategy.

    ``fight_up_to``: the highest Fatigue at which it still fights (a Darkness then an Evade
    Darkness marks 2). ``bold``: push on when exhausted (only with the ``push_on`` option).
    ``search_from``: the fewest cards in the draw pile at which it still searches for treasures.
    """

    fight_up_to: int = FATIGUE_BOXES - 2
    bold: bool = False
    search_from: int = 12

    def next_action(self, state: State) -> Any:
        if state.character is None:
            return BEGIN
        offered = available(state)
        if state.pending is not None:
            return self._answer(state, offered)
        desperate = state.push_on and (self.bold or hopeless(state))
        if state.exhausted and not (desperate and len(state.deck.draw_pile) >= 2):
            return Flee() if "flee" in offered else Rest(self._entry(state))
        if len(state.deck.draw_pile) < 2:
            return Rest(self._entry(state))
        if state.facing is not None:
            if state.fatigue <= self.fight_up_to or desperate:
                return Fight(APPROACH, state.facing)
            return Flee()
        here = state.world.current
        if here.beacon and not here.lit:
            return Confront(APPROACH, "ignite")
        path = beacon_path(state)
        if len(path) > 1:
            return Travel(path[1])
        hidden = [region.at for region in state.world.regions if not region.face_up]
        if hidden:
            if state.treasures >= 2:
                return BuyInformation(state.treasures, hidden[0])
            if state.fatigue <= 1 and len(state.deck.draw_pile) >= self.search_from:
                return Search(APPROACH)
            return Confront(APPROACH, "reveal", hidden[0])
        return Discover(APPROACH)

    def _answer(self, state: State, offered: tuple[str, ...]) -> Any:
        pending = state.pending
        assert pending is not None
        if pending.kind == "evade":
            return Evade(APPROACH) if "evade" in offered else Rest(self._entry(state))
        if pending.kind == "curse":
            return Choose("random")
        cards = [Card.parse(code) for code in pending.options]
        if pending.kind == "keep":
            return Choose(str(max(cards, key=_prefer_keep)))
        if pending.kind == "hide":  # the face card goes to the discard pile, to be drawn again
            return Choose(str(min(cards, key=_prefer_keep)))
        curse = curse_named(state.facing)  # "stack": keep face cards out of the curse stacks
        return Choose(str(min(cards, key=lambda c: (c.is_face, -curse.value(c), c.rank))))

    @staticmethod
    def _entry(state: State) -> str:
        return f"Rested with {state.world.lit} of {BEACONS} beacons lit."


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
    push_on: bool = True,
    max_steps: int = 2000,
    player: SensiblePlayer | None = None,
    check: bool = True,
) -> Journey[Any, Any]:
    """A whole journey from ``seed`` played by ``player``; ``check`` runs locations() each step."""
    journey = Journey.start("firelights", seed, {"push_on": push_on})
    for _ in journey_steps(journey, player or SensiblePlayer(), max_steps):
        if check:
            locations(journey.state)
    return journey


def random_seeds(count: int, seed: int = 2024) -> list[int]:
    """``count`` journey seeds drawn from a fixed generator (reproducible)."""
    rng = random.Random(seed)
    return [rng.randrange(10**9) for _ in range(count)]
