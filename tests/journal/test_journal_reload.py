"""The journey kept through reloads and restarts, without a browser.

"After Restart Kernel + Run All and two minutes of play, a browser reload showed 'The panel is
disconnected… Run All' instead of the live panel, and the %%journal cell and the Write-to-journal
cell were gone from the notebook ... The entries were still in the Journey Book." And, smaller: "a
second Run All prints 'extension is already loaded'"; "Firelights' approach choice resets to
Forceful after Run All"; "the JupyterLab panel said 'open it again' but the Open list was empty".
tests/browser/test_journal.py plays the same in JupyterLab.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets
import nbformat
import pytest
from IPython.core.interactiveshell import InteractiveShell
from journal_helpers import played

from rules.book import JourneyBook
from rules.errors import InvalidInput
from rules.firelights import Discover, Rest
from widgets.firelights import FirelightsPanel
from widgets.firelights.action_bar import last_approach
from widgets.frame import JourneyControls, connection
from widgets.parts.journal import _journal_magic, cell_source, forget_seen, journal, missing_entries


class FakeCommands:
    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def execute(self, command: str, args: dict[str, Any] | None = None) -> None:
        self.calls.append((command, args) if args is not None else (command,))


class FakeLab:
    """ipylab's JupyterFrontEnd as the controls use it, with its page loads."""

    def __init__(self) -> None:
        self.ready_now = True
        self.page_loads = 1
        self.commands = FakeCommands()
        self.callbacks: list[Any] = []

    def on_ready(self, callback: Any, remove: bool = False) -> None:
        if remove:
            self.callbacks.remove(callback)
        else:
            self.callbacks.append(callback)

    def reload(self) -> None:
        self.page_loads += 1
        for callback in list(self.callbacks):
            callback()


def notebook_file(folder: Path, *cells: tuple[str, str]) -> Path:
    """A saved notebook of code cells, each (id, source)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source, id=cell) for cell, source in cells]
    path = folder / "firelights.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.fixture(autouse=True)
def _nothing_seen() -> Any:
    forget_seen()
    yield
    forget_seen()


# --- entries a reload lost --------------------------------------------------------------------


def test_entries_whose_cells_the_saved_notebook_lacks_are_missing(tmp_path: Path) -> None:
    book = played("wick", 3)
    journal("Kept, and saved.", key="cell:kept")
    journal("Offered back before.", key="cell:old-cell")
    journal("Lost in the reload.", key="cell:lost")
    book.note("Written from code, with no cell.")
    book.write_mechanics()
    forget_seen()  # the page was loaded again: only the file counts now
    notebook = notebook_file(
        tmp_path,
        ("kept", "%%journal\nKept, and saved."),
        ("new-id", "%%journal key=cell:old-cell\nOffered back before."),
        ("other", "print('not a journal cell')"),
    )
    assert [note.text for note in missing_entries(book, notebook)] == ["Lost in the reload."]


def test_a_cell_run_since_the_page_loaded_is_not_missing_though_unsaved(tmp_path: Path) -> None:
    book = played("wick", 2)
    notebook = notebook_file(tmp_path)
    journal("Run, not saved yet.", key="cell:fresh")
    assert missing_entries(book, notebook) == []
    forget_seen()
    assert [note.key for note in missing_entries(book, notebook)] == ["cell:fresh"]


def test_a_cell_with_the_same_text_under_a_new_id_is_the_entry(tmp_path: Path) -> None:
    """A copied or re-typed cell: its text is the entry's (the key a notebook without ids uses)."""
    book = played("wick", 2)
    journal("The ridge, at dusk.\n", key="cell:first")
    forget_seen()
    notebook = notebook_file(tmp_path, ("second", "%%journal\nThe ridge, at dusk."))
    assert missing_entries(book, notebook) == []


def test_an_offered_cell_runs_to_the_same_entry_and_adds_none(journeys: Path) -> None:
    book = played("wick", 2)
    note = journal("Across the *river*.", key="cell:gone").note
    source = cell_source(note)
    assert source == "%%journal key=cell:gone\nAcross the *river*."
    line, _, body = source.partition("\n")
    shown = _journal_magic(line.removeprefix("%%journal"), body)
    assert shown.note.seq == note.seq and shown.journey == "wick"
    assert [n.text for n in book.notes()] == ["Across the *river*."]
    edited = _journal_magic(" key=cell:gone", "Across the *cold* river.")  # edited, in place
    assert edited.note.seq == note.seq
    assert [n.text for n in book.notes()] == ["Across the *cold* river."]


@pytest.mark.parametrize("line", ["key=abc", "key=", "book other key=cell:x"])
def test_a_bad_magic_line_is_refused_naming_it(journeys: Path, line: str) -> None:
    played("wick", 1)
    with pytest.raises(InvalidInput, match="%%journal"):
        _journal_magic(line, "text")


def test_load_ext_again_says_nothing_and_the_magic_still_works(
    journeys: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each Run All of a game notebook runs %load_ext again."""
    book = played("wick", 1)
    shell = InteractiveShell.instance()
    try:
        for _ in range(3):
            result = shell.run_cell("%load_ext widgets.parts.journal")
            assert result.success
        assert capsys.readouterr().out == ""
        assert shell.run_cell("%%journal\nStill written.").success
        assert [note.text for note in book.notes()] == ["Still written.\n"]
    finally:
        InteractiveShell.clear_instance()


# --- the offer in the panel -----------------------------------------------------------------------


def test_the_controls_offer_lost_entries_after_a_reload_and_insert_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = played("wick", 3)
    notebook = notebook_file(tmp_path, ("kept", "%%journal\nKept."))
    monkeypatch.setenv("JPY_SESSION_NAME", str(notebook))
    lab = FakeLab()
    tools = JourneyControls(book, app=lab)
    assert tools.offer_row.layout.display == "none"
    journal("Kept.", key="cell:kept")
    journal("First, lost.", key="cell:a")
    journal("Second, lost.", key="cell:b")
    assert tools.offer_row.layout.display == "none"  # run in this page: it shows them
    lab.reload()
    assert tools.offer_row.layout.display == "flex"
    assert "2 journal entries are in your Journey Book but not in this notebook" in (
        tools.offer_row.text.value
    )
    tools.offer_row.button.click()
    assert lab.commands.calls == [
        ("notebook:insert-cell-below",),
        ("notebook:change-cell-to-code",),
        ("notebook:replace-selection", {"text": "%%journal key=cell:a\nFirst, lost."}),
        ("notebook:run-cell",),
        ("notebook:insert-cell-below",),
        ("notebook:change-cell-to-code",),
        ("notebook:replace-selection", {"text": "%%journal key=cell:b\nSecond, lost."}),
        ("notebook:run-cell",),
        ("docmanager:save",),
    ]
    assert tools.offer_row.layout.display == "none"
    assert tools.messages.text == "2 journal entries are back in the notebook, below the panel."
    assert len(book.notes()) == 3  # nothing added to the book
    for part in (tools, tools.offer_row):  # Run All closes every part of the old panel
        part.close()
    assert lab.callbacks == []  # and a closed offer hears no more page loads


def test_without_a_notebook_file_nothing_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voilà, nbconvert, a console: no notebook to compare with."""
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    book = played("wick", 2)
    journal("Somewhere.", key="cell:x")
    forget_seen()
    tools = JourneyControls(book, app=FakeLab())
    assert tools.offer_row.layout.display == "none" and tools.offer_row.missing == []


def test_write_to_journal_saves_the_notebook_after_its_cell(journeys: Path) -> None:
    book = played("wick", 3)
    lab = FakeLab()
    JourneyControls(book, app=lab).write_button.click()
    assert [call[0] for call in lab.commands.calls] == [
        "notebook:insert-cell-below",
        "notebook:change-cell-to-markdown",
        "notebook:replace-selection",
        "notebook:run-cell",
        "docmanager:save",
    ]


# --- Open lists this journey when it was played elsewhere ---------------------------------------


def test_open_lists_journeys_begun_elsewhere_and_this_one_once_played_elsewhere(
    journeys: Path,
) -> None:
    """Voilà began another journey, then played this one: the panel refuses to act and says to
    open it again; the Open list then holds it, chosen, and opening it continues from its file."""
    book = played("wick", 2)
    handed: list[JourneyBook[Any, Any]] = []
    tools = JourneyControls(book, app=None, on_switch=handed.append)
    assert tools.journey_choice.options == () and tools.open_button.disabled
    JourneyBook.start("voila-night", game="firelights", seed=3, folder=journeys).close()
    book.make_latest()
    tools.refresh()  # what every render of the panel calls
    assert tools.journey_choice.options == (("voila-night", str(journeys / "voila-night.lantern")),)
    elsewhere = JourneyBook.open(journeys / "wick.lantern")  # Voilà, on this journey
    elsewhere.play(Rest())
    elsewhere.close()
    with pytest.raises(Exception, match="open it again"):
        book.play(Rest())
    tools.refresh()
    here = str(journeys / "wick.lantern")
    assert tools.journey_choice.options == (
        ("wick (played elsewhere: open it again)", here),
        ("voila-night", str(journeys / "voila-night.lantern")),
    )
    assert tools.journey_choice.value == here and not tools.open_button.disabled
    tools.open_button.click()
    assert [b.actions for b in handed] == [3] and tools.messages.kind == "success"
    assert [label for label, _ in tools.journey_choice.options] == ["voila-night"]


# --- the approach, from the record ---------------------------------------------------------------


def test_run_all_keeps_the_approach_the_journey_last_acted_with(journeys: Path) -> None:
    book = played("wick", 2)
    book.play(Discover("quick"))
    while book.state.pending is not None:  # a Shade asks which card joins the map
        book.play(_first_choice(book))
    book.play(Rest())  # no approach: the one before counts
    book.close()
    panel = FirelightsPanel(JourneyBook.open(journeys / "wick.lantern"))
    assert panel.approach.value == "quick"
    panel.approach.value = "patient"  # the player's choice stands through renders
    panel.render()
    assert panel.approach.value == "patient"
    panel.close()


def _first_choice(book: JourneyBook[Any, Any]) -> Any:
    from rules.firelights import Choose

    return Choose(book.state.pending.options[0])


def test_last_approach_reads_back_through_actions_without_one() -> None:
    from rules.record.journey import Entry

    entries = [Entry({"kind": "search", "approach": "patient"}), Entry({"kind": "rest"})]
    assert last_approach(entries) == "patient"
    assert last_approach([Entry({"kind": "rest"})]) is None
    assert last_approach([]) is None


# --- a model id that survives Restart Kernel + Run All ------------------------------------------


class _Kernel:
    def __init__(self) -> None:
        self.parent: dict[str, Any] = {}

    def get_parent(self) -> dict[str, Any]:
        return self.parent


def test_the_panel_holder_takes_the_same_id_on_each_run_of_its_cell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kernel = _Kernel()
    shell = type("Shell", (), {"kernel": kernel})()
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)

    def run(cell: str, message: str) -> None:
        kernel.parent = {"header": {"msg_id": message}, "metadata": {"cellId": cell}}

    run("panel-cell", "run-1")
    first_panel = widgets.Button()
    first = connection.holder(first_panel)
    first_id = first.model_id
    second_place = connection.holder(widgets.Button())
    assert first_id != second_place.model_id  # two panels in one cell's output
    run("panel-cell", "run-2")  # Run All again (or after a restart)
    panel = widgets.Button()
    again = connection.holder(panel)
    assert again.model_id == first_id and first.comm is None  # the old one closed first
    assert again.children == (panel,)
    first_panel.close()  # the earlier panel closing later leaves the new holder alone
    assert again.comm is not None
    panel.close()
    assert again.comm is None  # a holder closes with its panel
    assert connection.broken_widgets() == []
    kernel.parent = {}
    alone = widgets.Button()
    assert connection.holder(alone) is alone  # no cell id (Voilà, nbconvert): the panel itself
    for each in (second_place, alone):
        each.close()
