"""The sensible player (rules.firelights.strategy) and the chance that it completes a journey.

The player's measured results are in test_firelights_journeys.py (it completes every journey;
pushing on whenever its Fatigue is full, ``bold``, about 4 in 5). Here: it sees only what a player at
the table sees, it uses its best approach, and chance_to_complete is reproducible, replayable run
by run, and counts "hopeless" journeys apart.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from firelights_helpers import begun

from rules.errors import InvalidInput
from rules.firelights import (
    Begin,
    Discover,
    SensiblePlayer,
    State,
    chance_to_complete,
    journey_outcome,
)
from rules.firelights.curses import CurseTrack
from rules.firelights.strategy import BEGIN, best_approach, hopeless
from rules.firelights.world import Region
from rules.play.simulate import UNFINISHED, run_seed
from rules.record.journey import Journey
from rules.table.cards import Card, Deck, Suit

FACES = [Card(rank, suit) for rank in (11, 12, 13) for suit in Suit]


def sensible_states(seed: int = 4, steps: int = 120) -> list[State]:
    """The states a sensible journey passes through."""
    journey = Journey.start("firelights", seed)
    player, states = SensiblePlayer(), [journey.state]
    for _ in range(steps):
        if journey.state.over:
            break
        journey.play(player.next_action(journey.state))
        states.append(journey.state)
    return states


def hide_faces(state: State) -> State:
    """The same table as a player sees it, with other cards under the hidden paths: each hidden
    card swapped with a card of the draw pile (whose order nobody sees either)."""
    pile = list(state.deck.draw_pile)
    regions = []
    for region in state.world.regions:
        if not region.face_up and pile:
            swapped = pile.pop(0)
            pile.append(region.card)
            region = replace(region, card=swapped)
        regions.append(region)
    return replace(
        state,
        world=replace(state.world, regions=tuple(regions)),
        deck=Deck(tuple(pile), state.deck.discard_pile),
    )


def test_the_player_reads_nothing_a_player_at_the_table_cannot_see() -> None:
    """Rules: a hidden path lies "face down"; the Story Deck is shuffled. Along a whole journey,
    swapping the cards under the hidden paths with cards of the draw pile never changes the
    player's next action."""
    states = [state for seed in range(4) for state in sensible_states(seed, steps=300)]
    with_hidden = [
        s for s in states if s.deck.draw_pile and any(not r.face_up for r in s.world.regions)
    ]
    assert len(with_hidden) >= 40  # the check below is not empty
    player = SensiblePlayer()
    for state in with_hidden:
        other = hide_faces(state)
        assert other != state
        assert player.next_action(other) == player.next_action(state)


def test_the_player_is_a_function_of_the_state() -> None:
    player = SensiblePlayer()
    for state in sensible_states(steps=40):
        assert player(state) == player.next_action(state) == SensiblePlayer().next_action(state)


def test_the_player_begins_with_its_firelight_and_rolls_its_best_approach() -> None:
    """Rules: approaches are +2, +1 and 0; the player rolls with its +2."""
    assert SensiblePlayer().next_action(State()) == BEGIN
    quick = Begin("Ash", "she/her", forceful=0, patient=1, quick=2)
    assert SensiblePlayer(begin=quick).next_action(State()) == quick
    state = begun(forceful=0, patient=1, quick=2).state
    assert best_approach(state) == "quick"
    assert SensiblePlayer().next_action(state) == Discover("quick")


def test_no_approach_before_the_journey_begins() -> None:
    with pytest.raises(InvalidInput, match="before the journey begins"):
        best_approach(State())


def stacked(*cards: Card) -> State:
    tracks = (CurseTrack("Talon", tuple(cards)), *State().curses[1:])
    return replace(State(), curses=tracks)


def test_a_journey_is_hopeless_when_too_few_face_cards_are_left_for_the_beacons() -> None:
    """Six beacons need six face cards; a card stacked on a curse never leaves it, and the starting
    region never holds a beacon. Twelve face cards: six stacked leave exactly enough, seven leave
    too few."""
    assert not hopeless(State())
    assert not hopeless(stacked(*FACES[:6]))
    assert hopeless(stacked(*FACES[:7]))
    # a beacon already on the map counts as one of the face cards still available
    world = replace(State().world, regions=(Region(FACES[11], (0, 0), beacon=True),), token=(0, 0))
    assert not hopeless(replace(stacked(*FACES[:6]), world=world))
    # a face card as the starting region holds no beacon and never will: one fewer left
    start = replace(State().world, regions=(Region(FACES[11], (0, 0)),), token=(0, 0))
    assert not hopeless(replace(stacked(*FACES[:5]), world=start))
    assert hopeless(replace(stacked(*FACES[:6]), world=start))


def test_journey_outcome_names_how_a_journey_ended() -> None:
    assert journey_outcome(State()) is None
    assert journey_outcome(replace(State(), status="complete")) == "complete"
    assert journey_outcome(replace(State(), status="extinguished")) == "extinguished"
    assert journey_outcome(stacked(*FACES[:7])) == "hopeless"


def test_chance_to_complete_is_reproducible() -> None:
    first = chance_to_complete(runs=12, seed=3)
    assert first == chance_to_complete(runs=12, seed=3)
    assert first.runs == 12
    assert set(first.outcomes) <= {"complete", "extinguished", "hopeless", UNFINISHED}


def test_each_simulated_run_is_a_journey_that_can_be_replayed() -> None:
    """Run i of a simulation from a fresh start is Journey.start with run_seed(seed, i)."""
    result = chance_to_complete(runs=1, seed=8)
    journey = Journey.start("firelights", run_seed(8, 0))
    player, steps = SensiblePlayer(), 0
    while journey_outcome(journey.state) is None:
        journey.play(player(journey.state))
        steps += 1
    assert result.counts == ((journey_outcome(journey.state), 1),)
    assert result.steps == steps == len(journey.entries)


def test_the_bold_player_sometimes_puts_its_light_out() -> None:
    """Measured over 200 runs (seed 0): the sensible player completes 199/200, interval 97.2% to
    99.9% (once too few cards are left for another action); the bold one 163/200 (81.5%, 75.5%
    to 86.3%), its light out in the others."""
    careful = chance_to_complete(runs=30, seed=0)
    bold = chance_to_complete(runs=30, seed=0, player=SensiblePlayer(bold=True))
    assert careful.count("complete") == 30
    assert careful.interval("complete")[1] == 1.0
    assert 0 < bold.count("extinguished") < 30
    assert bold.count("complete") + bold.count("extinguished") == 30


def test_chance_to_complete_from_a_given_state() -> None:
    """From a state half way through a journey, the simulation plays on from there."""
    middle = sensible_states(seed=4, steps=30)[-1]
    assert journey_outcome(middle) is None
    result = chance_to_complete(middle, runs=5, seed=1)
    assert result.runs == 5 and result.longest < 1000


def test_a_state_already_over_ends_every_run_at_once() -> None:
    done = replace(State(), status="complete")
    result = chance_to_complete(done, runs=4)
    assert result.counts == (("complete", 4),) and result.steps == 0


@pytest.mark.parametrize("state", ["fresh", 3])
def test_chance_to_complete_needs_a_firelights_state(state: Any) -> None:
    with pytest.raises(InvalidInput) as caught:
        chance_to_complete(state)
    assert repr(state) in str(caught.value)


def test_chance_to_complete_refuses_bad_runs() -> None:
    with pytest.raises(InvalidInput, match="got 0"):
        chance_to_complete(runs=0)
