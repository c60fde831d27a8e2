"""What a browser lacks, simulated on CPython: each fallback keeps the guarantee of the piece it
stands in for (rules/table/platform.py: "each fallback keeps the same guarantee and is tested on
CPython by setting the field to False").

The pieces: hard links (a new journey file never replaces one already there), the full check of a
journey file in pieces (the same verdict and the same refusal), and the ``.ipynb`` export without
nbformat (byte for byte what nbformat writes). The sanitizer's fallback is held by the
hostile-text catalogue (tests/hardening/test_hostile_text.py), threads and processes by
tests/widgets/test_without_threads.py.
"""

from __future__ import annotations

import dataclasses
import os
import sqlite3
from pathlib import Path

import pytest

from rules.book import JourneyBook
from rules.book.store import CorruptJourney
from rules.book.store.check import JourneyExists
from rules.book.store.files import link_new
from rules.book.verify import verify, verify_in_steps
from rules.firelights import Ask, Begin, Rest, Slip, available
from rules.table import platform
from widgets.parts.journal import export, notebook_json, to_notebook


def without(monkeypatch: pytest.MonkeyPatch, **missing: bool) -> None:
    """Make this Python look as if it lacked the named pieces (``hard_links=False``...)."""
    monkeypatch.setattr(platform, "HAS", dataclasses.replace(platform.HAS, **missing))


def test_a_computer_has_every_piece() -> None:
    """The project's tests run on CPython with everything installed: nothing is missing there,
    so every fallback below is the simulated one, never the one in use."""
    assert not platform.HAS.browser and platform.HAS.missing() == []
    assert platform.detect() == platform.HAS


def test_a_browser_is_told_apart_by_sys_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide says ``sys.platform == "emscripten"``: no threads, no processes there."""
    monkeypatch.setattr(platform.sys, "platform", "emscripten")
    monkeypatch.delattr(platform.os, "link")
    found = platform.detect()
    assert found.browser and not (found.threads or found.processes or found.hard_links)


# --- hard links -------------------------------------------------------------------------------


@pytest.mark.parametrize("links", [True, False], ids=["hard links", "no hard links"])
def test_a_new_file_is_put_in_place_and_never_replaces_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: bool
) -> None:
    without(monkeypatch, hard_links=links)
    if not links:
        monkeypatch.delattr(os, "link")  # as in a browser: calling it would fail loudly
    source, target = tmp_path / "new.tmp", tmp_path / "wick.lantern"
    source.write_bytes(b"new")
    link_new(source, target)
    assert target.read_bytes() == b"new"
    other = tmp_path / "other.tmp"
    other.write_bytes(b"other")
    with pytest.raises(JourneyExists, match="already exists"):
        link_new(other, target)
    assert target.read_bytes() == b"new" and other.read_bytes() == b"other"


def test_without_hard_links_a_journey_starts_and_a_second_of_its_name_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    without(monkeypatch, hard_links=False)
    monkeypatch.delattr(os, "link")
    book = JourneyBook.start("wick", game="firelights", seed=3, folder=tmp_path)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    book.close()
    with pytest.raises(JourneyExists):
        JourneyBook.start("wick", game="firelights", seed=3, folder=tmp_path)
    reopened = JourneyBook.open(tmp_path / "wick.lantern")
    assert reopened.actions == 1
    reopened.close()
    assert not [path.name for path in tmp_path.glob(".*.tmp*")]  # no half-made file left


# --- the full check, in pieces ------------------------------------------------------------------


def _played(folder: Path, actions: int = 130) -> Path:
    book = JourneyBook.start("wick", game="firelights", seed=7, folder=folder)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    for _ in range(actions - 1):
        book.play(Ask("even") if "ask" in available(book.state) else Rest())
    book.close()
    return book.path


def _drained(path: Path) -> tuple[object, int]:
    """The verdict of the check in pieces, and how many pieces it took."""
    steps, pieces = verify_in_steps(path), 0
    while True:
        try:
            next(steps)
            pieces += 1
        except StopIteration as done:
            return done.value, pieces


def test_the_check_in_pieces_gives_the_same_verdict_in_many_short_pieces(tmp_path: Path) -> None:
    path = _played(tmp_path)
    verdict, pieces = _drained(path)
    assert verdict == verify(path)
    assert pieces >= 130 // 50 + 3  # the opening, rows, chain, and each 50 entries replayed


def test_the_check_in_pieces_refuses_a_damaged_row_in_the_same_words(tmp_path: Path) -> None:
    path = _played(tmp_path, actions=20)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE book SET at = at + 1 WHERE seq = 2")
    db.close()
    with pytest.raises(CorruptJourney) as whole:
        verify(path)
    with pytest.raises(CorruptJourney) as pieces:
        _drained(path)
    assert str(pieces.value) == str(whole.value) and "row 2" in str(whole.value)


# --- the .ipynb export without nbformat -------------------------------------------------------


def _book(folder: Path) -> JourneyBook:  # type: ignore[type-arg]
    book = JourneyBook.start("golden", game="firelights", seed=11, folder=folder)
    book.play(Begin("Wick «ash»", "she/her", forceful=2, patient=1, quick=0), [["KS"]])
    book.play(Slip("An oak\nthat leans — *far*.\n"))
    book.note("Line one\n\nline two ✓\r\nand the end")
    return book


@pytest.mark.parametrize("story_only", [False, True])
def test_without_nbformat_the_notebook_is_written_byte_for_byte_as_nbformat_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, story_only: bool
) -> None:
    book = _book(tmp_path)
    with_nbformat = notebook_json(to_notebook(book, story_only=story_only))
    _, written = export(book, tmp_path / "full", story_only=story_only)
    without(monkeypatch, nbformat=False)
    plain = to_notebook(book, story_only=story_only)
    assert type(plain) is dict  # no nbformat object: plain dictionaries
    assert notebook_json(plain) == with_nbformat
    _, written_plain = export(book, tmp_path / "plain", story_only=story_only)
    assert written_plain.read_bytes() == written.read_bytes()
    book.close()
