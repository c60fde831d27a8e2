"""Undo, redo, reroll, notes and reopening in any order, against a simple model.

Why: "undo/redo sequences against a model". The model is a list of entries and a stack of
undone groups, and it computes every expected entry with only the oldest, plainest API: replay a
record from scratch, then ``play`` (no undo, reroll or snapshot code of its own). After every
step the book must hold exactly the model's entries, the state a replay of them gives, and the
same after closing and reopening the file.

The log. The model keeps a line for every action ever played, with the mechanics line of
its report when it was played, and changes its status as the player undoes, redoes and rerolls;
the book's log (kept up to date, or built again after reopening) must be the model's lines.
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

from rules.book import JourneyBook, opening, pages
from rules.errors import IllegalAction
from rules.firelights import Begin
from rules.record.journey import Entry, Journey

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
        #: Every action ever played: [text, status, count, the line it was played after];
        #: ``lines_of[i]`` is entry i's line.
        self.lines: list[list[Any]] = []
        self.lines_of: list[int] = []
        self.redo_lines: list[list[int]] = []

    def teardown(self) -> None:
        self.book.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def expected_next(self, entries: list[Entry], action: Any = None) -> Entry:
        """The entry ``action`` (default: the simple loop's next) gets after ``entries``; its
        line (with the report's mechanics line) goes into the model's log."""
        journey = replay(entries)
        if action is None:
            begun = journey.state.character is not None
            action = simple_action(journey.state) if begun else Begin("Wick", "she/her", 2, 1, 0)
        journey.play(action)
        after = self.lines_of[-1] if self.lines_of else None
        self.lines.append([journey.last.mechanics(), "played", len(journey.entries), after])
        return journey.entries[-1]

    @rule()
    def play(self) -> None:
        entry = self.expected_next(self.entries)
        self.book.play(self.book.game.parse_action(entry.action))
        self.entries.append(entry)
        self.lines_of.append(len(self.lines) - 1)
        self.redo_stack.clear()
        self.redo_lines.clear()

    @precondition(lambda self: any(not e.superseded for e in self.entries))
    @rule()
    def undo(self) -> None:
        start = group_start(self.entries)
        assert list(self.book.undo()) == self.entries[start:]
        self.redo_stack.append(self.entries[start:])
        self.redo_lines.append(self.lines_of[start:])
        for index in self.lines_of[start:]:
            self.lines[index][1] = "undone"
        del self.entries[start:]
        del self.lines_of[start:]

    @precondition(lambda self: bool(self.redo_stack))
    @rule()
    def redo(self) -> None:
        self.book.redo()
        group, lines = self.redo_stack.pop(), self.redo_lines.pop()
        for entry, index in zip(group, lines, strict=True):
            self.lines[index][1] = "superseded" if entry.superseded else "played"
        self.entries += group
        self.lines_of += lines

    @precondition(lambda self: rerollable(self.entries))
    @rule()
    def reroll(self) -> None:
        first = dataclasses.replace(self.entries[-1], superseded=True)
        action = self.book.game.parse_action(first.action)
        entry = self.expected_next([*self.entries[:-1], first], action)
        self.book.reroll()
        self.entries[-1:] = [first, entry]
        self.lines[self.lines_of[-1]][1] = "superseded"
        self.lines_of.append(len(self.lines) - 1)
        self.redo_stack.clear()
        self.redo_lines.clear()

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

    @invariant()
    def the_log_is_the_models(self) -> None:
        log = self.book.log()
        assert [[line.text, line.status] for line in log] == [line[:2] for line in self.lines]
        standing = {index: number for number, index in enumerate(self.lines_of, start=1)}
        for line, (_text, status, count, after) in zip(log, self.lines, strict=True):
            if status == "undone":  # how many standing entries came before it
                while after is not None and after not in standing:
                    after = self.lines[after][3]
                count = 0 if after is None else standing[after]
            assert line.count == count
        numbers = [line.number for line in log if line.status != "undone"]
        played = [
            sum(not e.superseded for e in self.entries[: i + 1]) for i in range(len(self.entries))
        ]
        assert numbers == [n + e.superseded for n, e in zip(played, self.entries, strict=True)]
        assert all(line.number is None for line in log if line.status == "undone")
        if self.entries:
            middle = len(self.entries) // 2
            assert self.book.state_after(middle) == replay(self.entries[:middle]).state


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
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", 3)
    machine = BookModel.TestCase("runTest")
    machine.settings = settings(machine.settings, max_examples=15)
    machine.runTest()


def test_the_model_also_holds_when_entries_are_read_two_at_a_time(monkeypatch: Any) -> None:
    """rules.book.pages: a reopened book reads its entries before the last snapshot "a page of
    rows at a time"; with pages of 2 rows and a snapshot every 3 entries, undo, reroll, the log
    and a look back all read through pages that are only partly read."""
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", 3)
    monkeypatch.setattr(pages, "PAGE", 2)
    machine = BookModel.TestCase("runTest")
    machine.settings = settings(machine.settings, max_examples=15)
    machine.runTest()
