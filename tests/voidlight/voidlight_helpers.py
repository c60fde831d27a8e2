"""Helpers for the Voidlight rule tests: a created character, scripted dice, the invariants.

Dice are scripted with ``Journey.play(action, supplied=[...])``: one outcome per chance step, in
the order :func:`rules.voidlight.apply` documents (a roll of n dice as a list of n faces).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rules.record.journey import Journey
from rules.voidlight import ATTRIBUTES, CREW_MOST, SLOTS, Create, State
from rules.voidlight.pools import FULL
from rules.voidlight.state import crew_status

__all__ = ["assert_refused", "begun", "check_invariants", "play", "round_trip"]


def begun(
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    vigor: int = 2,
    operate: int = 1,
    insight: int = 1,
    diplomacy: int = 1,
    credits_die: int = 3,
) -> Journey[Any, Any]:
    """A journey whose character (Vex) is created by points."""
    journey = Journey.start("voidlight", seed, options)
    play(journey, Create("Vex", "she/her", vigor, operate, insight, diplomacy), [credits_die])
    return journey


def play(journey: Journey[Any, Any], action: Any, *outcomes: object) -> Any:
    """Play ``action`` with exactly these chance outcomes (none: Lantern rolls); check the
    invariants after it."""
    report = journey.play(action, list(outcomes) if outcomes else None)
    check_invariants(journey.state)
    return report


def check_invariants(state: State) -> None:
    """Slots never over 10, HP in 0..max, attributes 0..6, pool sizes 0..6, the clock ordered,
    for every character of the crew; the crew 0 to 6 with names of their own, the expedition's
    status the crew's, every choice asked of someone in it who is not lost, none asked twice."""
    assert 0 <= state.light.dice <= FULL
    assert all(1 <= pool.dice <= 6 for pool in state.encounters)
    assert state.clock.minute <= state.clock.until
    assert (state.clock.owed > 0) <= (state.pending is not None or state.over)
    assert all(foe.hp >= 0 for foe in state.enemies)
    assert 0 <= len(state.crew) <= CREW_MOST
    assert len({name.casefold() for name in state.names}) == len(state.crew)
    assert state.status == crew_status(state.crew)
    assert state.pending is not None or not state.queue
    asked = [p for p in (state.pending, *state.queue) if p is not None]
    assert all(state.member(p.who).status != "lost" for p in asked if not state.over)
    saves = [p.who for p in asked if p.kind == "save"]
    assert len(saves) == len(set(saves))
    for sheet in state.crew:
        assert 0 <= sheet.used_slots <= SLOTS
        assert 0 <= sheet.hp <= sheet.max_hp
        assert all(0 <= sheet.score(name) <= 6 for name in ATTRIBUTES)
        assert all(0 <= sheet.effective(name) <= sheet.score(name) for name in ATTRIBUTES)


def round_trip(journey: Journey[Any, Any]) -> Journey[Any, Any]:
    return Journey.from_json(json.loads(json.dumps(journey.to_json())))


def assert_refused(error: type[Exception], needle: str, call: Callable[[], object]) -> None:
    """``call()`` raises exactly ``error`` and its message contains ``needle``."""
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error, caught.value
    assert needle in str(caught.value), str(caught.value)
