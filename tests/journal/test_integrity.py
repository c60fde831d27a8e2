"""The Journey Book opens silently wrong: every field of a journey file edited by
hand, one at a time, is refused (CorruptJourney naming the row), or the snapshot is rebuilt from
the record with a SnapshotDistrusted warning; never a state that differs from the record the
file holds, but for a row before the snapshot opening starts from (opening does not read it, so
that reopening costs the same at any length): the full check, which a panel runs in the
background of its first render, names that row. The full check finds every edit.

The journey: Firelights with a snapshot every 8 entries, 21 actions (snapshots after 8 and 16),
a reroll, a note, a mechanics line, an action undone for good and one on the redo stack.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pytest
from journal_helpers import as_schema, begin, step

from rules.book import JourneyBook, opening
from rules.book.opening import SnapshotDistrusted
from rules.book.store.check import LIVE
from rules.book.store.database import CorruptJourney, Row
from rules.book.verify import main, verify
from rules.record.journey import Journey, game

EVERY = 8
FIELDS = ("kind", "body", "chance", "supplied", "superseded", "undone", "ref", "cell", "at", "hash")


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", EVERY)


def journey(folder: Path) -> Path:
    """The journey of the module docstring, closed."""
    book = JourneyBook.start("wick", game="firelights", seed=7, folder=folder)
    begin(book)
    for _ in range(12):
        step(book)
    book.reroll()
    book.note("The bridge holds.", key="cell-1")
    book.write_mechanics()
    step(book)
    book.undo()
    for _ in range(8):
        step(book)  # the undone action is left behind, undone for good
    book.undo()  # this one stays on the redo stack
    step(book)
    step(book)
    book.undo()
    book.close()
    return book.path


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(opening, "SNAPSHOT_EVERY", EVERY)
        return journey(tmp_path_factory.mktemp("template"))


def rows_of(path: Path) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute(f"SELECT {', '.join(FIELDS[:-1])}, seq FROM book ORDER BY seq").fetchall()
    finally:
        db.close()


def row_count() -> int:
    """How many rows the journey of :func:`journey` has (made once, outside the fixtures)."""
    return 27


def edit(path: Path, sql: str, *args: object) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, args)
    db.close()


def another(field: str, value: Any) -> Any:
    """Another value for the field, of a kind a database tool would type."""
    if field == "kind":
        return "note" if value == "action" else "action"
    if field in ("body", "chance"):
        if value is None:
            return "[]"
        if value.startswith("{"):
            found = json.loads(value)
            key = next((k for k in sorted(found) if k != "kind"), None)
            if key is None:
                return value + " "
            found[key] = found[key] + 1 if isinstance(found[key], int) else f"{found[key]}!"
            return json.dumps(found, separators=(",", ":"))
        return value.replace("1", "2", 1) if "1" in value else value + " "
    if field == "hash":
        return bytes(16)
    if field == "cell":
        return "another-cell" if value is None else None
    if value is None:
        return 1
    return value + 1 if field in ("at", "ref") else None


def record_state(path: Path) -> Any:
    """The state the file's own record gives, replayed from the start (None: it does not)."""
    db = sqlite3.connect(path)
    try:
        _, name, seed, options = db.execute("SELECT 1, game, seed, options FROM journey").fetchone()
        found = db.execute(
            f"SELECT seq, body, chance, supplied, superseded FROM book WHERE {LIVE} ORDER BY seq"
        ).fetchall()
    finally:
        db.close()
    try:
        rows = [Row(seq, "action", body, chance, supplied or 0, bool(sup))
                for seq, body, chance, supplied, sup in found]  # fmt: skip
        return Journey(game(name), seed, json.loads(options), [r.entry() for r in rows]).state
    except ValueError:
        return None


def outcome(path: Path) -> str:
    """What an edited file does: the full check must refuse it; opening refuses it, rebuilds
    from the record, or (a row before the snapshot) opens and the full check names the row."""
    record = record_state(path)
    with pytest.raises(CorruptJourney) as found:
        verify(path)
    refusal = str(found.value)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            book = JourneyBook.open(path)
        except CorruptJourney:
            return "refused"
    distrusted = any(issubclass(w.category, SnapshotDistrusted) for w in caught)
    state = book.state
    book.close()
    if state == record:
        return "rebuilt" if distrusted else "as the record"
    assert not distrusted and "has a damaged row " in refusal, refusal
    seq = int(refusal.split("has a damaged row ")[1].split(":")[0])
    db = sqlite3.connect(path)
    ((last,),) = db.execute("SELECT seq FROM snapshots WHERE count = ?", (2 * EVERY,)).fetchall()
    db.close()
    assert seq <= last  # opening does not read it: the panel's full check names it
    return "named by the full check"


def test_the_journey_is_as_the_module_says(template: Path) -> None:
    rows = rows_of(template)
    assert len(rows) == row_count()
    assert {row[0] for row in rows} == {"action", "note", "mechanics"}
    assert {row[5] for row in rows} == {None, 1, 2} and {row[4] for row in rows} == {None, 1}
    assert verify(template).snapshots == 2
    assert main(["verify", str(template)]) == 0


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("seq", range(1, row_count() + 1))
def test_an_edited_row_is_refused_or_named_never_silently_different(
    template: Path, tmp_path: Path, seq: int, field: str
) -> None:
    path = tmp_path / "wick.lantern"
    shutil.copyfile(template, path)
    db = sqlite3.connect(path)
    ((value,),) = db.execute(f"SELECT {field} FROM book WHERE seq = ?", (seq,)).fetchall()
    db.close()
    edit(path, f"UPDATE book SET {field} = ? WHERE seq = ?", another(field, value), seq)
    assert outcome(path) in {"refused", "rebuilt", "as the record", "named by the full check"}


def snapshot_edit(path: Path, count: int, change: str) -> None:
    db = sqlite3.connect(path)
    with db:
        if change == "state":
            (text,) = db.execute("SELECT state FROM snapshots WHERE count = ?", (count,)).fetchone()
            state = json.loads(text)
            state["treasures"] += 3  # another possible state
            db.execute("UPDATE snapshots SET state = ? WHERE count = ?", (json.dumps(state), count))
        elif change == "count":
            db.execute("UPDATE snapshots SET count = count - 2 WHERE count = ?", (count,))
        elif change == "seal":
            db.execute("UPDATE snapshots SET seal = ? WHERE count = ?", (bytes(16), count))
        else:
            db.execute(f"UPDATE snapshots SET {change} = {change} + 1 WHERE count = ?", (count,))
    db.close()


@pytest.mark.parametrize("change", ["state", "count", "steps", "seq", "seal"])
@pytest.mark.parametrize("count", [EVERY, 2 * EVERY])
def test_an_edited_snapshot_is_rebuilt_from_the_record(
    template: Path, tmp_path: Path, count: int, change: str
) -> None:
    path = tmp_path / "wick.lantern"
    shutil.copyfile(template, path)
    record = record_state(path)
    snapshot_edit(path, count, change)
    with pytest.raises(CorruptJourney, match="has a damaged snapshot"):
        verify(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        book = JourneyBook.open(path)
    assert book.state == record
    book.close()
    if count == 2 * EVERY:  # the one opening starts from: rebuilt, sealed again, whole
        assert [w.category for w in caught] == [SnapshotDistrusted]
        assert "was changed after it was stored" in str(caught[0].message)
        verify(path)
    else:  # not read by opening: the full check still names it
        assert caught == []
        with pytest.raises(CorruptJourney, match="has a damaged snapshot"):
            verify(path)


@pytest.mark.parametrize(
    ("column", "value"),
    [("options", '{"push_on": true}'), ("seed", 8), ("name", "flame"), ("created_at", "then"),
     ("hash", bytes(16))],
)  # fmt: skip
def test_an_edited_journey_row_is_refused(
    template: Path, tmp_path: Path, column: str, value: object
) -> None:
    path = tmp_path / "wick.lantern"
    shutil.copyfile(template, path)
    edit(path, f"UPDATE journey SET {column} = ?", value)
    before = path.read_bytes()
    for check in (lambda: verify(path), lambda: JourneyBook.open(path)):
        with pytest.raises(CorruptJourney) as refused:
            check()
        assert str(refused.value).startswith(f"{str(path)!r} has a damaged journey record: ")
    assert path.read_bytes() == before


def test_a_file_from_before_the_chain_opens_and_is_upgraded_in_one_transaction(
    template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rules.book.store.database: "An older file is checked as it is, then upgraded in place when it is
    opened for play, in one transaction (a crash leaves it as it was)"."""
    path = tmp_path / "wick.lantern"
    shutil.copyfile(template, path)
    record = record_state(path)
    as_schema(path, 3)
    assert "no chain of hashes yet" in verify(path).sentence()
    old = path.read_bytes()

    def crash(*_args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error (a crash mid-upgrade)")

    monkeypatch.setattr("rules.book.store.chain.rechain", crash)
    with pytest.raises(CorruptJourney, match="disk I/O error"):
        JourneyBook.open(path)
    assert path.read_bytes() == old  # rolled back: still a schema 3 file
    monkeypatch.undo()
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", EVERY)
    book = JourneyBook.open(path)
    assert book.state == record and book.can_redo
    step(book)
    book.close()
    verdict = verify(path)
    assert verdict.chained and verdict.entries == len(record_rows(path))
    edit(path, "UPDATE book SET at = at + 1 WHERE seq = 2")
    with pytest.raises(CorruptJourney, match="has a damaged row 2: it was changed after"):
        verify(path)


def record_rows(path: Path) -> list[Any]:
    db = sqlite3.connect(path)
    try:
        return db.execute(f"SELECT seq FROM book WHERE {LIVE}").fetchall()
    finally:
        db.close()


def test_the_command_line_says_a_sentence_and_exits_1_naming_the_row(
    template: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "wick.lantern"
    shutil.copyfile(template, path)
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{str(path)!r} is whole: its {row_count()} rows")
    edit(path, "UPDATE book SET at = at + 1 WHERE seq = 3")
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().out == (
        f"{str(path)!r} has a damaged row 3: it was changed after it was written (it no longer "
        "matches the journey's chain of hashes); restore the journey from a backup\n"
    )
    assert main([]) == 2 and "usage: python -m rules.book verify PATH" in capsys.readouterr().err
