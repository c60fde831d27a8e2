"""Reading a journey file's book: what a row is, the queries on the rows and snapshots, and
whether the file is whole (:mod:`rules.book.store.chain`).

Why apart from :mod:`rules.book.store.database`: reading is what a checked, read-only copy of a journey and a
file open for play have in common (a :class:`~rules.book.store.Store` is a :class:`Reading` that
also writes, atomically); the reading side is the larger half, and it changes nothing.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rules.book.store import chain
from rules.book.store.check import LIVE, CorruptJourney, JourneyInfo, stamp
from rules.book.store.schema import HEADED, ends_elsewhere
from rules.errors import InvalidInput
from rules.record import codec
from rules.record.journey import Entry, short_repr
from rules.table.chance import JSON

__all__ = ["Reading", "Row", "dumps"]


@dataclass(frozen=True)
class Row:
    """One row of the book: an action (``kind == "action"``), a note, or a mechanics line.

    ``cell`` is a column every file has, covered by the chain of hashes: who played an action
    cannot be changed unseen, and files from before seats (NULL: the GM) open unchanged.
    """

    #: The row's number in the book, which orders every action and entry.
    seq: int
    #: "action", "note" (a journal entry) or "mechanics" (an action's line written into the
    #: journal).
    kind: str
    #: The action as JSON, or the entry's words.
    body: str
    #: The action's chance outcomes (cards, dice, table rows) as a JSON list, which a replay reads
    #: instead of drawing again.
    chance: str | None = None
    #: How many of those outcomes the player typed At the table, from a real deck or real dice.
    supplied: int = 0
    #: A reroll replaced this action: it is kept, struck through, and does not count.
    superseded: bool = False
    #: The action was taken back.
    undone: bool = False
    #: For an undone action a new one left behind, the row it followed; for a mechanics line, its
    #: action's row.
    ref: int | None = None
    #: For a note, the notebook cell that wrote it; for an action, the seat that played it at a
    #: shared table (None: the GM).
    cell: str | None = None
    #: For a note, how many actions had been played when it was written.
    at: int = 0
    #: Undone for good (``undone = 2``): no longer on the redo stack.
    forgotten: bool = False

    def entry(self) -> Entry:
        """The :class:`~rules.record.journey.Entry` of an action row."""
        try:
            action, chance = json.loads(self.body), json.loads(self.chance or "[]")
        except json.JSONDecodeError as error:
            raise InvalidInput(
                f"row {self.seq} holds broken JSON ({error}): action {short_repr(self.body)}, "
                f"chance {short_repr(self.chance)}"
            ) from None
        if not isinstance(action, dict):
            raise InvalidInput(
                f"row {self.seq}'s action is a JSON object, got {short_repr(action)}"
            )
        if not isinstance(chance, list):
            raise InvalidInput(
                f"row {self.seq}'s chance is a JSON list of outcomes, got {short_repr(chance)}"
            )
        supplied = self.supplied
        if type(supplied) is not int or not 0 <= supplied <= len(chance):
            raise InvalidInput(
                f"row {self.seq}'s 'supplied' is a count of its {len(chance)} outcomes, got "
                f"{short_repr(supplied, 40)}"
            )
        by = self.cell or ""  # an action row's cell names the seat that played it (blank: the GM)
        return Entry(action, tuple(chance), self.superseded, supplied, by)


def dumps(value: JSON) -> str:
    """Compact JSON, the way every JSON column is written."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Reading:
    """The reading side of an open journey file (see the module docstring)."""

    _db: sqlite3.Connection
    #: The journey row: its game, name, seed and options.
    info: JourneyInfo
    #: The journey file.
    path: Path

    def rows(self) -> list[Row]:
        """Every row of the book, in order."""
        return self.rows_where("1")

    def rows_where(self, where: str, args: Sequence[object] = ()) -> list[Row]:
        """The rows matching an SQL condition on the book's columns, in order."""
        query = (
            "SELECT seq, kind, body, chance, supplied, superseded, undone, ref, cell, at "
            f"FROM book WHERE {where} ORDER BY seq"
        )
        return [
            Row(seq, kind, body, chance, supplied or 0, bool(sup), bool(undone), ref, cell, at,
                undone == 2)
            for seq, kind, body, chance, supplied, sup, undone, ref, cell, at in self._db.execute(
                query, tuple(args)
            )
        ]  # fmt: skip

    def last_row(self) -> tuple[int, bytes | None]:
        """The last row's ``seq`` and hash ((0, None): no rows; the hash is None in a file from
        before the chain): one row vouches for every row up to it (:mod:`rules.book.store.chain`)."""
        try:
            found = self._db.execute("SELECT seq, hash FROM book ORDER BY seq DESC LIMIT 1")
        except sqlite3.OperationalError:  # no hash column yet (schema 3 or older)
            found = self._db.execute("SELECT seq, NULL FROM book ORDER BY seq DESC LIMIT 1")
        row = found.fetchone()
        return (0, None) if row is None else (int(row[0]), row[1])

    def row_hash(self, seq: int) -> bytes | None:
        """The hash row ``seq`` holds now (None: no such row, or no chain)."""
        try:
            row = self._db.execute("SELECT hash FROM book WHERE seq = ?", (seq,)).fetchone()
        except sqlite3.OperationalError:
            return None
        return None if row is None else row[0]

    def snapshot(self, before: int, code: str) -> tuple[int, int, str] | None:
        """The latest snapshot (count, steps, its text: :meth:`unpack` reads it) of fewer than
        ``before`` entries."""
        row = self._db.execute(
            "SELECT count, steps, state FROM snapshots WHERE count < ? AND code = ? "
            "ORDER BY count DESC LIMIT 1",
            (before, code),
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]), str(row[2]))

    def unpack(self, text: str) -> JSON:
        """A snapshot's state as :func:`rules.record.codec.encode` gave it, its pieces read back and
        their hashes checked (a broken one raises :class:`~rules.record.codec.CodecError`)."""
        return codec.unpack(json.loads(text), self._chunks)

    def _chunks(self, digests: list[str]) -> dict[str, str]:
        try:
            query = "SELECT hash, data FROM chunks WHERE hash IN (SELECT value FROM json_each(?))"
            return dict(self._db.execute(query, (json.dumps(digests),)).fetchall())
        except sqlite3.OperationalError:  # a file of schema 2, read only: it has no pieces
            return {}

    def stamp(self) -> tuple[object, ...]:
        """What the file looks like from outside (see :func:`rules.book.store.check.stamp`): a
        changed stamp tells another writer wrote to it."""
        return stamp(self._db)  # see rules.book.store.check.stamp

    def snapshot_counts(self, code: str) -> set[int]:
        """The counts of the snapshots taken under the rules code ``code``, to take only the missing
        ones."""
        query = "SELECT count FROM snapshots WHERE code = ?"
        return {count for (count,) in self._db.execute(query, (code,))}

    def live_rows(self, first: int, count: int) -> list[Row]:
        """The rows of ``count`` entries of the journey as it stands, from place ``first``."""
        inner = f"SELECT seq FROM book WHERE {LIVE} ORDER BY seq LIMIT ? OFFSET ?"
        return self.rows_where(f"seq IN ({inner})", (count, first))

    def superseded_among(self, places: int, last: int | None = None) -> int:
        """How many of the first ``places`` entries are tries a reroll replaced (``last``: the
        ``seq`` of the last of them, when known: then an index answers)."""
        first = f"SELECT superseded FROM book WHERE {LIVE} ORDER BY seq LIMIT ?"
        query = f"SELECT count(*) FROM book WHERE {LIVE} AND superseded IS NOT NULL AND seq <= ?"
        sql, args = (
            (f"SELECT count(superseded) FROM ({first})", places) if last is None else (query, last)
        )
        return int(self._db.execute(sql, (args,)).fetchone()[0])

    def actions_before(self, seq: int) -> int:
        """How many actions stand (not undone, not superseded) among the rows before ``seq``."""
        (count,) = self._db.execute(
            f"SELECT count(*) FROM book WHERE {LIVE} AND superseded IS NULL AND seq < ?",
            (seq,),
        ).fetchone()
        return int(count)

    def note_by_cell(self, cell: str) -> Row | None:
        """The note a notebook cell wrote (``cell`` is its id, or a hash of its text)."""
        found = self.rows_where("cell = ? AND kind = 'note'", (cell,))
        return found[-1] if found else None

    # --- is it whole (rules.book.store.chain) -----------------------------------------------------

    def sealed(self, count: int, steps: int, code: str, state: str) -> bool:
        """Whether the snapshot after ``count`` entries is the one stored for this record (a
        file without the chain, read before its upgrade, has no seals to check)."""
        if self.info.schema < chain.CHAINED:
            return True
        try:
            return chain.sealed(self._db, count, steps, code, state)
        except sqlite3.DatabaseError:
            return False

    def check_chain(self, after: int = 0) -> None:
        """Refuse (CorruptJourney, naming the row) a journey row or a row after row ``after``
        (0: every row) that is not as it was written."""
        if self.info.schema < chain.CHAINED:
            return
        try:
            whole = chain.journey_whole(self._db)
            broken = chain.first_break(self._db, after)
        except sqlite3.DatabaseError as error:
            raise CorruptJourney(self.path, f"is damaged: SQLite says {str(error)!r}") from None
        if not whole:
            raise CorruptJourney(
                self.path,
                "has a damaged journey record: its game, name, seed or options are not the ones "
                f"the journey began with (options now {short_repr(dict(self.info.options))})",
            )
        if broken is not None:
            raise CorruptJourney(
                self.path,
                f"has a damaged row {broken}: it was changed after it was written (it no longer "
                "matches the journey's chain of hashes); restore the journey from a backup",
            )
        if self.info.schema >= HEADED and (elsewhere := ends_elsewhere(self._db)) is not None:
            raise CorruptJourney(self.path, elsewhere)

    def broken_seals(self) -> list[int]:
        """The counts of the snapshots that are not the ones stored (none without the chain)."""
        if self.info.schema < chain.CHAINED:
            return []
        return chain.broken_seals(self._db)
