"""The durable store: one SQLite file per journey, ``journeys/<name>.lantern`` next to the notebook.

Why one file per journey: a player finds a journey by its name in a folder, copies or backs it up
like any file, and deletes it without touching the others. The file is SQLite (standard library
only) in WAL mode with ``synchronous=FULL``: :meth:`Store.transaction` commits each action before
the panel shows its result, and a power cut or a killed kernel loses nothing acknowledged. After
each commit the WAL is checkpointed into the ``.lantern`` file itself, so copying that one file
while the notebook is still open gives a complete journey (or use :meth:`Store.backup`).

What a file holds (schema version 5; its tables and their defences: :mod:`rules.book.store.schema`):

* ``schema_version``: the versions applied, newest last (also in the header's ``user_version``);
* ``journey``: one row: format, game, name, seed, options (JSON), when it was created;
* ``book``: the Journey Book in order (``seq``): ``action`` rows (the action and its chance
  outcomes as JSON, how many the player supplied from the table, ``superseded`` by a reroll,
  ``undone``: 1 = on the redo stack, 2 = undone for good, left behind when a new action was
  played, with ``ref`` = the ``seq`` of the entry it followed, NULL for the first), ``note`` rows
  (the player's journal text, keyed by the notebook cell that wrote it) and ``mechanics`` rows
  (a mechanics line the player wrote into the journal, ``ref`` = its action);
* ``snapshots``: the game state every few hundred actions (:mod:`rules.record.codec`), so reopening does
  not replay the whole journey; ``code`` fingerprints the rules that computed them, so snapshots
  from older rules are ignored rather than trusted;
* ``chunks``: the pieces of the long lists in those states (:func:`rules.record.codec.pack`), each
  kept once by the hash of its text: a snapshot holds only what changed since the one before,
  so a long journey's file grows with its length, not with its square;
* ``hash`` columns: a chain of hashes over the journey row and the rows, and a seal on each
  snapshot, so an edited file is told from a whole one (:mod:`rules.book.store.chain`);
* ``head``: how many rows the book has and the last one's hash, so a book whose last rows were
  removed is told from a short one (:func:`rules.book.store.schema.cut_short`).

Version 1 deleted the undone actions a new action left behind; version 2 keeps them so the
journey's log still shows them; version 3 adds ``chunks``; version 4 the chain; version 5 the
head. An older file is checked as it is, then upgraded in place when it is opened for play, in
one transaction (a crash leaves it as it was): snapshots of version 2, held whole, are cut into
pieces, and the chain and the head are computed over the file as it is. A Lantern that reads only an older version then refuses it as
newer.

Opening never changes a file it refuses: :mod:`rules.book.store.check` (its errors re-exported here)
checks it from its bytes and read-only first, and only a file that passes is opened for writing.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path

from rules.book.store import chain, descriptors
from rules.book.store.check import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    CorruptJourney,
    JourneyChanged,
    JourneyExists,
    JourneyFileError,
    JourneyInfo,
    JourneyNotFound,
    NewerJourney,
    NotAJourney,
    UnsafeJourney,
    WrongGame,
    check_rows,
    checked,
    inspect,
    rules_fingerprint,
    sidecar,
)
from rules.book.store.files import SUFFIX, clean_leftovers, link_new, written
from rules.book.store.rows import Reading, Row, dumps
from rules.book.store.schema import HEAD, HEADED, PIECES, SCHEMA, defend, foreign, write_head
from rules.record import codec, journey
from rules.record.journey import RECORD_FORMAT, Entry
from rules.table.chance import JSON

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "SUFFIX",
    "CorruptJourney",
    "JourneyChanged",
    "JourneyExists",
    "JourneyFileError",
    "JourneyInfo",
    "JourneyNotFound",
    "NewerJourney",
    "NotAJourney",
    "Row",
    "Store",
    "UnsafeJourney",
    "WrongGame",
    "clean_leftovers",
    "inspect",
    "rules_fingerprint",
    "sidecar",
]


# --- the store ---------------------------------------------------------------------------------


def store_checked(db: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse (UnsafeJourney) a file that holds what is not a journey's own, as this connection
    reads it (:func:`rules.book.store.schema.foreign`): the read-only check looked at it before,
    but another program may have written between the two."""
    if (unsafe := foreign(db, version)) is not None:
        raise UnsafeJourney(path, unsafe)


class Store(Reading):
    """One open journey file (its reading side: :class:`~rules.book.store.rows.Reading`). Writes
    happen inside :meth:`~Store.transaction` and are durable on exit."""

    def __init__(self, db: sqlite3.Connection, info: JourneyInfo) -> None:
        self._db = db
        self.info = info
        self.closed = False
        self.path = info.path
        self._version = self._data_version()
        self._cookie = self._schema_cookie()  # the schema as checked (moves when it changes)
        #: The last row this connection wrote or caught up to (its seq and hash): what a
        #: follower compares with to tell an append from another change (:meth:`catching_up`).
        self.seen = self.last_row()
        self._since: int | None = None  # the first row this transaction changed (to rechain)
        self._unsealed = False  # a snapshot was stored in this transaction (to seal)
        self._held: tuple[int, int] | None = None  # the file, while this live store has it open

    @classmethod
    def create(
        cls, path: Path | str, *, game: str, name: str, seed: int, options: Mapping[str, JSON]
    ) -> Store:
        """A new journey file at ``path``; refuses (JourneyExists) if anything is there already.

        The file is built under a temporary name and linked into place, so a crash never leaves
        a half-made journey under the real name.
        """
        path = Path(path)
        if path.exists():
            raise JourneyExists(
                f"a journey already exists at {str(path)!r}: open it, or choose another name"
            )
        journey.game(game)  # refuses an unknown game by name
        path.parent.mkdir(parents=True, exist_ok=True)
        clean_leftovers(path.parent)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.unlink(missing_ok=True)
        db = defend(sqlite3.connect(temporary, isolation_level=None))
        try:
            db.execute("PRAGMA synchronous = FULL")
            db.execute("BEGIN")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            now = time.strftime("%Y-%m-%dT%H:%M:%S%z")
            db.execute("INSERT INTO schema_version VALUES (?, ?)", (SCHEMA_VERSION, now))
            db.execute(
                "INSERT INTO journey VALUES (1, ?, ?, ?, ?, ?, ?)",
                (RECORD_FORMAT, game, name, seed, dumps(dict(options)), now),
            )
            chain.add_chain(db)
            db.execute(HEAD)
            write_head(db)
            db.execute("COMMIT")
            db.execute("PRAGMA journal_mode = WAL")
        finally:
            db.close()
        try:
            link_new(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
        written(path)
        return cls.open(path, game=game)

    @classmethod
    def open(cls, path: Path | str, *, game: str | None = None) -> Store:
        """Open a journey file for play, after checking it read-only (see :func:`inspect`).

        The check comes first always, also when a ``-wal`` file is there (a kernel died, or the
        journey is open elsewhere): a refused file, its WAL and its ``-shm`` stay as they were.
        Only then does SQLite open it for writing (and fold a crashed WAL in), and a file of an
        older schema is upgraded (see the module docstring).
        """
        path = Path(path)
        info = inspect(path, game)
        clean_leftovers(path.parent)
        # Jupyter runs widget callbacks in a subshell thread, cells in the main one: one
        # connection serves both, and JourneyBook's lock keeps them from overlapping.
        db = sqlite3.connect(path, isolation_level=None, timeout=10, check_same_thread=False)
        held = descriptors.hold(path)  # from now on this process reads its bytes without a close
        try:
            defend(db)
            store_checked(db, path, info.schema)  # as this connection finds it, before any write
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            store = cls(db, info)
            if info.schema < SCHEMA_VERSION:
                store._upgrade()
        except sqlite3.DatabaseError as error:
            db.close()
            descriptors.release(held)
            raise CorruptJourney(path, f"cannot be opened: SQLite says {str(error)!r}") from None
        except BaseException:
            db.close()
            descriptors.release(held)
            raise
        store._held = held
        return store

    def _upgrade(self) -> None:
        """Bring a file of an older schema to this one, in one transaction (see the module
        docstring); the version 1 and 2 files hold nothing else that version 3 changed."""
        with self.transaction():
            if self.info.schema < 3:
                for statement in PIECES:
                    self._db.execute(statement)
                query = "SELECT count, steps, code, state FROM snapshots"
                for at, steps, code, text in self._db.execute(query).fetchall():
                    with suppress(ValueError):  # one that does not read is distrusted on loading
                        self.put_snapshot(at, steps, code, json.loads(text))
            if self.info.schema < chain.CHAINED:
                chain.add_chain(self._db)
            self._db.execute(HEAD)
            write_head(self._db)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            now = time.strftime("%Y-%m-%dT%H:%M:%S%z")
            self._db.execute("INSERT INTO schema_version VALUES (?, ?)", (SCHEMA_VERSION, now))
        self.info = replace(self.info, schema=SCHEMA_VERSION)

    @classmethod
    @contextmanager
    def read_only(cls, path: Path | str, *, game: str | None = None) -> Iterator[Store]:
        """The journey checked and open for reading only (a private copy when it has a WAL), to
        replay it before anything opens it for writing; nothing it holds can change the file."""
        with checked(Path(path), game) as (db, info):
            yield cls(db, info)

    # --- writing -------------------------------------------------------------------------------

    def _data_version(self) -> int:
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def _schema_cookie(self) -> int:
        return int(self._db.execute("PRAGMA schema_version").fetchone()[0])

    def changed(self) -> bool:
        """Whether another connection wrote since this one last wrote or caught up: one
        ``PRAGMA data_version`` (it moves for other connections' commits only), so a follower can
        ask it every few tenths of a second."""
        return self._data_version() != self._version

    @contextmanager
    def catching_up(self) -> Iterator[tuple[int, bytes | None]]:
        """Read what other connections wrote under the write lock (nothing is written meanwhile),
        from :attr:`seen` (yielded) on. On exit their writes count as seen: the next write here is
        no longer refused for them, and :attr:`seen` is the last row now."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            version, seen = self._data_version(), self.seen
            cookie = self._schema_cookie()
            if cookie != self._cookie:  # another connection changed the schema: a program?
                store_checked(self._db, self.path, self.info.schema)
            yield seen
            last = self.last_row()
            self._db.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise
        self._version, self.seen, self._cookie = version, last, cookie

    @contextmanager
    def transaction(self) -> Iterator[Store]:
        """Write atomically: commit (durably) on exit, roll back on an exception.

        Refuses with :class:`JourneyChanged` when another connection wrote since this one last
        did, so two notebooks on one journey cannot silently fork it. The check is made inside
        the write transaction (``BEGIN IMMEDIATE`` holds the write lock, then the change counter
        is compared), never after it: SQLite's ``data_version`` does not move for this
        connection's own commits, so the value seen when the store was opened stays the one to
        compare with. (Reading it again after ``COMMIT`` would count a commit another notebook
        made in between as seen, and the next action here would fork the journey.)
        """
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if self._data_version() != self._version:
                raise JourneyChanged(
                    f"{str(self.path)!r} was changed by another notebook or kernel since it was "
                    "opened here: open it again to continue from what it holds now"
                )
            yield self
            self._chain()
            last = self.last_row()
            self._db.execute("COMMIT")
        except BaseException:
            self._since, self._unsealed = None, False
            with suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise
        self.seen = last
        with suppress(sqlite3.OperationalError):  # busy readers: the next commit tries again
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        written(self.path)

    def _chain(self) -> None:
        """Hash the rows this transaction changed, and the rows after them, again; seal the
        snapshots it stored and those of the rows rehashed (:mod:`rules.book.store.chain`)."""
        since, unsealed = self._since, self._unsealed
        self._since, self._unsealed = None, False
        if self.info.schema < chain.CHAINED:
            return
        if since is not None:
            chain.rechain(self._db, since)
            if self.info.schema >= HEADED:
                write_head(self._db)
        if since is not None or unsealed:
            chain.reseal(self._db, since)

    def _changed(self, *seqs: int) -> None:
        self._since = min(seqs if self._since is None else (self._since, *seqs))

    def add_action(self, entry: Entry, at: int) -> int:
        """Append an action row (its ``cell``: the seat that played it, see :class:`Row`);
        returns its ``seq``."""
        cursor = self._db.execute(
            "INSERT INTO book (kind, body, chance, supplied, superseded, cell, at) "
            "VALUES ('action', ?, ?, ?, ?, ?, ?)",
            (dumps(dict(entry.action)), dumps(list(entry.chance)), entry.supplied or None,
             1 if entry.superseded else None, entry.by or None, at),
        )  # fmt: skip
        self._changed(int(cursor.lastrowid or 0))
        return int(cursor.lastrowid or 0)

    def add_note(
        self, kind: str, text: str, at: int, *, ref: int | None = None, cell: str | None = None
    ) -> int:
        """Write a journal or mechanics row after ``at`` actions, keyed by its cell or tied to the
        action row ``ref``; returns its row."""
        cursor = self._db.execute(
            "INSERT INTO book (kind, body, ref, cell, at) VALUES (?, ?, ?, ?, ?)",
            (kind, text, ref, cell, at),
        )
        self._changed(int(cursor.lastrowid or 0))
        return int(cursor.lastrowid or 0)

    def set_text(self, seq: int, text: str) -> None:
        """Change a journal entry's words in place (its cell was run again with other text)."""
        self._db.execute("UPDATE book SET body = ? WHERE seq = ?", (text, seq))
        self._changed(seq)

    def set_superseded(self, seq: int) -> None:
        """Mark the action at row ``seq`` as replaced by a reroll; it is kept, struck through."""
        self._db.execute("UPDATE book SET superseded = 1 WHERE seq = ?", (seq,))
        self._changed(seq)

    def set_undone(self, seqs: Sequence[int], undone: bool) -> None:
        """Mark the rows ``seqs`` as taken back (``undone``) or standing again; nothing is
        deleted."""
        self._db.executemany(
            "UPDATE book SET undone = ? WHERE seq = ?", [(1 if undone else None, s) for s in seqs]
        )
        self._changed(*seqs)

    def forget_undone(self, after: int | None) -> None:
        """Leave the redo stack behind (a new action is played after the entry ``after``, None at
        the start): its rows stay, undone for good (``undone = 2``), each with ``ref`` = the entry
        it followed, so a log can replay each against the state it met.

        The redo stack continues the journey as it stands, so in order each row follows the one
        before it, and the first follows ``after``.
        """
        seqs = [seq for (seq,) in self._db.execute(
            "SELECT seq FROM book WHERE kind = 'action' AND undone = 1 ORDER BY seq")]  # fmt: skip
        if not seqs:
            return
        self._db.executemany(
            "UPDATE book SET undone = 2, ref = ? WHERE seq = ?",
            list(zip([after, *seqs[:-1]], seqs, strict=True)),
        )
        self._changed(*seqs)

    def put_snapshot(self, count: int, steps: int, code: str, state: JSON) -> None:
        """Store a snapshot in pieces (inside a transaction): only new pieces add to the file;
        sealed when the transaction ends."""
        chunks: dict[str, str] = {}
        root = codec.pack(state, chunks)
        self._db.executemany("INSERT OR IGNORE INTO chunks VALUES (?, ?)", chunks.items())
        self._db.execute(
            "INSERT OR REPLACE INTO snapshots (count, steps, code, state) VALUES (?, ?, ?, ?)",
            (count, steps, code, dumps(root)),
        )
        self._unsealed = True

    def drop_snapshots(self, after: int, counts: Sequence[int] = ()) -> None:
        """Forget the snapshots of more than ``after`` entries (those entries changed), and those
        of ``counts`` (found not to be the ones stored: they are rebuilt)."""
        self._db.execute("DELETE FROM snapshots WHERE count > ?", (after,))
        self._db.executemany("DELETE FROM snapshots WHERE count = ?", [(c,) for c in counts])

    def drop_stale_snapshots(self, code: str) -> None:
        """Delete the snapshots taken under other rules code than ``code`` (a fingerprint): they
        would not be trusted, and are taken again."""
        self._db.execute("DELETE FROM snapshots WHERE code != ?", (code,))

    # --- the file ------------------------------------------------------------------------------

    def check_rows(self, after: int = 0) -> None:
        """Check the action rows after row ``after`` (all: 0) as opening checks those it replays."""
        check_rows(self._db, self.info, after=after)

    def integrity(self) -> list[str]:
        """SQLite's full ``integrity_check``: ``["ok"]`` for a sound file."""
        return [row[0] for row in self._db.execute("PRAGMA integrity_check")]

    def backup(self, path: Path | str) -> Path:
        """A consistent copy of the journey at ``path`` (safe while it is open and in play)."""
        path = Path(path)
        if path.exists():
            raise JourneyExists(f"will not overwrite {str(path)!r} with a backup")
        path.parent.mkdir(parents=True, exist_ok=True)
        target = sqlite3.connect(path)
        try:
            self._db.backup(target)
        finally:
            target.close()
        return path

    def close(self) -> None:
        """Close the file; SQLite folds the WAL into it and removes the ``-wal``/``-shm`` files."""
        self.closed = True
        db = getattr(self, "_db", None)
        if db is not None:
            with suppress(sqlite3.Error):
                db.close()
        held, self._held = getattr(self, "_held", None), None
        if held is not None:
            descriptors.release(held)

    def __del__(self) -> None:
        # The connection sits in a reference cycle of sqlite3's own: close it when the store
        # goes, not at some later garbage collection (Run All drops the old book).
        self.close()
