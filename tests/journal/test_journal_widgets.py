"""The notebook side: %%journal, journal(), and the JournalTools buttons (no browser needed).

Issue 4: "The player writes an entry in a cell (a %%journal cell magic, or a function call) that
renders as styled Markdown and is saved with the journey at its point in play. Each panel has a
button that writes the last action's mechanics into the journal: always into the store, and as a
new Markdown cell below in JupyterLab (ipylab's commands) where the frontend allows it, with a
graceful fallback where it does not."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell
from journal_helpers import played, step

from rules.book import JourneyBook
from rules.errors import IllegalAction, InvalidInput
from rules.export import escape
from widgets import journal as journal_module
from widgets.journal import JournalEntry, JournalTools, journal, load_ipython_extension


class FakeCommands:
    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def execute(self, command: str, args: dict[str, Any] | None = None) -> None:
        self.calls.append((command, args) if args is not None else (command,))


class FakeFrontEnd:
    """What JournalTools uses of ipylab's JupyterFrontEnd: ``ready_now`` and ``commands``."""

    def __init__(self, ready: bool = True) -> None:
        self.ready_now = ready
        self.commands = FakeCommands()


@pytest.fixture
def shell() -> Any:
    shell = InteractiveShell.instance()
    load_ipython_extension(shell)
    yield shell
    InteractiveShell.clear_instance()


# --- journal entries -----------------------------------------------------------------------------


def test_journal_saves_the_text_at_this_point_and_shows_styled_markdown(journeys: Path) -> None:
    book = played("wick", 3)
    entry = journal("The *bridge* sways.")
    assert isinstance(entry, JournalEntry)
    markdown = entry._repr_markdown_()
    assert "The *bridge* sways." in markdown
    assert 'class="lantern-journal"' in markdown and "after action 3" in markdown
    assert repr(entry) == "The *bridge* sways."
    assert [(n.text, n.after) for n in book.notes()] == [("The *bridge* sways.", 3)]


def test_running_the_same_journal_cell_again_adds_nothing(journeys: Path) -> None:
    """Without a cell id (nbconvert, nbval) the entry is keyed by its text."""
    book = played("wick", 2)
    journal("North, to the ridge.")
    step(book)
    journal("North, to the ridge.")
    assert [(n.text, n.after) for n in book.notes()] == [("North, to the ridge.", 2)]


def test_an_edited_journal_cell_updates_its_entry_in_place(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In JupyterLab the kernel knows the cell's id: editing the cell and re-running it replaces
    the entry's text, keeping its point in play."""
    book = played("wick", 2)
    monkeypatch.setattr(journal_module, "_cell_key", lambda text: "cell:4f1e")
    journal("North.")
    step(book)
    journal("North, to the windy ridge.")
    assert [(n.text, n.after, n.key) for n in book.notes()] == [
        ("North, to the windy ridge.", 2, "cell:4f1e")
    ]


def test_the_cell_id_comes_from_the_kernels_request(monkeypatch: pytest.MonkeyPatch) -> None:
    class Kernel:
        def get_parent(self) -> dict[str, Any]:
            return {"metadata": {"cellId": "abc-123"}}

    class Shell:
        kernel = Kernel()

    monkeypatch.setattr("IPython.get_ipython", lambda: Shell())
    assert journal_module._cell_key("text") == "cell:abc-123"
    monkeypatch.setattr("IPython.get_ipython", lambda: None)
    assert journal_module._cell_key("text").startswith("text:")


def test_the_journal_magic_writes_to_the_latest_book_or_a_named_one(
    journeys: Path, shell: Any
) -> None:
    first = played("first", 2)
    second = played("second", 1)
    shell.user_ns["first"] = first
    entry = shell.run_cell_magic("journal", "", "Into the latest book.\n")
    assert isinstance(entry, JournalEntry)
    shell.run_cell_magic("journal", "first", "Into the first book.")
    assert [n.text for n in second.notes()] == ["Into the latest book.\n"]
    assert [n.text for n in first.notes()] == ["Into the first book."]
    with pytest.raises(InvalidInput, match="'nobody'"):
        shell.run_cell_magic("journal", "nobody", "Lost.")


def test_journal_without_an_open_book_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JourneyBook, "latest", staticmethod(lambda: None))
    with pytest.raises(IllegalAction, match="open_or_start"):
        journal("Nowhere to write.")


# --- the buttons ---------------------------------------------------------------------------------


def test_write_inserts_a_markdown_cell_below_where_jupyterlab_is_there(journeys: Path) -> None:
    book = played("wick", 3)
    app = FakeFrontEnd()
    tools = JournalTools(book, app=app)
    tools.write_button.click()
    line = book.last.mechanics()
    assert tools.last_written == line
    assert [n.text for n in book.notes()] == [line]
    text = escape(line)
    assert app.commands.calls == [
        ("notebook:insert-cell-below",),
        ("notebook:change-cell-to-markdown",),
        ("notebook:replace-selection", {"text": text}),
        ("notebook:run-cell",),
    ]
    assert tools.fallback.value == ""


@pytest.mark.parametrize("app", [None, FakeFrontEnd(ready=False)], ids=["none", "not-ready"])
def test_write_falls_back_to_showing_the_line_where_there_is_no_frontend(
    journeys: Path, app: Any
) -> None:
    """Voila, VS Code, nbconvert: the line is saved all the same, and shown to copy."""
    book = played("wick", 3)
    tools = JournalTools(book, app=app)
    tools.write_button.click()
    assert [n.kind for n in book.notes()] == ["mechanics"]
    assert "copy it into a Markdown cell" in tools.fallback.value
    assert "Ask the Oracle" in tools.fallback.value
    if app is not None:
        assert app.commands.calls == []


def test_undo_redo_reroll_buttons_change_the_book_and_tell_the_panel(journeys: Path) -> None:
    book = played("wick", 4)
    changes: list[int] = []
    tools = JournalTools(book, app=None, on_change=lambda: changes.append(book.actions))
    assert tools.redo_button.disabled and not tools.undo_button.disabled
    tools.undo_button.click()
    assert changes == [3] and not tools.redo_button.disabled
    tools.redo_button.click()
    assert changes == [3, 4] and tools.redo_button.disabled
    tools.reroll_button.click()
    assert changes == [3, 4, 4] and book.entries[-2].superseded
    assert not tools.messages.is_error


def test_a_refused_button_shows_the_reason_in_the_panel(journeys: Path) -> None:
    book = JourneyBook.start("wick")
    tools = JournalTools(book, app=None)
    assert tools.undo_button.disabled and tools.write_button.disabled
    tools.write()  # as if the button were clicked anyway
    assert tools.messages.is_error and "nothing has been played" in tools.messages.text


def test_the_export_button_writes_both_files(journeys: Path) -> None:
    book = played("wick", 3)
    tools = JournalTools(book, app=None)
    tools.story_only.value = True
    tools.export_button.click()
    assert (journeys / "wick-story.md").exists() and (journeys / "wick-story.ipynb").exists()
    assert "wick-story.md" in tools.exported and "written to" in tools.messages.text


def test_the_frontend_is_not_made_under_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setattr(journal_module, "_frontend", None)
    assert journal_module.frontend() is None


@pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning")
def test_outside_jupyterlab_the_real_frontend_never_gets_ready_and_write_falls_back(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ipylab's JupyterFrontEnd is made (no kernel, no browser here) and never says ready."""
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.setattr(journal_module, "_frontend", None)
    book = played("wick", 2)
    tools = JournalTools(book)
    assert tools.app is journal_module.frontend() and tools.app.ready_now is False
    tools.write_button.click()
    assert "copy it into a Markdown cell" in tools.fallback.value
