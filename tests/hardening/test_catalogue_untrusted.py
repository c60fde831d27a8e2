"""A journey file cannot be turned against its player: "opening refuses, in a sentence naming
it, any schema object that is not Lantern's own (triggers, views, virtual tables, indexes of its
own making) ... An extra table left by another tool may be tolerated, but nothing of it ever
runs", and "opening and verify tell a journey cut short from one that was short"
(rules.book.store.schema). Each case checks the error's class and exact message, that no byte
of any file in the folder changed, and that ``python -m rules.book verify`` says the same and
exits 1.
"""

from __future__ import annotations

import io
import os
import shutil
import sqlite3
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import assert_refused_untouched, edit, files_of, journeys

from rules.book import JourneyBook, opening
from rules.book.store import chain
from rules.book.store.database import CorruptJourney, NotAJourney, UnsafeJourney
from rules.book.store.schema import defend
from rules.book.verify import main
from rules.firelights import Ask, Begin, Rest, available

__all__ = ["journeys"]  # the folder fixture, autouse

EVERY = 4  # a snapshot every 4 entries: three intervals in a journey of a dozen


def journey(folder: Path, actions: int = 14) -> Path:
    """A closed Firelights journey: Begin, Oracle questions and rests, a note."""
    book = JourneyBook.start("wick", game="firelights", seed=7, folder=folder)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    for _ in range(actions - 1):
        book.play(Ask("even", "Does the path hold?") if "ask" in available(book.state) else Rest())
    book.note("The lantern gutters.")
    book.close()
    return book.path


def scalar(path: Path, query: str) -> Any:
    """One value read from the journey (the connection closed after: an open one would make the
    -wal and -shm files of a file in WAL mode)."""
    db = sqlite3.connect(path)
    try:
        return db.execute(query).fetchone()[0]
    finally:
        db.close()


def refused(folder: Path, error: type[Exception], problem: str) -> None:
    """Opening, playing on and verifying the journey are refused with ``problem`` (after the
    file's name), and nothing in the folder changes."""
    path = folder / "wick.lantern"
    message = f"'<folder>/wick.lantern' {problem}"
    assert_refused_untouched(folder, error, message, lambda: JourneyBook.open(path))
    assert_refused_untouched(
        folder, error, message, lambda: JourneyBook.open_or_start("wick", folder=folder)
    )
    verified(folder, 1, message.replace("<folder>", str(folder)))


def verified(folder: Path, code: int, said: str) -> None:
    """``python -m rules.book verify`` exits with ``code`` and prints ``said``, changing nothing."""
    before = files_of(folder)
    assert verify_says(folder / "wick.lantern") == (code, said)
    assert files_of(folder) == before


def verify_says(path: Path) -> tuple[int, str]:
    """What ``python -m rules.book verify PATH`` returns and prints (one line)."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["verify", str(path)])
    return code, out.getvalue().removesuffix("\n")


def program(kind: str, name: str, on: str = "'book'") -> str:
    return (
        f"holds {kind} {name!r} (on table {on}): a program SQLite would run inside a save; a "
        "journey file is data only, so Lantern will not open it: remove what is not a journey's "
        "with a database tool, or restore a backup"
    )


DATA_ONLY = (
    "; a journey file is data only, so Lantern will not open it: remove what is not a journey's "
    "with a database tool, or restore a backup"
)


# --- schema objects that are not Lantern's -----------------------------------------------------

TRIGGERS = {
    f"{when}-{event}": f"{when.upper()} {event.upper()} ON book"
    for when in ("before", "after")
    for event in ("insert", "update", "delete")
}


@pytest.mark.parametrize("timing", sorted(TRIGGERS))
def test_a_trigger_of_each_kind_is_refused(journeys: Path, timing: str) -> None:
    """A trigger ``AFTER INSERT ON book`` rewrote a failed Check as a success inside Lantern's
    own save; every kind of trigger is refused before anything writes."""
    path = journey(journeys)
    edit(path, f"CREATE TRIGGER sneak {TRIGGERS[timing]} BEGIN "
               "UPDATE book SET body = '{}' WHERE seq = 1; END")  # fmt: skip
    refused(journeys, UnsafeJourney, program("a trigger", "sneak"))


def test_a_trigger_that_raises_is_refused_not_raised(journeys: Path) -> None:
    """A ``RAISE(ABORT)`` trigger surfaced as a raw ``sqlite3.IntegrityError`` from play."""
    path = journey(journeys)
    edit(path, "CREATE TRIGGER nope BEFORE INSERT ON book BEGIN SELECT RAISE(ABORT, 'nope'); END")
    refused(journeys, UnsafeJourney, program("a trigger", "nope"))


def test_a_trigger_on_another_table_is_refused(journeys: Path) -> None:
    path = journey(journeys)
    edit(path, "CREATE TRIGGER grow AFTER INSERT ON snapshots BEGIN "
               "INSERT INTO chunks VALUES (hex(randomblob(16)), zeroblob(1000000)); END")  # fmt: skip
    refused(journeys, UnsafeJourney, program("a trigger", "grow", "'snapshots'"))


def test_a_view_shadowing_the_book_is_refused(journeys: Path) -> None:
    """The book moved aside and a view in its name (with a trigger to write through it: the
    trigger is named first, then, without it, the view)."""
    path = journey(journeys)
    edit(path, "ALTER TABLE book RENAME TO pages", "CREATE VIEW book AS SELECT * FROM pages")
    refused(journeys, UnsafeJourney,
            "holds a view 'book': a query standing where Lantern keeps data" + DATA_ONLY)  # fmt: skip
    edit(path, "CREATE TRIGGER through INSTEAD OF INSERT ON book BEGIN "
               "INSERT INTO pages (kind, body, at) VALUES (new.kind, new.body, new.at); END")  # fmt: skip
    refused(journeys, UnsafeJourney, program("a trigger", "through"))


def test_a_view_of_another_name_is_refused(journeys: Path) -> None:
    path = journey(journeys)
    edit(path, "CREATE VIEW summary AS SELECT count(*) FROM book")
    refused(journeys, UnsafeJourney,
            "holds a view 'summary': a query standing where Lantern keeps data" + DATA_ONLY)  # fmt: skip


def test_a_virtual_table_is_refused(journeys: Path) -> None:
    path = journey(journeys)
    edit(path, "CREATE VIRTUAL TABLE words USING fts5(body)")
    refused(journeys, UnsafeJourney,
            "holds a virtual table 'words': a module SQLite would run when it is read"
            + DATA_ONLY)  # fmt: skip


def test_an_index_lantern_did_not_make_is_refused(journeys: Path) -> None:
    """A unique index on the notes (the journey has one) would refuse Lantern's next note."""
    path = journey(journeys)
    edit(path, "CREATE UNIQUE INDEX one_note ON book (kind) WHERE kind = 'note'")
    refused(journeys, UnsafeJourney,
            "holds an index 'one_note' (on table 'book') that Lantern did not make" + DATA_ONLY)  # fmt: skip


def test_one_of_lanterns_indexes_made_otherwise_is_refused(journeys: Path) -> None:
    path = journey(journeys)
    edit(path, "DROP INDEX book_cell", "CREATE INDEX book_cell ON book (at)")
    refused(journeys, UnsafeJourney,
            "holds an index 'book_cell' (on table 'book') that Lantern did not make" + DATA_ONLY)  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [
        "ALTER TABLE book ADD COLUMN extra TEXT NOT NULL DEFAULT 'x'",  # a column more
        "ALTER TABLE book DROP COLUMN cell",  # a column less
    ],
)
def test_a_book_table_not_as_lantern_makes_it_is_refused(journeys: Path, change: str) -> None:
    path = journey(journeys)
    edit(path, "DROP INDEX book_cell", change)
    refused(journeys, UnsafeJourney,
            "holds a table 'book' that is not as Lantern makes it (other columns or constraints)"
            + DATA_ONLY)  # fmt: skip


def test_a_journey_table_with_a_check_of_its_own_is_refused(journeys: Path) -> None:
    """A CHECK constraint would refuse Lantern's writes (a raw IntegrityError in a save)."""
    path = journey(journeys)
    db = sqlite3.connect(path)
    with db:
        db.execute("ALTER TABLE snapshots RENAME TO old")
        db.execute("CREATE TABLE snapshots (count INTEGER PRIMARY KEY CHECK (count < 8), "
                   "steps INTEGER NOT NULL, code TEXT NOT NULL, state TEXT NOT NULL, seq INTEGER, "
                   "seal BLOB)")  # fmt: skip
        db.execute("INSERT INTO snapshots SELECT * FROM old WHERE count < 8")
        db.execute("DROP TABLE old")
        db.execute("CREATE INDEX snapshots_seq ON snapshots (seq)")
    db.close()
    refused(journeys, UnsafeJourney,
            "holds a table 'snapshots' that is not as Lantern makes it (other columns or "
            "constraints)" + DATA_ONLY)  # fmt: skip


def test_an_extra_plain_table_is_tolerated_and_never_touched(journeys: Path) -> None:
    """Another tool's table stays as it was; the journey opens and plays on."""
    path = journey(journeys)
    edit(path, "CREATE TABLE remarks (said TEXT UNIQUE)", "INSERT INTO remarks VALUES ('hi')")
    book = JourneyBook.open(path)
    book.play(Rest("Wick rests by the water."))
    book.close()
    assert scalar(path, "SELECT group_concat(said) FROM remarks") == "hi"
    verified(journeys, 0, verified_sentence(journeys))


def verified_sentence(folder: Path) -> str:
    """verify's sentence of a whole journey (exit 0)."""
    code, said = verify_says(folder / "wick.lantern")
    assert code == 0 and said.endswith("it ends where it was last saved"), said
    return said


def test_a_trigger_added_while_a_book_follows_its_file_is_refused(journeys: Path) -> None:
    """Another program adds a trigger while the journey is open: the book that follows the
    file (a seat, the GM) refuses it before its next write; the file keeps what it had."""
    path = journey(journeys)
    book = JourneyBook.open(path)
    book.refresh()
    edit(path, "CREATE TRIGGER late AFTER INSERT ON book BEGIN DELETE FROM book; END")
    rows = scalar(path, "SELECT count(*) FROM book")
    with pytest.raises(UnsafeJourney) as caught:
        book.refresh()
    assert str(caught.value) == f"{str(path)!r} " + program("a trigger", "late")
    with pytest.raises(UnsafeJourney):  # the book does not write past it
        book.play(Rest())
    book.close()
    assert scalar(path, "SELECT count(*) FROM book") == rows


def test_lanterns_connections_distrust_the_schema(journeys: Path) -> None:
    """``PRAGMA trusted_schema = OFF`` on every connection; ``SQLITE_DBCONFIG_DEFENSIVE`` and
    no triggers or views where this Python's sqlite3 can set them (``setconfig``: 3.12 on)."""
    book = JourneyBook.open(journey(journeys))
    db: Any = book.store._db
    assert db.execute("PRAGMA trusted_schema").fetchone() == (0,)
    fresh = defend(sqlite3.connect(":memory:"))
    assert fresh.execute("PRAGMA trusted_schema").fetchone() == (0,)
    if hasattr(db, "setconfig") and hasattr(sqlite3, "SQLITE_DBCONFIG_DEFENSIVE"):
        assert db.getconfig(sqlite3.SQLITE_DBCONFIG_DEFENSIVE) is True
        assert db.getconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_TRIGGER) is False
    else:  # this Python cannot set them (3.11): the schema check is the defence
        assert not hasattr(db, "setconfig")
    book.close()
    fresh.close()


# --- a cut-off tail ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_journey(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journey of three snapshot intervals and a bit (snapshots after 4, 8 and 12 entries)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(opening, "SNAPSHOT_EVERY", EVERY)
        path = journey(tmp_path_factory.mktemp("long"), 3 * EVERY + 2)
    count = scalar(path, "SELECT count(*) FROM snapshots")
    assert count == 3
    return path


def test_a_journey_cut_at_every_row_is_noticed(
    journeys: Path, long_journey: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``DELETE FROM book WHERE seq > N`` for every N: opening and verify both refuse it,
    naming how many rows are missing; nothing changes."""
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", EVERY)
    rows = scalar(long_journey, "SELECT count(*) FROM book")
    assert rows == 3 * EVERY + 3  # the actions and the note
    journeys.mkdir()
    for kept in range(rows):
        path = journeys / "wick.lantern"
        shutil.copyfile(long_journey, path)
        edit(path, f"DELETE FROM book WHERE seq > {kept}")
        refused(journeys, CorruptJourney,
                f"was cut short: it holds {kept} rows of the {rows} it was saved with (its last "
                f"{rows - kept} were removed after they were written); restore it from a backup")  # fmt: skip
        path.unlink()
    shutil.copyfile(long_journey, journeys / "wick.lantern")
    verified_sentence(journeys)  # the whole one is whole


def test_a_journey_whose_head_was_removed_is_refused(journeys: Path) -> None:
    edit(journey(journeys), "DELETE FROM head")
    refused(journeys, CorruptJourney,
            "has lost its head (the record of how many rows it has): restore it from a backup")  # fmt: skip


def rechained(path: Path, *statements: str) -> None:
    """Change the rows with plain SQLite and recompute the chain of hashes over them, as one who
    read Lantern's code would: only the head is left as it was."""
    db = sqlite3.connect(path)
    with db:
        for statement in statements:
            db.execute(statement)
        chain.rechain(db, 0)
    db.close()


def test_a_journey_whose_last_row_was_replaced_is_refused(journeys: Path) -> None:
    """The last row deleted and another written in its place, its hash recomputed (the same
    count of rows, a whole chain): the head names another last row."""
    path = journey(journeys)
    rechained(path, "DELETE FROM book WHERE seq = (SELECT max(seq) FROM book)",
              "INSERT INTO book (kind, body, at) VALUES ('note', 'Not mine.', 0)")  # fmt: skip
    rows = scalar(path, "SELECT count(*) FROM book")
    refused(journeys, CorruptJourney,
            "does not end where it was saved: its last row is not the one its head names (of "
            f"{rows} rows); restore it from a backup")  # fmt: skip


def test_a_journey_with_rows_added_after_its_head_is_refused(journeys: Path) -> None:
    path = journey(journeys)
    rows = scalar(path, "SELECT count(*) FROM book")
    rechained(path, "INSERT INTO book (kind, body, at) VALUES ('note', 'Not mine.', 0)")
    refused(journeys, CorruptJourney,
            f"holds {rows + 1} rows but was saved with {rows}: rows were added by another "
            "program; restore it from a backup")  # fmt: skip


# --- not a file ----------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
def test_a_named_pipe_at_a_journeys_path_is_refused(journeys: Path) -> None:
    """A FIFO raised ``OSError: [Errno 29] Illegal seek``; verify printed a traceback."""
    journeys.mkdir()
    os.mkfifo(journeys / "wick.lantern")
    refused(journeys, NotAJourney,
            "is not a file (a pipe, a device or a socket): not a journey")  # fmt: skip


def test_a_link_to_a_text_file_is_refused_without_its_bytes(journeys: Path) -> None:
    """A journey path that links to a text file: the error names the file, never its content."""
    journeys.mkdir()
    secret = journeys.parent / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n" * 4)
    (journeys / "wick.lantern").symlink_to(secret)
    refused(journeys, NotAJourney, "is not a SQLite file (it lacks SQLite's header): not a journey")


def test_every_failure_of_verify_is_a_sentence(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error no check foresaw (here: the disk fails as the copy is made) is still a sentence,
    and exit 1."""
    path = journey(journeys)

    def failing(*_: Any, **__: Any) -> Any:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("rules.book.verify.Store.read_only", failing)
    assert verify_says(path) == (
        1,
        f"{str(path)!r} could not be checked (Input/output error): it is not known to be whole",
    )
