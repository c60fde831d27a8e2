"""Odds: the exact chance of each spawn location and of the Night card within the next k draws,
from the cards left ("Odds"), computed two ways."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from rules.embers import NIGHT, Begin, State, apply, initial
from rules.embers.cards import LOCATIONS
from rules.embers.odds import Spawn, night_within, spawn_lands, spawn_location, spawn_locations
from rules.errors import InvalidInput
from rules.table.chance import Chance

replace = State._replace  # a state with some fields changed


def begun(seed: int = 3) -> State:
    state, _ = apply(initial({}), Begin(), Chance(seed))
    return state


def test_the_chance_of_each_spawn_location_is_its_share_of_the_top_run() -> None:
    state = begun()
    run = state.segments[0]
    counts = Counter(LOCATIONS[state.cards.card(c).location] for c in run)
    assert dict(spawn_location(state)) == {k: Fraction(v, len(run)) for k, v in counts.items()}


def landing(state: State, monster: str, card: str) -> Spawn:
    """Played out by hand: the monster steps clockwise past heroes, one paw print a step."""
    where, moves = state.cards.card(card).location, state.cards.card(monster).monster.moves
    while moves and state.camp[where] is not None:
        where, moves = (where + 1) % 8, moves - 1
    return Spawn(LOCATIONS[where], LOCATIONS[state.cards.card(card).location])


def test_spawn_locations_agree_with_every_ordering_of_a_small_deck() -> None:
    """ "Flip the top card of the deck to its monster side, and place it in the wild space at
    the location indicated on the new top card. If that location has a hero, the monster spends
    one of its movement points to step one space clockwise": each spawn's monster is the card
    above the one naming its location, so the next spawns are counted over every order of the
    shuffled run, where each monster lands beside the location on its card."""
    state = replace(
        begun(),
        top="Oak Log",  # the Ember Bear, 1 paw print
        segments=(("Pine Knot", "Dead Reed", "Birch Bark"), (NIGHT,), ("Hemlock",)),
    )
    heroes = [LOCATIONS[i] for i in range(8) if state.camp[i]]
    assert heroes == ["N", "E", "S", "W"]
    counted: list[Counter[Spawn]] = [Counter() for _ in range(4)]
    orders = list(permutations(state.segments[0]))
    for order in orders:
        deck = [state.top, *order, "Hemlock"]  # the Night card is skipped, as a spawn skips it
        for j in range(4):
            counted[j][landing(state, deck[j], deck[j + 1])] += 1
    got = spawn_locations(state, 4)
    for j in range(4):
        assert dict(got[j]) == {k: Fraction(v, len(orders)) for k, v in counted[j].items()}
    # Pine Knot names N, where a hero stands: the Ember Bear steps once, to NE.
    assert got[0][Spawn("NE", "N")] == Fraction(1, 3)
    assert dict(spawn_lands(state)) == {"NE": Fraction(2, 3), "NW": Fraction(1, 3)}
    assert dict(spawn_location(state)) == {k: Fraction(1, 3) for k in ("N", "NE", "NW")}


def test_the_night_card_within_the_next_k_draws() -> None:
    state = replace(begun(), top="Fern Frond", segments=(("Pine Knot", "Oak Log"), (NIGHT,)))
    # Draws reveal Pine Knot, then Oak Log, then the Night card (the third draw).
    assert [night_within(state, k) for k in (1, 2, 3, 4)] == [0, 0, 1, 1]


def test_no_night_card_once_it_is_set_aside() -> None:
    state = replace(begun(), segments=(("Pine Knot",),), last_hour=True)
    assert night_within(state, 5) == 0


def test_odds_refuse_a_bad_k() -> None:
    with pytest.raises(InvalidInput, match="not 0"):
        spawn_locations(begun(), 0)
