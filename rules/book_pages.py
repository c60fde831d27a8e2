"""A journey's earlier entries, read from its file only when something asks for them.

Why: opening a journey reads its last trusted snapshot and replays the rows after it, so that a
journey of 100,000 actions opens as fast as one of 300. The entries the snapshot covers are not
needed to play on; they are needed for the log, an export, an undo or a look back that far. So
they are :class:`StoredEntry` objects that know only their row (``seq``) and what opening must
know of them (superseded, how many outcomes the player supplied); the action and its outcomes
are read, a page of rows at a time (:data:`PAGE`), the first time one of them is used.

A stored entry reads and compares like any :class:`~rules.journey.Entry` (the rows it reads are
checked as :meth:`rules.store.Row.entry` checks them), and rows do not change once written: an
action row's action and outcomes are never edited, and the journey's list only ever drops or
appends entries after the snapshot.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.chance import JSON
from rules.errors import IllegalAction
from rules.journey import Entry
from rules.store import Store

__all__ = ["PAGE", "Pages", "StoredEntry"]

#: How many rows of the book one read covers (by ``seq``).
PAGE = 512


class StoredEntry(Entry):
    """An entry of the journey file whose action and outcomes are read when first used."""

    @property
    def action(self) -> Mapping[str, JSON]:
        return self._read("_action")  # type: ignore[no-any-return]

    @action.setter
    def action(self, value: Mapping[str, JSON]) -> None:
        self.__dict__["_action"] = value

    @property
    def chance(self) -> tuple[JSON, ...]:
        return self._read("_chance")  # type: ignore[no-any-return]

    @chance.setter
    def chance(self, value: tuple[JSON, ...]) -> None:
        self.__dict__["_chance"] = value

    def _read(self, name: str) -> Any:
        found = self.__dict__
        if name not in found:
            found["_pages"].read(found["_seq"])
        return found[name]

    @property
    def loaded(self) -> bool:
        """Whether its row has been read (then nothing more is read for it)."""
        return "_action" in self.__dict__

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return (self.action, self.chance, self.superseded, self.supplied) == (
            other.action, other.chance, other.superseded, other.supplied)  # fmt: skip

    __hash__ = Entry.__hash__


class Pages:
    """The entries of one journey not read yet; ``store()`` is the open store to read them from
    (a book sets it to its own, which may change when a checked copy hands over to the file)."""

    def __init__(self, store: Callable[[], Store | None]) -> None:
        self.store = store
        self._waiting: dict[int, StoredEntry] = {}

    def entries(self, live: Sequence[tuple[int, bool, int]]) -> list[Entry]:
        """The stored entries of the rows ``live`` (``seq``, superseded, supplied), unread."""
        made: list[Entry] = []
        new, waiting = object.__new__, self._waiting
        for seq, superseded, supplied in live:
            entry = new(StoredEntry)
            entry.__dict__.update(_seq=seq, _pages=self, superseded=superseded, supplied=supplied)
            waiting[seq] = entry
            made.append(entry)
        return made

    @property
    def unread(self) -> int:
        return len(self._waiting)

    def read(self, seq: int) -> None:
        """Read the page of rows holding ``seq`` into the entries that wait for them."""
        store = self.store()
        first = seq - seq % PAGE
        try:
            if store is None:
                raise sqlite3.ProgrammingError("no store")
            rows = store.actions_between(first, first + PAGE - 1)
        except sqlite3.ProgrammingError:
            raise IllegalAction(
                "this journey book is closed, and its earlier entries are read from its file "
                "when they are needed: open the journey again to read them"
            ) from None
        for row in rows:
            entry = self._waiting.get(row.seq)
            if entry is not None:
                read = row.entry()
                entry.__dict__.update(_action=read.action, _chance=read.chance)
                del self._waiting[row.seq]
        if seq in self._waiting:  # the row is gone: only a file changed under the book
            raise IllegalAction(
                f"row {seq} of the journey file is no longer there: open the journey again"
            )
