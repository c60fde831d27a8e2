"""A browser's Python starts no thread and no process (rules/table/platform.py), simulated on
CPython: the panel's full check of its journey file runs in pieces on the kernel's loop and names
a damaged file in the same words; Advice thinks in the kernel, with rows as before, and never
tries to start a process."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from test_advice_panel import APART, begun, run_apart
from test_panel_integrity import EVERY, edit, journey, run_in_loop

from rules.book import JourneyBook, opening
from rules.table import platform
from widgets.firelights import FirelightsPanel
from widgets.frame import thinking, whole


@pytest.fixture(autouse=True)
def browser_like(monkeypatch: pytest.MonkeyPatch) -> None:
    """No threads and no processes; starting either would fail the test, not fall back."""
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", EVERY)  # as tests/widgets/test_panel_integrity
    monkeypatch.setattr(
        platform, "HAS", dataclasses.replace(platform.HAS, threads=False, processes=False)
    )

    def refused(*_: object, **__: object) -> Any:
        raise AssertionError("a thread or a process was started where there are none")

    monkeypatch.setattr(whole, "verify_later", refused)
    monkeypatch.setattr(thinking, "_process", refused)
    # A pool an earlier test of this worker made is set aside: this one must make none of its own.
    monkeypatch.setattr(thinking, "_pool", None)


def test_a_damaged_row_is_named_by_the_check_on_the_loop(tmp_path: Path) -> None:
    path = journey(tmp_path)
    edit(path, "UPDATE book SET at = at + 1 WHERE seq = 2")  # before both snapshots
    book = JourneyBook.open(path)  # opening reads only the rows after the last snapshot
    panel = run_in_loop(lambda: FirelightsPanel(book))
    assert panel.messages.kind == "error", panel.messages.text
    assert "changed outside Lantern" in panel.messages.text and "row 2" in panel.messages.text
    book.close()


def test_a_whole_file_checked_on_the_loop_says_nothing(tmp_path: Path) -> None:
    book = JourneyBook.open(journey(tmp_path))

    async def main() -> Any:
        panel = FirelightsPanel(book)
        await asyncio.sleep(whole.LOOP_DELAY + 0.5)
        return panel

    panel = run_apart(main())
    assert panel.messages.kind == "none", panel.messages.text
    book.close()


def test_without_processes_advice_thinks_in_the_kernel() -> None:
    panel = begun("voidlight", APART["voidlight"])

    async def main() -> tuple[int, bool]:
        view = panel.advice
        view.toggle.value = True
        for _ in range(600):
            await asyncio.sleep(0.01)
            if view.rows and min(row.runs for row in view.rows) >= 8:
                break
        return min(row.runs for row in view.rows), view._apart

    least, apart = run_apart(main())
    panel.close()
    assert least >= 8 and not apart
    assert thinking._pool is None
