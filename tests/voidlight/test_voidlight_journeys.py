"""Whole expeditions: a scripted one with the invariants after every step, seeded random
playouts where every offered action applies, refusals that change nothing, and replay.

The invariants (voidlight_helpers.check_invariants): slots never over 10, HP in 0..max,
attributes 0..6, pool sizes 0..6, the clock never ahead of where it is heading.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from voidlight_helpers import begun, check_invariants, play, round_trip

from rules.errors import IllegalAction, InvalidInput, LanternError
from rules.record.codec import decode, encode
from rules.record.journey import Journey
from rules.table.chance import Chance, Recording
from rules.voidlight import (
    GAME,
    OUTCOMES,
    Beam,
    Check,
    Choose,
    Cost,
    Elapse,
    Fortune,
    Push,
    React,
    Save,
    StartEncounter,
    State,
    SwapBattery,
    Take,
    available,
    odds,
)
from rules.voidlight.moves import KINDS

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "hardening")]
from stateful_play import random_play  # noqa: E402

#: The generic checker's random play of Voidlight, with the suite's driver (a kind offered,
#: weighted, then one of the actions the rules list of it).
RANDOM_PLAY = random_play("voidlight")

SEEDS = range(24)
STEPS = 250


def test_a_scripted_expedition_keeps_the_invariants_at_every_step() -> None:
    """Create, gear up, check in two Positions, push, take costs, let the clock roll the light,
    switch beam, start a pool, lose the light, save in the dark, swap the battery."""
    journey = begun(vigor=2, operate=2, insight=1, diplomacy=0)
    script: list[tuple[Any, list[object]]] = [
        (Take("Battery"), []),
        (Take("Cutter", "large"), []),
        (Check("operate", "good"), [[4, 1]]),
        (Push(), [[6]]),
        (Check("vigor", "bad"), [[5, 2]]),
        (Cost(33), []),
        (Elapse(20), [[1, 1, 6]]),
        (Beam("low"), []),
        (StartEncounter("Hull noises", 4), []),
        (Check("insight"), [[3]]),
        (Cost(), [53]),
        # Bleeding at 30: 1D-1 = 4; at 40: 0; then the light at 40 (low beam): 1 die lost
        (Elapse(20), [[5], [1], [1]]),
    ]
    for action, outcomes in script:
        play(journey, action, *outcomes)
    state = journey.state
    assert state.light.dice == 0 and state.sheet.hp == 6
    assert state.pending is not None and state.pending.reason == "dark"
    play(journey, Save("vigor"), [5, 1])
    play(journey, SwapBattery())
    assert journey.state.light.dice == 6 and journey.state.sheet.vigor == 1
    assert [c.name for c in journey.state.sheet.conditions] == ["Fatigued", "Bleeding"]
    assert round_trip(journey).state == journey.state


def test_a_new_battery_item_cost_falls_then_choose() -> None:
    journey = begun()
    play(journey, Take("Battery"))
    play(journey, Check("vigor"), [1, 2])
    play(journey, Cost(41))
    play(journey, Choose("Battery"))
    assert "swap_battery" not in available(journey.state)


def playout(seed: int) -> Journey[Any, Any]:
    """A random expedition: every action built from an offered kind applies; a refused kind is
    refused with a LanternError that changes nothing."""
    rng = random.Random(seed)
    journey = Journey.start("voidlight", seed, rng.choice([{}, {"play": "group"},
                                                            {"timer": "scenes"}]))  # fmt: skip
    for _ in range(STEPS):
        state = journey.state
        offered = available(state)
        refused = [kind for kind in KINDS if kind not in offered]
        if refused:
            kind = rng.choice(refused)
            before = (journey.state, len(journey.entries), journey.chance.steps)
            action = _any_action(kind)
            if action is not None:
                with pytest.raises(LanternError):
                    journey.play(action)
                assert before == (journey.state, len(journey.entries), journey.chance.steps)
        action = RANDOM_PLAY.pick(state, rng)
        expected = odds(state, action)
        journey.play(action)
        check_invariants(journey.state)
        if isinstance(action, Check | Push | Save | Fortune | React):
            assert expected is not None
            assert journey.last.outcome in expected  # what happened had a chance to
            assert sum(expected.values()) == 1
            assert set(expected) <= set(OUTCOMES[action.kind])
        if journey.state.over:
            break
    return journey


def _any_action(kind: str) -> Any:
    """A well-formed action of ``kind`` to offer where it is not available."""
    samples: dict[str, Any] = {
        "check": Check("vigor"), "push": Push(), "cost": Cost(11), "save": Save("vigor"),
        "choose": Choose("x"), "swap_battery": SwapBattery(), "create": None,
    }  # fmt: skip
    return samples.get(kind)


@pytest.fixture(scope="module")
def playouts() -> dict[int, Journey[Any, Any]]:
    return {seed: playout(seed) for seed in SEEDS}


def test_every_offered_action_applies_in_seeded_random_playouts(
    playouts: dict[int, Journey[Any, Any]],
) -> None:
    kinds = {entry.action["kind"] for journey in playouts.values() for entry in journey.entries}
    assert {"check", "push", "cost", "save", "choose", "elapse", "swap_battery"} <= kinds
    assert any(journey.state.light.dead or journey.state.over for journey in playouts.values())


def test_a_playout_replays_from_its_record_to_the_same_state(
    playouts: dict[int, Journey[Any, Any]],
) -> None:
    for journey in playouts.values():
        assert round_trip(journey).state == journey.state


def test_a_state_snapshot_round_trips_through_the_codec(
    playouts: dict[int, Journey[Any, Any]],
) -> None:
    for journey in playouts.values():
        assert decode(State, encode(journey.state)) == journey.state


def test_the_same_seed_plays_the_same_expedition() -> None:
    assert playout(5).to_json() == playout(5).to_json()


def test_every_chance_step_states_its_exact_odds_before_it_is_sampled() -> None:
    """Each step an action meets has a distribution whose outcome the sample is one of."""
    journey = begun(seed=9)
    for action in (Check("vigor"), Push(), Cost(), Elapse(60)):
        if action.kind not in available(journey.state):
            continue
        recording = Recording(Chance(9, journey.chance.steps))
        GAME.apply(journey.state, action, recording)
        for step, outcome in zip(recording.steps, recording.outcomes, strict=True):
            value = step.check(outcome)
            assert step.distribution()[value] > 0
        journey.play(action)


def test_refused_actions_are_sentences_quoting_the_bad_value() -> None:
    journey = begun()
    with pytest.raises(InvalidInput, match="'strength'"):
        journey.play(Check("strength"))
    with pytest.raises(InvalidInput, match="'sideways'"):
        journey.play(Check("vigor", "sideways"))
    with pytest.raises(IllegalAction, match="Push is not possible now: make a Check first"):
        journey.play(Push())
    with pytest.raises(InvalidInput, match="'fly'"):
        GAME.parse_action({"kind": "fly"})
    with pytest.raises(InvalidInput, match="'speed'"):
        GAME.parse_action({"kind": "elapse", "minutes": 5, "speed": 2})


def test_actions_print_to_and_parse_from_json() -> None:
    for action in (Check("vigor", "good"), Cost(None), Elapse(20), Take("Cutter", "large")):
        assert GAME.parse_action(action.to_json()) == action


def test_the_summary_names_the_sheet_the_slots_and_the_light() -> None:
    journey = begun()
    play(journey, Take("Cutter", "large"))
    text = GAME.summary(journey.state)
    assert "**Vex** (she/her)" in text and "Cutter, Cutter" in text and "Voidlight P6/6" in text
    assert GAME.describe(journey.last).startswith("Take an item")
