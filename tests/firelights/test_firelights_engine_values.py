"""The values the fast engine hands on are the values a fresh start would compute.

A speed pass made the one engine fast by working derived values out once and handing them on: a map
made by a move starts from its parent's cell index, free cells, beacons and lit count; a card
exists once; an action fills in its own new state. Here each of those is checked against the same
value built from scratch, along whole sensible journeys, so a shortcut can never make the engine
disagree with itself ("One source of truth: a rule lives once").
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from rules.firelights import GAME, SensiblePlayer, State, WorldMap, locations
from rules.firelights.strategy import journey_outcome
from rules.firelights.world import NEIGHBOURS, direction
from rules.play.simulate import run_seed
from rules.table.cards import Card, Suit, full_deck
from rules.table.chance import Chance


def journey_states(seed: int, bold: bool = False) -> list[State]:
    """Every state of one sensible journey, from the fresh start to its end."""
    player, chance = SensiblePlayer(bold=bold), Chance(run_seed(seed, 0))
    states = [GAME.initial({})]
    while journey_outcome(states[-1]) is None and len(states) < 1000:
        states.append(GAME.apply(states[-1], player(states[-1]), chance)[0])
    return states


STATES = [state for seed in range(6) for state in journey_states(seed, bold=seed % 2 == 1)]


def fresh(world: WorldMap) -> WorldMap:
    """The same map built again by its constructor, with nothing handed on."""
    return WorldMap(world.regions, world.token)


def nearest_free(world: WorldMap, card: Card) -> tuple[tuple[int, int], ...]:
    """The grid reading, searched in full: every free cell touching a placed card in the
    direction, the nearest row first, then the nearest column, the leftmost first."""
    x, y = world.token or (0, 0)
    placed = {region.at for region in world.regions}
    free = {(cx + dx, cy + dy) for cx, cy in placed for dx, dy in NEIGHBOURS} - placed
    side = direction(card, world.current.card)
    in_direction = {"above": lambda row: row > y, "below": lambda row: row < y}
    ahead = [c for c in free if in_direction.get(side, lambda row: row == y)(c[1])]
    best = min((abs(c[1] - y), abs(c[0] - x)) for c in ahead)
    return tuple(sorted(c for c in ahead if (abs(c[1] - y), abs(c[0] - x)) == best))


def test_every_map_along_a_journey_derives_what_a_fresh_map_derives() -> None:
    """The grid reading: "the new card takes a free cell touching a placed card (diagonal
    neighbours touch at a corner) in the nearest such row in that direction, nearest the current
    location's column, the leftmost on a tie" — where each card would go, searched in full, and
    the beacons must be the same whether a map was handed them or worked them out."""
    worlds = {id(state.world): state.world for state in STATES if state.world.token is not None}
    assert len(worlds) > 150  # the check below is not empty
    for world in worlds.values():
        again = fresh(world)
        assert world._index == again._index
        assert world.beacons == again.beacons and world.lit == again.lit
        assert world.faces_up == again.faces_up and world.revealed == again.revealed
        assert world.unlit == again.unlit and world.hidden == again.hidden
        assert world.paths == again.paths
        for card in full_deck():
            assert world.candidates(card) == again.candidates(card) == nearest_free(world, card)


def test_an_action_leaves_the_state_it_was_given_as_it_was() -> None:
    """Values are immutable (a design principle): an action fills in a new state, never the old one."""
    player, chance = SensiblePlayer(), Chance(11)
    state = GAME.initial({})
    for _ in range(150):
        if state.over:
            break
        before = copy.deepcopy(state)
        new, _report = GAME.apply(state, player(state), chance)
        assert state == before
        assert new is not state
        state = new


def test_every_card_stays_in_exactly_one_place_along_every_journey() -> None:
    """RULES-NOTES: every card is in exactly one place (the piles, the map, a stack, in play):
    the engine discards the cards it drew without checking again, so every state is checked."""
    for state in STATES:
        assert len(locations(state)) == 52


def test_a_state_evolves_only_by_its_own_fields() -> None:
    state = State()
    assert state.evolve(treasures=2) == replace(state, treasures=2)
    with pytest.raises(TypeError) as caught:
        state.evolve(tresures=2)
    assert "tresures" in str(caught.value)


@pytest.mark.parametrize("card", full_deck())
def test_each_card_exists_once_and_copies_to_itself(card: Card) -> None:
    """A card made, parsed or copied (by its ``__reduce__``, as a process pool sends it) is the
    one card of that rank and suit."""
    assert Card(card.rank, card.suit) is card
    assert Card.parse(str(card)) is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    rebuild, args = card.__reduce__()
    assert rebuild(*args) is card
    assert replace(card) is card


def test_a_rank_of_an_int_subclass_is_the_card_of_that_plain_rank() -> None:
    class Rank(int):
        pass

    card = Card(Rank(12), Suit.HEARTS)
    assert card is Card.parse("QH") and type(card.rank) is int


def walked(world: WorldMap) -> list[tuple[int, int]]:
    """The nearest unlit beacon by a plain breadth-first walk over the revealed cells, the
    neighbours in the order of NEIGHBOURS: what beacon_path finds, its shortcuts aside."""
    targets = {r.at for r in world.regions if r.beacon and not r.lit}
    if world.token is None or not targets:
        return []
    came: dict[tuple[int, int], tuple[int, int] | None] = {world.token: None}
    queue = [world.token]
    for cell in queue:
        if cell in targets:
            path = [cell]
            while (back := came[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        for dx, dy in NEIGHBOURS:
            step = (cell[0] + dx, cell[1] + dy)
            if step in world.revealed and step not in came:
                came[step] = cell
                queue.append(step)
    return []


def test_the_way_to_the_nearest_beacon_is_the_plain_walks() -> None:
    """beacon_path goes next door without a walk, and walks from the map's unlit beacons: the
    same path as the plain walk from the regions, map after map (with unlit beacons to find)."""
    from rules.firelights.strategy import beacon_path

    worlds = {id(state.world): state for state in STATES if state.world.token is not None}
    found = [len(walked(state.world)) for state in worlds.values()]
    assert sum(length == 2 for length in found) > 20 and sum(length > 2 for length in found) > 5
    for state in worlds.values():
        assert beacon_path(state) == walked(state.world)


def test_the_way_to_the_nearest_beacon_on_made_up_maps() -> None:
    """Maps no journey may have dealt (beacons side by side, lit and unlit, behind hidden
    paths): beacon_path is still the plain walk's."""
    import random

    from rules.firelights.strategy import beacon_path
    from rules.firelights.world import Region

    rng, cards = random.Random(5), full_deck()
    for _ in range(3000):
        cells = rng.sample([(x, y) for x in range(-2, 3) for y in range(-2, 3)], rng.randint(2, 14))
        regions = []
        for card, cell in zip(rng.sample(cards, len(cells)), cells, strict=True):
            face_up = rng.random() < 0.8
            beacon = face_up and rng.random() < 0.4
            lit = beacon and rng.random() < 0.3
            regions.append(Region(card, cell, face_up=face_up, beacon=beacon, lit=lit))
        token = rng.choice([r.at for r in regions if r.face_up] or [cells[0]])
        world = WorldMap(tuple(regions), token)
        assert beacon_path(State(world=world)) == walked(world)
        # the token elsewhere on the same map (its revealed cells and unlit beacons the same
        # objects, as travelling hands them on): on a face-up card, a hidden path, off the map
        _ = (world.unlit, world.revealed)  # worked out, to be handed on
        for elsewhere in rng.sample([(x, y) for x in range(-3, 4) for y in range(-3, 4)], 6):
            moved = object.__new__(WorldMap)
            moved.__dict__.update(world.__dict__, token=elsewhere)
            assert beacon_path(State(world=moved)) == walked(moved)
