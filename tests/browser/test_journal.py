"""The Journey Book in JupyterLab: a %%journal cell, the "Write to journal" button, Run All again.

Issue 4: "Each panel has a button that writes the last action's mechanics into the journal:
always into the store, and as a new Markdown cell below in JupyterLab (ipylab's commands)", and
"Run All ... continues the same journey at the same state". The journey lives in the served copy
of notebooks/, under journeys/ next to the notebook, and is read back from the test process.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness import assert_no_tracebacks, open_notebook, wait_kernel_idle
from playwright.sync_api import expect

from rules.book import JourneyBook

SETUP = """\
%load_ext widgets.journal
from rules.book import JourneyBook
from rules.firelights import Ask, Begin
from widgets.frame import JourneyControls as JournalTools

book = JourneyBook.open_or_start("browser-journal", seed=5)
if not book.entries:
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0), [["5C"]])
    book.play(Ask("likely", "Is the bridge safe?"), [["2D", "3D"], [4, 4]])
"""
ENTRY = "%%journal\nThe bridge *sways*, but it holds.\n"
TOOLS = "tools = JournalTools(book)\ntools\n"
MECHANICS = "Ask the Oracle +2: 2♦ 3♦ vs 4+4+2 = 10: Light"


def test_a_journal_cell_and_the_write_button_fill_the_book_once(
    page: Any, jupyter_server: Any, make_notebook: Any, notebook_dir: Path, shot: Any
) -> None:
    name = make_notebook("journal", SETUP, ENTRY, TOOLS)
    open_notebook(page, jupyter_server, name)
    expect(page.locator(".jp-OutputArea .lantern-journal em")).to_have_text("sways")
    shot(page, "entry")

    expect(page.locator(".lantern-journal-tools.lantern-journal-lab")).to_be_visible()
    page.locator(".lantern-journal-write").click()
    cells = page.locator(".jp-Notebook .jp-Cell")
    expect(cells).to_have_count(4)
    expect(cells.nth(3).locator(".jp-RenderedMarkdown")).to_contain_text(MECHANICS)
    expect(page.locator(".lantern-journal-fallback pre")).to_have_count(0)
    shot(page, "mechanics-inserted")

    # Run All again: nothing is rolled again, and neither entry is saved twice.
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_kernel_idle(page, name)
    expect(page.locator(".jp-OutputArea .lantern-journal em")).to_have_text("sways")
    assert_no_tracebacks(page)

    book = JourneyBook.open(notebook_dir / "journeys" / "browser-journal.lantern")
    assert len(book.entries) == 2
    assert [(note.kind, note.text) for note in book.notes()] == [
        ("note", "The bridge *sways*, but it holds.\n"),
        ("mechanics", book.last.mechanics()),
    ]
    assert book.notes()[0].key.startswith("cell:")  # JupyterLab told the kernel the cell's id
    book.close()
