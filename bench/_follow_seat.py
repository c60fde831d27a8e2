"""A player's seat for ``bench.follow``, in a process of its own (as a second kernel is).

``python -m bench._follow_seat PATH NAME watch``: a :class:`~widgets.voidlight.seat.VoidlightSeat`
on the journey at PATH claiming NAME (or, for NAME ``GM``, the GM's panel), following on a running asyncio loop exactly as in a kernel
(the real follow task, every :data:`widgets.frame.follow.EVERY` seconds); after each render that
a look at the file caused it prints ``settled ENTRIES WALL_TIME``, the moment the panel shows
the new entries. It stops on ``stop`` read from stdin.

``python -m bench._follow_seat PATH NAME race AT``: wait until the wall clock reads AT, then click
NAME's Vigor check at once (another seat is told the same AT); print ``saved`` or ``refused``.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from rules.book import JourneyBook
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.seat import VoidlightSeat


async def watch(path: Path, name: str) -> None:
    book = JourneyBook.open(path, game="voidlight")
    # NAME "GM": the GM's own panel follows the file (what a seat played, seen by the GM).
    seat = VoidlightPanel(book) if name == "GM" else VoidlightSeat(book, claim=name)
    poll = seat.poll

    def timed() -> int:
        read = poll()
        if read:
            print(f"settled {len(seat.journey.entries)} {time.time():.6f}", flush=True)
        return read

    seat.poll = timed  # type: ignore[method-assign]
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)
    seat.close()


def race(path: Path, name: str, at: float) -> None:
    seat = VoidlightSeat(JourneyBook.open(path, game="voidlight"), claim=name)
    print("ready", flush=True)
    time.sleep(max(0.0, at - time.time()))
    seat.checks.check_buttons["vigor"].click()
    refused = seat.messages.is_error and "someone else played first" in seat.messages.text
    if seat.messages.is_error and not refused:
        raise SystemExit(f"the seat's check was refused otherwise: {seat.messages.text}")
    print("refused" if refused else "saved", flush=True)
    seat.close()


if __name__ == "__main__":
    where, who, mode = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    if mode == "watch":
        asyncio.run(watch(where, who))
    else:
        race(where, who, float(sys.argv[4]))
