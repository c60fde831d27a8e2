"""Helpers for the Firelights rule tests: scripted journeys, refusals, and where a card lies.

Cards and dice are scripted with ``Journey.play(action, supplied=[...])``: the outcomes are given
in the order the action resolves them (the 2-card draw as card codes, then the 2d6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rules.firelights import Begin, State, locations
from rules.record.journey import Entry, Journey
from rules.table.cards import Card

__all__ = [
    "assert_refused",
    "begun",
    "frozen",
    "play",
    "where",
]


def begun(
    first: str = "5C",
    *,
    seed: int = 0,
    forceful: int = 2,
    patient: int = 1,
    quick: int = 0,
) -> Journey[Any, Any]:
    """A journey whose Firelight has been created and whose starting region is ``first``."""
    journey = Journey.start("firelights", seed)
    journey.play(Begin("Wick", "they/them", forceful, patient, quick), [[first]])
    return journey


def play(journey: Journey[Any, Any], action: Any, *outcomes: object) -> Any:
    """Play ``action`` with exactly these chance outcomes; check every card is in one place."""
    report = journey.play(action, list(outcomes))
    locations(journey.state)
    return report


def where(state: State, code: str) -> str:
    """Where the card ``code`` lies now: "draw pile", "discard pile", "map", "hidden path"..."""
    return locations(state)[Card.parse(code)]


def frozen(journey: Journey[Any, Any]) -> tuple[State, Any, tuple[Entry, ...], int]:
    """Everything a refused action must leave alone: the state, the last report, the record's
    entries and the chance steps."""
    return journey.state, journey.last, tuple(journey.entries), journey.chance.steps


def assert_refused(
    error: type[Exception], needle: str, call: Callable[[], object]
) -> pytest.ExceptionInfo[Exception]:
    """``call()`` raises exactly ``error`` (not a subclass or parent) with ``needle`` in its message."""
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error, caught.value
    assert needle in str(caught.value), str(caught.value)
    return caught


def codes(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]
