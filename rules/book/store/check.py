"""Checking a journey file before anything writes to it: its bytes first, then SQLite read-only.

Why a module of its own: "bad input, nothing lost". A file is refused by reading, never by trying
to open it for writing (which could roll back a journal or switch its journal mode). The header's
first 100 bytes say whether it is SQLite at all, whether it is a Lantern journey (our
``application_id``), which schema version wrote it, and how many pages it should have; then the
content is read ``immutable`` (no lock, no ``-wal``/``-shm`` files) for SQLite's ``quick_check``,
the tables and the journey row. Each problem has its own error class under
:class:`JourneyFileError` (an :class:`~rules.errors.InvalidInput`), naming the file and what is
wrong.

A ``-wal`` file beside the journey (a kernel died, or the journey is open in another notebook)
holds committed actions that are not in the file yet, so the check must read it; but SQLite
changes a WAL even when it only reads: a reader marks the ``-shm`` index, and the last connection
to close folds the WAL into the file and deletes both. So the file and its WAL are copied into a
private temporary folder and the copy is checked; the originals are only ever read.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import struct
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.book.store import descriptors
from rules.book.store.schema import HEADED, cut_short, defend, foreign
from rules.errors import IllegalAction, InvalidInput, LanternError
from rules.record import journey
from rules.record.journey import RECORD_FORMAT, short_repr
from rules.table.chance import JSON

__all__ = [
    "APPLICATION_ID",
    "LIVE",
    "SCHEMA_VERSION",
    "CorruptJourney",
    "JourneyChanged",
    "JourneyExists",
    "JourneyFileError",
    "JourneyInfo",
    "JourneyNotFound",
    "NewerJourney",
    "NotAJourney",
    "UnsafeJourney",
    "WrongGame",
    "check_header",
    "check_rows",
    "checked",
    "inspect",
    "read_info",
    "rules_fingerprint",
    "stamp",
    "trusted_seq",
]

#: "LANT" in the SQLite header (offset 68): tells a journey from any other SQLite database.
APPLICATION_ID = 0x4C414E54
#: 2: an undone action a new action left behind stays, ``undone = 2``; 3: snapshots keep the long
#: lists of a state in shared pieces, table ``chunks`` (see :mod:`rules.book.store.database`); 4: a chain of
#: hashes over the rows, each snapshot sealed to it (:mod:`rules.book.store.chain`); 5: the head,
#: the book's length and last row (:mod:`rules.book.store.schema`).
SCHEMA_VERSION = 5
#: The first bytes of every SQLite file: a file without them is not a journey, said before SQLite.
SQLITE_MAGIC = b"SQLite format 3\x00"


@cache
def rules_fingerprint() -> str:
    """A hash of the rules' source: snapshots computed by other rules code are not trusted."""
    root = Path(__file__).resolve().parents[2]  # rules/
    digest = hashlib.sha256()
    for source in sorted(root.rglob("*.py")):
        digest.update(source.relative_to(root).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


class JourneyFileError(InvalidInput):
    """A file that cannot be opened as a journey; the message names the file and what is wrong."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{str(path)!r} {problem}")
        self.path = Path(path)


class JourneyNotFound(JourneyFileError):
    """No file at that path (start a journey to create one)."""


class NotAJourney(JourneyFileError):
    """Not SQLite at all, or another program's SQLite database."""


class CorruptJourney(JourneyFileError):
    """A journey file that is truncated or damaged."""


class UnsafeJourney(JourneyFileError):
    """A file holding what is not a journey's own: a trigger, a view, a virtual table, an index or
    a table Lantern did not make (:mod:`rules.book.store.schema`). Nothing of it ever runs."""


class NewerJourney(JourneyFileError):
    """Written by a newer Lantern, with a schema this one does not know."""


class WrongGame(JourneyFileError):
    """A journey of another game than the one asked for (or of a game this Lantern lacks)."""


class JourneyExists(IllegalAction):
    """Starting a journey under a name that is taken: the old journey stays as it is."""


class JourneyChanged(IllegalAction):
    """Another notebook (or kernel) wrote to this journey since it was opened here."""


@dataclass(frozen=True)
class JourneyInfo:
    """The journey row: which game, under which name, from which seed and options."""

    #: The journey file it was read from.
    path: Path
    #: The name of the game the journey plays, which picks the rules that replay it.
    game: str
    #: The journey's name, as the player gave it.
    name: str
    #: The seed of the journey's random generator: with the record, it gives back every draw.
    seed: int
    #: The options the journey was begun with (a card set, house rules), replayed with it.
    options: Mapping[str, JSON]
    #: When the journey was begun (an ISO date and time).
    created_at: str
    #: The file's schema version; an older file is upgraded when opened for play.
    schema: int


def sidecar(path: Path, suffix: str) -> Path:
    """The file SQLite or Lantern keeps beside ``path`` (``-wal``, a lock), one name everywhere."""
    return path.with_name(path.name + suffix)


def check_header(path: Path) -> int:
    """Check the file's first 100 bytes (and its size) without SQLite; return its schema version."""
    try:
        head, size = descriptors.read_head(path, 100)  # never a close that drops SQLite's locks
    except FileNotFoundError:
        raise JourneyNotFound(path, "does not exist: start a journey to create it") from None
    except IsADirectoryError:
        raise NotAJourney(path, "is a folder, not a journey file") from None
    except descriptors.NotAFile:
        raise NotAJourney(
            path, "is not a file (a pipe, a device or a socket): not a journey"
        ) from None
    except OSError as error:
        raise NotAJourney(path, f"cannot be read ({error.strerror}): not a journey") from None
    if size == 0:
        raise NotAJourney(path, "is empty (0 bytes): not a journey file")
    if not head.startswith(SQLITE_MAGIC[: len(head)]) or len(head) < len(SQLITE_MAGIC):
        raise NotAJourney(path, "is not a SQLite file (it lacks SQLite's header): not a journey")
    if len(head) < 100:
        raise CorruptJourney(path, f"is truncated: {size} bytes, shorter than SQLite's header")
    (application_id,) = struct.unpack(">I", head[68:72])
    (version,) = struct.unpack(">I", head[60:64])
    if application_id != APPLICATION_ID:
        raise NotAJourney(
            path,
            f"is a SQLite database of another program (application_id {application_id:#010x}), "
            f"not a Lantern journey ({APPLICATION_ID:#010x})",
        )
    _check_version(path, version)
    if not (sidecar(path, "-wal").exists() and sidecar(path, "-wal").stat().st_size):
        _check_size(path, head, size)
    return int(version)


def _check_version(path: Path, version: int) -> None:
    if version > SCHEMA_VERSION:
        raise NewerJourney(
            path,
            f"has journey schema version {version}, written by a newer Lantern; this one reads "
            f"versions 1 to {SCHEMA_VERSION}: upgrade Lantern to open it",
        )
    if version < 1:
        raise CorruptJourney(path, f"has no journey schema version (user_version {version})")


def _check_size(path: Path, head: bytes, size: int) -> None:
    """Without a WAL, the file holds every page its header counts: fewer bytes is truncation."""
    (page_size,) = struct.unpack(">H", head[16:18])
    page_size = 65536 if page_size == 1 else page_size
    changes, pages, valid_for = (struct.unpack(">I", head[i : i + 4])[0] for i in (24, 28, 92))
    if page_size < 512 or page_size & (page_size - 1):
        raise CorruptJourney(path, f"has a damaged header (page size {page_size})")
    if size % page_size:
        raise CorruptJourney(path, f"is truncated: {size} bytes is not a whole number of pages")
    if pages and changes == valid_for and size < pages * page_size:
        raise CorruptJourney(
            path,
            f"is truncated: its header counts {pages} pages of {page_size} bytes "
            f"({pages * page_size} bytes) but the file has {size}",
        )


def read_info(db: sqlite3.Connection, path: Path, version: int) -> JourneyInfo:
    """Check the content (quick_check, the schema, the journey row) and return the journey row."""
    try:
        (in_use,) = db.execute("PRAGMA user_version").fetchone()  # the WAL may hold a newer one
        if in_use != version:
            _check_version(path, int(in_use))
        problems = [row[0] for row in db.execute("PRAGMA quick_check(5)")]
        if problems != ["ok"]:
            raise CorruptJourney(path, f"is damaged: SQLite's check says {problems!r}")
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        missing = {"schema_version", "journey", "book", "snapshots"} - tables
        if version >= 3:
            missing |= {"chunks"} - tables
        if version >= HEADED:
            missing |= {"head"} - tables
        if missing:
            raise CorruptJourney(path, f"lacks the journey tables {sorted(missing)}")
        if (unsafe := foreign(db, version)) is not None:
            raise UnsafeJourney(path, unsafe)
        if version >= HEADED and (cut := cut_short(db)) is not None:
            raise CorruptJourney(path, cut)
        (latest,) = db.execute("SELECT max(version) FROM schema_version").fetchone()
        row = db.execute(
            "SELECT format, game, name, seed, options, created_at FROM journey WHERE id = 1"
        ).fetchone()
    except sqlite3.DatabaseError as error:
        raise CorruptJourney(path, f"is damaged: SQLite says {str(error)!r}") from None
    if latest != version:
        raise CorruptJourney(
            path, f"says schema version {version} in its header but {latest!r} in its tables"
        )
    if row is None or row[0] != RECORD_FORMAT:
        raise CorruptJourney(path, f"has no journey record (format {RECORD_FORMAT!r})")
    _format, game, name, seed, options, created_at = row
    try:
        parsed = json.loads(options)
    except json.JSONDecodeError:
        parsed = None
    if not isinstance(parsed, dict) or not isinstance(seed, int):
        raise CorruptJourney(path, f"has a damaged journey record: seed {seed!r}, {options!r}")
    return JourneyInfo(path, game, name, seed, parsed, created_at, version)


def check_rows(db: sqlite3.Connection, info: JourneyInfo, *, after: int | None = None) -> None:
    """Each action row holds an action of its game (each field of the right type and value, as
    :mod:`rules.record.action` checks it), a list of outcomes, and a count of them the player supplied:
    a hand-edited row is refused naming the row and the field, before anything replays.

    Why only the rows after the latest snapshot of these rules (unless ``after``, a row, is
    given: 0 for every row): those are the rows opening replays (when opening must fall back to
    an earlier snapshot, it checks the rows after that one too: :func:`rules.book.opening.replay`); checking every row would make opening a long journey as slow as
    replaying it. An older row is checked the same way when it is read (the log, an export, an
    undo or a look back that far: :mod:`rules.book.pages`), and all of them by
    :meth:`JourneyBook.check <rules.book.views.BookView.check>`.
    """
    parse = journey.game(info.game).parse_action
    try:
        rows = db.execute(
            "SELECT seq, body, chance, supplied FROM book WHERE kind = 'action' AND seq > ? "
            "ORDER BY seq",
            (trusted_seq(db) if after is None else after,),
        ).fetchall()
    except sqlite3.DatabaseError as error:
        raise CorruptJourney(info.path, f"is damaged: SQLite says {str(error)!r}") from None
    for seq, body, chance, supplied in rows:
        try:
            action, outcomes = _row_json(body, chance)
            if supplied is not None and (
                type(supplied) is not int or not 0 <= supplied <= len(outcomes)
            ):
                raise InvalidInput(
                    f"'supplied' is a count of its {len(outcomes)} outcomes, got "
                    f"{short_repr(supplied, 40)}"
                )
            parse(action)
        except LanternError as error:
            raise CorruptJourney(info.path, f"has a damaged row {seq}: {error}") from None
        except (TypeError, KeyError, AttributeError, IndexError) as error:  # a game's own slip
            raise CorruptJourney(
                info.path, f"has a damaged row {seq}: {type(error).__name__} {error}"
            ) from None


def stamp(db: sqlite3.Connection) -> tuple[object, ...]:
    """What the book's rows add up to, changed by any write a book keeps in memory (a row added,
    undone, redone, superseded, left behind): two reads of a file compared without reading each
    row into Python. (A note's text is not kept: a book reads it from the file when asked.)"""
    return tuple(db.execute(
        "SELECT count(*), total(seq), max(seq), total(seq * ifnull(undone, 0)), "
        "total(seq * ifnull(superseded, 0)), total(seq * ifnull(ref, 0)), total(length(body)) "
        "FROM book").fetchone())  # fmt: skip


#: The rows of the journey as it stands: its entries, in order of ``seq``.
LIVE = "kind = 'action' AND undone IS NULL"


def trusted_seq(db: sqlite3.Connection) -> int:
    """The row of the last entry the latest snapshot of these rules covers (0: none): opening
    replays only the rows after it."""
    (count,) = db.execute(
        "SELECT max(count) FROM snapshots WHERE code = ?", (rules_fingerprint(),)
    ).fetchone()
    if not count:
        return 0
    found = db.execute(
        f"SELECT seq FROM book WHERE {LIVE} ORDER BY seq LIMIT 1 OFFSET ?",
        (int(count) - 1,),
    ).fetchone()
    return 0 if found is None else int(found[0])


def _row_json(body: object, chance: object) -> tuple[dict[str, JSON], list[JSON]]:
    try:
        action = json.loads(body) if isinstance(body, str) else None
        outcomes = json.loads(chance) if isinstance(chance, str) else [] if chance is None else None
    except json.JSONDecodeError as error:
        raise InvalidInput(f"broken JSON ({error})") from None
    if not isinstance(action, dict):
        raise InvalidInput(f"the action is a JSON object, got {short_repr(body, 60)}")
    if not isinstance(outcomes, list):
        raise InvalidInput(f"'chance' is a JSON list of outcomes, got {short_repr(chance, 60)}")
    return action, outcomes


def check_game(info: JourneyInfo, game: str | None) -> None:
    """Refuse a journey of another game than asked for, or of one this Lantern does not play."""
    if game is not None and info.game != game:
        raise WrongGame(info.path, f"is a {info.game!r} journey, not {game!r}")
    if info.game not in journey.GAMES:
        raise WrongGame(
            info.path, f"is a journey of {info.game!r}; this Lantern plays {sorted(journey.GAMES)}"
        )


def inspect(path: Path | str, game: str | None = None) -> JourneyInfo:
    """Check a journey file read-only and return its journey row; the file is left untouched.

    Without a ``-wal`` file the content is read ``immutable`` (no lock files are created); with
    one (the journey is open elsewhere, or a kernel died), a private copy of the file and its WAL
    is read instead, so neither the file nor its ``-wal``/``-shm`` change or disappear.
    """
    with checked(path, game) as (_db, info):
        return info


@contextmanager
def checked(
    path: Path | str, game: str | None = None
) -> Iterator[tuple[sqlite3.Connection, JourneyInfo]]:
    """A read-only connection to the checked journey, and its journey row (see :func:`inspect`).

    What the connection reads is the journey with its WAL, as opening it would find it; it
    reads the file itself, or a private copy when there is a WAL. Closed on exit. A file read
    ``immutable`` (no WAL when it was looked at) that another notebook opened and wrote meanwhile
    can read as damaged: when a WAL is there by then, it is read again, as a copy
    (:data:`COPIES` times at most) before the file is called damaged.
    """
    path = Path(path)
    version = check_header(path)
    for attempt in range(COPIES):
        with ExitStack() as stack:
            try:
                db, info = _read(path, version, stack)
            except CorruptJourney:
                if attempt + 1 == COPIES or not sidecar(path, "-wal").exists():
                    raise
                time.sleep(0.01 * (attempt + 1))
                continue
            check_game(info, game)
            check_rows(db, info)
            yield db, info
            return


#: How many times a journey open elsewhere is copied before a damaged copy means a damaged file.
COPIES = 5


def _read(path: Path, version: int, stack: ExitStack) -> tuple[sqlite3.Connection, JourneyInfo]:
    """A read-only connection to the journey (or, with a WAL, to a copy in a folder ``stack``
    removes) and its journey row, content checked."""
    if sidecar(path, "-wal").exists():
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lantern-")))
        uri = _copy_with_wal(path, folder).as_uri() + "?mode=ro"
    else:
        uri = path.resolve().as_uri() + "?immutable=1"
    try:
        db = sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.Error as error:
        raise CorruptJourney(path, f"cannot be read: SQLite says {str(error)!r}") from None
    stack.callback(db.close)
    try:
        defend(db)
    except sqlite3.Error as error:
        raise CorruptJourney(path, f"cannot be read: SQLite says {str(error)!r}") from None
    return db, read_info(db, path, version)


def _copy_with_wal(path: Path, folder: Path, tries: int = 20) -> Path:
    """The journey file and its WAL copied into ``folder`` as one journey (not the ``-shm``:
    SQLite rebuilds it), touching neither.

    The WAL is read before and after the file is copied, and the copy stands when the two reads
    are the same bytes: then no commit was appended and the WAL was not started over meanwhile
    (either rewrites its header or adds frames), so every page a checkpoint may have written into
    the file during the copy is still in the WAL copied, which wins over the file's page when the
    copy is read. (The files' modification times cannot tell: several commits fit in one tick of
    the clock they are stamped with.) Copied again while the WAL changed (a notebook is playing).
    """
    copy = folder / path.name
    wal = sidecar(path, "-wal")
    after = _bytes(wal)
    for attempt in range(tries):
        before = after
        descriptors.copy_out(path, copy)
        after = _bytes(wal)
        if after == before:
            break
        time.sleep(0.001 * attempt)
    if after is None:  # the other connection closed: the WAL is in the file now
        sidecar(copy, "-wal").unlink(missing_ok=True)
    else:
        sidecar(copy, "-wal").write_bytes(after)
    return copy


def _bytes(path: Path) -> bytes | None:
    """The file's bytes, or None when it is gone."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
