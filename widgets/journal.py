"""The notebook as the Journey Book: journal cells, the "write to journal" button, the exports.

* ``%%journal`` (after ``%load_ext widgets.journal``) or ``journal("...")`` shows the text as
  styled Markdown (rendered and cleaned: no script, handler or ``javascript:`` link runs) and saves it in the open journey at this point in play. Re-running the cell
  (Run All) adds nothing: the entry is keyed by the notebook cell's id where the frontend sends
  one with the request (JupyterLab does), and an edited cell then updates its entry in place.
  An entry stays with the journey it was written in: re-running a notebook that holds cells of
  two journeys finds each entry in its own journey's file, and the entry shown names it.
  Where no cell id comes (nbconvert, nbval, other frontends) the key is a hash of the text: an
  unchanged cell still adds nothing, but an edited cell adds a *new* entry and the old text stays
  in the book (there is no id to tell it is the same cell).
* The buttons around them (Undo, Redo, Reroll, Write to journal, Export, New / Open journey)
  are the shared game frame's :class:`widgets.frame.controls.JourneyControls`.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.book import JourneyBook, Note
from rules.errors import IllegalAction, InvalidInput
from rules.export import blocks, to_markdown
from widgets.sanitize import markdown_html
from widgets.theme import escape

__all__ = [
    "JournalEntry",
    "export",
    "export_stem",
    "journal",
    "load_ipython_extension",
    "to_notebook",
]

#: Inline so the entry looks like a journal page even before any panel brought its CSS.
ENTRY_STYLE = "border-left: 3px solid #c8892b; padding-left: 0.8em"


# --- journal entries ------------------------------------------------------------------------------


@dataclass(frozen=True)
class JournalEntry:
    """A saved journal entry, shown as its Markdown rendered to clean HTML (plain text where HTML
    is not shown).

    Why HTML and not ``text/markdown``: a kernel's own outputs are trusted, so JupyterLab would
    run whatever HTML the Markdown holds (``<img src=x onerror=...>`` ran on every Run All). The
    entry may come from a journey file someone else wrote; it is rendered here and cleaned with
    nh3 (:func:`widgets.sanitize.markdown_html`), and the journey's name is escaped.
    """

    note: Note
    journey: str

    def _repr_html_(self) -> str:
        where = f"after action {self.note.after}" if self.note.after else "before the first action"
        return (
            f'<div class="lantern-journal" style="{ENTRY_STYLE}">\n'
            f"{markdown_html(self.note.text)}</div>\n"
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
