"""A seat for each player (following): a Journey Book open in a second process sees
what another wrote (rules.book.follow), and two writers never lose or duplicate an action: the
one whose write loses the race is told in a sentence and sees the winner's action."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from journal_helpers import begin, played, step

from rules.book import JourneyBook
from rules.book.follow import PlayedFirst
from rules.book.store.database import JourneyChanged
from rules.firelights import Ask
from rules.voidlight import Check, CreateRandom, Join

ROOT = Path(__file__).resolve().parents[2]


def same(one: JourneyBook[Any, Any], other: JourneyBook[Any, Any]) -> bool:
    return one.state == other.state and one.entries == other.entries


def test_nothing_written_elsewhere_reads_nothing() -> None:
    here = played("wick", 3)
    assert here.refresh() == 0 and here.actions == 3
    step(here)  # our own writes are not news
    assert here.refresh() == 0


def test_a_second_book_sees_the_actions_the_first_played() -> None:
    gm = played("wick", 3)
    seat = JourneyBook.open("wick")
    seat.log()  # built: the log follows too
    for _ in range(4):
        step(gm)
    assert seat.actions == 3
    assert seat.refresh() == 4
    assert same(seat, gm) and seat.last == gm.last
    assert [line.text for line in seat.log()] == [line.text for line in gm.log()]
    assert seat.refresh() == 0
    step(seat)  # caught up: its own write is no longer refused
    assert gm.refresh() == 1 and same(seat, gm)


def test_undo_redo_and_reroll_elsewhere_reopen_the_whole_book() -> None:
    gm = played("wick", 5)
    seat = JourneyBook.open("wick")
    for change in (gm.undo, gm.undo, gm.redo, gm.reroll):
        change()
        assert seat.refresh() >= 1
        assert same(seat, gm) and seat.can_redo == gm.can_redo
        assert [(line.seq, line.status) for line in seat.log()] == [
            (line.seq, line.status) for line in gm.log()
        ]
    step(seat)  # after a reopen it plays on where the file stands
    assert gm.refresh() == 1 and same(gm, seat)


def test_a_journal_entry_elsewhere_is_read_and_changes_no_state() -> None:
    gm = played("wick", 2)
    seat = JourneyBook.open("wick")
    gm.note("The bridge sways.")
    assert seat.refresh() == 1
    assert same(seat, gm) and [note.text for note in seat.notes()] == ["The bridge sways."]


def test_a_write_that_loses_the_race_is_refused_in_a_sentence_and_sees_the_winner() -> None:
    """The GM plays first; the seat's Check was played against a state that no longer stands,
    so it is refused, nothing of it saved, and the seat now shows the GM's action."""
    gm = JourneyBook.start("crew", game="voidlight", seed=5)
    gm.play(CreateRandom("Vex", "she/her"))
    gm.play(Join("Kai", "he/him", at_random=True))
    seat = JourneyBook.open("crew")
    assert seat.refresh() == 0  # it follows
    gm.play(Check("vigor", who="Vex"))
    rows = len(gm.store.rows())
    with pytest.raises(PlayedFirst) as refused:
        seat.play(Check("insight", who="Kai"))
    message = str(refused.value)
    assert message.startswith("Kai's Check was not saved: someone else played first (Vex: ")
    assert "Vigor" in message and message.endswith("here is the journey as it now stands")
    assert isinstance(refused.value, JourneyChanged)  # who catches that catches this
    assert same(seat, gm) and len(seat.store.rows()) == rows
    seat.play(Check("insight", who="Kai"))  # played again, now on the journey as it stands
    assert gm.refresh() == 1 and same(gm, seat)
    assert [entry.action.get("who") for entry in gm.entries[-2:]] == ["Vex", "Kai"]


def test_an_undo_that_loses_the_race_says_so() -> None:
    gm = played("wick", 3)
    seat = JourneyBook.open("wick")
    seat.refresh()
    gm.note("Night falls.")
    with pytest.raises(PlayedFirst, match=r"^the undo was not saved: someone else changed the"):
        seat.undo()
    assert same(seat, gm) and seat.actions == 3


def test_a_book_that_never_followed_is_told_to_open_the_journey_again_as_before() -> None:
    gm = played("wick", 3)
    other = JourneyBook.open("wick")
    step(gm)
    with pytest.raises(JourneyChanged, match="open it again") as refused:
        step(other)
    assert type(refused.value) is JourneyChanged and other.actions == 3


def test_two_followers_taking_turns_never_lose_or_duplicate_an_action() -> None:
    """Each writes whenever it likes; every refusal is followed by the winner's action."""
    one = played("wick", 1)
    two = JourneyBook.open("wick")
    one.refresh()
    two.refresh()
    saved = 1
    for turn in range(12):
        first, second = (one, two) if turn % 3 else (two, one)
        step(first)
        saved += 1
        try:
            second.play(Ask("even", f"turn {turn}?"))
            saved += 1
        except PlayedFirst:
            pass
    for book in (one, two):
        book.refresh()
    assert same(one, two) and one.actions == saved == len(one.store.rows())
    again = JourneyBook.open("wick")
    assert again.entries == one.entries


def test_a_book_sees_what_another_process_played(journeys: Path) -> None:
    here = JourneyBook.start("wick", game="firelights", seed=7)
    begin(here)
    here.refresh()
    script = textwrap.dedent(
        f"""
        from pathlib import Path
        from rules.book import JourneyBook
        from rules.firelights import Ask
        book = JourneyBook.open(Path({str(here.path)!r}))
        for question in ("Is anyone there?", "Is it dark?"):
            book.play(Ask("likely", question))
        book.close()
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert here.refresh() == 2
    assert [entry.action.get("question") for entry in here.entries[1:]] == [
        "Is anyone there?",
        "Is it dark?",
    ]
    again = JourneyBook.open(here.path)
    assert same(again, here)
