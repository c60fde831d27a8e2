"""Journey Book size and reopen: snapshots keep the long lists of a state in shared
pieces (rules.record.codec.pack, table ``chunks``, schema 3), opening reads the last trusted snapshot and
the rows after it only (rules.book.pages), and files of schema 2, as the Lantern before this one
wrote them, still open and are upgraded in place."""

from __future__ import annotations

import json
import shutil
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from journal_helpers import as_schema, begin

from rules.book import JourneyBook, opening, pages
from rules.book.opening import SnapshotDistrusted
from rules.book.pages import Record
from rules.book.store import check
from rules.book.store.database import CorruptJourney, NewerJourney
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import Consult
from rules.record import codec
from rules.record.journey import Journey

GOLDEN = Path(__file__).resolve().parent / "golden"
EVERY = 16
TABLES = ("region", "theme", "event", "story")


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", EVERY)


def rolled(actions: int, name: str = "wick") -> JourneyBook[Any, Any]:
    """Begin, then rolls on the tables: each one a slip on the map, so the state grows."""
    book = JourneyBook.start(name, game="firelights", seed=7)
    begin(book)
    while len(book.entries) < actions:
        book.play(Consult(TABLES[len(book.entries) % 4]))
    return book


def replayed(book: Any) -> Any:
    """The state the record gives from the start, no snapshot used."""
    return Journey(book.game, book.seed, book.options, list(book.entries)).state


def query(path: Path, sql: str, *args: object) -> list[Any]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def execute(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()


# --- pieces ----------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=150) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=400,
)


def pick(chunks: dict[str, str]) -> Any:
    """A ``fetch`` for rules.record.codec.unpack: the texts of the hashes asked for that ``chunks`` has."""
    return lambda digests: {digest: chunks[digest] for digest in digests if digest in chunks}


@given(json_values)
def test_packed_data_unpacks_to_itself(data: Any) -> None:
    """rules.record.codec.pack: "every list longer than FAN cut into pieces ... unpack: what pack was
    given"."""
    chunks: dict[str, str] = {}
    assert codec.unpack(codec.pack(data, chunks), pick(chunks)) == data


def test_a_list_that_only_grew_keeps_its_pieces() -> None:
    """rules.record.codec.pack: "the pieces of a list that only grew are the same pieces, with the same
    hashes, in the next snapshot: the file keeps each once"."""
    slips = [f"Story: slip {n}" for n in range(5 * codec.FAN + 3)]
    before: dict[str, str] = {}
    after: dict[str, str] = {}
    codec.pack({"slips": slips}, before)
    codec.pack({"slips": [*slips, *(f"more {n}" for n in range(2 * codec.FAN))]}, after)
    # 5 full pieces and 1 of 3 items before; the full ones are all still there after.
    full = {digest for digest, text in before.items() if len(json.loads(text)) == codec.FAN}
    assert len(full) == 5 and full <= set(after)
    assert len(set(before) - set(after)) == 1  # only the short last piece changed


def test_a_missing_or_edited_piece_is_a_codec_error() -> None:
    chunks: dict[str, str] = {}
    packed = codec.pack(list(range(3 * codec.FAN)), chunks)
    digest = next(iter(chunks))
    edited = {**chunks, digest: chunks[digest].replace("1", "2")}
    with pytest.raises(codec.CodecError, match="missing or damaged"):
        codec.unpack(packed, pick(edited))
    with pytest.raises(codec.CodecError, match="missing or damaged"):
        codec.unpack(packed, pick({}))


def stored(path: Path) -> int:
    """The characters the snapshots and their pieces hold."""
    ((total,),) = query(
        path,
        "SELECT (SELECT sum(length(state)) FROM snapshots) "
        "+ (SELECT ifnull(sum(length(data)), 0) FROM chunks)",
    )
    return int(total)


def test_snapshots_of_a_growing_state_share_their_pieces(journeys: Path) -> None:
    """rules.book.store.database: "a snapshot holds only what changed since the one before, so a long
    journey's file grows with its length, not with its square". Each roll on the tables adds a
    slip, so a snapshot held whole is longer each time: ten more snapshots would then add more
    and more (1.65 times as much from the 20th to the 30th as from the 10th to the 20th)."""
    book = rolled(10 * EVERY)
    sizes = [stored(book.path)]
    for upto in (20 * EVERY, 30 * EVERY):
        while len(book.entries) < upto:
            book.play(Consult(TABLES[len(book.entries) % 4]))
        sizes.append(stored(book.path))
    state = book.state
    book.close()
    first, second = sizes[1] - sizes[0], sizes[2] - sizes[1]
    assert second < 1.2 * first
    whole = len(json.dumps(codec.encode(state), separators=(",", ":")))
    assert second < 10 * whole / 3  # ten snapshots whole would take 10 * whole, and more
    again = JourneyBook.open("wick")
    assert again.state == state == replayed(again)
    again.close()


def test_an_edited_piece_is_distrusted_and_the_state_rebuilt(journeys: Path) -> None:
    """rules.book.opening: a snapshot that does not decode "is skipped with a SnapshotDistrusted
    warning ... and the one before it tried"."""
    book = rolled(10 * EVERY)
    path, state = book.path, book.state
    book.close()
    ((digest, data),) = query(
        path, "SELECT hash, data FROM chunks ORDER BY length(data) DESC LIMIT 1"
    )
    execute(
        path, f"UPDATE chunks SET data = '{data.replace('Story', 'Storm')}' WHERE hash = '{digest}'"
    )
    with pytest.warns(SnapshotDistrusted, match="missing or damaged"):
        again = JourneyBook.open("wick")
    assert again.state == state
    again.close()


# --- opening reads only what follows the last snapshot ------------------------------------------


def unread(book: Any) -> int:
    entries = book.entries
    assert isinstance(entries, Record)
    return entries.unread


def test_opening_reads_only_the_rows_after_the_last_snapshot(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rules.book.pages: the first places "read a page of rows at a time the first time one of
    them is asked for. Nothing is made for a place before that"; the list "answers as a list"."""
    book = rolled(10 * EVERY + 5)
    book.reroll()
    book.play(Consult("story"))
    entries, state, record, actions = list(book.entries), book.state, book.to_json(), book.actions
    book.close()
    monkeypatch.setattr(pages, "PAGE", 32)
    again = JourneyBook.open("wick")
    assert unread(again) == 10 * EVERY  # the snapshot after 160 entries, then 7 rows replayed
    assert again.state == state and again.actions == actions == len(entries) - 1
    again.write_mechanics()
    assert unread(again) == 10 * EVERY  # counting actions, writing a line read no row
    look = Journey(book.game, 7, {}, entries[: EVERY + 3]).state
    assert again.state_after(EVERY + 3) == look
    assert unread(again) == 10 * EVERY  # the look back read one page into its own copy
    assert again.entries[EVERY + 3] == entries[EVERY + 3]
    assert unread(again) == 10 * EVERY - 32  # one page: the entries 1 to 32
    assert again.entries == entries and again.to_json() == record
    assert unread(again) == 0
    again.close()


def test_undo_back_past_the_snapshots_and_play_on(journeys: Path) -> None:
    book = rolled(3 * EVERY + 2)
    book.close()
    again = JourneyBook.open("wick")
    for _ in range(2 * EVERY):
        again.undo()
    assert len(again.entries) == EVERY + 2
    again.play(Consult("story"))
    again.reroll()
    state, entries = again.state, list(again.entries)
    again.close()
    third = JourneyBook.open("wick")
    assert third.state == state == replayed(third) and third.entries == entries
    assert len(third.log()) == 3 * EVERY + 4  # the undone actions and the rerolled try too
    third.close()


def test_a_closed_book_says_its_earlier_entries_need_it_open(journeys: Path) -> None:
    book = rolled(2 * EVERY + 1)
    book.close()
    again = JourneyBook.open("wick")
    again.close()
    with pytest.raises(IllegalAction, match="this journey book is closed"):
        _ = again.entries[0].action


def test_a_row_before_the_snapshot_is_checked_when_read_and_by_check(journeys: Path) -> None:
    """rules.book.store.check.check_rows: "An older row is checked the same way when it is read ...
    and all of them by JourneyBook.check"."""
    book = rolled(3 * EVERY)
    path = book.path
    book.close()
    assert check.trusted_seq(sqlite3.connect(path)) > 3
    execute(path, """UPDATE book SET body = '{"kind": "consult"' WHERE seq = 3""")
    again = JourneyBook.open("wick")  # the row is not replayed: opening does not read it
    with pytest.raises(InvalidInput, match="row 3 holds broken JSON"):
        again.to_json()
    with pytest.raises(CorruptJourney, match="has a damaged row 3: broken JSON"):
        again.check()
    again.close()


def test_an_edited_snapshot_is_rebuilt_and_check_finds_one_sealed_as_found(
    journeys: Path,
) -> None:
    """rules.book.store.chain: a snapshot edited into another possible state is no longer sealed to
    the record: opening rebuilds it with a warning. A file edited before it had its chain is
    sealed as found when it is upgraded; JourneyBook.check: "one replay of the record from the
    start, which must give the state the book holds from its snapshots" still tells."""
    book = rolled(2 * EVERY + 1)
    path, state = book.path, book.state
    book.check()  # a sound journey passes
    book.close()
    ((text,),) = query(path, "SELECT state FROM snapshots WHERE count = ?", 2 * EVERY)
    edited = json.loads(text)
    edited["treasures"] += 1
    edit = f"UPDATE snapshots SET state = '{json.dumps(edited)}' WHERE count = {2 * EVERY}"
    execute(path, edit)
    with pytest.warns(SnapshotDistrusted, match="was changed after it was stored"):
        again = JourneyBook.open("wick")
    assert again.state == state
    again.check()
    again.close()
    as_schema(path, 3)
    execute(path, edit)  # edited while the file had no chain: sealed as found on upgrade
    again = JourneyBook.open("wick")
    assert again.state != state
    with pytest.raises(
        CorruptJourney, match=rf"a snapshot \(after {2 * EVERY} entries\) that is not"
    ):
        again.check()
    again.close()


# --- files of schema 2 ---------------------------------------------------------------------------


def as_schema_2(path: Path) -> None:
    """The file as the Lantern of schema 2 wrote it: each snapshot whole, no table of pieces."""
    as_schema(path, 2)


def versions(path: Path) -> tuple[int, int]:
    ((header,),) = query(path, "PRAGMA user_version")
    ((latest,),) = query(path, "SELECT max(version) FROM schema_version")
    return header, latest


def test_a_schema_2_file_opens_from_its_whole_snapshots_then_is_upgraded(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rules.book.store.database: "An older file is read as it is (a snapshot of version 2 holds its state
    whole) and upgraded in place by the commit that first needs it, in that one transaction (its
    snapshots then cut into pieces)"."""
    book = rolled(5 * EVERY + 3)
    path, state, entries = book.path, book.state, list(book.entries)
    book.close()
    as_schema_2(path)
    assert versions(path) == (2, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # its snapshots are read, and trusted
        again = JourneyBook.open("wick")
    assert unread(again) == 5 * EVERY
    assert again.state == state and again.entries == entries
    assert versions(path) == (4, 4)  # opened for play: upgraded, pieces and chain at once
    # The snapshot after 80 entries (79 slips), written whole by schema 2, is now in pieces.
    ((old,),) = query(path, "SELECT state FROM snapshots WHERE count = ?", 5 * EVERY)
    assert '"@pieces"' in old and query(path, "SELECT count(*) FROM chunks") != [(0,)]
    while len(again.entries) < 6 * EVERY:
        again.play(Consult("theme"))
    state = again.state
    again.close()
    third = JourneyBook.open("wick")
    assert third.state == state == replayed(third)
    third.close()
    monkeypatch.setattr(check, "SCHEMA_VERSION", 3)
    with pytest.raises(NewerJourney, match="schema version 4"):
        JourneyBook.open("wick")


def test_a_file_written_by_the_lantern_of_schema_2_opens_and_plays_on(journeys: Path) -> None:
    """tests/journal/golden/schema2-main.lantern: written by main before schema 3 (Sensible
    player to the end, a note, rolls on the tables, undo, redo, reroll; a snapshot every 32)."""
    journeys.mkdir(parents=True, exist_ok=True)
    path = journeys / "old.lantern"
    shutil.copyfile(GOLDEN / "schema2-main.lantern", path)
    assert versions(path) == (2, 2)
    book = JourneyBook.open(path)  # other rules' snapshots: rebuilt from the record
    assert len(book.entries) == 151 and book.actions == 150 and book.can_redo
    assert book.state == replayed(book)
    assert [note.text for note in book.notes()] == ["The last beacon is lit."]
    assert versions(path) == (4, 4)
    book.redo()
    book.play(Consult("event"))
    state = book.state
    book.close()
    again = JourneyBook.open(path)
    assert again.state == state == replayed(again)
    statuses = [line.status for line in again.log()]
    assert statuses.count("superseded") == 1 and statuses.count("undone") == 0
    again.close()


# --- a record answers as a list ------------------------------------------------------------------


class FakeRow:
    def __init__(self, seq: int) -> None:
        self.seq = seq


class FakeStore:
    """Rows whose ``seq`` is their place times ten; counts the reads."""

    closed = False

    def __init__(self, size: int) -> None:
        self.size, self.reads = size, 0

    def live_rows(self, first: int, count: int) -> list[FakeRow]:
        self.reads += 1
        return [FakeRow(place * 10) for place in range(first, min(first + count, self.size))]


def test_a_record_answers_as_a_list_reading_a_page_only_when_asked() -> None:
    """rules.book.pages.Record: "It answers as a list: reading a place, a slice, iterating,
    comparing read what they need first; a slice from the start stays a record"."""
    store = FakeStore(1200)
    paged = pages.Pages(lambda: store, 1000, 0)  # type: ignore[arg-type, return-value]
    record = Record([pages.UNREAD] * 1000 + [10000, 10010], paged, "seq", 1000)
    expected = [place * 10 for place in range(1002)]
    assert len(record) == 1002 and record.unread == 1000 and store.reads == 0
    assert record[-1] == 10010 and record[1001] == 10010 and store.reads == 0
    assert record[600] == 6000 and record.unread == 1000 - (1000 - 512) and store.reads == 1
    head = record[:700]
    assert isinstance(head, Record) and head.unread == 512 and store.reads == 1
    assert record[3:6] == [30, 40, 50] and record.unread == 0 and store.reads == 2
    del head[650:]
    head.append(-1)
    assert head[-1] == -1 and head[:3] == [0, 10, 20]
    assert head == [*expected[:650], -1] and head.unread == 0
    fresh = Record([pages.UNREAD] * 1000 + [10000, 10010], paged, "seq", 1000)
    assert fresh == expected and list(reversed(fresh)) == expected[::-1]
    assert 5000 in fresh and fresh.index(5000) == 500 and repr(fresh[:2]) == "[0, 10]"
    again = Record([pages.UNREAD] * 1000 + [10000, 10010], paged, "seq", 1000)
    again[0] = -5  # a change in the first places reads them all first
    assert again == [-5, *expected[1:]]
    store.closed = True
    closed = Record([pages.UNREAD] * 3, paged, "seq", 3)
    with pytest.raises(IllegalAction, match="this journey book is closed"):
        closed[1]
