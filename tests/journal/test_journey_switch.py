"""A new journey, or another one, without code: the journey row of the JournalTools buttons.

New journey starts a named journey in the same folder and hands it to the panel; Open continues
another journey of the folder where it stands. A taken or bad name is refused and the journey in
play stays, open and unchanged; the old book closes only once the panel holds the new one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from journal_helpers import digest, played, step

from rules.book import JourneyBook
from rules.errors import IllegalAction
from widgets.frame import JourneyControls as JournalTools


class Switches:
    """What a panel's ``use(book)`` would see: each book handed over, and whether it was open."""

    def __init__(self) -> None:
        self.books: list[JourneyBook[Any, Any]] = []

    def __call__(self, book: JourneyBook[Any, Any]) -> None:
        assert book.store.integrity() == ["ok"]  # handed over open, before the old one closes
        self.books.append(book)


def closed(book: JourneyBook[Any, Any]) -> bool:
    import sqlite3

    try:
        book.store.rows()
    except sqlite3.ProgrammingError:
        return True
    return False


def test_new_journey_starts_a_named_journey_in_the_same_folder_and_hands_it_over(
    journeys: Path,
) -> None:
    old = played("wick", 3)
    switches = Switches()
    tools = JournalTools(old, app=None, on_switch=switches)
    assert tools.journey_row.layout.display != "none"
    tools.new_name.value = "  second journey "
    tools.new_button.click()
    assert [book.name for book in switches.books] == ["second journey"]
    new = switches.books[0]
    assert (
        tools.book is new and new.actions == 0 and new.path == journeys / "second journey.lantern"
    )
    assert (new.game, dict(new.options)) == (old.game, dict(old.options))
    assert closed(old) and not closed(new)
    assert JourneyBook.latest() is new  # %%journal now writes into the new journey
    assert tools.new_name.value == "" and tools.messages.kind == "success"
    assert "'second journey'" in tools.messages.text and "'wick' is kept" in tools.messages.text
    assert tools.journey_choice.options == (("wick", str(journeys / "wick.lantern")),)
    assert tools.undo_button.disabled and tools.reroll_button.disabled  # the new book's buttons


@pytest.mark.parametrize(
    ("typed", "fragment"),
    [
        ("wick", "already exists"),
        ("", "Type a name"),
        ("../elsewhere", "not a path"),
        ("other.lantern", "not a path"),
        ("wick?", "a journey name is letters"),
    ],
    ids=["taken", "empty", "path", "file-name", "bad-character"],
)
def test_new_journey_refuses_a_taken_or_bad_name_and_stays_on_this_journey(
    journeys: Path, typed: str, fragment: str
) -> None:
    old = played("wick", 3)
    before = digest(old.path)
    switches = Switches()
    tools = JournalTools(old, app=None, on_switch=switches)
    tools.new_name.value = typed
    tools.new_button.click()
    assert tools.messages.is_error and fragment in tools.messages.text
    assert switches.books == [] and tools.book is old and not closed(old)
    assert digest(old.path) == before
    assert sorted(p.name for p in journeys.glob("*.lantern")) == ["wick.lantern"]


def test_open_continues_another_journey_of_the_folder_where_it_stands(journeys: Path) -> None:
    first = played("ash", 5)
    record = first.to_json()
    first.close()
    (journeys / "broken.lantern").write_text("not a journey")  # unreadable: not offered
    current = played("wick", 2)
    switches = Switches()
    tools = JournalTools(current, app=None, on_switch=switches)
    assert tools.journey_choice.options == (("ash", str(journeys / "ash.lantern")),)
    assert not tools.open_button.disabled
    tools.journey_choice.value = str(journeys / "ash.lantern")
    tools.open_button.click()
    assert [book.name for book in switches.books] == ["ash"]
    assert tools.book.to_json() == record and closed(current)
    assert "5 actions" in tools.messages.text
    assert tools.journey_choice.options == (("wick", str(journeys / "wick.lantern")),)
    step(tools.book)  # it plays on from where it stood
    assert tools.book.actions == 6


def test_when_the_panel_cannot_take_the_new_book_the_old_one_stays_open(journeys: Path) -> None:
    old = played("wick", 2)

    def refuse(book: JourneyBook[Any, Any]) -> None:
        raise IllegalAction("the panel is busy")

    tools = JournalTools(old, app=None, on_switch=refuse)
    tools.new_name.value = "second"
    tools.new_button.click()
    assert tools.messages.is_error and "busy" in tools.messages.text
    assert tools.book is old and not closed(old) and JourneyBook.latest() is old
    step(old)


def test_without_on_switch_the_journey_row_is_hidden_and_nothing_is_listed(journeys: Path) -> None:
    played("ash", 1).close()
    tools = JournalTools(played("wick", 1), app=None)
    assert tools.journey_row.layout.display == "none"
    assert tools.journey_choice.options == ()
    tools.open_journey()
    assert tools.messages.is_error and "no other journey" in tools.messages.text
