"""The notebook as the Journey Book: journal cells, the "write to journal" button, the exports.

* ``%%journal`` (after ``%load_ext widgets.parts.journal``) or ``journal("...")`` shows the text as
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
* A reload of the page shows the notebook as last saved: a ``%%journal`` cell written since is
  gone from it, though its entry is in the book. :func:`missing_entries` names such entries
  (read from the notebook's file, less the cells run since the page loaded); the panel offers
  them back as cells that start ``%%journal key=...``, the entry's own key, so running them
  finds the same entry and adds none.
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
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.book import JourneyBook, Note
from rules.book.export import blocks, to_markdown
from rules.book.journal import cell_notes
from rules.errors import IllegalAction, InvalidInput
from rules.table import platform
from widgets.parts.sanitize import markdown_html
from widgets.parts.theme import escape

__all__ = [
    "JournalEntry",
    "cell_source",
    "export",
    "export_stem",
    "forget_seen",
    "journal",
    "load_ipython_extension",
    "missing_entries",
    "notebook_json",
    "notebook_path",
    "on_entry",
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
    nh3 (:func:`widgets.parts.sanitize.markdown_html`), and the journey's name is escaped.
    """

    #: The entry as the Journey Book keeps it.
    note: Note
    #: The name of the journey it was written to.
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


def journal(
    text: str, book: JourneyBook[Any, Any] | None = None, *, key: str | None = None
) -> JournalEntry:
    """Save ``text`` as a journal entry of ``book``, or (no ``book``) of the journey it was
    written in: the one opened last, unless another journey of its folder holds this cell's
    entry already (a notebook of two journeys, run again: see
    :meth:`~rules.book.journal.JournalEntries.file_note`). Show it, saying which journey holds it.

    ``key`` is the entry's key when the cell names it (a cell offered back after a reload).
    """
    key = key or _cell_key(text)
    if book is not None:
        shown = JournalEntry(book.note(text, key=key), book.name)
    else:
        latest = JourneyBook.latest()
        if latest is None:
            raise IllegalAction(
                "no journey is open: run JourneyBook.open_or_start(...) before writing in it"
            )
        filed = latest.file_note(text, key=key)
        shown = JournalEntry(filed.note, filed.journey)
    _seen.add(key)
    for listener in list(_listeners):
        listener()
    return shown


def _text_key(text: str) -> str:
    # surrogatepass: text the book then refuses in words (a lone surrogate) still has a key
    return "text:" + hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()[:20]


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
    return _text_key(text)


def _magic_line(line: str) -> tuple[str, str | None]:
    """``%%journal [book] [key=...]``: the book variable's name ("" for none) and the key."""
    name, key = "", None
    for word in line.split():
        if word.startswith("key="):
            key = word.removeprefix("key=")
            if not key.startswith(("cell:", "text:")) or len(key) < 6:
                raise InvalidInput(
                    f"%%journal key= takes an entry's key (cell:... or text:...), got {word!r}"
                )
        elif not name:
            name = word
        else:
            raise InvalidInput(f"%%journal takes a JourneyBook variable and key=..., got {line!r}")
    return name, key


def _journal_magic(line: str, cell: str) -> JournalEntry:
    """``%%journal [book] [key=...]``: the cell's text is a journal entry (of ``book``, a variable
    name; ``key`` the entry's key, written by the panel in a cell it offered back)."""
    from IPython import get_ipython

    name, key = _magic_line(line)
    book = None
    if name:
        book = get_ipython().user_ns.get(name)
        if not isinstance(book, JourneyBook):
            raise InvalidInput(f"%%journal takes the name of a JourneyBook variable, got {name!r}")
    return journal(cell, book, key=key)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext widgets.parts.journal``: registers the ``%%journal`` cell magic.

    Again and again without a word: IPython answers a second ``%load_ext`` with "already
    loaded", which every Run All of a notebook would print. So once the cell has run, IPython
    forgets it loaded this extension (the magic stays), and the next one registers it again.
    """
    ipython.register_magic_function(_journal_magic, magic_kind="cell", magic_name="journal")

    def forget(*_args: object) -> None:
        ipython.events.unregister("post_execute", forget)
        ipython.extension_manager.loaded.discard(__name__)

    ipython.events.register("post_execute", forget)


# --- entries missing from the notebook ------------------------------------------------------------

#: The entries' keys that cells ran in this kernel since the page was last loaded.
_seen: set[str] = set()
#: Called after each entry is shown (a panel's offer of missing entries is then re-counted).
_listeners: list[Callable[[], None]] = []


def on_entry(listener: Callable[[], None]) -> Callable[[], None]:
    """Call ``listener()`` after each journal entry a cell shows; returns a function that stops."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def forget_seen() -> None:
    """The page was loaded again: it shows the notebook as saved, not the cells run before."""
    _seen.clear()


def notebook_path() -> Path | None:
    """The notebook this kernel runs for (Jupyter Server tells its kernels), if it is a file."""
    named = os.environ.get("JPY_SESSION_NAME", "")
    if not named.endswith(".ipynb"):
        return None
    path = Path(named)
    return path if path.is_file() else None


def cell_source(note: Note) -> str:
    """The ``%%journal`` cell that shows ``note`` again, under its own key (less the newline
    IPython ends a cell's text with: run, the cell gives back the very text)."""
    return f"%%journal key={note.key}\n{note.text.removesuffix(chr(10))}"


def missing_entries(book: JourneyBook[Any, Any], notebook: Path) -> list[Note]:
    """The journal entries of ``book`` written by notebook cells that neither ``notebook`` (as
    saved) nor a cell run since the page loaded shows: a reload lost their cells."""
    present = set(_seen)
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):  # being written, or not a notebook: nothing to say now
        return []
    for cell in cells:
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        first, _, body = source.partition("\n")
        if cell.get("cell_type") != "code" or not first.startswith("%%journal"):
            continue
        present.add(_text_key(body))
        try:
            present.add(_magic_line(first.removeprefix("%%journal"))[1] or f"cell:{cell.get('id')}")
        except InvalidInput:
            continue
    return [
        note
        for note in cell_notes(book.store)
        if note.key not in present and _text_key(note.text) not in present
    ]


# --- exports -----------------------------------------------------------------------------------


def to_notebook(book: JourneyBook[Any, Any], *, story_only: bool = False) -> Any:
    """The book as a notebook of Markdown cells (stable cell ids, no code, no outputs).

    nbformat is imported here, not with the module: it brings jsonschema, over a second that
    ``%load_ext widgets.parts.journal`` would otherwise cost every notebook that never exports.
    Where nbformat cannot be installed (a browser: jsonschema needs a compiled ``rpds``;
    :data:`rules.table.platform.HAS`), the same notebook is built as plain dictionaries.
    """
    cells = [
        {
            "cell_type": "markdown",
            "id": f"lantern-{number:05d}",
            "metadata": {},
            "source": block.text,
        }
        for number, block in enumerate(blocks(book, story_only=story_only))
    ]
    metadata = {
        "lantern": {
            "journey": book.name,
            "game": book.game.name,
            "seed": book.seed,
            "actions": book.actions,
            "story_only": story_only,
        }
    }
    if not platform.HAS.nbformat:
        return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}
    import nbformat

    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell(cell["source"], id=cell["id"]) for cell in cells]
    )
    notebook.metadata.update(metadata)
    nbformat.validate(notebook)
    return notebook


def notebook_json(notebook: Any) -> str:
    """A notebook as nbformat writes it (sources split into lines, keys sorted, indent 1, a
    final newline), by the standard library where nbformat is missing."""
    if platform.HAS.nbformat:
        import nbformat

        text = str(nbformat.writes(notebook))
        return text if text.endswith("\n") else f"{text}\n"
    plain = json.loads(json.dumps(notebook))
    for cell in plain["cells"]:
        if isinstance(cell["source"], str):
            cell["source"] = cell["source"].splitlines(keepends=True)
    text = json.dumps(plain, sort_keys=True, indent=1, separators=(",", ": "), ensure_ascii=False)
    return f"{text}\n"


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
    folder = Path(folder) if folder is not None else book.path.parent
    folder.mkdir(parents=True, exist_ok=True)
    stem = export_stem(book.name, story_only=story_only)
    markdown, notebook = folder / f"{stem}.md", folder / f"{stem}.ipynb"
    markdown.write_text(to_markdown(book, story_only=story_only), encoding="utf-8")
    notebook.write_text(notebook_json(to_notebook(book, story_only=story_only)), encoding="utf-8")
    return markdown, notebook
