"""The hidden ``.NAME.lantern.PID.tmp`` files a kill during start leaves are
removed by the next start or open: those of a process that is gone, or older than a minute."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from hardening_helpers import journeys

from rules.book import JourneyBook

__all__ = ["journeys"]  # the folder fixture, autouse


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _leftovers(folder: Path) -> dict[str, Path]:
    dead, mine = _dead_pid(), os.getpid()
    made = {
        "dead": folder / f".wick.lantern.{dead}.tmp",
        "dead journal": folder / f".wick.lantern.{dead}.tmp-journal",
        "mine, fresh": folder / f".ember.lantern.{mine}.tmp",
        "mine, old": folder / f".moth.lantern.{mine}.tmp-wal",
        "not a leftover": folder / ".notes.txt.1.tmp",
    }
    folder.mkdir(parents=True, exist_ok=True)
    for path in made.values():
        path.write_bytes(b"half a journey")
    old = time.time() - 120
    os.utime(made["mine, old"], (old, old))
    return made


def _left(made: dict[str, Path]) -> list[str]:
    return sorted(key for key, path in made.items() if path.exists())


def test_start_removes_the_leftovers_of_dead_processes_and_old_ones(journeys: Path) -> None:
    made = _leftovers(journeys)
    JourneyBook.start("other", seed=1).close()
    assert _left(made) == ["mine, fresh", "not a leftover"]


def test_open_removes_them_too(journeys: Path) -> None:
    JourneyBook.start("other", seed=1).close()
    made = _leftovers(journeys)
    JourneyBook.open("other").close()
    assert _left(made) == ["mine, fresh", "not a leftover"]
    assert sorted(p.name for p in journeys.glob("*.lantern")) == ["other.lantern"]
