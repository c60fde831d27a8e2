"""Another notebook's commit between this one's COMMIT and its next action is
never counted as seen; the second writer gets JourneyChanged and the journey still opens."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
from hardening_helpers import journeys

from rules.book import JourneyBook
from rules.book.store.database import JourneyChanged
from rules.firelights import Ask, Begin

__all__ = ["journeys"]  # the folder fixture, autouse


class _AfterCommit:
    """A connection that runs ``hook`` once, right after its next ``COMMIT``."""

    def __init__(self, db: sqlite3.Connection, hook: Callable[[], None]) -> None:
        self._db, self._hook = db, hook

    def execute(self, sql: str, *args: Any) -> Any:
        result = self._db.execute(sql, *args)
        if sql == "COMMIT" and self._hook is not None:
            hook, self._hook = self._hook, None  # type: ignore[assignment]
            hook()
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


def test_a_commit_made_right_after_ours_is_not_counted_as_seen() -> None:
    first = JourneyBook.start("wick", game="firelights", seed=7)
    first.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    path = first.path

    def other_notebook_plays() -> None:
        # Another notebook opens the journey as it stands (with our action) and plays one.
        other = JourneyBook.open(path)
        other.play(Ask("likely", "Is anyone there?"))
        other.close()

    first.store._db = _AfterCommit(first.store._db, other_notebook_plays)  # type: ignore[assignment]
    first.play(Ask("even", "Is the bridge standing?"))  # commits, then the other one plays
    entries = len(first.entries)
    with pytest.raises(JourneyChanged) as refused:
        first.play(Ask("even", "Again?"))
    assert str(refused.value) == (
        f"{str(path)!r} was changed by another notebook or kernel since it was opened here: "
        "open it again to continue from what it holds now"
    )
    assert len(first.entries) == entries  # the refused action is not kept in memory either
    first.close()
    again = JourneyBook.open(path)  # the file still opens, with all three actions
    assert [entry.action["kind"] for entry in again.entries] == ["begin", "ask", "ask"]
    assert [entry.action["question"] for entry in again.entries[1:]] == [
        "Is the bridge standing?",
        "Is anyone there?",
    ]
    again.close()


def test_our_own_commits_never_refuse_the_next_action() -> None:
    book = JourneyBook.start("wick", game="firelights", seed=7)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    for _ in range(5):
        book.play(Ask("even"))
    book.close()
