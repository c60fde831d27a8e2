"""What a journey file may hold, and how Lantern's connections treat a file they did not write.

Why: a journey file is a SQLite database, and SQLite keeps programs in a database as well as
data: a trigger runs inside the transaction of the write it watches (a trigger added by hand to a
shared journey rewrote a failed Check as a success inside Lantern's own save, and Lantern then
sealed the chain of hashes over what the trigger wrote); a view stands where a table was expected;
a virtual table runs a module's code when read; an index or a constraint Lantern did not make can
refuse its writes. A journey file is data only, so opening refuses (:func:`foreign`) every schema
object that is not Lantern's own, as Lantern makes it, before anything writes: only an extra
plain table another tool left is tolerated, and Lantern never reads or writes it.

Every connection Lantern opens also takes SQLite's defences for files it does not trust
(:func:`defend`): ``PRAGMA trusted_schema = OFF`` (only functions SQLite marks harmless run
inside a schema's expressions), no extension loading, and, on a Python whose ``sqlite3`` has
``setconfig`` (3.12 on), ``SQLITE_DBCONFIG_DEFENSIVE`` and triggers and views switched off.

The head (schema version 5): table ``head`` holds how many rows the book has and the hash of the
last one (:mod:`rules.book.store.chain`), written in the same transaction as every change of the
rows. The chain vouches for every row up to a row; the head says which row is the last, so a
book whose last rows were deleted is told from one that was short (:func:`cut_short`). Like the
chain it is a check, not a signature: whoever recomputes the hashes and the head can forge a
file.
"""

from __future__ import annotations

import re
import sqlite3
from functools import cache

__all__ = [
    "HEAD",
    "HEADED",
    "LANTERN_TABLES",
    "PIECES",
    "SCHEMA",
    "cut_short",
    "defend",
    "ends_elsewhere",
    "foreign",
    "write_head",
]

#: The tables of a new journey file, in SQLite's words; a file's own schema is compared with it
#: before it is trusted.
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
CREATE TABLE chunks (hash TEXT PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX book_superseded ON book (seq) WHERE superseded IS NOT NULL;
"""
#: What version 3 added (version 4 added the chain: :data:`rules.book.store.chain.COLUMNS`).
PIECES = SCHEMA[SCHEMA.index("CREATE TABLE chunks") :].split(";")[:2]
#: What version 5 adds: the head (see the module docstring).
HEAD = (
    "CREATE TABLE head (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL, hash BLOB)"
)
#: The schema version that brought the head.
HEADED = 5
#: The chain's columns and index (version 4), as :mod:`rules.book.store.chain` adds them.
CHAIN = (
    "ALTER TABLE journey ADD COLUMN hash BLOB",
    "ALTER TABLE book ADD COLUMN hash BLOB",
    "ALTER TABLE snapshots ADD COLUMN seq INTEGER",
    "ALTER TABLE snapshots ADD COLUMN seal BLOB",
    "CREATE INDEX snapshots_seq ON snapshots (seq)",
)
#: The tables a journey file has: any other table is left alone when the schema is checked.
LANTERN_TABLES = frozenset({"schema_version", "journey", "book", "snapshots", "chunks", "head"})


def defend(db: sqlite3.Connection) -> sqlite3.Connection:
    """Give a connection SQLite's defences for a file it does not trust (module docstring)."""
    db.execute("PRAGMA trusted_schema = OFF")
    if hasattr(db, "enable_load_extension"):  # only where this Python can load them at all
        db.enable_load_extension(False)
    setconfig = getattr(db, "setconfig", None)  # Python 3.12 on
    if setconfig is not None:
        for name, on in (("DEFENSIVE", True), ("ENABLE_TRIGGER", False), ("ENABLE_VIEW", False)):
            option = getattr(sqlite3, f"SQLITE_DBCONFIG_{name}", None)
            if option is not None:
                setconfig(option, on)
    return db


# --- Lantern's own schema ----------------------------------------------------------------------


def _normal(sql: str) -> str:
    """SQL text compared by its words: spaces collapsed, none beside brackets and commas."""
    text = re.sub(r"\s+", " ", sql.strip().lower())
    return re.sub(r" ?([(),]) ?", r"\1", text)


def _checks(sql: str) -> list[str]:
    """The ``CHECK (...)`` constraints of a table's SQL, each with its brackets."""
    text, found = _normal(sql), []
    for match in re.finditer(r"\bcheck\(", text):
        depth, end = 0, match.end() - 1
        for end in range(match.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        found.append(text[match.start() : end + 1])
    return found


#: Rows as SQLite returns them, for comparing a file's tables with the ones it should have.
Rows = tuple[tuple[object, ...], ...]
#: A table's columns, CHECK constraints, foreign keys and what follows its columns.
Shape = tuple[Rows, tuple[str, ...], Rows, str]


def _shape(db: sqlite3.Connection, table: str, sql: str) -> Shape:
    """What a Lantern table's definition decides: its columns (name, type, not null, default,
    key, hidden: a generated column), its CHECK constraints, foreign keys, and what follows its
    columns (``WITHOUT ROWID``, ``STRICT``)."""
    columns = tuple(
        tuple(row[1:]) for row in db.execute("SELECT * FROM pragma_table_xinfo(?)", (table,))
    )
    query = "SELECT * FROM pragma_foreign_key_list(?)"
    keys = tuple(tuple(row) for row in db.execute(query, (table,)))
    return columns, tuple(_checks(sql)), keys, _normal(sql).rsplit(")", 1)[-1].strip()


@cache
def _lantern() -> tuple[dict[str, Shape], dict[str, str]]:
    """Lantern's tables (their shapes) and indexes (their SQL), as this Lantern makes them."""
    db = sqlite3.connect(":memory:")
    try:
        for statement in [*SCHEMA.split(";"), *CHAIN, HEAD]:
            if statement.strip():
                db.execute(statement)
        found = db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
        tables = {name: _shape(db, name, sql) for kind, name, sql in found if kind == "table"}
        indexes = {name: _normal(sql) for kind, name, sql in found if kind == "index"}
    finally:
        db.close()
    return tables, indexes


def _columns_fit(found: Shape, expected: Shape, exact: bool) -> bool:
    """Each column is one of Lantern's, defined the same, and all the rest of the definition is
    the same; ``exact`` (a file of this schema): every column is there. (A table of an older
    schema lacks the columns a later one added.)"""
    known = {column[0]: column[1:] for column in expected[0]}
    return (
        all(column[0] in known and column[1:] == known[column[0]] for column in found[0])
        and found[1:] == expected[1:]
        and (not exact or len(found[0]) == len(expected[0]))
    )


#: How each kind of foreign object is named, in the order they are looked for.
_KINDS = {
    "trigger": "a trigger {name!r} (on table {table!r}): a program SQLite would run inside a save",
    "view": "a view {name!r}: a query standing where Lantern keeps data",
    "virtual": "a virtual table {name!r}: a module SQLite would run when it is read",
    "index": "an index {name!r} (on table {table!r}) that Lantern did not make",
    "table": "a table {name!r} that is not as Lantern makes it (other columns or constraints)",
}


def foreign(db: sqlite3.Connection, version: int) -> str | None:
    """What the file (of schema ``version``) holds that is not Lantern's own (module docstring),
    as the end of a sentence naming the file, or None. Triggers are named first, then views,
    virtual tables, indexes and changed tables; each kind by name."""
    tables, indexes = _lantern()
    found: dict[str, list[tuple[str, str]]] = {kind: [] for kind in _KINDS}
    query = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
    for kind, name, table, sql in db.execute(query).fetchall():
        if kind in ("trigger", "view"):
            found[kind].append((name, table))
        elif kind == "table" and re.match(r"\s*create\s+virtual\b", sql or "", re.I):
            found["virtual"].append((name, table))
        elif kind == "index" and not (
            (name in indexes and _normal(sql or "") == indexes[name])
            or (sql is None and table not in LANTERN_TABLES)  # a constraint's, of an extra table
        ):
            found["index"].append((name, table))
        elif (
            kind == "table"
            and name in tables
            and not _columns_fit(_shape(db, name, sql or ""), tables[name], version >= HEADED)
        ):
            found["table"].append((name, table))
    for kind, named in found.items():
        if named:
            name, table = named[0]
            what = _KINDS[kind].format(name=name, table=table)
            more = f" (and {len(named) - 1} more)" if len(named) > 1 else ""
            return (
                f"holds {what}{more}; a journey file is data only, so Lantern will not open it: "
                "remove what is not a journey's with a database tool, or restore a backup"
            )
    return None


# --- the head ----------------------------------------------------------------------------------


#: The book's count of rows and last row's hash, read in one statement (one snapshot of a file
#: another process may be writing: two reads could straddle its commit).
_LAST = "(SELECT count(*) FROM book), (SELECT hash FROM book ORDER BY seq DESC LIMIT 1)"


def write_head(db: sqlite3.Connection) -> None:
    """Write the head as the book stands (inside the caller's transaction)."""
    db.execute(f"INSERT OR REPLACE INTO head SELECT 1, {_LAST}")


def cut_short(db: sqlite3.Connection) -> str | None:
    """Whether the book has the count of rows its head says (the end of a sentence naming the
    file), or None. (Its last row's hash is compared by :func:`ends_elsewhere`, once the chain
    is found whole: a row edited in place is named by the chain.)"""
    found = db.execute(f"SELECT (SELECT count FROM head WHERE id = 1), {_LAST}").fetchone()
    head, rows = found[0], found[1]
    if head is None:
        return "has lost its head (the record of how many rows it has): restore it from a backup"
    if rows < head:
        return (
            f"was cut short: it holds {rows} rows of the {head} it was saved with (its last "
            f"{head - rows} were removed after they were written); restore it from a backup"
        )
    if rows > head:
        return (
            f"holds {rows} rows but was saved with {head}: rows were added by another "
            "program; restore it from a backup"
        )
    return None


def ends_elsewhere(db: sqlite3.Connection) -> str | None:
    """Whether the book's last row is the one its head names (the end of a sentence), or None."""
    found = db.execute(f"SELECT count, hash, {_LAST} FROM head WHERE id = 1").fetchone()
    if found is not None and tuple(found[:2]) != tuple(found[2:]):
        return (
            f"does not end where it was saved: its last row is not the one its head names (of "
            f"{found[0]} rows); restore it from a backup"
        )
    return None
