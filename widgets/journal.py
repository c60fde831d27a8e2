"""The notebook as the Journey Book: journal cells, the "write to journal" button, the exports.

* ``%%journal`` (after ``%load_ext widgets.journal``) or ``journal("...")`` shows the text as
  styled Markdown and saves it in the open journey at this point in play. Re-running the cell
  (Run All) adds nothing: the entry is keyed by the notebook cell's id where the frontend sends
  one with the request (JupyterLab does), and an edited cell then updates its entry in place.
  An entry stays with the journey it was written in: re-running a notebook that holds cells of
  two journeys finds each entry in its own journey's file, and the entry shown names it.
  Where no cell id comes (nbconvert, nbval, other frontends) the key is a hash of the text: an
  unchanged cell still adds nothing, but an edited cell adds a *new* entry and the old text stays
  in the book (there is no id to tell it is the same cell).
* :class:`JournalTools` is the row of buttons a game panel adds: Undo, Redo, Reroll, Write to
  journal, Export, and a Journey row to start a new journey or open another one without code.
  "Write to journal" saves the last action's mechanics line in the store always, and inserts it
  as a Markdown cell below through ipylab where JupyterLab is there; elsewhere (Voila, VS Code,
  nbconvert) it shows the line in the panel to copy.
* :func:`export` writes ``<name>.journey-book.md`` and a clean ``<name>.journey-book.ipynb``
  (Markdown cells only, no outputs) next to the journey file; ``story_only=True`` hides the
  mechanics lines and writes ``<name>.journey-story.md`` and ``.ipynb``. Why the double suffix:
  the default journey is named after its game, and a plain ``firelights.ipynb`` would open as a
  second tab of the same name as the game's notebook. No game notebook ends so, and no two
  journeys' exports can share a name (a journey name cannot end in both).

The store is the source of truth: a cell that ipylab failed to insert is still in the exports.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from rules.book import JourneyBook, Note, list_journeys
from rules.errors import IllegalAction, InvalidInput
from rules.export import blocks, escape, to_markdown
from rules.store import SUFFIX, JourneyInfo
from widgets.messages import MessageArea, guarded
from widgets.theme import button
from widgets.theme import escape as html_escape

__all__ = [
    "JournalEntry",
    "JournalTools",
    "export",
    "export_stem",
    "frontend",
    "journal",
    "load_ipython_extension",
    "to_notebook",
]

#: Inline so the entry looks like a journal page even before any panel brought its CSS.
ENTRY_STYLE = "border-left: 3px solid #c8892b; padding-left: 0.8em"


# --- journal entries ------------------------------------------------------------------------------


@dataclass(frozen=True)
class JournalEntry:
    """A saved journal entry, shown as styled Markdown (plain text where Markdown is not shown)."""

    note: Note
    journey: str

    def _repr_markdown_(self) -> str:
        where = f"after action {self.note.after}" if self.note.after else "before the first action"
        return (
            f'<div class="lantern-journal" style="{ENTRY_STYLE}">\n\n{self.note.text}\n\n</div>\n\n'
            f'<small class="lantern-journal-saved">Journey Book of <i>{escape(self.journey)}</i>, '
            f"{where}</small>"
        )

    def __repr__(self) -> str:
        return self.note.text


def journal(text: str, book: JourneyBook[Any, Any] | None = None) -> JournalEntry:
    """Save ``text`` as a journal entry of ``book``, or (no ``book``) of the journey it was
    written in: the one opened last, unless another journey of its folder holds this cell's
    entry already (a notebook of two journeys, run again: see
    :meth:`~rules.book.JourneyBook.file_note`). Show it, saying which journey holds it."""
    key = _cell_key(text)
    if book is not None:
        return JournalEntry(book.note(text, key=key), book.name)
    latest = JourneyBook.latest()
    if latest is None:
        raise IllegalAction(
            "no journey is open: run JourneyBook.open_or_start(...) before writing in it"
        )
    filed = latest.file_note(text, key=key)
    return JournalEntry(filed.note, filed.journey)


def _cell_key(text: str) -> str:
    """The running notebook cell's id (JupyterLab sends it), else a hash of the text.

    The hash keeps Run All from adding an unchanged entry twice; it cannot know an edited cell
    for the same one, so there an edit adds a new entry (see the module docstring).
    """
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent() if kernel is not None else {}
        cell = (parent or {}).get("metadata", {}).get("cellId")
    except Exception:  # not in a kernel, or an older one: fall back to the text
        cell = None
    if cell:
        return f"cell:{cell}"
    return "text:" + hashlib.sha256(text.strip().encode()).hexdigest()[:20]


def _journal_magic(line: str, cell: str) -> JournalEntry:
    """``%%journal [book]``: the cell's text is a journal entry (of ``book``, a variable name)."""
    from IPython import get_ipython

    name = line.strip()
    book = None
    if name:
        book = get_ipython().user_ns.get(name)
        if not isinstance(book, JourneyBook):
            raise InvalidInput(f"%%journal takes the name of a JourneyBook variable, got {name!r}")
    return journal(cell, book)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext widgets.journal``: registers the ``%%journal`` cell magic."""
    ipython.register_magic_function(_journal_magic, magic_kind="cell", magic_name="journal")


# --- exports -----------------------------------------------------------------------------------


def to_notebook(book: JourneyBook[Any, Any], *, story_only: bool = False) -> Any:
    """The book as a notebook of Markdown cells (stable cell ids, no code, no outputs).

    nbformat is imported here, not with the module: it brings jsonschema, over a second that
    ``%load_ext widgets.journal`` would otherwise cost every notebook that never exports.
    """
    import nbformat

    cells = [
        nbformat.v4.new_markdown_cell(block.text, id=f"lantern-{number:05d}")
        for number, block in enumerate(blocks(book, story_only=story_only))
    ]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["lantern"] = {
        "journey": book.name,
        "game": book.game.name,
        "seed": book.seed,
        "actions": book.actions,
        "story_only": story_only,
    }
    nbformat.validate(notebook)
    return notebook


def export_stem(name: str, *, story_only: bool = False) -> str:
    """The file name of a journey's export, before ``.md`` or ``.ipynb`` (see the module docstring).

    >>> export_stem("firelights"), export_stem("wick", story_only=True)
    ('firelights.journey-book', 'wick.journey-story')
    """
    return f"{name}.journey-{'story' if story_only else 'book'}"


def export(
    book: JourneyBook[Any, Any], folder: Path | str | None = None, *, story_only: bool = False
) -> tuple[Path, Path]:
    """Write ``<name>.journey-book.md`` and ``.ipynb`` (``<name>.journey-story.*`` for the story
    only) into ``folder`` (default: next to the journey file); returns the two paths."""
    import nbformat

    folder = Path(folder) if folder is not None else book.path.parent
    folder.mkdir(parents=True, exist_ok=True)
    stem = export_stem(book.name, story_only=story_only)
    markdown, notebook = folder / f"{stem}.md", folder / f"{stem}.ipynb"
    markdown.write_text(to_markdown(book, story_only=story_only), encoding="utf-8")
    nbformat.write(to_notebook(book, story_only=story_only), str(notebook))
    return markdown, notebook


# --- the buttons ---------------------------------------------------------------------------------

_frontend: Any = None


def frontend() -> Any:
    """The kernel's one ipylab ``JupyterFrontEnd``, or None where there can be none (Voila,
    no ipylab). Its ``ready`` attribute turns True when JupyterLab answers."""
    global _frontend
    if _frontend is None and "VOILA_KERNEL_ID" not in os.environ:
        try:
            from ipylab import JupyterFrontEnd
        except ImportError:
            return None
        app = JupyterFrontEnd()
        app.ready_now = False

        def ready() -> None:
            app.ready_now = True

        app.on_ready(ready)
        _frontend = app
    return _frontend


def _journey_name(text: str, folder: Path) -> str:
    """The name typed for a new journey: a name, never a path (it goes in ``folder``)."""
    name = text.strip()
    if not name:
        raise InvalidInput("type a name for the new journey first")
    if "/" in name or os.sep in name or name.endswith(SUFFIX):
        raise InvalidInput(
            f"a journey name is a name, not a path or a file name, got {text!r}: the new "
            f"journey goes in {str(folder)!r}"
        )
    return name


def insert_markdown_cell(app: Any, text: str) -> None:
    """A Markdown cell with ``text`` below the active cell, rendered (the recipe in
    BROWSER-TESTING.md; clicking a widget's button makes its cell the active one)."""
    app.commands.execute("notebook:insert-cell-below")
    app.commands.execute("notebook:change-cell-to-markdown")
    app.commands.execute("notebook:replace-selection", {"text": text})
    app.commands.execute("notebook:run-cell")


def _button(description: str, kind: str, tooltip: str) -> widgets.Button:
    return button(description, f"lantern-journal-{kind}", tooltip)


REROLL_TIP = (
    "The last action again with fresh cards and dice; the first result stays in the book, "
    "struck through"
)


class JournalTools(widgets.VBox):
    """Undo, Redo, Reroll, Write to journal and Export for one journey, in a row; below it the
    Journey row: start a new journey by name, or open another one of the same folder.

    ``on_change`` runs after each undo, redo or reroll, so the panel re-renders from the book.
    ``on_switch(book)`` hands the panel the book that a New journey or Open made (the panel holds
    the book, so it must take the new one); the old book is closed after it returns. Without
    ``on_switch`` the Journey row is hidden: nobody could take the new book.
    """

    last_written = traitlets.Unicode("", help="The mechanics line last written to the journal.")
    exported = traitlets.Unicode("", help="The files of the last export.")

    def __init__(
        self,
        book: JourneyBook[Any, Any],
        *,
        on_change: Callable[[], object] | None = None,
        on_switch: Callable[[JourneyBook[Any, Any]], None] | None = None,
        messages: MessageArea | None = None,
        app: Any = "auto",
    ) -> None:
        super().__init__()
        self.add_class("lantern-journal-tools")
        self.book = book
        self.on_change = on_change
        self.on_switch = on_switch
        self.messages = messages if messages is not None else MessageArea()
        self.app = frontend() if app == "auto" else app
        self.undo_button = _button("Undo", "undo", "Take back the last action (it can be redone)")
        self.redo_button = _button("Redo", "redo", "Play the undone action again, as it went")
        self.reroll_button = _button("Reroll", "reroll", REROLL_TIP)
        self.write_button = _button(
            "Write to journal", "write", "The last action's mechanics into the journal"
        )
        self.export_button = _button("Export", "export", "Write the Journey Book as .md and .ipynb")
        self.story_only = widgets.Checkbox(value=False, description="story only", indent=False)
        self.story_only.add_class("lantern-journal-story-only")
        self.fallback = widgets.HTML()
        self.fallback.add_class("lantern-journal-fallback")
        self.undo_button.on_click(lambda _b: self._change(self.book.undo))
        self.redo_button.on_click(lambda _b: self._change(self.book.redo))
        self.reroll_button.on_click(lambda _b: self._change(self.book.reroll))
        self.write_button.on_click(lambda _b: self.write())
        self.export_button.on_click(lambda _b: self.export())
        row = widgets.HBox(
            [self.undo_button, self.redo_button, self.reroll_button, self.write_button,
             self.export_button, self.story_only]
        )  # fmt: skip
        self.journey_row = self._build_journey_row()
        self.children = [row, self.journey_row, self.fallback] + (
            [] if messages is not None else [self.messages]
        )
        self._watch_frontend()
        self.refresh_journeys()
        self.refresh()

    def _build_journey_row(self) -> widgets.HBox:
        self.new_name = widgets.Text(
            placeholder="a name for a new journey", layout=widgets.Layout(width="16em")
        )
        self.new_name.add_class("lantern-journal-new-name")
        self.new_button = _button(
            "New journey", "new", "Start a new journey under this name, in the same folder; "
            "this one stays as it is")  # fmt: skip
        self.journey_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="16em"))
        self.journey_choice.add_class("lantern-journal-journeys")
        self.open_button = _button("Open", "open", "Continue the chosen journey where it stands")
        self.new_button.on_click(lambda _b: self.new_journey())
        self.open_button.on_click(lambda _b: self.open_journey())
        label = widgets.HTML("<b>Journey</b>")
        journey_row = widgets.HBox(
            [label, self.new_name, self.new_button, self.journey_choice, self.open_button]
        )
        journey_row.add_class("lantern-journal-journey")
        if self.on_switch is None:
            journey_row.layout.display = "none"
        return journey_row

    def _watch_frontend(self) -> None:
        """Class ``lantern-journal-lab`` once JupyterLab answered (writes then insert cells)."""
        if self.app is None:
            return
        if getattr(self.app, "ready_now", False):
            self.add_class("lantern-journal-lab")
        elif hasattr(self.app, "on_ready"):
            self.app.on_ready(lambda: self.add_class("lantern-journal-lab"))

    def refresh(self) -> None:
        """Enable what the book allows now (call it after the panel played an action)."""
        self.undo_button.disabled = not self.book.can_undo
        self.redo_button.disabled = not self.book.can_redo
        refusal = self.book.reroll_refusal()
        self.reroll_button.disabled = refusal is not None
        self.reroll_button.tooltip = REROLL_TIP + (
            "" if refusal is None else f" — not now: {refusal}"
        )
        self.write_button.disabled = not self.book.can_undo

    # --- the journey row ---------------------------------------------------------------------------

    def refresh_journeys(self) -> None:
        """Offer the other journeys of this game in the book's folder (read only, never changed).

        Listed when the tools are made and after each switch, not after every action: listing
        checks every file.
        """
        if self.on_switch is None:
            return
        here = self.book.path.resolve()
        found = [
            (info.path.name.removesuffix(SUFFIX), str(info.path))
            for info in list_journeys(self.book.path.parent)
            if isinstance(info, JourneyInfo)
            and info.game == self.book.game.name
            and info.path.resolve() != here
        ]
        self.journey_choice.options = found
        self.open_button.disabled = not found

    def new_journey(self) -> None:
        """Start a journey named in the text box (same game, options and folder) and switch to it.

        A taken name is refused by :meth:`JourneyBook.start`; the old journey stays as it is.
        """
        with guarded(self.messages):
            folder = self.book.path.parent
            name = _journey_name(self.new_name.value, folder)
            book = JourneyBook.start(
                name, game=self.book.game.name, options=self.book.options, folder=folder
            )
            old = self.book.name
            self._switch(book)
            self.new_name.value = ""
            self.messages.success(f"A new journey, {book.name!r}, begins; {old!r} is kept.")

    def open_journey(self) -> None:
        """Open the journey chosen in the dropdown and switch to it, where it stands."""
        with guarded(self.messages):
            chosen = self.journey_choice.value
            if not chosen:
                raise IllegalAction(
                    f"there is no other journey in {str(self.book.path.parent)!r} to open: "
                    "start a new one"
                )
            book = JourneyBook.open(Path(chosen), game=self.book.game.name)
            self._switch(book)
            self.messages.success(f"Journey {book.name!r} opened: {book.actions} actions played.")

    def _switch(self, book: JourneyBook[Any, Any]) -> None:
        """Hand ``book`` to the panel, then close the old one; if the panel fails, keep the old."""
        old = self.book
        self.book = book
        try:
            if self.on_switch is not None:
                self.on_switch(book)
        except BaseException:
            self.book = old
            book.close()
            old.make_latest()
            raise
        old.close()
        self.fallback.value = ""
        self.refresh_journeys()
        self.refresh()

    def _change(self, step: Callable[[], object]) -> None:
        with guarded(self.messages):
            step()
            if self.on_change is not None:
                self.on_change()
        self.refresh()

    def write(self) -> None:
        """Save the last action's mechanics; a Markdown cell below in JupyterLab, else shown here."""
        with guarded(self.messages):
            note = self.book.write_mechanics()
            text = escape(note.text)
            self.last_written = note.text
            if self.app is not None and getattr(self.app, "ready_now", False):
                insert_markdown_cell(self.app, text)
                self.fallback.value = ""
            else:
                self.fallback.value = (
                    '<div class="lantern-journal-copy">Saved in the Journey Book. To keep it in '
                    "this notebook too, copy it into a Markdown cell:"
                    f"<pre>{html_escape(text)}</pre></div>"
                )

    def export(self) -> None:
        with guarded(self.messages):
            paths = export(self.book, story_only=self.story_only.value)
            self.exported = " and ".join(str(path) for path in paths)
            self.messages.success(f"Journey Book written to {self.exported}")
