"""The Journey Books open in this process: the latest one, and each by its file.

Why apart from :mod:`rules.book`: a book plays one journey; which book ``%%journal`` writes to
(the one opened last that is still open: closing it gives the pen back to the one before) and
which book holds a file (a journal entry of another journey is
changed through that journey's open book, never beside it) are facts about the process. Weak
references only: a book dropped by Run All closes at once, as if it were never listed.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

__all__ = ["add", "discard", "latest", "open_book", "set_latest", "unset_latest"]

#: The books made latest, oldest first (each once): a closed or dropped one leaves the list.
_order: list[weakref.ref[Any]] = []
_books: weakref.WeakSet[Any] = weakref.WeakSet()


def add(book: Any) -> None:
    """List ``book`` as open on its file."""
    _books.add(book)


def discard(book: Any) -> None:
    """``book`` is closed: it holds no file, and ``%%journal`` writes to the one before it."""
    _books.discard(book)
    unset_latest(book)


def latest() -> Any | None:
    """The book made latest most recently that is still open (what ``%%journal`` writes to).

    Why a list and not one reference: a journey opened in a cell and closed (``with
    JourneyBook.open(...)``, a study reading an old journey) must not leave ``%%journal`` writing
    to a closed file while the panel's journey is open.
    """
    while _order:
        book = _order[-1]()
        if book is not None:
            return book
        _order.pop()
    return None


def set_latest(book: Any) -> None:
    """Make ``book`` the one ``%%journal`` writes to."""
    unset_latest(book)
    _order.append(weakref.ref(book))


def unset_latest(book: Any) -> None:
    """Take ``book`` out of the books ``%%journal`` may write to (closed, or only a check)."""
    _order[:] = [ref for ref in _order if ref() is not None and ref() is not book]


def open_book(path: Path) -> Any | None:
    """A book open in this process on the journey file ``path``, if any."""
    here = path.resolve()
    return next((book for book in list(_books) if book.path.resolve() == here), None)
