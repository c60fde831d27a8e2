"""Who played each action: the Journey Book keeps, with each action, the seat that played it at a
shared table (blank: the GM), in the action row's ``cell`` (covered by the chain of hashes). A
file from before seats reads every action as the GM's, and opens and replays as it did."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from rules.book import JourneyBook
from rules.book.store.database import CorruptJourney
from rules.record.entry import Entry
from rules.voidlight import Check, Create, Join, TakeSeat

GOLDEN = Path(__file__).resolve().parent / "golden"


def crew(journeys: Path) -> JourneyBook:  # type: ignore[type-arg]
    book = JourneyBook.start("crew", game="voidlight", seed=5, options={"timer": "scenes"})
    book.play(Create("Vex", "", vigor=2, operate=1, insight=1, diplomacy=1), [[3]])
    book.play(Join("Kai", "", 1, 2, 1, 1), [[4]])
    return book


def test_the_book_keeps_who_played_each_action_across_a_reopening(journeys: Path) -> None:
    book = crew(journeys)
    book.play(TakeSeat("Kai", "ana"), by="Kai")
    book.play(Check("operate", who="Kai"), [[6, 5]], by="Kai")
    book.play(Check("vigor", who="Vex"), [[6, 6]])
    assert [entry.by for entry in book.entries] == ["", "", "Kai", "Kai", ""]
    state = book.state
    book.close()
    again = JourneyBook.open("crew")
    assert again.state == state
    assert [entry.by for entry in again.entries] == ["", "", "Kai", "Kai", ""]
    assert [line.by for line in again.log()] == ["", "", "Kai", "Kai", ""]
    again.close()


def test_a_reroll_keeps_who_played_the_action(journeys: Path) -> None:
    book = crew(journeys)
    book.play(Check("operate", who="Kai"), [[1, 1]], by="Kai")
    book.reroll([[6, 6]])
    assert [entry.by for entry in book.entries[-2:]] == ["Kai", "Kai"]
    assert book.entries[-2].superseded and book.journey.last.outcome == "success"
    book.close()


def test_who_played_an_action_cannot_be_changed_unseen(journeys: Path) -> None:
    book = crew(journeys)
    book.play(Check("operate", who="Kai"), [[6, 5]], by="Kai")
    path = book.path
    book.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE book SET cell = 'Vex' WHERE cell = 'Kai'")
    db.close()
    with pytest.raises(CorruptJourney, match="changed after it was written"):
        JourneyBook.open(path)


def test_an_entry_says_who_played_it_in_its_json_only_when_a_seat_did() -> None:
    gm, seat = Entry({"kind": "check"}), Entry({"kind": "check"}, by="Kai")
    assert gm.to_json() == {"action": {"kind": "check"}, "chance": []}
    assert seat.to_json()["by"] == "Kai" and Entry.from_json(seat.to_json()) == seat
    assert Entry.from_json(gm.to_json()) == gm
    with pytest.raises(ValueError, match="'by' is the name of the seat that played it"):
        Entry.from_json({"action": {}, "by": 5})


def test_a_file_from_before_seats_reads_every_action_as_the_gms(journeys: Path) -> None:
    journeys.mkdir(parents=True, exist_ok=True)
    path = journeys / "old.lantern"
    shutil.copyfile(GOLDEN / "schema2-main.lantern", path)
    book = JourneyBook.open(path)
    assert len(book.entries) == 151
    assert {entry.by for entry in book.entries} == {""}
    assert {line.by for line in book.log()} == {""}
    book.close()
