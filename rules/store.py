"""The durable store: one SQLite file per journey, ``journeys/<name>.lantern`` next to the notebook.

Why one file per journey: a player finds a journey by its name in a folder, copies or backs it up
like any file, and deletes it without touching the others. The file is SQLite (standard library
only) in WAL mode with ``synchronous=FULL``: :meth:`Store.transaction` commits each action before
the panel shows its result, and a power cut or a killed kernel loses nothing acknowledged. After
each commit the WAL is checkpointed into the ``.lantern`` file itself, so copying that one file
while the notebook is still open gives a complete journey (or use :meth:`Store.backup`).

What a file holds (schema version 2):

* ``schema_version``: the versions applied, newest last (also in the header's ``user_version``);
* ``journey``: one row: format, game, name, seed, options (JSON), when it was created;
* ``book``: the Journey Book in order (``seq``): ``action`` rows (the action and its chance
  outcomes as JSON, how many the player supplied from the table, ``superseded`` by a reroll,
  ``undone``: 1 = on the redo stack, 2 = undone for good, left behind when a new action was
  played, with ``ref`` = the ``seq`` of the entry it followed, NULL for the first), ``note`` rows
  (the player's journal text, keyed by the notebook cell that wrote it) and ``mechanics`` rows
  (a mechanics line the player wrote into the journal, ``ref`` = its action);
* ``snapshots``: the game state every few hundred actions (:mod:`rules.codec`), so reopening does
  not replay the whole journey; ``code`` fingerprints the rules that computed them, so snapshots
  from older rules are ignored rather than trusted.

Version 1 deleted the undone actions a new action left behind; version 2 keeps them so the
journey's log still shows them. The tables are the same: a version 1 file is upgraded in place by
the commit that first keeps one (a Lantern that reads only version 1, which would offer to redo
them, then refuses the file as newer instead).

Opening never changes a file it refuses: :mod:`rules.store_check` checks it from its bytes and
read-only first, and only a file that passes is opened for writing. Its errors are re-exported
here.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules import journey
from rules.chance import JSON
from rules.errors import InvalidInput
from rules.journey import RECORD_FORMAT, Entry, short_repr
from rules.store_check import (
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
    WrongGame,
    checked,
    inspect,
    sidecar,
)

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
    "WrongGame",
    "clean_leftovers",
    "inspect",
    "rules_fingerprint",
    "sidecar",
]

SUFFIX = ".lantern"

SCHEMA = """
CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
CREATE TABLE journey (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    format TEXT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE book (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'note', 'mechanics')),
    body TEXT NOT NULL,
    chance TEXT,
    supplied INTEGER,
    superseded INTEGER,
    undone INTEGER,
    ref INTEGER,
    cell TEXT,
    at INTEGER NOT NULL
);
CREATE INDEX book_cell ON book (cell) WHERE cell IS NOT NULL;
CREATE TABLE snapshots (
    count INTEGER PRIMARY KEY,
    steps INTEGER NOT NULL,
    code TEXT NOT NULL,
    state TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Row:
    """One row of the book: an action (``kind == "action"``), a note, or a mechanics line."""

    seq: int
    kind: str
    body: str
    chance: str | None = None
    supplied: int = 0
    superseded: bool = False
    undone: bool = False
    ref: int | None = None
    cell: str | None = None
    at: int = 0
    forgotten: bool = False  # undone for good (``undone = 2``): no longer on the redo stack

    def entry(self) -> Entry:
        """The :class:`~rules.journey.Entry` of an action row."""
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
        return Entry(action, tuple(chance), self.superseded, supplied)


def dumps(value: JSON) -> str:
    """Compact JSON, the way every JSON column is written."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@cache
def rules_fingerprint() -> str:
    """A hash of the rules' source: snapshots computed by other rules code are not trusted."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for source in sorted(root.rglob("*.py")):
        digest.update(source.relative_to(root).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


# --- the store ---------------------------------------------------------------------------------


class Store:
    """One open journey file. Writes happen inside :meth:`transaction` and are durable on exit."""

    def __init__(self, db: sqlite3.Connection, info: JourneyInfo) -> None:
        self._db = db
        self.info = info
        self.path = info.path
        self._version = self._data_version()

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
        db = sqlite3.connect(temporary, isolation_level=None)
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
            db.execute("COMMIT")
            db.execute("PRAGMA journal_mode = WAL")
        finally:
            db.close()
        try:
            _link_new(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
        return cls.open(path, game=game)

    @classmethod
    def open(cls, path: Path | str, *, game: str | None = None) -> Store:
        """Open a journey file for play, after checking it read-only (see :func:`inspect`).

        The check comes first always, also when a ``-wal`` file is there (a kernel died, or the
        journey is open elsewhere): a refused file, its WAL and its ``-shm`` stay as they were.
        Only then does SQLite open it for writing (and fold a crashed WAL in).
        """
        path = Path(path)
        info = inspect(path, game)
        clean_leftovers(path.parent)
        # Jupyter runs widget callbacks in a subshell thread, cells in the main one: one
        # connection serves both, and JourneyBook's lock keeps them from overlapping.
        db = sqlite3.connect(path, isolation_level=None, timeout=10, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
        except sqlite3.DatabaseError as error:
            db.close()
            raise CorruptJourney(path, f"cannot be opened: SQLite says {str(error)!r}") from None
        except BaseException:
            db.close()
            raise
        return cls(db, info)

    @classmethod
    @contextmanager
    def read_only(cls, path: Path | str, *, game: str | None = None) -> Iterator[Store]:
        """The journey checked and open for reading only (a private copy when it has a WAL), to
        replay it before anything opens it for writing; nothing it holds can change the file."""
        with checked(Path(path), game) as (db, info):
            yield cls(db, info)

    # --- reading -------------------------------------------------------------------------------

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

    def snapshot(self, before: int, code: str) -> tuple[int, int, str] | None:
        """The latest snapshot (count, steps, state JSON) of fewer than ``before`` entries."""
        row = self._db.execute(
            "SELECT count, steps, state FROM snapshots WHERE count < ? AND code = ? "
            "ORDER BY count DESC LIMIT 1",
            (before, code),
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]), str(row[2]))

    def snapshot_counts(self, code: str) -> set[int]:
        return {
            row[0]
            for row in self._db.execute("SELECT count FROM snapshots WHERE code = ?", (code,))
        }

    def actions_before(self, seq: int) -> int:
        """How many actions stand (not undone, not superseded) among the rows before ``seq``."""
        (count,) = self._db.execute(
            "SELECT count(*) FROM book WHERE kind = 'action' AND undone IS NULL "
            "AND superseded IS NULL AND seq < ?",
            (seq,),
        ).fetchone()
        return int(count)

    def note_by_cell(self, cell: str) -> Row | None:
        """The note a notebook cell wrote (``cell`` is its id, or a hash of its text)."""
        found = self.rows_where("cell = ? AND kind = 'note'", (cell,))
        return found[-1] if found else None

    # --- writing -------------------------------------------------------------------------------

    def _data_version(self) -> int:
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

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
            self._db.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise
        with suppress(sqlite3.OperationalError):  # busy readers: the next commit tries again
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def add_action(self, entry: Entry, at: int) -> int:
        """Append an action row; returns its ``seq``."""
        cursor = self._db.execute(
            "INSERT INTO book (kind, body, chance, supplied, superseded, at) "
            "VALUES ('action', ?, ?, ?, ?, ?)",
            (dumps(dict(entry.action)), dumps(list(entry.chance)), entry.supplied or None,
             1 if entry.superseded else None, at),
        )  # fmt: skip
        return int(cursor.lastrowid or 0)

    def add_note(
        self, kind: str, text: str, at: int, *, ref: int | None = None, cell: str | None = None
    ) -> int:
        cursor = self._db.execute(
            "INSERT INTO book (kind, body, ref, cell, at) VALUES (?, ?, ?, ?, ?)",
            (kind, text, ref, cell, at),
        )
        return int(cursor.lastrowid or 0)

    def set_text(self, seq: int, text: str) -> None:
        self._db.execute("UPDATE book SET body = ? WHERE seq = ?", (text, seq))

    def set_superseded(self, seq: int) -> None:
        self._db.execute("UPDATE book SET superseded = 1 WHERE seq = ?", (seq,))

    def set_undone(self, seqs: Sequence[int], undone: bool) -> None:
        self._db.executemany(
            "UPDATE book SET undone = ? WHERE seq = ?", [(1 if undone else None, s) for s in seqs]
        )

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
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version < SCHEMA_VERSION:  # see the module docstring: version 1 deleted these rows
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute(
                "INSERT OR IGNORE INTO schema_version VALUES (?, ?)",
                (SCHEMA_VERSION, time.strftime("%Y-%m-%dT%H:%M:%S%z")),
            )
        self._db.executemany(
            "UPDATE book SET undone = 2, ref = ? WHERE seq = ?",
            list(zip([after, *seqs[:-1]], seqs, strict=True)),
        )

    def put_snapshot(self, count: int, steps: int, code: str, state: JSON) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)",
            (count, steps, code, dumps(state)),
        )

    def drop_snapshots(self, after: int) -> None:
        """Forget the snapshots of more than ``after`` entries (those entries changed)."""
        self._db.execute("DELETE FROM snapshots WHERE count > ?", (after,))

    def drop_stale_snapshots(self, code: str) -> None:
        self._db.execute("DELETE FROM snapshots WHERE code != ?", (code,))

    # --- the file ------------------------------------------------------------------------------

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
        db = getattr(self, "_db", None)
        if db is not None:
            with suppress(sqlite3.Error):
                db.close()

    def __del__(self) -> None:
        # The connection sits in a reference cycle of sqlite3's own: close it when the store
        # goes, not at some later garbage collection (Run All drops the old book).
        self.close()


#: What a killed :meth:`Store.create` leaves: ``.<name>.lantern.<pid>.tmp`` (and its SQLite
#: ``-journal``, ``-wal`` or ``-shm``), removed when the process is gone or after 60 seconds.
LEFTOVER = re.compile(rf"\..+{re.escape(SUFFIX)}\.(\d+)\.tmp(-journal|-wal|-shm)?")


def clean_leftovers(folder: Path, age: float = 60) -> None:
    """Remove the half-made journeys killed starts left in ``folder`` (see :data:`LEFTOVER`)."""
    with suppress(OSError):
        for each in folder.iterdir():
            if found := LEFTOVER.fullmatch(each.name):
                with suppress(OSError):
                    if time.time() - each.stat().st_mtime > age or _gone(int(found[1])):
                        each.unlink()


def _gone(pid: int) -> bool:
    """Whether no process has this id (never asked on Windows: os.kill would end it)."""
    if pid == os.getpid() or os.name == "nt":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):  # another user's process, or an impossible id
        return False
    return False


def _link_new(source: Path, target: Path) -> None:
    """Put ``source`` at ``target`` atomically, never replacing a file already there."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise JourneyExists(
            f"a journey already exists at {str(target)!r}: open it, or choose another name"
        ) from None
    except OSError:  # no hard links here (some network or FAT folders): check, then rename
        if target.exists():
            raise JourneyExists(f"a journey already exists at {str(target)!r}") from None
        os.replace(source, target)
    with suppress(OSError):  # make the new name itself durable
        directory = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
