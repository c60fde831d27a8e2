"""A sensible Firelights player, and the chance that it completes a journey.

:class:`SensiblePlayer` is a policy: given a state it returns the next action. It is sensible, not
random, and reads only what a player at the table sees: the map's face-up cards and hidden paths
(never their faces), the sheet, the curse stacks, the pending choice and how many cards the
Story Deck holds (never their order). It makes no chance step of its own. In order of preference
it:

1. answers a pending choice: keeps a face card on the map (a beacon), hides a number card rather
   than a face card (the face card is discarded, to be drawn again), stacks a non-face card on a
   curse (a doubled suit first), lets the software pick the curse;
2. rests (fleeing first) when its Fatigue is full or the Story Deck cannot feed an action, unless
   it decides there and then to push on (below);
3. fights the Curse it faces while its Fatigue leaves room for a 2-Fatigue Evade, else flees;
4. ignites the beacon where it stands, else travels one step towards the nearest unlit beacon;
5. reveals a hidden path: with Buy Information when it holds 2 treasures or more, else it searches
   for treasures while it is fresh and the deck is full enough, else it Confronts Risk;
6. otherwise discovers a region.

Every roll uses the Firelight's best approach. Pushing on ("or risk extinguishing your light") is
its choice at the moment, as it is a player's: it pushes on when it is ``bold``, or when the
journey can no longer be completed (:func:`hopeless`), until its light goes out.

:func:`chance_to_complete` plays it many times with :func:`rules.play.simulate.simulate`. Run *i* of
a simulation from a fresh start is exactly ``Journey.start("firelights", run_seed(seed, i))``
played by the same player, so any run can be replayed and looked at.

>>> result = chance_to_complete(runs=3, seed=1)
>>> result.runs, result.count("complete") + result.count("hopeless") + result.count("extinguished")
(3, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from rules.errors import InvalidInput
from rules.firelights.actions import (
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
    Travel,
)
from rules.firelights.curses import curse_named
from rules.firelights.game import GAME, ROLLOUT
from rules.firelights.moves import refusal
from rules.firelights.state import FATIGUE_BOXES, State
from rules.firelights.world import BEACONS, Cell, WorldMap, around
from rules.play.simulate import Simulation, simulate
from rules.table.cards import FACES, Card
from rules.table.chance import Chance, Source

__all__ = [
    "BEGIN",
    "FACE_CARDS",
    "SensiblePlayer",
    "beacon_path",
    "best_approach",
    "chance_to_complete",
    "hopeless",
    "journey_outcome",
]

#: The Firelight the player creates when it begins a journey itself.
BEGIN = Begin("Wick", "they/them", forceful=2, patient=1, quick=0)
#: Jacks, Queens and Kings: the only cards that hold beacons.
FACE_CARDS = 12


def best_approach(state: State) -> str:
    """The approach with the highest modifier (the first of
    :data:`~rules.firelights.character.APPROACHES` on a tie):
    :attr:`~rules.firelights.character.Character.strongest`."""
    character = state.character
    if character is None:
        raise InvalidInput("the Firelight has no approaches before the journey begins")
    return character.strongest


def beacon_path(state: State) -> list[Cell]:
    """The cells from the token to the nearest unlit beacon over revealed regions ([] if none).

    The path includes the token's cell first and the beacon's cell last.
    """
    return list(_path(state.world))


def _path(world: WorldMap) -> list[Cell]:
    """:func:`beacon_path` of ``world``, walked once per map (a fight, a choice, a rest keep the
    map): the list remembered, which the player only reads."""
    last = _last_path
    if last[0] is not world:
        last[:] = (world, _beacon_path(world))
    found: list[Cell] = last[1]
    return found


#: The last map :func:`beacon_path` walked (immutable), and the path it found.
_last_path: list[Any] = [None, []]


def _beacon_path(world: WorldMap) -> list[Cell]:
    """The path of a breadth-first walk from the token over the revealed cells, the neighbours
    in :func:`~rules.firelights.world.around`'s order, to the first unlit beacon it meets.

    Found without the walk: a beacon next door is the first of the walk's first ring; else the
    walk's path is the descent from the token, at each cell to the first neighbour one step
    nearer a beacon (every cell on a shortest way to one is first reached from the one before
    it on such a way, so the walk meets them in the order of that descent). How near each cell
    is to a beacon is kept for the map's revealed cells and unlit beacons, which travelling
    keeps: the next steps on the way read it again."""
    targets = world.unlit
    if world.token is None or not targets:
        return []  # no unlit beacon: most of a journey, so no search
    open_cells = world.revealed
    start = world.token
    if start in targets:
        return [start]
    x, y = start
    near = None  # a beacon next door: the walk's first ring, the first of around()'s order
    for cell in targets:  # (lexicographic: (dx, dy) from (-1, -1) to (1, 1))
        next_door = -1 <= cell[0] - x <= 1 and -1 <= cell[1] - y <= 1 and cell in open_cells
        if next_door and (near is None or cell < near):
            near = cell
    if near is not None:
        return [start, near]
    known = _field
    if known[0] is not open_cells or known[1] is not targets:
        ends = [cell for cell in dict.fromkeys(targets) if cell in open_cells]
        known[:] = (open_cells, targets, dict.fromkeys(ends, 0), ends, 0)
    if start in open_cells:
        here = _nearness(known, start)
    else:  # a token off the revealed cells (a made-up map): one step onto them first
        ways = [_nearness(known, cell) for cell in around(start) if cell in open_cells]
        reached = [steps for steps in ways if steps is not None]
        here = min(reached) + 1 if reached else None
    if here is None:
        return []  # no beacon can be reached
    far: dict[Cell, int] = known[2]
    path, cell = [start], start
    while here:
        here -= 1
        for step in around(cell):
            if far.get(step) == here:
                cell = step
                break
        path.append(cell)
    return path


def _nearness(known: list[Any], cell: Cell) -> int | None:
    """How many steps over the revealed cells ``cell`` lies from the nearest unlit beacon (None:
    none can be reached): the walk out from the beacons, all at once, carried on only as far as
    ``cell`` (every cell nearer is then reached too)."""
    far: dict[Cell, int] = known[2]
    if cell in far:
        return far[cell]
    open_cells, queue, done = known[0], known[3], known[4]
    while done < len(queue):
        here = queue[done]
        done += 1
        steps = far[here] + 1
        for step in around(here):
            if step in open_cells and step not in far:
                far[step] = steps
                queue.append(step)
        if cell in far:
            known[4] = done
            return far[cell]
    known[4] = done
    return None


#: The revealed cells and unlit beacons (immutable) :func:`_nearness` walks out over, each
#: cell's steps from a beacon so far, the cells in the order reached, and how many of them the
#: walk has gone on from.
_field: list[Any] = [None, None, {}, [], 0]


def hopeless(state: State) -> bool:
    """True when too few face cards remain to hold the missing beacons.

    A face card stacked on a curse never leaves it, and a face card face up on the map without a
    beacon (the starting region, or one placed after six beacons) never gets one. Every other face
    card can still become a beacon, or already is one; only six are ever needed. So a hopeless
    journey stays hopeless.
    """
    curses = state.curses
    counted = _last_stacked
    if counted[0] is not curses:  # the curses change only when cards are stacked on them
        stacked = 0
        for track in curses:
            for card in track.stack:
                stacked += card in FACES
        counted[:] = (curses, stacked)
    world = state.world
    dark = world.faces_up - len(world.beacons)  # face up without a beacon
    # the face cards that hold a beacon or still may (FACE_CARDS - stacked - dark) are too few
    found: bool = FACE_CARDS - counted[1] - dark < BEACONS
    return found


#: The last curses :func:`hopeless` counted the face cards of (immutable), and that count: a
#: list set in place, so remembering costs no call.
_last_stacked: list[Any] = [None, 0]


def journey_outcome(state: State) -> Hashable | None:
    """How a simulated journey ended: its status (``"complete"``, ``"extinguished"``), or
    ``"hopeless"`` once it can no longer be completed; None while it goes on."""
    status = state.status
    if status != "playing":  # over: what State.over reads, without the property's call
        return status
    if hopeless(state):
        return "hopeless"
    return None


def _prefer_keep(card: Card) -> tuple[bool, int]:
    return (card.is_face, card.rank)


@dataclass(frozen=True)
class SensiblePlayer:
    """Chooses the next action from what it sees; see the module docstring for the strategy."""

    #: The highest Fatigue at which it still fights (a Darkness then an Evade Darkness marks 2).
    fight_up_to: int = FATIGUE_BOXES - 2
    #: Push on when its Fatigue is full, rather than rest or flee.
    bold: bool = False
    #: The fewest cards in the draw pile at which it still searches for treasures.
    search_from: int = 12
    #: The Firelight it creates when the journey has not begun.
    begin: Begin = field(default=BEGIN)

    def next_action(self, state: State) -> Any:
        """The action it takes in ``state`` (also what calling the player does: the policy as a
        function, for :func:`rules.play.simulate.simulate`). Whether the journey is
        :func:`hopeless` is asked only when pushing on is in question (exhausted, or facing a
        Curse it would not fight otherwise)."""
        character = state.character
        if character is None:
            return self.begin
        approach = character.strongest
        if state.pending is not None:
            return self._answer(state, approach)
        held = len(state.deck.draw_pile)
        exhausted = state.fatigue >= FATIGUE_BOXES or not held  # state.exhausted, read here
        if exhausted and not (held >= 2 and (self.bold or hopeless(state))):
            return _act(Flee) if refusal(state, "flee") is None else self._rest(state)
        if held < 2:
            return self._rest(state)
        facing = state.facing
        if facing is not None:
            if state.fatigue <= self.fight_up_to or self.bold or hopeless(state):
                return _act(Fight, approach, facing)
            return _act(Flee)
        world = state.world
        here = world.current
        if here.beacon and not here.lit:
            return _act(Confront, approach, "ignite")
        if world.unlit:  # else there is no beacon to head for
            path = _path(world)
            if len(path) > 1:
                return _act(Travel, path[1])
        hidden = world.hidden
        if hidden:  # the first hidden path
            if state.treasures >= 2:
                return _act(BuyInformation, state.treasures, hidden[0])
            if state.fatigue <= 1 and held >= self.search_from:
                return _act(Search, approach)
            return _act(Confront, approach, "reveal", hidden[0])
        return _act(Discover, approach)

    __call__ = next_action  # a call less on every action of a simulation

    def _answer(self, state: State, approach: str) -> Any:
        pending = state.pending
        assert pending is not None
        if pending.kind == "evade":
            return _act(Evade, approach) if refusal(state, "evade") is None else self._rest(state)
        if pending.kind == "curse":
            return _act(Choose, "random")
        return _choice(pending.kind, pending.options, state.facing)

    @staticmethod
    def _rest(state: State) -> Rest:
        rest: Rest = _act(Rest, f"Rested with {state.world.lit} of {BEACONS} beacons lit.")
        return rest


@lru_cache(maxsize=4096)
def _choice(kind: str, options: tuple[str, ...], facing: str | None) -> Choose:
    """Which card to choose ("keep", "hide" or "stack" on the Curse ``facing``) among the codes
    ``options``: the same choice every time it is met, so worked out once."""
    cards = [Card.parse(code) for code in options]
    if kind == "keep":
        card = max(cards, key=_prefer_keep)
    elif kind == "hide":  # the face card goes to the discard pile, to be drawn again
        card = min(cards, key=_prefer_keep)
    else:  # "stack": keep face cards out of the stacks
        curse = curse_named(facing or "")
        card = min(cards, key=lambda c: (c.is_face, -curse.value(c), c.rank))
    chosen: Choose = _act(Choose, str(card))  # one Choose per card: built (and checked) once
    return chosen


A = TypeVar("A")


@lru_cache(maxsize=4096, typed=True)
def _act(kind: Callable[..., A], *args: Any) -> A:
    """The action ``kind(*args)``, built (and checked) once: actions are values, and a journey
    makes the same few again and again."""
    return kind(*args)


def chance_to_complete(
    state: State | None = None,
    *,
    runs: int = 200,
    seed: int = 0,
    player: SensiblePlayer | None = None,
    max_steps: int = 1000,
    chance: Callable[[int], Source] = Chance,
) -> Simulation:
    """Play ``runs`` journeys with ``player`` from ``state`` (a fresh start by default) and count
    how they end: see :func:`journey_outcome`; runs still going
    after ``max_steps`` actions count as ``"unfinished"``. ``result.share("complete")`` is the
    estimate, ``result.interval("complete")`` its 95% Wilson interval. ``chance``: each run's
    source from its seed; the journey's :class:`~rules.table.chance.Chance` by default (a run replays
    as a journey from its seed), :class:`~rules.table.chance.FastChance` for big studies (a third faster).
    """
    if state is None:
        state = GAME.initial({})
    elif not isinstance(state, State):
        raise InvalidInput(f"chance_to_complete needs a Firelights State, got {state!r}")
    return simulate(
        ROLLOUT,  # the rules and checks of GAME, without the reports nobody reads here
        state,
        player or SensiblePlayer(),
        runs=runs,
        seed=seed,
        max_steps=max_steps,
        outcome=journey_outcome,
        chance=chance,
    )
