"""A journey's earlier entries, read from its file only when something asks for them.

Why: opening a journey reads its last trusted snapshot and replays the rows after it, so that a
journey of 100,000 actions opens as fast as one of 300. The entries the snapshot covers are not
needed to play on; they are needed for the log, an export, an undo or a look back that far. So a
book's entries (and the rows they come from) are a :class:`Record`: a list whose first
``prefix`` places may hold :data:`UNREAD`, read a page of rows at a time (:data:`PAGE`) the first
time one of them is asked for. Nothing is made for a place before that: opening costs the same
whatever the length. What a book counts without reading (how many actions stand) comes from the
superseded places, asked of the file once.

Why the places stay right: the journey's entries are the action rows neither undone nor left behind,
in order of ``seq``, and a place before the snapshot only ever leaves the journey from the end (an
undo, a reroll: the list is cut there, and what follows is appended, already read); so every place a
record still holds unread is the row it was when the book was opened. A row read is checked as
:meth:`Row.entry <rules.book.store.rows.Row.entry>` checks it, and replayed when it is used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, SupportsIndex, TypeVar, overload

from rules.book.store.database import Store
from rules.errors import IllegalAction
from rules.record.journey import Entry

__all__ = ["PAGE", "UNREAD", "Pages", "Record", "actions", "read_items"]

#: How many rows one read covers.
PAGE = 512
T = TypeVar("T")


class _Unread:
    def __repr__(self) -> str:
        return "UNREAD"


#: What an unread place holds.
UNREAD: Any = _Unread()


class Pages:
    """Where the unread places of a book are read from: ``store()`` gives its open store (a book
    sets it to its own, which may change when a checked copy hands over to the file); of its
    first ``prefix`` entries, ``superseded`` are tries a reroll replaced."""

    def __init__(self, store: Callable[[], Store | None], prefix: int, superseded: int) -> None:
        self.store = store
        self.prefix = prefix
        self._superseded = {prefix: superseded}

    def superseded(self, places: int) -> int:
        """How many of the first ``places`` entries (places of the prefix) are replaced tries."""
        if places not in self._superseded:
            self._superseded[places] = self._open().superseded_among(places)
        return self._superseded[places]

    def _open(self) -> Store:
        store = self.store()
        if store is None or store.closed:
            raise IllegalAction(
                "this journey book is closed, and its earlier entries are read from its file "
                "when they are needed: open the journey again to read them"
            )
        return store

    def read(self, first: int, count: int, column: str) -> list[Any]:
        """The entries (``column == "entry"``) or the rows' ``seq`` of places ``first`` on."""
        rows = self._open().live_rows(first, count)
        if len(rows) != count:  # only a file changed under the open book
            raise IllegalAction(
                f"the journey file no longer holds entries {first + 1} to {first + count}: "
                "open the journey again"
            )
        return [row.entry() for row in rows] if column == "entry" else [row.seq for row in rows]


class Record(list[T]):
    """A list of a journey's entries (or of their rows' ``seq``) whose first places are read
    from the file when asked for (see the module docstring). It answers as a list: reading a
    place, a slice, iterating, comparing read what they need first; a slice from the start
    stays a record, unread places and all (that is how a journey cuts its list)."""

    __slots__ = ("_column", "_pages", "_prefix")

    def __init__(self, items: Iterable[T], pages: Pages, column: str, prefix: int) -> None:
        super().__init__(items)
        self._pages, self._column = pages, column
        self._prefix = min(prefix, len(self))

    @property
    def unread(self) -> int:
        """How many places are not read yet."""
        return list.count(self, UNREAD) if self._prefix else 0

    def _like(self, items: list[T]) -> Record[T]:
        return Record(items, self._pages, self._column, self._prefix)

    def _read(self, start: int = 0, stop: int | None = None) -> None:
        stop = min(len(self) if stop is None else stop, self._prefix)
        if start >= stop:
            return
        for first in range(start - start % PAGE, stop, PAGE):
            last = min(first + PAGE, self._prefix)
            if not any(item is UNREAD for item in list.__getitem__(self, slice(first, last))):
                continue
            for place, value in enumerate(self._pages.read(first, last - first, self._column)):
                if list.__getitem__(self, first + place) is UNREAD:
                    list.__setitem__(self, first + place, value)
        if start == 0 and stop == self._prefix:
            self._prefix = 0  # all read: from now on a plain list

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if start == 0 and step == 1 and self._prefix:
                return self._like(list.__getitem__(self, index))
            if step == 1:
                self._read(start, stop)
            else:
                self._read()
            return list.__getitem__(self, index)
        found = list.__getitem__(self, index)
        if found is UNREAD:
            place = index.__index__() % len(self)
            self._read(place, place + 1)
            found = list.__getitem__(self, place)
        return found

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        start = index.indices(len(self)) if isinstance(index, slice) else None
        if start is None or start[1] < len(self) or start[2] != 1:
            self._read()  # a place taken out from the middle moves the places after it
        list.__delitem__(self, index)
        self._prefix = min(self._prefix, len(self))

    def __setitem__(self, index: Any, value: Any) -> None:
        if self._prefix and (
            isinstance(index, slice) or index.__index__() % len(self) < self._prefix
        ):
            self._read()  # a place changed in the prefix would no longer be its row
        list.__setitem__(self, index, value)

    def _all_read(self) -> None:
        if self._prefix:
            self._read()

    def pop(self, index: SupportsIndex = -1) -> T:
        self._all_read()
        return list.pop(self, index)

    def insert(self, index: SupportsIndex, value: T) -> None:
        self._all_read()
        list.insert(self, index, value)

    def remove(self, value: T) -> None:
        self._all_read()
        list.remove(self, value)

    def clear(self) -> None:
        list.clear(self)
        self._prefix = 0

    def reverse(self) -> None:
        self._all_read()
        list.reverse(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._all_read()
        list.sort(self, *args, **kwargs)

    def __iter__(self) -> Iterator[T]:
        if self._prefix:
            self._read()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[T]:
        if self._prefix:
            self._read()
        return list.__reversed__(self)

    def copy(self) -> Record[T]:
        return self._like(list.copy(self))

    def __eq__(self, other: object) -> bool:
        self._read()
        if isinstance(other, Record):
            other._read()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __contains__(self, item: object) -> bool:
        self._read()
        return list.__contains__(self, item)

    def index(self, item: T, *args: SupportsIndex) -> int:
        self._read()
        return list.index(self, item, *args)

    def count(self, item: T) -> int:
        self._read()
        return list.count(self, item)

    def __add__(self, other: list[T]) -> list[T]:  # type: ignore[override]
        self._read()
        return list.__add__(self, other)

    def __repr__(self) -> str:
        self._read()
        return list.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return list, (list(self),)

    def read_items(self) -> Iterator[tuple[int, T]]:
        """The places read already, and what they hold (nothing is read for this)."""
        for place, item in enumerate(list.__iter__(self)):
            if item is not UNREAD:
                yield place, item


def read_items(items: list[T]) -> Iterator[tuple[int, T]]:
    """The places of ``items`` read already and what they hold (all of a plain list)."""
    return items.read_items() if isinstance(items, Record) else enumerate(items)


def actions(entries: list[Entry]) -> int:
    """How many actions stand among ``entries`` (superseded tries not counted), reading none:
    the superseded places of a record's prefix are known without reading them."""
    if not isinstance(entries, Record) or not entries._prefix:
        return sum(not entry.superseded for entry in entries)
    prefix = min(entries._prefix, len(entries))
    flagged = entries._pages.superseded(prefix)
    rest = list.__getitem__(entries, slice(prefix, None))
    return prefix - flagged + sum(not entry.superseded for entry in rest)
