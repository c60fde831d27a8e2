"""Helpers for the Firelights rule tests: scripted journeys, refusals, and where a card lies.

Cards and dice are scripted with ``Journey.play(action, supplied=[...])``: the outcomes are given
in the order the action resolves them (the 2-card draw as card codes, then the 2d6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rules.firelights import Begin, Choose, Discover, Result, Search, State, Travel, locations
from rules.record.journey import Entry, Journey
from rules.table.cards import Card

__all__ = [
    "DARKNESS",
    "HIGH",
    "LIGHT",
    "LOW",
    "SHADE",
    "assert_refused",
    "at_beacon",
    "begun",
    "frozen",
    "lines",
    "play",
    "where",
    "with_hidden_path",
    "with_treasures",
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


LIGHT, SHADE, DARKNESS = Result.LIGHT, Result.SHADE, Result.DARKNESS
LOW = ["2H", "3D"]  # beaten by any forceful score of 4 or more
HIGH = ["KH", "KS"]  # beaten by nothing short of 14


def at_beacon() -> Journey[Any, Any]:
    """Begin at 5♣; Discover (Light) Q♠ above and 2♦ below; travel to the Q♠ beacon."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["QS", "2D"], [6, 6])
    cell = next(r.at for r in journey.state.world.regions if r.card == Card.parse("QS"))
    play(journey, Travel(cell))
    assert journey.state.world.current.beacon and not journey.state.world.current.lit
    return journey


def with_hidden_path(card: str = "QS") -> tuple[Journey[Any, Any], tuple[int, int]]:
    """Begin at 5♣; Discover with Darkness and hide ``card``: a hidden path and 1 Fatigue."""
    journey = begun("5C")
    play(journey, Discover("forceful"), [card, "KD"], [1, 1])
    play(journey, Choose(card))
    hidden = next(r for r in journey.state.world.regions if not r.face_up)
    assert hidden.card == Card.parse(card)
    return journey, hidden.at


def with_treasures(count: int) -> Journey[Any, Any]:
    """Begin at 5♣ and Search with Light/Shade until holding ``count`` treasures."""
    journey = begun("5C")
    spare = iter(["2C", "3C", "4C", "6C", "7C", "8C"])
    while journey.state.treasures < count:
        dice = [6, 6] if count - journey.state.treasures >= 2 else [3, 3]
        play(
            journey,
            Search("forceful"),
            [next(spare), "10C" if dice == [3, 3] else next(spare)],
            dice,
        )
    assert journey.state.treasures == count
    return journey


def lines(journey: Journey[Any, Any]) -> str:
    """The last report's lines, one to a line: what a test looks for a sentence in."""
    return "\n".join(journey.last.lines)
