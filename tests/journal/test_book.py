"""The Journey Book: durable, re-runnable, and the same journey however it is reached.

Why: "Re-running never re-rolls. Run All, or reopening the notebook tomorrow, continues the
same journey at the same state"; "Round-trip (play, close, reopen, same state and same next
outcomes for the same seed)"; "The player may enter the cards or dice they drew". Undo, redo,
reroll and the snapshots behind them are in test_book_history.py.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from journal_helpers import begin, digest, listing, played, reference, same, step

from rules.book import SNAPSHOT_EVERY, JourneyBook, list_journeys
from rules.book.store.database import JourneyChanged, NotAJourney, Store
from rules.errors import InvalidInput
from rules.firelights import Consult, Discover
from rules.record.journey import Journey


def test_rules_book_keeps_its_names_after_the_split() -> None:
    """Why: "keeping from rules.book import JourneyBook, list_journeys, journeys_folder,
    journey_path, Note working" (book.py is split into book_*.py modules)."""
    import rules.book

    names = ["JourneyBook", "LogLine", "Note", "journey_path", "journeys_folder", "last_played",
             "list_journeys", "FOLDER_ENV", "SNAPSHOT_EVERY"]  # fmt: skip
    assert [name for name in names if not hasattr(rules.book, name)] == []
    assert set(names) <= set(rules.book.__all__)


# --- round trip ----------------------------------------------------------------------------------


def test_play_close_reopen_gives_the_same_state_and_the_same_next_outcomes() -> None:
    book = played("wick", 30)
    same(book, reference(30))
    book.close()
    again = JourneyBook.open("wick")
    same(again, reference(30))
    for _ in range(10):
        step(again)
    same(again, reference(40))
    again.close()


def test_open_or_start_twice_continues_and_never_rerolls(journeys: Path) -> None:
    """What Run All does: the same cell runs again and finds the journey where it stands."""
    first = JourneyBook.open_or_start("wick", seed=7)
    begin(first)
    step(first)
    record = first.to_json()
    second = JourneyBook.open_or_start("wick", seed=7)
    assert second.to_json() == record
    assert second.state == first.state
    third = JourneyBook.open_or_start("wick")  # the seed is kept with the journey
    assert third.seed == 7 and third.to_json() == record
    assert listing(journeys) == [
        ".last-played.json", "wick.lantern", "wick.lantern-shm", "wick.lantern-wal"
    ]  # fmt: skip
    for book in (first, second, third):
        book.close()
    assert listing(journeys) == [".last-played.json", "wick.lantern"]


def test_open_or_start_refuses_another_seed_or_options_and_changes_nothing() -> None:
    book = played("wick", 3)
    path = book.path
    book.close()
    before = digest(path)
    with pytest.raises(InvalidInput, match=r"seed 7, not 8.*new name"):
        JourneyBook.open_or_start("wick", seed=8)
    with pytest.raises(InvalidInput, match=r"options \{\}, not \{'push_on': True\}"):
        JourneyBook.open_or_start("wick", options={"push_on": True})
    assert digest(path) == before


def test_a_new_journey_is_explicit_and_the_old_one_stays(journeys: Path) -> None:
    old = played("wick", 5)
    record = old.to_json()
    old.close()
    new = JourneyBook.start(game="firelights", seed=1)
    other = JourneyBook.start(game="firelights")
    assert new.name.startswith("firelights-") and other.name == f"{new.name}-2"
    assert new.actions == 0 and isinstance(other.seed, int)
    assert JourneyBook.open("wick").to_json() == record


def test_a_book_answers_like_a_journey(journeys: Path) -> None:
    """A panel written for a Journey takes a book: state, last, entries, chance, play."""
    book = played("wick", 4)
    journey = reference(4)
    assert (book.game, book.seed, dict(book.options)) == (journey.game, 7, {})
    assert book.to_json() == journey.to_json()
    assert Journey.from_json(book.to_json()).state == book.state
    assert book.actions == 4 and repr(book).startswith("<JourneyBook 'wick' of 'firelights'")
    assert JourneyBook.latest() is book


# --- durability: committed before the result is shown --------------------------------------------


def test_each_action_is_committed_before_play_returns(journeys: Path) -> None:
    book = played("wick", 3)
    step(book)
    reader = sqlite3.connect(f"{book.path.resolve().as_uri()}?mode=ro", uri=True)
    (count,) = reader.execute("SELECT count(*) FROM book WHERE kind = 'action'").fetchone()
    reader.close()
    assert count == 4
    assert book.store.integrity() == ["ok"]


def test_an_open_store_runs_in_wal_mode_with_synchronous_full(journeys: Path) -> None:
    """rules.book.store.database: "in WAL mode with synchronous=FULL": a commit is on disk before play returns
    (NORMAL would lose the last commits to a power cut). Checked on the connection itself, for a
    new journey and for one opened again."""
    book = played("wick", 2)
    for store in (book.store, Store.open(book.path)):
        assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)  # 2 is FULL
        store.close()


def test_when_the_store_cannot_commit_the_action_is_not_played(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = played("wick", 5)
    before = (book.state, list(book.entries), book.chance.steps, book.last)

    def full(*_args: object) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as patch, pytest.raises(sqlite3.OperationalError, match="full"):
        patch.setattr(book.store, "add_action", full)
        step(book)
    assert (book.state, list(book.entries), book.chance.steps, book.last) == before
    step(book)
    book.close()
    same(JourneyBook.open("wick"), reference(6))


def test_a_refused_action_writes_nothing(journeys: Path) -> None:
    book = played("wick", 3)
    before = digest(book.path)
    with pytest.raises(InvalidInput, match="'sideways'"):
        book.play(Discover("sideways"))
    assert digest(book.path) == before


def test_two_notebooks_on_one_journey_cannot_fork_it(journeys: Path) -> None:
    here = played("wick", 3)
    there = JourneyBook.open("wick")
    step(there)
    state = here.state
    with pytest.raises(JourneyChanged, match="open it again"):
        step(here)
    assert here.state == state and len(here.entries) == 3
    assert JourneyBook.open("wick").to_json() == there.to_json()


def test_a_journey_played_elsewhere_while_it_opens_here_opens_as_the_file_holds_it(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Open elsewhere (a WAL is there), the journey is replayed from a private copy first; if the
    other notebook plays before the file is opened for writing, what the file holds wins."""
    there = played("wick", 3)
    replay = JourneyBook._replay.__func__  # type: ignore[attr-defined]

    def replay_then_play_there(cls: Any, store: Store, *, check_only: bool = False) -> Any:
        book = replay(cls, store, check_only=check_only)
        if check_only:
            step(there)
        return book

    monkeypatch.setattr(JourneyBook, "_replay", classmethod(replay_then_play_there))
    here = JourneyBook.open("wick")
    assert here.actions == 4 and here.to_json() == there.to_json()
    assert JourneyBook.latest() is here


def test_a_backup_taken_in_play_opens_to_the_same_journey(journeys: Path, tmp_path: Path) -> None:
    book = played("wick", 12)
    copy = book.backup(tmp_path / "backup" / "wick.lantern")
    assert JourneyBook.open(copy).to_json() == book.to_json()


def test_copying_the_file_alone_while_in_play_loses_nothing(journeys: Path, tmp_path: Path) -> None:
    """The WAL is folded into the .lantern file after each commit: a plain copy is complete."""
    book = played("wick", 12)
    copy = tmp_path / "copy.lantern"
    copy.write_bytes(book.path.read_bytes())
    assert JourneyBook.open(copy).to_json() == book.to_json()


# --- the journal ---------------------------------------------------------------------------------


def test_notes_are_kept_at_their_point_in_play(journeys: Path) -> None:
    book = JourneyBook.start("wick", seed=7)
    book.note("Before the first step.")
    begin(book)
    step(book)
    book.note("After two actions.")
    step(book)
    book.undo()  # a note stays where it was written
    notes = [(n.text, n.after) for n in book.notes()]
    assert notes == [("Before the first step.", 0), ("After two actions.", 2)]
    book.close()
    assert [(n.text, n.after) for n in JourneyBook.open("wick").notes()] == notes


def test_a_note_written_again_by_the_same_cell_is_not_added_again(journeys: Path) -> None:
    book = played("wick", 3)
    first = book.note("The ridge.", key="cell:abc")
    step(book)
    again = book.note("The ridge.", key="cell:abc")  # Run All
    edited = book.note("The windy ridge.", key="cell:abc")  # the player edited the cell
    assert again.seq == first.seq == edited.seq and edited.after == 3
    assert [n.text for n in book.notes()] == ["The windy ridge."]


@pytest.mark.parametrize("text", ["", "   ", None, 3])
def test_an_empty_note_is_refused(journeys: Path, text: object) -> None:
    book = JourneyBook.start("wick")
    with pytest.raises(InvalidInput) as caught:
        book.note(text)  # type: ignore[arg-type]
    assert repr(text) in str(caught.value)


def test_the_mechanics_of_the_last_action_are_written_once(journeys: Path) -> None:
    book = played("wick", 4)
    note = book.write_mechanics()
    assert note.text == book.last.mechanics() and note.kind == "mechanics"
    assert book.write_mechanics().seq == note.seq
    mechanics = [row for row in book.store.rows() if row.kind == "mechanics"]
    assert (
        len(mechanics) == 1
        and json.loads(next(r for r in book.store.rows() if r.seq == mechanics[0].ref).body)
        == book.entries[-1].action
    )


def test_a_game_hook_or_a_panel_may_say_how_a_report_reads(journeys: Path) -> None:
    book = played("wick", 2)
    book.describe = lambda report: f"** {report.title} **"
    assert book.write_mechanics().text == "** Ask the Oracle **"


def test_the_store_keeps_every_file_in_one_place(journeys: Path) -> None:
    book = played("wick", 2)
    assert book.path == journeys / "wick.lantern"
    assert Store.open(book.path).info.name == "wick"


def test_list_journeys_finds_each_journey_and_says_why_a_file_is_unreadable(
    journeys: Path,
) -> None:
    played("wick", 3).close()
    ash = played("ash", 1)  # still open: read all the same
    (journeys / "broken.lantern").write_text("not a journey")
    before = {p.name: digest(p) for p in journeys.iterdir()}
    found = list_journeys()
    assert [getattr(item, "name", None) for item in found] == ["ash", None, "wick"]
    assert isinstance(found[1], NotAJourney) and "broken.lantern" in str(found[1])
    assert {p.name: digest(p) for p in journeys.iterdir()} == before
    ash.close()


def test_a_book_nobody_holds_is_closed_at_once(journeys: Path) -> None:
    """Run All rebinds ``book``: the old one must not keep the file open (no reference cycle)."""
    played("wick", 2)
    assert listing(journeys) == [".last-played.json", "wick.lantern"]


def test_a_book_opened_in_a_cell_plays_from_a_button_thread() -> None:
    """JupyterLab runs widget callbacks in a subshell thread while the cell that opened the book
    ran in the main thread: the book must play, save and reopen from either, one at a time."""
    import threading

    book = JourneyBook.open_or_start("threads", seed=7)
    begin(book)
    errors: list[BaseException] = []

    def click() -> None:
        try:
            for _ in range(20):
                book.play(Consult("region"))  # always offered, whatever the other threads did
        except BaseException as error:  # reported below: a thread's error is otherwise lost
            errors.append(error)

    clickers = [threading.Thread(target=click) for _ in range(2)]
    for thread in clickers:
        thread.start()
    for _ in range(20):
        book.play(Consult("theme"))
    for thread in clickers:
        thread.join()
    assert not errors
    assert book.actions == 61
    state = book.state
    book.close()
    again = JourneyBook.open("threads")
    assert again.state == state and again.actions == 61
    again.close()


def test_rows_an_open_falls_back_to_replaying_are_checked_as_the_rows_after_a_snapshot(
    journeys: Path,
) -> None:
    """Why: "a bad row is a CorruptJourney naming the row and the field". Opening checks
    the rows after the latest snapshot; when that snapshot is distrusted and opening replays from
    an earlier point, the rows it replays are checked the same way."""
    from rules.book.opening import SnapshotDistrusted
    from rules.book.store.database import CorruptJourney

    book = played("wick", SNAPSHOT_EVERY + 5)
    book.close()
    db = sqlite3.connect(book.path)
    db.execute("UPDATE snapshots SET state = '{}'")  # the one snapshot no longer decodes
    (seq,) = db.execute(
        "SELECT seq FROM book WHERE kind = 'action' ORDER BY seq LIMIT 1 OFFSET 9"
    ).fetchone()
    db.execute("UPDATE book SET body = ? WHERE seq = ?", ('{"kind": "ask", "likelihood": 5}', seq))
    db.commit()
    db.close()
    with pytest.warns(SnapshotDistrusted), pytest.raises(CorruptJourney, match=f"row {seq}: "):
        JourneyBook.open("wick")
