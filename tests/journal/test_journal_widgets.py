"""The notebook side: %%journal, journal(), and the JournalTools buttons (no browser needed).

Why: "The player writes an entry in a cell (a %%journal cell magic, or a function call) that
renders as styled Markdown and is saved with the journey at its point in play. Each panel has a
button that writes the last action's mechanics into the journal: always into the store, and as a
new Markdown cell below in JupyterLab (ipylab's commands) where the frontend allows it, with a
graceful fallback where it does not."

New journey and Open, the journey row of the same buttons, are in test_journey_switch.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell
from journal_helpers import played, step

from rules.book import JourneyBook, registry
from rules.errors import IllegalAction, InvalidInput
from rules.record.markdown import escape
from widgets.frame import JourneyControls as JournalTools
from widgets.frame import controls as controls_module
from widgets.parts import journal as journal_module
from widgets.parts.journal import JournalEntry, journal, load_ipython_extension


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


def test_journal_saves_the_text_at_this_point_and_shows_it_rendered(journeys: Path) -> None:
    book = played("wick", 3)
    entry = journal("The *bridge* sways.")
    assert isinstance(entry, JournalEntry)
    shown = entry._repr_html_()
    assert "<p>The <em>bridge</em> sways.</p>" in shown
    assert 'class="lantern-journal"' in shown and "after action 3" in shown
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


def test_closing_a_journey_gives_the_journal_back_to_the_one_open_before(
    journeys: Path, shell: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A journey opened in a cell and closed again (a study reading an old journey) must not
    leave %%journal writing to a closed file: it writes to the journey still open, and says so
    when none is."""
    monkeypatch.setattr(registry, "_order", [])  # books an earlier test left open stay out
    played("old", 1).close()
    panel = played("panel", 2)
    with JourneyBook.open("old") as old:
        assert JourneyBook.latest() is old
    assert JourneyBook.latest() is panel
    shell.run_cell_magic("journal", "", "Back at the panel's journey.")
    assert [n.text for n in panel.notes()] == ["Back at the panel's journey."]
    panel.close()
    assert JourneyBook.latest() is None
    with pytest.raises(IllegalAction, match="no journey is open"):
        shell.run_cell_magic("journal", "", "Nowhere to write.")


def test_a_journal_cell_run_again_unchanged_adds_nothing_outside_jupyterlab(
    journeys: Path, shell: Any
) -> None:
    """Run All under nbconvert or nbval: no cell id comes with the request, so the entry is keyed
    by a hash of its text; the same text again is the same entry, at its first point in play."""
    book = played("wick", 2)
    for _ in range(2):
        shell.run_cell_magic("journal", "", "Wick reaches the ridge.\n")
        step(book)
    assert [(n.text, n.after) for n in book.notes()] == [("Wick reaches the ridge.\n", 2)]
    assert str(book.notes()[0].key).startswith("text:")


def test_an_edited_journal_cell_outside_jupyterlab_adds_a_new_entry_as_documented(
    journeys: Path, shell: Any
) -> None:
    """Without a cell id nothing tells that the edited text comes from the same cell: the old
    entry stays and the edited one is added (widgets.parts.journal's docstring says so)."""
    book = played("wick", 2)
    shell.run_cell_magic("journal", "", "North.")
    shell.run_cell_magic("journal", "", "North, to the ridge.")
    assert [n.text for n in book.notes()] == ["North.", "North, to the ridge."]
    assert "edited cell adds a *new* entry" in " ".join((journal_module.__doc__ or "").split())


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
        ("docmanager:save",),  # a reload shows the notebook as saved
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
    assert (journeys / "wick.journey-story.md").exists()
    assert (journeys / "wick.journey-story.ipynb").exists()
    assert "wick.journey-story.md" in tools.exported and "written to" in tools.messages.text


def test_export_waits_until_the_journey_has_begun(journeys: Path) -> None:
    """Export was enabled before a character existed; a forged click is refused in the kernel."""
    book = JourneyBook.start("wick")
    made = [False]
    tools = JournalTools(book, app=None, begun=lambda: made[0])
    assert tools.export_button.disabled and tools.story_only.disabled
    tools.export()  # as if the disabled button were clicked anyway
    assert tools.messages.is_error and "nothing to export yet" in tools.messages.text
    assert not list(journeys.glob("wick.journey*.md"))
    made[0] = True
    tools.refresh()
    assert not tools.export_button.disabled and not tools.story_only.disabled
    tools.export()
    assert tools.exported and not tools.messages.is_error, tools.messages.text


def test_write_on_a_voila_page_says_what_the_page_can_do(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Voilà page has no notebook: "copy it into a Markdown cell" asked for what is not there."""
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    tools = JournalTools(played("wick", 2), app=None)
    tools.write_button.click()
    said = tools.fallback.value
    assert "Saved in the Journey Book" in said and "Export writes it" in said
    assert "Markdown cell" not in said and "notebook too" not in said
    assert "<pre>" in said


def test_the_frontend_is_not_made_under_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setattr(controls_module, "_frontend", None)
    assert controls_module.frontend() is None


@pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning")
def test_outside_jupyterlab_the_real_frontend_never_gets_ready_and_write_falls_back(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ipylab's JupyterFrontEnd is made (no kernel, no browser here) and never says ready."""
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.setattr(controls_module, "_frontend", None)
    book = played("wick", 2)
    tools = JournalTools(book)
    assert tools.app is controls_module.frontend() and tools.app.ready_now is False
    tools.write_button.click()
    assert "copy it into a Markdown cell" in tools.fallback.value


# --- reroll only what met chance -------------------------------------------------------------------


def test_the_reroll_button_is_disabled_after_an_action_without_chance_and_says_why(
    journeys: Path,
) -> None:
    from rules.firelights import Begin, Choose, Discover

    book = JourneyBook.start("wick", seed=11)
    tools = JournalTools(book, app=None)
    assert tools.reroll_button.disabled and "nothing has been played" in tools.reroll_button.tooltip
    book.play(Begin("Wick", "she/her", 2, 1, 0), [["5C"]])
    book.play(Discover("quick"), [["9H", "KS"], [6, 6]])
    tools.refresh()
    assert not tools.reroll_button.disabled
    assert tools.reroll_button.tooltip == controls_module.REROLL_TIP
    book.play(Choose("KS"))
    tools.refresh()
    assert tools.reroll_button.disabled
    assert tools.reroll_button.tooltip.endswith(
        "not now: the last action (Choose) drew and rolled nothing: undo it first to reroll "
        "the one before"
    )
    tools.undo_button.click()
    assert not tools.reroll_button.disabled


# --- where Write to journal puts its cell ------------------------------------------------------------


def _cells(*sources: str) -> list[dict[str, Any]]:
    """Notebook cells ``c0``, ``c1``...: ``code:`` sources are code, the rest Markdown."""
    return [
        {"id": f"c{i}", "cell_type": "code", "source": text.removeprefix("code:")}
        if text.startswith("code:")
        else {"id": f"c{i}", "cell_type": "markdown", "source": text}
        for i, text in enumerate(sources)
    ]


DOWN = "notebook:move-cursor-down"


def test_a_journal_cell_goes_to_the_end_of_the_journey_book_section() -> None:
    """Entries landed right under the panel, above the "Journey Book" heading that says to write
    below it: the active cell goes to that section's last cell first, so entries stay in order."""
    from widgets.frame.missing import journal_moves

    cells = _cells(
        "# ✹ Firelights — your Journey Book",
        "code:panel",
        "## Journey Book\n\nWrite below.",
        "## What are my odds?",
        "code:odds",
    )
    # From the panel to the heading itself while the section is empty...
    assert journal_moves(cells, "c1") == [DOWN]
    # ...else to its last entry (a heading of a lower level stays in the section).
    with_entries = _cells(
        "code:panel", "## Journey Book", "an entry", "### Day 2", "another", "## Checks"
    )
    assert journal_moves(with_entries, "c0") == [DOWN] * 4
    assert journal_moves(_cells("code:panel", "## Journey Book", "an entry"), "c0") == [DOWN] * 2
    # No such heading (the play notebooks), or a panel not shown by a cell: below the panel.
    assert journal_moves(_cells("# Firelights", "code:panel", "## How to play"), "c1") == []
    assert journal_moves(cells, None) == [] and journal_moves(cells, "gone") == []


def test_write_to_journal_moves_to_the_section_before_inserting(
    journeys: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import json

    from widgets.frame import connection

    notebook = tmp_path / "book.ipynb"
    cells = _cells("code:panel", "## Journey Book", "an entry", "## Odds")
    notebook.write_text(json.dumps({"cells": cells}))
    monkeypatch.setenv("JPY_SESSION_NAME", str(notebook))
    monkeypatch.setattr(connection, "_shown_cell", ["c0"])
    app = FakeFrontEnd()
    tools = JournalTools(played("wick", 2), app=app)
    tools.write_button.click()
    commands = [call[0] for call in app.commands.calls]
    assert commands[:3] == [DOWN, DOWN, "notebook:insert-cell-below"]
