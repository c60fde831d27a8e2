"""The Journey Book's history: undo, redo and reroll survive reopening, and the snapshots that
make reopening and going far back fast are trusted only when they are the rules' own.

Why: "Undo the last action and redo it; a reroll keeps the original result in the history,
marked as superseded"; a journey reopened replays only the actions after its last snapshot.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from journal_helpers import digest, played, reference, same, step

from rules.book import SNAPSHOT_EVERY, JourneyBook, opening
from rules.errors import IllegalAction
from rules.firelights import Begin, Choose, Discover
from rules.record import journey as journey_module
from rules.record.journey import Journey

# --- undo, redo, reroll --------------------------------------------------------------------------


def test_undo_and_redo_survive_reopening(journeys: Path) -> None:
    book = played("wick", 10)
    book.undo()
    book.undo()
    same(book, reference(8))
    assert book.can_redo
    book.close()
    again = JourneyBook.open("wick")
    same(again, reference(8))
    again.redo()
    same(again, reference(9))
    again.close()
    last = JourneyBook.open("wick")
    assert last.can_redo
    last.redo()
    same(last, reference(10))
    assert not last.can_redo
    with pytest.raises(IllegalAction, match="nothing to redo"):
        last.redo()


def test_a_new_action_clears_the_redo_stack_for_good(journeys: Path) -> None:
    book = played("wick", 6)
    book.undo()
    step(book)  # meets the same cards as the undone action: undo is not a reroll
    same(book, reference(6))
    assert not book.can_redo
    book.close()
    again = JourneyBook.open("wick")
    assert not again.can_redo
    rows = again.store.rows()
    assert len(rows) == 7  # the undone action stays in the book, undone for good
    assert [row.seq for row in rows if row.forgotten] == [6]
    assert rows[5].ref == rows[4].seq  # it followed the fifth action


def test_a_reroll_keeps_the_first_try_superseded_and_persists(journeys: Path) -> None:
    book = played("wick", 5)
    first = book.last
    second = book.reroll()
    assert second != first
    assert [e.superseded for e in book.entries] == [False] * 4 + [True, False]
    assert Journey.from_json(book.to_json()).state == book.state
    record = book.to_json()
    book.close()
    again = JourneyBook.open("wick")
    assert again.to_json() == record
    assert again.last == second
    assert again.actions == 5
    again.undo()  # takes back the action with its superseded try
    same(again, reference(4))
    again.redo()
    assert again.to_json() == record


def test_a_book_refuses_to_reroll_an_action_that_met_no_chance_and_writes_nothing(
    journeys: Path,
) -> None:
    """After Discover -> Choose the Reroll would replay the Choose: refused, naming it."""
    book = JourneyBook.start("wick", seed=11)
    book.play(Begin("Wick", "she/her", 2, 1, 0), [["5C"]])
    book.play(Discover("quick"), [["9H", "KS"], [6, 6]])
    assert book.can_reroll
    book.play(Choose("KS"))
    before, record = digest(book.path), book.to_json()
    assert not book.can_reroll
    assert book.reroll_refusal() == (
        "the last action (Choose) drew and rolled nothing: undo it first to reroll the one before"
    )
    with pytest.raises(IllegalAction, match=r"\(Choose\) drew and rolled nothing"):
        book.reroll()
    assert digest(book.path) == before and book.to_json() == record
    book.undo()
    assert book.can_reroll
    book.reroll()
    assert [e.superseded for e in book.entries] == [False, True, False]


def test_undo_with_nothing_played_is_refused(journeys: Path) -> None:
    book = JourneyBook.start("wick")
    for call in (book.undo, book.reroll, book.write_mechanics):
        with pytest.raises(IllegalAction, match="nothing has been played"):
            call()
    assert not book.can_reroll and "nothing has been played" in str(book.reroll_refusal())


def test_undo_far_back_uses_the_stored_snapshots(journeys: Path) -> None:
    """Undoing past the points kept in memory rebuilds from a stored snapshot, not from scratch."""
    book = played("wick", SNAPSHOT_EVERY + 90)
    for _ in range(80):
        book.undo()
    same(book, reference(SNAPSHOT_EVERY + 10))
    for _ in range(20):
        book.undo()
    same(book, reference(SNAPSHOT_EVERY - 10))


# --- snapshots make reopening fast -------------------------------------------------------------


def count_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    original = journey_module.game("firelights").apply
    game = journey_module.game("firelights")

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return original(*args)

    monkeypatch.setattr(game, "apply", counted)
    return calls


def test_reopening_replays_only_the_actions_after_the_last_snapshot(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions = 2 * SNAPSHOT_EVERY + 40
    book = played("wick", actions)
    book.close()
    counts = sqlite3.connect(book.path).execute("SELECT count FROM snapshots").fetchall()
    assert counts == [(SNAPSHOT_EVERY,), (2 * SNAPSHOT_EVERY,)]
    calls = count_applies(monkeypatch)
    again = JourneyBook.open("wick")
    assert calls[0] == 40
    same(again, reference(actions))


def test_snapshots_of_other_rules_code_are_not_trusted_and_are_rebuilt(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions = SNAPSHOT_EVERY + 5
    book = played("wick", actions)
    book.close()
    db = sqlite3.connect(book.path)
    db.execute("UPDATE snapshots SET code = 'older-rules', state = '{}'")
    db.commit()
    db.close()
    calls = count_applies(monkeypatch)
    again = JourneyBook.open("wick")
    assert calls[0] == actions  # replayed from the start
    same(again, reference(actions))
    again.close()
    code = sqlite3.connect(book.path).execute("SELECT code FROM snapshots").fetchall()
    assert code == [(opening.rules_fingerprint(),)]


def test_a_state_the_codec_cannot_hold_means_no_snapshots_not_an_error(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening.codec, "encode", lambda value: {"not": "a state"})
    book = played("wick", SNAPSHOT_EVERY + 2)
    assert sqlite3.connect(book.path).execute("SELECT count(*) FROM snapshots").fetchone() == (0,)
    book.close()
    same(JourneyBook.open("wick"), reference(SNAPSHOT_EVERY + 2))
