"""Knowing a journey file is whole: a chain of hashes over its rows, each snapshot sealed to it.

Why: a journey file is SQLite, and a database tool edits any field of it. An edit the rules can
refuse (a card that is not in the deck) is refused when the row is replayed, but an edit to
another possible value (a credits amount, a snapshot's state or count, the options) replays
fine and gives a state the journey never had. So the file carries what it needs to know it is
whole (schema version 4):

* ``journey.hash``: a hash of the journey row (format, game, name, seed, options, start);
* ``book.hash``: each row's hash covers its fields and the hash of the row before it (the first
  row's covers ``journey.hash``), so one row's hash vouches for every row up to it;
* ``snapshots.seal``: covers the snapshot's count, steps, rules code and state text (its pieces
  are kept by their own hashes: :mod:`rules.record.codec`), ``journey.hash`` and the hash of the row
  of its last entry (``snapshots.seq``).

Opening checks the seal of the snapshot it starts from and the chain of the rows after it, the
rows it reads anyway, so reopening costs what it did; the full check
(:func:`rules.book.verify.verify`) checks every row and every seal. Not a signature: whoever
recomputes the hashes can forge a file, as they could write a whole one; it tells an edited or
damaged file from a whole one.

Rows change after they are written (an undo marks them, a note's text is replaced): a change
rechains from the first row it touched to the end, in its own transaction, and reseals the
snapshots of those rows. Most changes are at the end of the book, so they cost a few rows.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from rules.book.store.check import LIVE
from rules.book.store.schema import CHAIN

__all__ = [
    "CHAINED",
    "add_chain",
    "broken_seals",
    "first_break",
    "journey_whole",
    "rechain",
    "reseal",
    "sealed",
]

#: The schema version that brought the chain (see :data:`rules.book.store.check.SCHEMA_VERSION`).
CHAINED = 4
#: The columns of a row its hash covers, in this order (``seq`` first).
FIELDS = "seq, kind, body, chance, supplied, superseded, undone, ref, cell, at"
#: The columns of the journey row its hash covers, in this order.
JOURNEY = "format, game, name, seed, options, created_at"
#: What version 4 adds to a file of version 3: the hash columns and the snapshots' seal.
COLUMNS = CHAIN
#: Beyond this many snapshots to seal at once, the rows are read in one pass, not one query each.
FEW = 4


def _digest(*parts: object) -> bytes:
    """16 bytes of BLAKE2b over the ``repr`` of each part: a type changed (5 for '5') changes it,
    and no text can fake the separator (``repr`` escapes control characters)."""
    text = "\x1f".join(map(repr, parts)).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(text, digest_size=16).digest()


def _journey(db: sqlite3.Connection) -> tuple[bytes, object]:
    """The journey row's hash as computed now, and as stored."""
    row = db.execute(f"SELECT {JOURNEY}, hash FROM journey WHERE id = 1").fetchone()
    return _digest("journey", *row[:-1]), row[-1]


def _seal(start: object, count: int, steps: int, code: str, state: str, seq: object,
          row: object) -> bytes:  # fmt: skip
    return _digest("snapshot", start, count, steps, code, state, seq, row)


def add_chain(db: sqlite3.Connection) -> None:
    """Give a file of schema 3 or older the chain, inside the caller's transaction: the columns,
    the journey's hash, every row's, every snapshot's seal (as the file holds them now)."""
    for statement in COLUMNS:
        db.execute(statement)
    db.execute("UPDATE journey SET hash = ?", (_journey(db)[0],))
    rechain(db, 0)
    reseal(db, 0)


def rechain(db: sqlite3.Connection, since: int) -> None:
    """Hash again the rows from row ``since`` to the end (they changed, or are new)."""
    before = db.execute(
        "SELECT hash FROM book WHERE seq < ? ORDER BY seq DESC LIMIT 1", (since,)
    ).fetchone()
    link = before[0] if before else _journey(db)[1]
    rows = db.execute(f"SELECT {FIELDS} FROM book WHERE seq >= ? ORDER BY seq", (since,))
    updates = []
    for row in rows.fetchall():
        link = _digest("row", link, *row)
        updates.append((link, row[0]))
    db.executemany("UPDATE book SET hash = ? WHERE seq = ?", updates)


def reseal(db: sqlite3.Connection, since: int | None) -> None:
    """Seal the snapshots stored since the last seal and (``since``: a row) those of the rows
    from it on, whose hashes changed."""
    query = "SELECT count, steps, code, state FROM snapshots WHERE seq IS NULL"
    found = db.execute(query).fetchall()
    if since is not None:
        query = "SELECT count, steps, code, state FROM snapshots WHERE seq >= ?"
        found += db.execute(query, (since,)).fetchall()
    if not found:
        return
    start = _journey(db)[1]
    at = _rows_at(db, [count for count, *_ in found])
    updates = []
    for count, steps, code, state in found:
        seq, row = at.get(count, (None, None))
        updates.append((seq, _seal(start, count, steps, code, state, seq, row), count))
    db.executemany("UPDATE snapshots SET seq = ?, seal = ? WHERE count = ?", updates)


def _rows_at(
    db: sqlite3.Connection, counts: Sequence[int], *, bulk: bool = False
) -> dict[int, tuple[int, object]]:
    """The row (``seq``, stored hash) of the last entry of each count of entries (``bulk``, or
    more than :data:`FEW` counts: all rows read in one pass)."""
    if bulk or len(counts) > FEW:
        live = db.execute(f"SELECT seq, hash FROM book WHERE {LIVE} ORDER BY seq").fetchall()
        return {count: live[count - 1] for count in counts if 1 <= count <= len(live)}
    found = {}
    for count in counts:
        row = db.execute(
            f"SELECT seq, hash FROM book WHERE {LIVE} ORDER BY seq LIMIT 1 OFFSET ?", (count - 1,)
        ).fetchone()
        if row is not None and count >= 1:
            found[count] = (row[0], row[1])
    return found


def journey_whole(db: sqlite3.Connection) -> bool:
    """Whether the journey row (game, name, seed, options, start) is as the journey began."""
    computed, stored = _journey(db)
    return computed == stored


def sealed(db: sqlite3.Connection, count: int, steps: int, code: str, state: str) -> bool:
    """Whether a snapshot is the one stored after ``count`` entries of this record: its seal
    matches its fields and the row of its last entry, found again (its ``seq`` must say the
    same: it only tells a later change which seals to renew)."""
    row = db.execute("SELECT seal, seq FROM snapshots WHERE count = ?", (count,)).fetchone()
    seq, link = _rows_at(db, [count]).get(count, (None, None))
    expected = _seal(_journey(db)[1], count, steps, code, state, seq, link)
    return row is not None and tuple(row) == (expected, seq)


def broken_seals(db: sqlite3.Connection) -> list[int]:
    """The counts of the snapshots whose seals do not match (the full check's)."""
    query = "SELECT count, steps, code, state, seal, seq FROM snapshots ORDER BY count"
    snapshots = db.execute(query).fetchall()
    start = _journey(db)[1]
    at = _rows_at(db, [count for count, *_ in snapshots], bulk=True)
    broken = []
    for count, steps, code, state, seal, stored in snapshots:
        seq, row = at.get(count, (None, None))
        if (seal, stored) != (_seal(start, count, steps, code, state, seq, row), seq):
            broken.append(count)
    return broken


def first_break(db: sqlite3.Connection, after: int = 0) -> int | None:
    """The first row after row ``after`` whose stored hash is not the hash of its fields and of
    the row before it (``after`` 0: from the journey row's); None when the chain holds."""
    if after > 0:
        found = db.execute("SELECT hash FROM book WHERE seq = ?", (after,)).fetchone()
        link = found[0] if found else None
    else:
        link = _journey(db)[1]
    rows = db.execute(f"SELECT {FIELDS}, hash FROM book WHERE seq > ? ORDER BY seq", (after,))
    return _break(link, rows)


def _break(link: object, rows: Iterable[Sequence[Any]]) -> int | None:
    for row in rows:
        expected = _digest("row", link, *row[:-1])
        if row[-1] != expected:
            return int(row[0])
        link = expected
    return None
