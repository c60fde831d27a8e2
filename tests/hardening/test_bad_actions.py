"""Actions check their fields' types and values when built and when parsed; a
hand-edited row of a journey file is a CorruptJourney naming the row and the field, the file is
left as it was, and list_journeys reports it as not valid."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import digest, journeys

from rules.book import JourneyBook, list_journeys
from rules.book.store.database import CorruptJourney
from rules.errors import InvalidInput
from rules.firelights import Ask, Begin, BuyInformation, Consult, Rest, Travel
from rules.firelights.actions import parse
from rules.record.journey import Journey

__all__ = ["journeys"]  # the folder fixture, autouse

PAIR = "is a pair (an int, an int)"


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Ask(question=5), "Ask the Oracle: 'question' is a str, got 5"),
        (lambda: Ask(likelihood=None), "Ask the Oracle: 'likelihood' is a str, got None"),
        (lambda: Travel((0.0, 0.0)), f"Travel: 'to' {PAIR}, got (0.0, 0.0)"),
        (lambda: Travel((1, 2, 3)), f"Travel: 'to' {PAIR}, got (1, 2, 3)"),
        (lambda: Rest(entry=5), "Rest: 'entry' is a str, got 5"),
        (
            lambda: Begin("Wick", "she", True, 1, 0),
            "Begin the journey: 'forceful' is an int, got True",
        ),
        (
            lambda: Consult(""),
            "Roll on the tables: 'column' is one of 'region', 'theme', 'event', 'story', got ''",
        ),
        (
            lambda: BuyInformation("2"),  # type: ignore[arg-type]
            "spend a whole number of treasures on Buy Information, 1 or more: '2' is not",
        ),
    ],
)
def test_an_action_with_a_bad_field_is_refused_when_built(build: Any, message: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        build()
    assert type(refused.value) is InvalidInput
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "travel", "to": ["a", "b"]}, f"Travel: 'to' {PAIR}, got ['a', 'b']"),
        ({"kind": "travel", "to": [None, 1]}, f"Travel: 'to' {PAIR}, got [None, 1]"),
        ({"kind": "travel", "to": 7}, "'to' is a cell of the map, [x, y], not 7"),
        ({"kind": "rest", "entry": 5}, "Rest: 'entry' is a str, got 5"),
        (
            {"kind": "consult", "column": ""},
            "Roll on the tables: 'column' is one of 'region', 'theme', 'event', 'story', got ''",
        ),
    ],
)
def test_an_action_with_a_bad_field_is_refused_when_parsed(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse(data)
    assert str(refused.value) == message


def test_a_parsed_cell_is_the_tuple_it_was_built_from() -> None:
    assert parse({"kind": "travel", "to": [1, 2]}) == Travel((1, 2))
    assert parse(Travel((1, 2)).to_json()) == Travel((1, 2))


def _journey_file() -> Path:
    book = JourneyBook.start("wick", game="firelights", seed=7)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    book.play(Ask("likely"))
    book.play(Ask("even"))
    path = book.path
    book.close()
    return path


def _edit(path: Path, sql: str, *args: object) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, args)
    db.close()


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"kind": "travel", "to": ["a", "b"]}, f"Travel: 'to' {PAIR}, got ['a', 'b']"),
        ({"kind": "travel", "to": [None, 1]}, f"Travel: 'to' {PAIR}, got [None, 1]"),
        ({"kind": "rest", "entry": 5}, "Rest: 'entry' is a str, got 5"),
        (
            {"kind": "consult", "column": ""},
            "Roll on the tables: 'column' is one of 'region', 'theme', 'event', 'story', got ''",
        ),
        ({"kind": "ask", "question": 5}, "Ask the Oracle: 'question' is a str, got 5"),
    ],
)
def test_a_hand_edited_action_row_is_a_corrupt_journey_naming_row_and_field(
    body: dict[str, Any], problem: str
) -> None:
    path = _journey_file()
    _edit(path, "UPDATE book SET body = ? WHERE seq = 2", json.dumps(body))
    before = digest(path)
    expected = f"{str(path)!r} has a damaged row 2: {problem}"
    with pytest.raises(CorruptJourney) as refused:
        JourneyBook.open("wick")
    assert str(refused.value) == expected
    assert digest(path) == before
    (listed,) = list_journeys()
    assert isinstance(listed, CorruptJourney)
    assert str(listed) == expected
    assert digest(path) == before


@pytest.mark.parametrize(
    ("supplied", "shown"), [("lots", "'lots'"), (-3, "-3"), (9, "9"), (1.5, "1.5")]
)
def test_a_row_with_a_bad_supplied_count_is_refused(supplied: object, shown: str) -> None:
    path = _journey_file()
    _edit(path, "UPDATE book SET supplied = ? WHERE seq = 2", supplied)
    before = digest(path)
    with pytest.raises(CorruptJourney) as refused:
        JourneyBook.open("wick")
    assert str(refused.value) == (
        f"{str(path)!r} has a damaged row 2: 'supplied' is a count of its 2 outcomes, got {shown}"
    )
    assert digest(path) == before


def test_a_bad_action_in_a_record_is_refused_by_from_json() -> None:
    journey = Journey.start("firelights", seed=7)
    journey.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    record = journey.to_json()
    record["entries"].append({"action": {"kind": "travel", "to": [None, 1]}, "chance": []})  # type: ignore[union-attr]
    with pytest.raises(InvalidInput) as refused:
        Journey.from_json(record)
    assert str(refused.value) == (
        f"entry 2 of the record does not replay: Travel: 'to' {PAIR}, got [None, 1]"
    )
