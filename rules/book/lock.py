"""One lock per Journey Book, and what a write that lost a race to another process becomes.

Why a module of its own: every method of a book that changes it runs under :func:`locked` (a cell
in the main thread and a button click in Jupyter's subshell thread may change the same journey
at once), the book's journal entries (:class:`rules.book.journal.JournalEntries`) as well as its
actions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from rules.book import follow
from rules.book.store.database import JourneyChanged

__all__ = ["locked"]

P = ParamSpec("P")
T = TypeVar("T")


def locked(
    method: Callable[Concatenate[Any, P], T],
) -> Callable[Concatenate[Any, P], T]:
    """Run a method under the book's lock: a cell (main thread) and a button click (Jupyter's
    subshell thread) may change the same journey at once."""

    @wraps(method)
    def locked(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> T:
        with self._lock:
            try:
                return method(self, *args, **kwargs)
            except JourneyChanged:  # a following book's write lost a race: refresh, say so
                if not self.following:
                    raise
                raise follow.played_first(self, method.__name__, args) from None

    return locked
