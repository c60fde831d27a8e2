"""The bad-input catalogue, "hand-edited ... snapshots", for Voidlight (Firelights':
test_snapshots.py; Embers stores no snapshots, its state holding the card set): a snapshot
edited to a state the rules never reach is not trusted when the journey is opened: a
SnapshotDistrusted warning names the problem, the state is rebuilt from the record, exactly as it
was, and the snapshot is stored again, right (the one file change these cases make, on purpose).
"""

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
from rules.voidlight import Create, Fortune, StartEncounter

__all__ = ["journeys"]  # the folder fixture, autouse


def _items_11(state: dict[str, Any]) -> None:
    state["crew"][0]["items"] = [{"name": f"Crate {n}", "size": "normal", "broken": False}
                                 for n in range(11)]  # fmt: skip


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda s: s["light"].update(dice=40), "(the Voidlight Pool's dice is 0 to 6, not 40)"),
        (lambda s: s["light"].update(beam="laser"), "(the beam is one of high, standard, low, not 'laser')"),
        (lambda s: s["encounters"][0].update(dice=9), "(the dice of Encounter Pool 'Hull noises' is 1 to 6, not 9)"),
        (lambda s: s["clock"].update(minute=50), "(the clock's minute (never past where it is heading) is 0 to 0, not 50)"),
        (lambda s: s.update(status="flying"), "(an expedition is creating, standing, dying, lost, not 'flying')"),
        (lambda s: s["crew"][0].update(hp=-5), "(Hit Points is a whole number from 0 to 10, not -5)"),
        (_items_11, '(11 slots filled: a character has 10)'),
    ],
    ids=["light-of-40", "unknown-beam", "pool-of-9", "clock-ahead", "unknown-status", "hp-of-minus-5", "11-slots"],
)  # fmt: skip
def test_an_edited_voidlight_snapshot_is_distrusted_and_rebuilt(
    journeys: Path, monkeypatch: pytest.MonkeyPatch, edit: Callable[[dict[str, Any]], None], problem: str
) -> None:  # fmt: skip
    monkeypatch.setattr(opening, "SNAPSHOT_EVERY", 4)
    opened = JourneyBook.start("vex", game="voidlight", seed=5)
    opened.play(Create("Vex", "she/her", 2, 1, 1, 1), [[3]])
    opened.play(StartEncounter("Hull noises", 4))
    for _ in range(3):
        opened.play(Fortune("even"))
    path, state = opened.path, opened.state
    opened.close()
    db = sqlite3.connect(path)
    with db:
        (text,) = db.execute("SELECT state FROM snapshots WHERE count = 4").fetchone()
        snapshot = json.loads(text)
        edit(snapshot)
        db.execute("UPDATE snapshots SET state = ? WHERE count = 4", (json.dumps(snapshot),))
    db.close()
    with pytest.warns(SnapshotDistrusted) as caught:
        again = JourneyBook.open(path)
    (warning,) = caught
    message = str(warning.message)
    assert message.startswith(f"{str(path)!r}: the snapshot after 4 entries does not hold a ")
    assert problem in message
    assert again.state == state  # rebuilt from the record, as it was
    again.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # stored again, right
        JourneyBook.open(path).close()
