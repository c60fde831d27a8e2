"""Integrity in the panel: a journey file changed outside Lantern is said in the panel, not only
in a Python warning: a snapshot set aside on opening (the state rebuilt from the record), and a
damaged row the background full check finds on the panel's first render."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest

from rules.book import JourneyBook, opening
from rules.firelights import Ask, Begin, Rest, available
from widgets.firelights import FirelightsPanel

EVERY = 8


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", EVERY)


def journey(folder: Path) -> Path:
    """Twenty actions: snapshots after 8 and 16 entries."""
    book = JourneyBook.start("wick", game="firelights", seed=7, folder=folder)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    for _ in range(19):
        book.play(Ask("even") if "ask" in available(book.state) else Rest())
    book.close()
    return book.path


def edit(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql)
    db.close()


def test_a_snapshot_set_aside_on_opening_is_said_in_the_panel(tmp_path: Path) -> None:
    path = journey(tmp_path)
    edit(path, f"UPDATE snapshots SET steps = steps + 1 WHERE count = {2 * EVERY}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", opening.SnapshotDistrusted)
        book = JourneyBook.open(path)
    panel = FirelightsPanel(book)
    assert panel.messages.kind == "info"
    assert f"after {2 * EVERY} entries" in panel.messages.text
    assert "rebuilt from its record" in panel.messages.text
    book.close()


def test_a_whole_file_says_nothing(tmp_path: Path) -> None:
    book = JourneyBook.open(journey(tmp_path))
    panel = FirelightsPanel(book)
    assert panel.messages.kind == "none"
    book.close()


def run_in_loop(make: Any) -> Any:
    """``make()`` on a running event loop (as in a kernel), in a thread of its own; waits until
    the panel's message line changes or 20 s pass, and returns the panel."""
    found: list[Any] = []

    async def main() -> None:
        panel = make()
        for _ in range(400):
            if panel.messages.kind == "error":
                break
            await asyncio.sleep(0.05)
        found.append(panel)

    thread = threading.Thread(target=lambda: asyncio.run(main()))
    thread.start()
    thread.join()
    return found[0]


def test_a_damaged_row_the_opening_did_not_read_is_named_after_the_first_render(
    tmp_path: Path,
) -> None:
    path = journey(tmp_path)
    edit(path, "UPDATE book SET at = at + 1 WHERE seq = 2")  # before both snapshots
    book = JourneyBook.open(path)  # opening reads only the rows after the last snapshot
    panel = run_in_loop(lambda: FirelightsPanel(book))
    assert panel.messages.kind == "error", panel.messages.text
    assert "changed outside Lantern" in panel.messages.text
    assert "row 2" in panel.messages.text
    book.close()
