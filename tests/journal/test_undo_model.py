"""Undo, redo, reroll, notes and reopening in any order, against a simple model.

Issue 4: "undo/redo sequences against a model". The model is a list of entries and a stack of
undone groups, and it computes every expected entry with only the oldest, plainest API: replay a
record from scratch, then ``play`` (no undo, reroll or snapshot code of its own). After every
step the book must hold exactly the model's entries, the state a replay of them gives, and the
same after closing and reopening the file.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from journal_helpers import simple_action

from rules import book as book_module
from rules.book import JourneyBook
from rules.errors import IllegalAction
from rules.firelights import Begin
from rules.journey import Entry, Journey

SEED = 11


def replay(entries: list[Entry]) -> Journey[Any, Any]:
    return Journey(Journey.start("firelights", SEED).game, SEED, {}, list(entries))


def group_start(entries: list[Entry]) -> int:
    start = max(i for i, e in enumerate(entries) if not e.superseded)
    while start > 0 and entries[start - 1].superseded:
        start -= 1
    return start


def rerollable(entries: list[Entry]) -> bool:
    """The model's rule for a reroll: the last action stands and met some chance."""
    return bool(entries) and not entries[-1].superseded and bool(entries[-1].chance)


class BookModel(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="lantern-model-"))
        self.book = JourneyBook.start(self.folder / "model.lantern", seed=SEED)
        self.entries: list[Entry] = []
        self.redo_stack: list[list[Entry]] = []
        self.notes: list[str] = []

    def teardown(self) -> None:
        self.book.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def expected_next(self, entries: list[Entry], action: Any = None) -> Entry:
        """The entry ``action`` (default: the simple loop's next) gets after ``entries``."""
        journey = replay(entries)
        if action is None:
            begun = journey.state.character is not None
            action = simple_action(journey.state) if begun else Begin("Wick", "she/her", 2, 1, 0)
        journey.play(action)
        return journey.entries[-1]

    @rule()
    def play(self) -> None:
        entry = self.expected_next(self.entries)
        self.book.play(self.book.game.parse_action(entry.action))
        self.entries.append(entry)
        self.redo_stack.clear()

    @precondition(lambda self: any(not e.superseded for e in self.entries))
    @rule()
    def undo(self) -> None:
        start = group_start(self.entries)
        assert list(self.book.undo()) == self.entries[start:]
        self.redo_stack.append(self.entries[start:])
        del self.entries[start:]

    @precondition(lambda self: bool(self.redo_stack))
    @rule()
    def redo(self) -> None:
        self.book.redo()
        self.entries += self.redo_stack.pop()

    @precondition(lambda self: rerollable(self.entries))
    @rule()
    def reroll(self) -> None:
        first = dataclasses.replace(self.entries[-1], superseded=True)
        action = self.book.game.parse_action(first.action)
        entry = self.expected_next([*self.entries[:-1], first], action)
        self.book.reroll()
        self.entries[-1:] = [first, entry]
        self.redo_stack.clear()

    @precondition(lambda self: bool(self.entries) and not rerollable(self.entries))
    @rule()
    def reroll_refused(self) -> None:
        """An action that drew and rolled nothing (a Rest) is not rerolled: nothing changes."""
        assert not self.book.can_reroll
        with pytest.raises(IllegalAction, match=r"drew and rolled nothing: undo it first"):
            self.book.reroll()

    @rule(text=st.sampled_from(["North.", "A bridge.", "Rain."]))
    def note(self, text: str) -> None:
        self.book.note(text, key=f"text:{text}")
        if text not in self.notes:
            self.notes.append(text)

    @rule()
    def reopen(self) -> None:
        self.book.close()
        self.book = JourneyBook.open(self.folder / "model.lantern")

    @invariant()
    def the_book_is_the_model(self) -> None:
        assert self.book.entries == self.entries
        reference = replay(self.entries)
        assert self.book.state == reference.state
        assert self.book.chance.steps == reference.chance.steps
        assert self.book.last == reference.last
        assert self.book.can_redo == bool(self.redo_stack)
        assert self.book.can_reroll == rerollable(self.entries)
        assert sorted(n.text for n in self.book.notes()) == sorted(self.notes)


BookModel.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    database=None,  # no .hypothesis folder in the repository
    suppress_health_check=[HealthCheck.too_slow],
)
TestBookModel = BookModel.TestCase


def test_the_model_also_holds_with_snapshots_every_few_entries(monkeypatch: Any) -> None:
    """The same machine with a snapshot every 3 entries, so undo and reopen go through them."""
    monkeypatch.setattr(book_module, "SNAPSHOT_EVERY", 3)
    machine = BookModel.TestCase("runTest")
    machine.settings = settings(machine.settings, max_examples=15)
    machine.runTest()
