"""The Journey Book's log and state_after: every action recorded, and the state after any entry.

Why: "a log() method returning the journey's lines in order ...: one frozen dataclass per
recorded action ... text is exactly the mechanics line that Write to journal and Export use ...,
status marks superseded tries (rerolled) and undone actions, count = how many journey entries
stand once this line is played (what state_after needs). Undone actions must stay visible in the
log as undone even after a new action is played"; "lines are computed once (one replay, lazily on
first call) and kept up to date incrementally"; "state_after(count): the state after the first
count entries, read-only ...; the book's current state must not move."
"""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from journal_helpers import as_schema, played, scripted, step

from rules.book import SNAPSHOT_EVERY, JourneyBook, LogLine
from rules.book.export import to_markdown
from rules.book.store import check
from rules.book.store.database import NewerJourney
from rules.errors import InvalidInput
from rules.firelights import Consult, Search
from rules.firelights.strategy import SensiblePlayer
from rules.record import journey as journey_module
from rules.record.journey import Journey


def reference_state(book: JourneyBook[Any, Any], count: int) -> Any:
    """The state after the first ``count`` entries, by replaying them from the start."""
    return Journey(book.game, book.seed, book.options, list(book.entries[:count])).state


def count_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    game = journey_module.game("firelights")
    original, calls = game.apply, [0]

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return original(*args)

    monkeypatch.setattr(game, "apply", counted)
    return calls


# --- the lines -----------------------------------------------------------------------------------


def test_the_log_has_a_line_for_every_action_ever_played_with_its_status() -> None:
    """The scripted journey: Begin, Discover, Choose, an Ask rerolled, and a Search undone."""
    book = scripted()
    lines = book.log()
    assert all(isinstance(line, LogLine) for line in lines)
    assert [(line.number, line.status, line.count) for line in lines] == [
        (1, "played", 1),
        (2, "played", 2),
        (3, "played", 3),
        (4, "superseded", 4),  # the first try carries the number of the action that replaced it
        (4, "played", 5),
        (None, "undone", 5),  # undone: the 5 entries it was played after (they still stand)
    ]
    assert [line.text.split(":")[0].split(";")[0] for line in lines] == [
        "Begin the journey", "Discover a Region +0", "Choose", "Ask the Oracle +2",
        "Ask the Oracle +2", "Search For Treasures +2",
    ]  # fmt: skip
    actions = [row.seq for row in book.store.rows() if row.kind == "action"]
    assert [line.seq for line in lines] == actions
    with pytest.raises(dataclasses.FrozenInstanceError):
        lines[0].text = "changed"  # type: ignore[misc]


def test_a_line_is_the_mechanics_line_that_write_to_journal_and_export_use() -> None:
    """One source: ``book.describe(report)``."""
    book = played("wick", 6)
    assert book.write_mechanics().text == book.log()[-1].text
    markdown = to_markdown(book)
    for line in book.log():
        assert f"**{line.number}.** {line.text}" in markdown.replace("\\", "")


def test_undone_actions_stay_in_the_log_after_new_actions_and_read_as_when_they_were_played(
    journeys: Path,
) -> None:
    """A journey that branched: each undone action is described against the state it met, so
    its line is what the panel showed when it was played, also after reopening."""
    player = SensiblePlayer()
    book = JourneyBook.start("wick", seed=4)
    shown: dict[int, str] = {}

    def act(action: Any = None) -> None:
        report = book.play(action or player(book.state))
        shown[book.store.rows()[-1].seq] = book.describe(report)

    for _ in range(5):
        act()  # Begin ... a Confront Risk that lights the first beacon
    act()  # Discover: two regions join the map
    act()  # Discover: where these join depends on the two before
    book.undo()
    book.undo()
    act(Search("quick"))  # both Discovers are left behind, the second after the first
    book.undo()
    act(Consult("region"))  # the Search is left behind too: it drew the first Discover's cards
    act()
    book.undo()  # on the redo stack now
    book.undo()
    book.redo()
    assert book.can_redo
    lines = book.log()
    assert {line.seq: line.text for line in lines} == shown
    assert [line.status for line in lines].count("undone") == 4
    assert [line.seq for line in lines if line.status == "played"] == [
        row.seq for row in book.store.rows() if row.kind == "action" and not row.undone
    ]
    # Where each undone line's journey left this one: a point of the journey as it stands.
    assert [line.count for line in lines if line.status == "undone"] == [5, 5, 5, 6]
    book.close()
    again = JourneyBook.open("wick")
    assert again.log() == lines


def test_an_undone_lines_count_is_where_the_journey_stood_when_it_was_played(
    journeys: Path,
) -> None:
    """LogLine: "state_after(count) is where the journey stood when it was played (the state it
    met)", kept as the player undoes further back and redoes."""
    book = played("wick", 6)
    met = book.state_after(5)
    book.undo()
    undone = book.log()[-1]
    assert (undone.status, undone.count) == ("undone", 5) and book.state_after(5) == met
    book.undo()  # its journey now leaves this one after 4 entries
    assert [line.count for line in book.log()[-2:]] == [4, 4]
    book.redo()
    assert [(line.status, line.count) for line in book.log()[-2:]] == [("played", 5), ("undone", 5)]
    step(book)  # left behind for good, after the 5 entries that still stand
    assert [line.count for line in book.log()[-2:]] == [5, 6]


def test_the_log_is_built_by_one_replay_and_then_kept_without_replaying(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = played("wick", 30)
    book.undo()
    step(book)
    book.reroll()
    calls = count_applies(monkeypatch)
    book.log()
    assert calls[0] == len([row for row in book.store.rows() if row.kind == "action"])
    for change in (lambda: step(book), book.undo, book.redo, book.reroll, book.undo):
        calls[0] = 0
        change()
        during = calls[0]
        lines = book.log()
        assert calls[0] == during  # the log did not replay
        fresh = JourneyBook.open(book.path)
        assert fresh.log() == lines, change
        fresh.close()
        book.make_latest()


def test_a_panel_that_changes_describe_gets_a_log_written_with_it(journeys: Path) -> None:
    book = played("wick", 3)
    assert book.log()[-1].text == book.last.mechanics()
    book.describe = lambda report: f"** {report.title} **"
    assert [line.text for line in book.log()] == ["** Begin the journey **"] + 2 * [
        "** Ask the Oracle **"
    ]


# --- state_after -----------------------------------------------------------------------------------


def test_state_after_gives_the_state_each_line_left_and_the_book_does_not_move(
    journeys: Path,
) -> None:
    book = scripted()
    book.play(Journey.start("firelights", 1).game.parse_action({"kind": "rest", "entry": ""}))
    before = (book.state, list(book.entries), book.chance.steps, book.last)
    for line in book.log():
        if line.status != "undone":
            assert book.state_after(line.count) == reference_state(book, line.count)
    assert book.state_after(0) == reference_state(book, 0)
    assert book.state_after(len(book.entries)) == book.state
    assert (book.state, list(book.entries), book.chance.steps, book.last) == before


@pytest.mark.parametrize("count", [-1, 99, True, "3", 2.0])
def test_state_after_refuses_a_count_the_journey_does_not_have(journeys: Path, count: Any) -> None:
    book = played("wick", 5)
    with pytest.raises(InvalidInput) as caught:
        book.state_after(count)
    assert repr(count) in str(caught.value) and "0 to 5 entries" in str(caught.value)


def test_state_after_starts_from_a_stored_snapshot_after_reopening(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = played("wick", 2 * SNAPSHOT_EVERY + 40)
    book.close()
    again = JourneyBook.open("wick")  # remembers the points after the second snapshot
    expected = reference_state(again, SNAPSHOT_EVERY + 5)
    calls = count_applies(monkeypatch)
    assert again.state_after(SNAPSHOT_EVERY + 5) == expected
    assert calls[0] == 5  # from the snapshot after SNAPSHOT_EVERY entries, not from the start
    assert again.state_after(7) == reference_state(again, 7)


# --- undone actions kept in the file ---------------------------------------------------------------


def downgrade_to_version_1(path: Path) -> None:
    """What a Lantern of schema version 1 wrote: no chain, no pieces, version 1 in both places."""
    as_schema(path, 1)


def versions(path: Path) -> tuple[int, list[int]]:
    db = sqlite3.connect(path)
    try:
        (header,) = db.execute("PRAGMA user_version").fetchone()
        return header, [v for (v,) in db.execute("SELECT version FROM schema_version")]
    finally:
        db.close()


def test_a_version_1_journey_is_upgraded_when_it_is_opened_for_play(
    journeys: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rules.book.store.database: "An older file is checked as it is, then upgraded in place when it is opened
    for play, in one transaction ... A Lantern that reads only an older version then refuses it
    as newer" (a Lantern of version 1 would offer to redo the undone actions it keeps)."""
    book = played("wick", 4)
    book.close()
    downgrade_to_version_1(book.path)
    assert versions(book.path) == (1, [1])
    book = JourneyBook.open("wick")
    assert versions(book.path) == (4, [1, 4])
    step(book)
    book.undo()
    step(book)  # the undone action is kept, undone for good
    assert [line.status for line in book.log()].count("undone") == 1
    book.close()
    monkeypatch.setattr(check, "SCHEMA_VERSION", 1)
    with pytest.raises(NewerJourney, match="schema version 4"):
        JourneyBook.open("wick")


def test_an_action_undone_for_good_is_not_in_the_journey_the_export_or_the_redo_stack(
    journeys: Path,
) -> None:
    book = played("wick", 5)
    book.undo()
    step(book)
    record, markdown = book.to_json(), to_markdown(book)
    book.close()
    again = JourneyBook.open("wick")
    assert again.to_json() == record and not again.can_redo
    assert to_markdown(again) == markdown and "**6.**" not in markdown
