"""Odds: the exact chance of each spawn location and of the Night card within the next k draws,
from the cards left (issue #10, "Odds"), computed two ways."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from rules.chance import Chance
from rules.embers import NIGHT, Begin, State, apply, initial
from rules.embers.cards import LOCATIONS
from rules.embers.odds import night_within, spawn_location, spawn_locations
from rules.errors import InvalidInput

replace = State._replace  # a state with some fields changed


def begun(seed: int = 3) -> State:
    state, _ = apply(initial({}), Begin(), Chance(seed))
    return state


def test_the_chance_of_each_spawn_location_is_its_share_of_the_top_run() -> None:
    state = begun()
    run = state.segments[0]
    counts = Counter(LOCATIONS[state.cards.card(c).location] for c in run)
    assert dict(spawn_location(state)) == {k: Fraction(v, len(run)) for k, v in counts.items()}


def test_spawn_locations_agree_with_every_ordering_of_a_small_deck() -> None:
    state = replace(
        begun(), segments=(("Pine Knot", "Oak Log", "Birch Bark"), (NIGHT,), ("Hemlock",))
    )
    second: Counter[str] = Counter()
    orders = list(permutations(state.segments[0]))
    for order in orders:
        second[LOCATIONS[state.cards.card(order[1]).location]] += 1
    got = spawn_locations(state, 4)
    assert dict(got[1]) == {k: Fraction(v, len(orders)) for k, v in second.items()}
    assert dict(got[3]) == {"SW": 1}  # the Night card is skipped: Hemlock comes fourth


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
