"""Cards and dice from the table: what the player typed is used and stored, and too few refused.

Why: "The player may enter the cards or dice they drew". Why: "when the player typed
outcomes from the table ... and they are too few for the action, refuse with IllegalAction naming
how many were typed and what was missing ..., unless the caller passes draw_rest=True".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from journal_helpers import begin, digest

from rules.book import JourneyBook
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import Discover, Search
from rules.record.journey import Journey


def test_outcomes_from_the_table_are_stored_and_replay(journeys: Path) -> None:
    book = JourneyBook.start("wick", seed=3)
    begin(book)
    book.play(Search("forceful"), [["7H", "QS"], [4, 5]])
    book.play(Search("forceful"), [["2C", "3C"]], draw_rest=True)  # the dice by Lantern
    assert [e.supplied for e in book.entries] == [0, 2, 1]
    assert book.entries[2].typed == (["2C", "3C"],) and len(book.entries[2].drawn) == 1
    assert book.entries[1].chance == (["7H", "QS"], [4, 5])
    record = book.to_json()
    assert record["entries"][1]["supplied"] == 2
    book.close()
    again = JourneyBook.open("wick")
    assert again.to_json() == record
    assert [row.supplied for row in again.store.rows()] == [0, 2, 1]
    assert Journey.from_json(record).state == again.state


def test_too_few_outcomes_from_the_table_are_refused_unless_lantern_may_draw_the_rest(
    journeys: Path,
) -> None:
    """Why: "Discover a Region needs 2 cards and 2 dice; you typed 1: 7H", unless the caller
    passes draw_rest=True. A refusal writes nothing; a reroll takes the same rule."""
    book = JourneyBook.start("wick", seed=3)
    begin(book)
    before = digest(book.path)
    with pytest.raises(InvalidInput) as caught:
        book.play(Discover("quick"), [["7H"]])
    assert str(caught.value).startswith(
        "Discover a Region needs 2 cards and 2 dice; you typed 1: 7H"
    )
    with pytest.raises(IllegalAction) as refused:
        book.play(Discover("quick"), [["7H", "QS"]])
    assert str(refused.value) == (
        "Discover a Region needs 2 cards and 2 dice; you typed 2: 7H QS. Missing: 2 dice; type "
        "them too, or let Lantern draw and roll the rest"
    )
    assert digest(book.path) == before and book.actions == 1
    book.play(Search("quick"), [["7H", "QS"]], draw_rest=True)
    with pytest.raises(IllegalAction, match=r"^Search For Treasures needs 2 cards and 2 dice"):
        book.reroll([["2C", "3C"]])
    book.reroll([["2C", "3C"]], draw_rest=True)
    assert book.entries[-1].typed == (["2C", "3C"],) and book.entries[-2].superseded
    record = book.to_json()
    book.close()
    assert JourneyBook.open("wick").to_json() == record
