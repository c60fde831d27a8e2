"""A notebook that holds journal cells of two journeys runs again without moving any entry.

Why: "Each %%journal entry stays with the journey it was written in ... A notebook holding
cells of two journeys re-runs without moving or duplicating any entry: test exactly that (two
journeys, cells written in each, Run-All order, count rows in both files before/after)."

The notebook: the cell that opens the journey, two journal cells, the panel's New journey (a
click, not a cell), two more journal cells. Run All after a restart opens the journey played last
(the second), and each journal cell is run again in notebook order.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from journal_helpers import begin, step

from rules.book import JourneyBook
from widgets.parts import journal as journal_module
from widgets.parts.journal import JournalEntry, journal

CELLS = [
    ("c1", "Wick wakes in the ash fields."),
    ("c2", "The first beacon is cold."),
    ("c3", "A second Firelight, Ash, sets out."),
    ("c4", "Ash finds the river."),
]


def rows(path: Path) -> dict[str, int]:
    """How many rows of each kind the journey file holds (read by SQLite, not by Lantern)."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return dict(db.execute("SELECT kind, count(*) FROM book GROUP BY kind ORDER BY kind"))
    finally:
        db.close()


Run = Callable[..., JournalEntry]
TEXT_KEY = journal_module._cell_key  # outside a kernel: a hash of the text


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch) -> Run:
    """Runs one journal cell: JupyterLab sends the cell's id with it (``ids``); nbconvert and
    nbval send none, and the entry is keyed by a hash of its text."""

    def run_cell(cell: str, text: str, *, ids: bool = True) -> JournalEntry:
        key = (lambda _text: f"cell:{cell}") if ids else TEXT_KEY
        monkeypatch.setattr(journal_module, "_cell_key", key)
        return journal(text)

    return run_cell


@pytest.mark.parametrize("ids", [True, False], ids=["cell-ids", "text-hash"])
def test_run_all_of_a_notebook_of_two_journeys_moves_and_duplicates_nothing(
    journeys: Path, run: Run, ids: bool
) -> None:
    first = JourneyBook.open_or_start(game="firelights")  # the notebook's first cell
    begin(first)
    for cell, text in CELLS[:2]:
        run(cell, text, ids=ids)
        step(first)
    second = JourneyBook.start("ash", game="firelights")  # the panel's New journey
    first.close()
    begin(second)
    for cell, text in CELLS[2:]:
        run(cell, text, ids=ids)
        step(second)
    second.close()
    before = {path.name: rows(path) for path in (first.path, second.path)}
    assert before == {
        "firelights.lantern": {"action": 3, "note": 2},
        "ash.lantern": {"action": 3, "note": 2},
    }
    notes_before = {book.name: JourneyBook.open(book.path).notes() for book in (first, second)}

    again = JourneyBook.open_or_start(game="firelights")  # Restart Kernel + Run All
    assert again.name == "ash"
    shown = [run(cell, text, ids=ids) for cell, text in CELLS]
    again.close()

    assert {path.name: rows(path) for path in (first.path, second.path)} == before
    assert {b.name: JourneyBook.open(b.path).notes() for b in (first, second)} == notes_before
    assert [entry.journey for entry in shown] == ["firelights", "firelights", "ash", "ash"]
    assert [entry.note.after for entry in shown] == [1, 2, 1, 2]
    assert "Journey Book of <i>firelights</i>, after action 1" in shown[0]._repr_html_()


def test_an_edited_cell_of_the_other_journey_changes_its_entry_there(
    journeys: Path, run: Run
) -> None:
    """With a real cell id the edit is the same entry: its text changes in its own journey."""
    first = JourneyBook.open_or_start(game="firelights")
    begin(first)
    run("c1", "North.")
    second = JourneyBook.start("ash", game="firelights")
    run("c3", "Ash sets out.")
    before = rows(first.path), rows(second.path)
    entry = run("c1", "North, to the windy ridge.")  # edited, run again
    assert entry.journey == "firelights" and entry.note.text == "North, to the windy ridge."
    assert (rows(first.path), rows(second.path)) == before
    assert [n.text for n in first.notes()] == ["North, to the windy ridge."]
    assert [n.text for n in second.notes()] == ["Ash sets out."]
    step(first)  # changed through its open book: it plays on without a JourneyChanged
    first.close()
    second.close()
    again = JourneyBook.open("ash")
    entry = run("c1", "North, to the stormy ridge.")  # the first journey is closed now
    assert entry.journey == "firelights"
    assert [n.text for n in JourneyBook.open(first.path).notes()] == ["North, to the stormy ridge."]
    assert [n.text for n in again.notes()] == ["Ash sets out."]


def test_a_new_cell_goes_into_the_journey_open_now(journeys: Path, run: Run) -> None:
    first = JourneyBook.open_or_start(game="firelights")
    run("c1", "In the first journey.")
    second = JourneyBook.start("ash", game="firelights")
    entry = run("c9", "A new cell.")
    assert entry.journey == "ash" and [n.text for n in second.notes()] == ["A new cell."]
    assert [n.text for n in first.notes()] == ["In the first journey."]


def test_an_unreadable_file_in_the_folder_is_passed_over(journeys: Path, run: Run) -> None:
    book = JourneyBook.open_or_start(game="firelights")
    (journeys / "broken.lantern").write_text("not a journey")
    entry = run("c1", "Still written.")
    assert entry.journey == "firelights" and [n.text for n in book.notes()] == ["Still written."]
