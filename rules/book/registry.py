"""The Journey Books open in this process: the latest one, and each by its file.

Why apart from :mod:`rules.book`: a book plays one journey; which book ``%%journal`` writes to
(the one opened last) and which book holds a file (a journal entry of another journey is
changed through that journey's open book, never beside it) are facts about the process. Weak
references only: a book dropped by Run All closes at once, as if it were never listed.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

__all__ = ["add", "discard", "latest", "latest_ref", "open_book", "set_latest"]

_latest: weakref.ref[Any] | None = None
_books: weakref.WeakSet[Any] = weakref.WeakSet()


def add(book: Any) -> None:
    """List a book just opened, so its file is found open here instead of opened a second time."""
    _books.add(book)


def discard(book: Any) -> None:
    """Forget a book that closed."""
    _books.discard(book)


def latest() -> Any | None:
    """The book opened most recently (what ``%%journal`` writes to), if it is still there."""
    return None if _latest is None else _latest()


def latest_ref() -> weakref.ref[Any] | None:
    """The weak reference to the latest book, kept by an opening that is only a check so it can put
    it back."""
    return _latest


def set_latest(book: weakref.ref[Any] | None) -> None:
    """Make ``book`` (a weak reference, or None for none) the one ``%%journal`` writes to."""
    global _latest
    _latest = book


def open_book(path: Path) -> Any | None:
    """A book open in this process on the journey file ``path``, if any."""
    here = path.resolve()
    return next((book for book in list(_books) if book.path.resolve() == here), None)
