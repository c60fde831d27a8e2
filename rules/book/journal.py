"""The journal in a Journey Book: the player's entries, kept at their point in play.

Why its own module: journal entries are what a notebook writes into a journey (``%%journal``),
and a notebook can hold cells written in several journeys; what an entry is and where it belongs
is decided here, apart from playing the journey. :mod:`rules.book` re-exports :class:`Note`.

An entry written by a notebook cell is keyed by the cell (its id, or a hash of its text): the same
key again is the same entry, so re-running a cell adds nothing.

Why :func:`file_note` looks in the other journeys: a notebook holds the cells of every journey it
played (a New journey in the panel does not clear them), and Run All writes them all into the one
journey open now. A key this journey lacks is looked for in the other journeys of its folder (read
only, and only then: an entry already in the open journey costs one indexed query, as before);
where it is found the entry stays, and only its text changes, when an edited cell has a real id
(a text-hash key found is simply the same entry).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from rules.book import registry
from rules.book.lock import locked
from rules.book.store.database import SUFFIX, JourneyFileError, Row, Store
from rules.errors import IllegalAction, InvalidInput
from rules.record import action
from rules.record.entry import last_live
from rules.record.journey import short_repr

__all__ = [
    "Filed",
    "JournalEntries",
    "Note",
    "add_mechanics",
    "add_note",
    "cell_notes",
    "file_note",
    "find_elsewhere",
    "notes",
]


@dataclass(frozen=True)
class Note:
    """A journal entry in the book: its text, and how many actions had been played before it."""

    #: The entry's row in the book, which orders it among the actions.
    seq: int
    #: "note" (the player's own words) or "mechanics" (an action's line the player wrote into the
    #: journal).
    kind: str
    #: The words of the entry, as the player wrote them.
    text: str
    #: How many actions had been played when it was written: where the journal shows it among them.
    after: int
    #: The notebook cell that wrote it (its id, or a hash of its text), so running the cell again
    #: changes this entry instead of adding one; None for an entry written otherwise.
    key: str | None = None


@dataclass(frozen=True)
class Filed:
    """A journal entry and the journey it belongs to (its name and file)."""

    #: The name of the journey the entry was written to, which may not be the one open now.
    journey: str
    #: That journey's file.
    path: Path
    #: The entry as it stands in that journey.
    note: Note


class Book(Protocol):
    """What :func:`file_note` needs of a :class:`~rules.book.JourneyBook`."""

    @property
    def name(self) -> str:
        """The journey's name, which a filed entry reports back."""

    @property
    def path(self) -> Path:
        """The journey's file, to find the other journeys of its folder."""

    @property
    def store(self) -> Store:
        """The open file, where an entry keyed by a cell is looked up first."""

    def note(self, text: str, *, key: str | None = None) -> Note:
        """Write a journal entry into this book (the same key again changes that entry, adds
        none)."""


def file_note(book: Book, text: str, key: str, open_book: Callable[[Path], Book | None]) -> Filed:
    """Save a notebook cell's entry in the journey it was written in (see the module docstring):
    ``book``, unless ``key`` is not in it but in another journey of its folder.

    ``open_book(path)`` is a book open in this process on that file, if any: an edited entry is
    then changed through it (another connection would make its next action refuse).
    """
    check_text(text)
    if book.store.note_by_cell(key) is None:
        found = find_elsewhere(book.path, key)
        if found is not None:
            path, name, row, after = found
            if key.startswith("cell:") and row.body != text:
                live = open_book(path)
                if live is not None:
                    return Filed(name, path, live.note(text, key=key))
                store = Store.open(path)
                try:
                    with store.transaction():
                        store.set_text(row.seq, text)
                finally:
                    store.close()
                return Filed(name, path, Note(row.seq, "note", text, after, key))
            return Filed(name, path, Note(row.seq, "note", row.body, after, key))
    return Filed(book.name, book.path, book.note(text, key=key))


def find_elsewhere(here: Path, key: str) -> tuple[Path, str, Row, int] | None:
    """The other journey of ``here``'s folder that holds the entry ``key``: its file, name, the
    entry's row and the actions before it. Files are only read; one that cannot be is skipped."""
    own = here.resolve()
    for path in sorted(here.parent.glob(f"*{SUFFIX}")):
        if path.resolve() == own:
            continue
        try:
            with Store.read_only(path) as store:
                row = store.note_by_cell(key)
                if row is not None:
                    return path, store.info.name, row, store.actions_before(row.seq)
        except (JourneyFileError, sqlite3.Error):
            continue
    return None


#: The longest journal entry a book keeps (one limit for every game: :mod:`rules.record.action`).
NOTE_LIMIT = action.NOTE_LIMIT


def check_text(text: object) -> None:
    """Refuse a journal entry that is not text, is blank or is longer than an entry may be, with a
    sentence naming what was given, before anything is written."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(f"a journal entry is some text, got {short_repr(text, 60)}")
    action.check_text(text, "a journal entry", NOTE_LIMIT)


def add_note(store: Store, text: str, key: str | None, actions: int) -> Note:
    """Save a journal entry after ``actions`` actions, or (the same ``key``) its new text in
    place; see :meth:`JourneyBook.note <rules.book.journal.JournalEntries.note>`."""
    check_text(text)
    if key is not None:
        row = store.note_by_cell(key)
        if row is not None:
            if row.body != text:
                with store.transaction():
                    store.set_text(row.seq, text)
            return Note(row.seq, "note", text, store.actions_before(row.seq), key)
    with store.transaction():
        seq = store.add_note("note", text, _now(), cell=key)
    return Note(seq, "note", text, actions, key)


def add_mechanics(store: Store, action: int, text: str, actions: int) -> Note:
    """Save ``text``, the mechanics line of the action row ``action``, once."""
    for row in store.rows_where("kind = 'mechanics' AND ref = ?", (action,)):
        if row.body == text:
            return Note(row.seq, "mechanics", text, store.actions_before(row.seq))
    with store.transaction():
        seq = store.add_note("mechanics", text, _now(), ref=action)
    return Note(seq, "mechanics", text, actions)


def notes(rows: Sequence[Row]) -> list[Note]:
    """Every journal entry of the book's rows, in order, each after the actions standing then."""
    found: list[Note] = []
    actions = 0
    for row in rows:
        if row.kind == "action":
            actions += not row.undone and not row.superseded
        else:
            found.append(Note(row.seq, row.kind, row.body, actions, row.cell))
    return found


def cell_notes(store: Store) -> list[Note]:
    """The entries notebook cells wrote (each keyed by its cell), in order: one indexed query
    and one count per entry, without reading the actions (a panel asks after each journal cell
    whether the notebook still shows them all)."""
    return [
        Note(row.seq, "note", row.body, store.actions_before(row.seq), row.cell)
        for row in store.rows_where("kind = 'note' AND cell IS NOT NULL")
    ]


def _now() -> int:
    return int(time.time())


class JournalEntries:
    """A Journey Book's journal: entries written at a point in play, and mechanics lines.

    A mixin of :class:`rules.book.JourneyBook` (its ``store``, ``journey``, ``actions`` and
    ``describe``), kept beside the functions it calls so the book's module stays its journey.
    """

    @locked
    def note(self: Any, text: str, *, key: str | None = None) -> Note:
        """Save a journal entry at this point in play.

        ``key`` names where it came from (a notebook cell's id): the same key again replaces the
        text in place instead of adding an entry, so re-running a journal cell adds nothing.
        """
        return add_note(self.store, text, key, self.actions)

    @locked
    def write_mechanics(self: Any) -> Note:
        """Save the last action's mechanics line as a journal entry (once per action)."""
        if self.journey.last is None or not self._seqs:
            raise IllegalAction("there is no action to write down: nothing has been played yet")
        live = last_live(self.journey.entries)
        text = self.describe(self.journey.last)
        return add_mechanics(self.store, self._seqs[live], text, self.actions)

    @locked
    def file_note(self: Any, text: str, *, key: str) -> Filed:
        """Save the journal entry of a notebook cell (``key``) in the journey it was written in:
        this one, unless only another journey of the folder holds ``key`` (a notebook of two
        journeys, run again); there it stays. Returns it with its journey's name and file."""
        return file_note(self, text, key, registry.open_book)

    def notes(self: Any) -> list[Note]:
        """Every journal entry, in order."""
        return notes(self.store.rows())
