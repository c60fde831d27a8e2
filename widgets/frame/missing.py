"""The offer of journal entries a reload lost: "2 journal entries are in your Journey Book but not
in this notebook: Insert them".

Why: a reload shows the notebook as last saved, and JupyterLab autosaves only every two minutes
(docs/developer-guide/connection.md), so a ``%%journal`` cell written since is gone from the page while its entry
is in the book. The row counts such entries (:func:`widgets.parts.journal.missing_entries`) when the
page loads, each time a journal cell runs, and when the panel switches journeys; its button
inserts them as cells at the end of the notebook's Journey Book section (else below the
panel), each under its entry's own key, runs them and saves.
Only in JupyterLab: elsewhere there is no notebook to insert into.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from rules.book import JourneyBook, Note
from rules.errors import IllegalAction
from widgets.parts.journal import cell_source, forget_seen, missing_entries, notebook_path, on_entry
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.theme import button

__all__ = [
    "MissingEntries",
    "go_to_journal_end",
    "insert_code_cell",
    "journal_moves",
    "save_notebook",
]

#: The notebook heading under which the player's journal is written (the journal notebooks').
JOURNAL_HEADING = "journey book"


def _heading_level(cell: dict[str, Any]) -> int | None:
    """The level of a Markdown cell's heading (JupyterLab moves between such cells), or None."""
    if cell.get("cell_type") != "markdown":
        return None
    source = cell.get("source", "")
    text = "".join(source) if isinstance(source, list) else str(source)
    for line in text.splitlines():
        stripped = line.lstrip("#")
        if line.startswith("#") and stripped.startswith(" "):
            return len(line) - len(stripped)
    return None


def journal_moves(cells: list[dict[str, Any]], panel_cell: str | None) -> list[str]:
    """The JupyterLab commands that take the active cell from the panel's (``panel_cell``, its id)
    to the last cell of the "Journey Book" section below it, so that an entry inserted below
    lands under the heading that asks for entries, after the entries already there (in order).
    ``[]`` (stay: below the panel) where there is no such heading after the panel.

    One step down per cell: ipylab does not wait for a command before the next, and JupyterLab's
    move to the next heading finishes later than the insert sent after it (seen in Chromium),
    while a step down is done at once.
    """
    ids = [cell.get("id") for cell in cells]
    if panel_cell is None or panel_cell not in ids:
        return []
    start = ids.index(panel_cell)
    levels = [_heading_level(cell) for cell in cells]
    headings = [i for i in range(start + 1, len(cells)) if levels[i] is not None]
    book = next(
        (i for i in headings if JOURNAL_HEADING in "".join(cells[i].get("source", "")).lower()),
        None,
    )
    if book is None:
        return []
    level = levels[book] or 1
    after = [i for i in headings if i > book and (levels[i] or 1) <= level]
    last = (after[0] if after else len(cells)) - 1
    return ["notebook:move-cursor-down"] * (last - start)


def go_to_journal_end(app: Any) -> None:
    """Make the last cell of the notebook's Journey Book section the active one (see
    :func:`journal_moves`; the notebook as last saved tells where its cells are: Write to journal
    saves it after each entry)."""
    from widgets.frame.connection import shown_in_cell
    from widgets.parts.journal import notebook_path

    path = notebook_path()
    if path is None:
        return
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return
    for command in journal_moves(cells, shown_in_cell()):
        app.commands.execute(command)


def insert_code_cell(app: Any, text: str) -> None:
    """A code cell with ``text`` below the active cell, run (a ``%%journal`` cell shows its entry)."""
    app.commands.execute("notebook:insert-cell-below")
    app.commands.execute("notebook:change-cell-to-code")
    app.commands.execute("notebook:replace-selection", {"text": text})
    app.commands.execute("notebook:run-cell")


def save_notebook(app: Any) -> None:
    """Save the notebook now: a reload shows the notebook as saved, and autosave may be two
    minutes away (docs/developer-guide/connection.md)."""
    app.commands.execute("docmanager:save")


def _entries(count: int) -> str:
    """``2 journal entries are`` / ``1 journal entry is``."""
    return f"{count} journal entr{'y is' if count == 1 else 'ies are'}"


class MissingEntries(widgets.HBox):
    """The line and its button, hidden while nothing is missing.

    ``book()`` is the journey the panel shows now; ``app`` is ipylab's ``JupyterFrontEnd`` (its
    ``page_loads`` counts the loads of the page: from the second on, the cells run before it are
    no longer on the page).
    """

    def __init__(
        self, app: Any, messages: MessageArea, book: Callable[[], JourneyBook[Any, Any]]
    ) -> None:
        self.text = widgets.HTML()
        self.button = button(
            "Insert them", "lantern-journal-restore", "Put these entries back into the notebook "
            "as %%journal cells in the Journey Book section (the book keeps them as they are)")  # fmt: skip
        self.button.on_click(lambda _b: self.insert())
        super().__init__([self.text, self.button])
        self.add_class("lantern-journal-missing")
        self.layout.display = "none"
        self.app, self.messages, self.book = app, messages, book
        #: The Journey Book's entries a reload lost from the notebook, to insert again.
        self.missing: list[Note] = []
        if app is None:
            return
        if hasattr(app, "on_ready"):
            app.on_ready(self._page_loaded)
        stop = on_entry(self.check)

        def closed(change: dict[str, Any]) -> None:
            if change["new"] is None:  # Run All made a new panel: this one hears no more
                stop()
                if hasattr(app, "on_ready"):
                    app.on_ready(self._page_loaded, remove=True)

        self.observe(closed, "comm")
        self.check()

    def _page_loaded(self) -> None:
        if getattr(self.app, "page_loads", 1) > 1:  # a reload: the page is the saved notebook
            forget_seen()
        self.check()

    def check(self) -> None:
        """Count the entries of the journey that the notebook no longer shows (JupyterLab)."""
        notebook = notebook_path()
        if notebook is None or not getattr(self.app, "ready_now", False):
            return
        with guarded(self.messages):
            self.missing = missing_entries(self.book(), notebook)
        count = len(self.missing)
        with self.hold_sync():
            self.text.value = (
                f'<span class="lantern-journal-missing-text">{_entries(count)} in your Journey '
                "Book but not in this notebook:</span>"
            )
            self.layout.display = "flex" if count else "none"

    def insert(self) -> None:
        """Insert the missing entries as ``%%journal`` cells (at the end of the Journey Book section, else below the panel), run them (they
        find their own entries: nothing is added to the book) and save the notebook."""
        with guarded(self.messages):
            if self.app is None or not getattr(self.app, "ready_now", False):
                raise IllegalAction("Cells can be inserted only in JupyterLab.")
            entries, self.missing = self.missing, []
            go_to_journal_end(self.app)
            for note in entries:
                insert_code_cell(self.app, cell_source(note))
            save_notebook(self.app)
            self.layout.display = "none"
            self.messages.success(f"{_entries(len(entries))} back in the notebook, in order.")
