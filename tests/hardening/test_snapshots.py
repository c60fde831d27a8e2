"""A stored snapshot is checked against the game's invariants when it is
loaded (the game's ``check`` hook); one edited or damaged is not used: the state is rebuilt from
the record (or an earlier snapshot), a SnapshotDistrusted warning says so, and the snapshot is
stored again, right."""

from __future__ import annotations

import json
import sqlite3
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hardening_helpers import journeys

from rules.book import JourneyBook, opening
from rules.book.opening import SnapshotDistrusted
from rules.firelights import GAME, Ask, Begin, Rest, available

__all__ = ["journeys"]  # the folder fixture, autouse


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", 4)


def _played() -> tuple[Path, Any]:
    book = JourneyBook.start("wick", game="firelights", seed=7)
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    for _ in range(8):
        book.play(Ask("even") if "ask" in available(book.state) else Rest())
    path, state = book.path, book.state
    book.close()
    return path, state


def _edit_snapshot(path: Path, count: int, edit: Callable[[dict[str, Any]], None]) -> None:
    db = sqlite3.connect(path)
    with db:
        (text,) = db.execute("SELECT state FROM snapshots WHERE count = ?", (count,)).fetchone()
        state = json.loads(text)
        edit(state)
        db.execute("UPDATE snapshots SET state = ? WHERE count = ?", (json.dumps(state), count))
    db.close()


def _twice(state: dict[str, Any]) -> None:
    state["deck"]["discard_pile"].append(state["deck"]["draw_pile"][0])


def _in_play_too(state: dict[str, Any]) -> None:
    state["in_play"] = [state["deck"]["draw_pile"][0]]


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda state: state.update(treasures=-1000), "treasures are 0 or more, not -1000"),
        (lambda state: state.update(fatigue=9), "Fatigue is 0 to 5, not 9"),
        (_twice, "(a card appears twice in the deck: ["),
        (_in_play_too, "is both in the draw pile and the cards in play"),
    ],
)
def test_an_edited_snapshot_is_not_trusted_and_is_rebuilt(
    edit: Callable[[dict[str, Any]], None], problem: str
) -> None:
    path, state = _played()
    _edit_snapshot(path, 8, edit)
    with pytest.warns(SnapshotDistrusted) as caught:
        book = JourneyBook.open("wick")
    (warning,) = caught
    message = str(warning.message)
    assert message.startswith(f"{str(path)!r}: the snapshot after 8 entries does not hold a ")
    assert problem in message
    assert message.endswith("): not used, the state is rebuilt from the record")
    assert book.state == state
    GAME.check(book.state)
    book.play(Ask("even") if "ask" in available(book.state) else Rest())  # play goes on
    book.undo()  # and undo, which reads snapshots too, finds only good ones
    assert book.state == state
    book.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the snapshot was stored again, right
        again = JourneyBook.open("wick")
    assert again.state == state
    again.close()


def test_a_sound_snapshot_opens_without_a_warning() -> None:
    _path, state = _played()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        book = JourneyBook.open("wick")
    assert book.state == state
    book.close()
