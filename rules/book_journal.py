"""The journal in a Journey Book: the player's entries, kept at their point in play.

Why its own module: journal entries are what a notebook writes into a journey (``%%journal``),
and a notebook can hold cells written in several journeys; what an entry is and where it belongs
is decided here, apart from playing the journey. :mod:`rules.book` re-exports :class:`Note`.

An entry written by a notebook cell is keyed by the cell (its id, or a hash of its text): the same
key again is the same entry, so re-running a cell adds nothing.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import InvalidInput
from rules.store import Row, Store

__all__ = ["Note", "add_mechanics", "add_note", "notes"]


@dataclass(frozen=True)
class Note:
    """A journal entry in the book: its text, and how many actions had been played before it."""

    seq: int
    kind: str  # "note" (the player's words) or "mechanics" (a line the player wrote in)
    text: str
    after: int
    key: str | None = None


def add_note(store: Store, text: str, key: str | None, actions: int) -> Note:
    """Save a journal entry after ``actions`` actions, or (the same ``key``) its new text in
    place; see :meth:`rules.book.JourneyBook.note`."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(f"a journal entry is some text, got {text!r}")
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


def _now() -> int:
    return int(time.time())
