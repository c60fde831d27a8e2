"""A Voidlight expedition kept in a Journey Book: saved action by action, reopened to the same
state, snapshots through the codec, and the log's mechanics lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.book import JourneyBook, opening
from rules.voidlight import Check, Create, Elapse, Take, legal


def test_an_expedition_is_saved_and_reopens_to_the_same_state(
    tmp_path: Path, monkeypatch: Any
) -> None:
    import random

    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", 8)
    book = JourneyBook.start("vex", game="voidlight", seed=4, folder=tmp_path)
    book.play(Create("Vex", "she/her", 2, 1, 1, 1), [[3]])
    book.play(Take("Battery"))
    book.play(Check("vigor", "good"), [[4, 1]])
    book.play(Elapse(20), [[6, 6, 6, 6, 6, 1]])
    rng = random.Random(4)
    for _ in range(30):
        if book.state.over:
            break
        book.play(rng.choice(legal(book.state)))  # the generic checker's pick
    state = book.state
    lines = [line.text for line in book.log()]
    book.close()
    again = JourneyBook.open(tmp_path / "vex.lantern", game="voidlight")
    assert again.state == state
    assert any("Vigor 2 good" in text for text in lines)
    again.close()
