"""Following a journey another process plays: a seat's book sees the GM's actions, and theirs.

Why: a group plays one journey from several kernels (the GM's notebook, a seat for each player),
each with its own :class:`~rules.book.JourneyBook` on the one file. SQLite tells a connection
when another wrote (``PRAGMA data_version``: :meth:`rules.book.store.Store.changed`), so following
costs one pragma when nothing changed. When something did, the new rows are read under the write
lock (:meth:`rules.book.store.Store.catching_up`) and replayed onto the open journey; anything but an
append (an undo, a redo, a reroll, a note rewritten: the last row this book had seen no longer
holds the hash it had, or a new row is not a live action) reopens the whole book from the file.

Two writers never lose or duplicate an action: every write checks, under the write lock, that
no one wrote since this book last looked (:meth:`rules.book.store.Store.transaction`). A following
book whose write loses that race is refreshed and told in a sentence (:class:`PlayedFirst`);
a book that never followed is told to open the journey again, as before
(:class:`~rules.book.store.JourneyChanged`).

>>> import tempfile
>>> from rules.book import JourneyBook
>>> from rules.firelights import Ask, Begin
>>> folder = tempfile.mkdtemp()
>>> gm = JourneyBook.start("wick", seed=7, folder=folder)
>>> seat = JourneyBook.open("wick", folder=folder)
>>> seat.refresh()
0
>>> _ = gm.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
>>> seat.refresh(), seat.state == gm.state
(1, True)
>>> _ = gm.play(Ask("likely"))
>>> seat.play(Ask("even"))
Traceback (most recent call last):
...
rules.book.follow.PlayedFirst: the Ask the Oracle was not saved: someone else played first (Ask the Oracle +2: 5♠ K♥ vs 5+3+2 = 10: Shade; the Oracle answers yes, but...); here is the journey as it now stands
>>> seat.state == gm.state, seat.actions
(True, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rules.book import opening
from rules.book.pages import Record
from rules.book.store.database import JourneyChanged, Store
from rules.record.journey import Journey, short_repr

__all__ = ["Followed", "PlayedFirst", "played_first", "refresh"]


class Followed(Protocol):
    """What following needs of a book (a :class:`~rules.book.JourneyBook` is one): its file, its
    journey and the rows it has replayed. A protocol, so the book imports this module and this
    module does not import the book."""

    #: The book's open file, read for rows another kernel wrote.
    store: Store
    #: The journey the book plays, which new rows extend.
    journey: Journey[Any, Any]
    _seqs: Record[int]

    def _adopt(self, opened: opening.Opened) -> None: ...

    def _logged(self, seq: int, report: Any) -> None: ...

    @property
    def describe(self) -> Callable[[Any], str]:
        """The book's one-line mechanics of a report, the same line its log and exports print."""


#: What a refused write was, by the book's method (``play`` names its action instead).
WRITES = {
    "undo": "the undo",
    "redo": "the redo",
    "reroll": "the reroll",
    "note": "the journal entry",
    "write_mechanics": "the mechanics line",
    "file_note": "the journal entry",
}
#: How many of the winner's actions a refusal names (the last ones).
NAMED = 3


class PlayedFirst(JourneyChanged):
    """A following book's write lost a race: another process wrote first. Nothing of this write
    was saved, and the book now holds the journey as the file does."""


def refresh(book: Followed) -> tuple[int, list[str]]:
    """Bring ``book`` up to what its file holds (under the book's lock: the caller's).

    Returns how many entries it read anew (after a change other than an append, every entry it
    replayed, at least 1; 0 when nothing changed) and the mechanics lines of the actions it
    found played (the last one's only, after a reopen).
    """
    store = book.store
    if store.closed or not store.changed():
        return 0, []
    known = book._seqs[-1] if book._seqs else 0  # an action already replayed when it opened
    with store.catching_up() as (seq, digest):
        rows = store.rows_where("seq > ?", (seq,))
        appended = seq == 0 or store.row_hash(seq) == digest
        if appended and all(_plain(row) for row in rows):
            return _append(book, [row for row in rows if row.kind != "action" or row.seq > known])
        opened = opening.replay(store, store_missing=False)  # nothing written: we read
    book._adopt(opened)
    last = book.journey.last
    return max(1, len(book.journey.entries)), [] if last is None else [book.describe(last)]


def _plain(row: Any) -> bool:
    """A row that only adds to the journey: a note, or an action played and standing."""
    return row.kind != "action" or not (row.undone or row.superseded or row.forgotten)


def _append(book: Followed, rows: list[Any]) -> tuple[int, list[str]]:
    """Replay the appended action rows onto the open journey, one by one (each its log line)."""
    lines = []
    for row in rows:
        if row.kind != "action":
            continue
        report = book.journey.extend([row.entry()])
        book._seqs.append(row.seq)
        book._logged(row.seq, report)
        lines.append(book.describe(report))
    return max(len(lines), 1 if rows else 0), lines


def played_first(book: Followed, method: str, args: tuple[Any, ...]) -> PlayedFirst:
    """The refusal of a write that lost a race (``method`` called with ``args``), with the book
    refreshed: what was not saved, and what was played first."""
    what = _what(method, args)
    _count, lines = refresh(book)
    if lines:
        first = "; ".join(short_repr(line, 120)[1:-1] for line in lines[-NAMED:])
        more = f"{len(lines) - NAMED} more, then " if len(lines) > NAMED else ""
        said = f"someone else played first ({more}{first})"
    else:
        said = "someone else changed the journey first"
    return PlayedFirst(f"{what} was not saved: {said}; here is the journey as it now stands")


def _what(method: str, args: tuple[Any, ...]) -> str:
    """``"Kai's Check"``, ``"the Ask the oracle"``, ``"the undo"``: the write refused."""
    if method != "play" or not args:
        return WRITES.get(method, f"the {method}")
    action = args[0]
    title = getattr(action, "title", None) or type(action).__name__
    who = getattr(action, "who", "")
    return f"{who}'s {title}" if isinstance(who, str) and who else f"the {title}"
