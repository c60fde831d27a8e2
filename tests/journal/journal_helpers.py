"""Helpers for the Journey Book tests: scripted Firelights journeys, file digests."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from rules.book import JourneyBook
from rules.firelights import Ask, Begin, Rest, available
from rules.record import codec
from rules.record.journey import Journey

__all__ = [
    "as_schema",
    "begin",
    "digest",
    "listing",
    "played",
    "reference",
    "same",
    "scripted",
    "simple_action",
    "step",
]


def begin(book: Any) -> Any:
    return book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))


def simple_action(state: Any) -> Any:
    """The simplest loop of legal actions: ask the Oracle; rest when the deck runs out."""
    return Ask("even") if "ask" in available(state) else Rest()


def step(book: Any) -> Any:
    return book.play(simple_action(book.state))


def played(name: str = "wick", actions: int = 20, seed: int = 7) -> JourneyBook[Any, Any]:
    """A journey of ``actions`` actions (Begin, then the simple loop), still open."""
    book = JourneyBook.start(name, game="firelights", seed=seed)
    begin(book)
    for _ in range(actions - 1):
        step(book)
    return book


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def listing(folder: Path) -> list[str]:
    """The files in ``folder``: opening a refused file must not leave -wal/-shm files behind."""
    return sorted(p.name for p in folder.iterdir())


def scripted(name: str = "golden") -> JourneyBook[Any, Any]:
    """A short Firelights journey with every kind of entry, its cards and dice all supplied.

    Begin, a note, Discover (Shade) and its Choose, an Oracle question rerolled at the table, a
    note, a mechanics line written to the journal, and a Search that was undone.
    """
    from rules.firelights import Choose, Discover, Search

    book = JourneyBook.start(name, game="firelights", seed=11)
    book.play(Begin("Wick", "she/her", 2, 1, 0), [["5C"]])
    book.note("Wick wakes in the *ash fields*.\n\nThe first beacon is cold.")
    book.play(Discover("quick"), [["9H", "KS"], [6, 6]])
    book.play(Choose("KS"))
    book.play(Ask("likely", "Is the bridge safe?"), [["2D", "3D"], [4, 4]])
    book.reroll([["JD", "QD"], [1, 1]])
    book.note("The Oracle frowns: the bridge is *not* safe.")
    book.write_mechanics()
    book.play(Search("forceful"), [["4S", "6C"], [3, 3]])
    book.undo()
    return book


def as_schema(path: Path, version: int) -> None:
    """The (closed) journey file as the Lantern of schema ``version`` (1 to 4) wrote it: before
    5, no head (the book's length: rules.book.store.schema); before 4, no chain of hashes
    (rules.book.store.chain); before 3, each snapshot whole and no table of pieces; the version
    in the header and the table."""
    db = sqlite3.connect(path)
    with db:
        db.execute("DROP TABLE head")
    if version < 4:
        _unchained(db)
    with db:
        if version < 3:
            chunks = dict(db.execute("SELECT hash, data FROM chunks"))
            fetch = lambda digests: {d: chunks[d] for d in digests if d in chunks}  # noqa: E731
            for count, text in db.execute("SELECT count, state FROM snapshots").fetchall():
                whole = json.dumps(codec.unpack(json.loads(text), fetch), separators=(",", ":"))
                db.execute("UPDATE snapshots SET state = ? WHERE count = ?", (whole, count))
            db.execute("DROP TABLE chunks")
            db.execute("DROP INDEX book_superseded")
        db.execute("DELETE FROM schema_version")
        db.execute("INSERT INTO schema_version VALUES (?, 'then')", (version,))
        db.execute(f"PRAGMA user_version = {version}")
    db.execute("VACUUM")
    db.close()


def _unchained(db: sqlite3.Connection) -> None:
    """No chain of hashes: the columns and the index of schema 4 gone."""
    with db:
        db.execute("DROP INDEX snapshots_seq")
        for table, column in (("journey", "hash"), ("book", "hash"), ("snapshots", "seq"),
                              ("snapshots", "seal")):  # fmt: skip
            db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")


def reference(actions: int, seed: int = 7) -> Journey[Any, Any]:
    """The same journey played in memory without ever stopping: the yardstick."""
    journey = Journey.start("firelights", seed)
    begin(journey)
    for _ in range(actions - 1):
        journey.play(simple_action(journey.state))
    return journey


def same(book: JourneyBook[Any, Any], journey: Journey[Any, Any]) -> None:
    """The book stands where the journey does: state, record, chance steps and last report."""
    assert book.state == journey.state
    assert book.entries == journey.entries
    assert book.chance.steps == journey.chance.steps
    assert book.last == journey.last
