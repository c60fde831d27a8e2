"""Crash safety: a player's kernel killed at any moment loses no acknowledged action.

Why: "A subprocess plays 1,000 actions and is killed with SIGKILL at a random moment;
reopening finds every action that was acknowledged, and PRAGMA integrity_check says ok." The
child (crash_child.py) prints ``ack n`` after each committed action; the parent reads up to a
random acknowledgement, waits a random fraction of a commit, and kills it. The kill points are
drawn from a seeded generator; the seed is in the test id, so a failure can be replayed.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from journal_helpers import begin, simple_action

from rules.book import JourneyBook
from rules.record.journey import Journey

HERE = Path(__file__).resolve().parent
ACTIONS = 1000


def reference(actions: int, seed: int) -> Journey[Any, Any]:
    journey = Journey.start("firelights", seed)
    begin(journey)
    while len(journey.entries) < actions:
        journey.play(simple_action(journey.state))
    return journey


def run_child(path: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(HERE / "crash_child.py"), str(path), str(ACTIONS), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_killed_journey_keeps_every_acknowledged_action(tmp_path: Path, seed: int) -> None:
    kill_at = random.Random(seed).randint(1, ACTIONS - 1)
    pause = random.Random(-seed).uniform(0, 0.004)
    path = tmp_path / "crash.lantern"
    child = run_child(path, seed)
    assert child.stdout is not None
    acknowledged = 0
    for line in child.stdout:
        acknowledged = int(line.split()[1])
        if acknowledged >= kill_at:
            break
    time.sleep(pause)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL, child.stderr.read() if child.stderr else ""
    assert acknowledged == kill_at
    assert path.with_name("crash.lantern-wal").exists()  # a real crash: SQLite must recover

    book = JourneyBook.open(path)
    assert book.store.integrity() == ["ok"]
    found = len(book.entries)
    print(f"killed after ack {kill_at} (+{pause * 1000:.1f} ms); reopened with {found} actions")
    assert kill_at <= found <= ACTIONS
    assert book.to_json() == reference(found, seed).to_json()
    book.close()

    # ... and the journey goes on from there, to the same end as one never interrupted.
    finish = run_child(path, seed)
    out, err = finish.communicate(timeout=60)
    assert finish.returncode == 0, err
    assert out.rstrip().endswith("done")
    again = JourneyBook.open(path)
    assert again.to_json() == reference(ACTIONS, seed).to_json()
    assert again.store.integrity() == ["ok"]
