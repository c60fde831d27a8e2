"""A seat for each player: "SIGKILL of a seat's kernel mid-write loses nothing".

The GM (this process, its own book on the file, following it) plays for Vex and the crew while a
seat (kill_child.py ``voidlight-seat``: a :class:`~widgets.voidlight.seat.VoidlightSeat` in
another process) acts for Kai; the seat is killed with SIGKILL after a random number of its own
acknowledged writes, after a random pause (often in the middle of its next write). Then: every
action either side acknowledged is in the file, at the place it was acknowledged; the file is
sound SQLite whose hash chain holds; the GM's book, refreshed, is the journey a fresh open
replays; and the GM plays on. A new seat sits down on the same journey for the next kill.
``LANTERN_SEAT_KILLS`` sets the kills (12 by default).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hardening_helpers import journeys
from test_kills import CHILD, HERE, reopened

from rules.book import JourneyBook
from rules.book.follow import PlayedFirst
from rules.book.verify import verify
from rules.voidlight import Create, Join, legal, open_moves

__all__ = ["journeys"]  # the folder fixture, autouse

KILLS = int(os.environ.get("LANTERN_SEAT_KILLS", "12"))
#: The crew's moves the GM makes (never joining or leaving: the crew stays three).
GM_MOVES = ("check", "push", "cost", "skip_cost", "take", "drop", "save", "choose", "elapse",
            "fortune", "swap_battery", "credits")  # fmt: skip

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")


def crew_of_three(seed: int) -> JourneyBook:
    book = JourneyBook.start(f"crew-{seed}", game="voidlight", seed=seed,
                             options={"timer": "scenes"})  # fmt: skip
    book.play(Create("Vex", "she/her", 2, 1, 1, 1))
    book.play(Join("Kai", "he/him", vigor=1, operate=2, insight=1, diplomacy=1))
    book.play(Join("Rook", "they/them", vigor=2, operate=0, insight=2, diplomacy=1))
    book.refresh()  # the GM follows the file from now on
    return book


def seat(path: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CHILD), "voidlight-seat", str(path), str(seed), "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(HERE.parents[1]), "SEAT_NAME": "Kai"},
    )


def gm_turn(book: JourneyBook, rng: random.Random, acked: dict[int, str]) -> bool:
    """One of the GM's moves (for anyone but Kai, or the crew's); False when the GM lost a race
    (told in a sentence: the book now holds the seat's action)."""
    book.refresh()
    state = book.state
    moves = [m for m in open_moves(state) if m[0] in GM_MOVES and m[1] != "Kai"]
    if not moves or state.over:
        return True
    kind, who = rng.choice(moves)
    listed = legal(state, kind, who)  # the generic checker's actions, of that move
    if not listed:  # its representative few all used
        return True
    try:
        book.play(rng.choice(listed))
    except PlayedFirst as told:
        # the seat's action, or its sitting down; past three, the sentence counts the rest first
        # (the seat can land several between two of the GM's reads)
        assert re.search(
            r"was not saved: someone else played first \((\d+ more, then )?"
            r"(Kai: |Take a seat: Kai )",
            str(told),
        ), told
        return False
    acked[len(book.entries)] = json.dumps(book.entries[-1].to_json(), sort_keys=True)
    return True


def kai_plays(book: JourneyBook) -> bool:
    """Whether Kai is still in the expedition, standing or dying (they may act or save)."""
    state = book.state
    return not state.over and any(
        m.name == "Kai" and m.status in ("standing", "dying") for m in state.crew
    )


def test_a_seat_killed_mid_write_loses_nothing(journeys: Path) -> None:
    rng = random.Random("seat kills")
    seed = 1
    gm = crew_of_three(seed)
    acked: dict[int, str] = {}
    kills = races = seat_acks = 0
    while kills < KILLS:
        child = seat(gm.path, seed * 100 + kills)
        assert child.stdout is not None
        wanted = rng.randint(1, 6)
        lines: list[str] = []
        reader = threading.Thread(target=lines.extend, args=(child.stdout,), daemon=True)
        reader.start()
        deadline = time.monotonic() + 60
        while sum(line.startswith("ack ") for line in lines) < wanted and child.poll() is None:
            assert time.monotonic() < deadline, (
                f"the seat acknowledged nothing in a minute: {lines[-5:]}, Kai may "
                f"{[m for m in open_moves(gm.state) if m[1] == 'Kai']}"
            )
            if not kai_plays(gm):  # Kai is lost to the dark or taken out: a new expedition
                break
            races += not gm_turn(gm, rng, acked)
            time.sleep(rng.uniform(0.02, 0.06))  # a GM's pace: the seat gets its turns
        time.sleep(rng.uniform(0.0, 0.004))
        if child.poll() is None:
            os.kill(child.pid, signal.SIGKILL)
            kills += 1
        child.wait(timeout=30)
        reader.join(timeout=30)
        stderr = child.stderr.read() if child.stderr else ""
        # a seat stops by itself only when its own last action ended Kai's part (the GM reads it
        # from the file: the seat may have written it after the GM's last look)
        gm.refresh()
        assert child.returncode == -signal.SIGKILL or not kai_plays(gm), stderr[-2000:]
        for line in lines:
            word, _, rest = line.rstrip("\n").partition(" ")
            if word == "ack":
                count, _, entry = rest.partition(" ")
                assert acked.setdefault(int(count), entry) == entry, "one place acknowledged twice"
                seat_acks += 1
        found = reopened(gm.path, "voidlight")  # sound SQLite; every entry replays
        assert {n: found[n - 1] for n in acked} == acked  # every acknowledged action, in place
        assert verify(gm.path).chained  # the hash chain holds over every row (else refused)
        assert len(gm.entries) == len(found)
        if gm.state.over or not kai_plays(gm):
            gm.close()
            seed += 1
            gm, acked = crew_of_three(seed), {}
    gm.close()
    print(
        f"{kills} seat kills, {seat_acks} seat actions acknowledged, {races} races lost by the GM"
    )
    assert seat_acks >= KILLS
