"""The child of the crash test: plays the simple loop and acknowledges each committed action.

Usage: ``python crash_child.py JOURNEY_PATH ACTIONS SEED``. After each ``play`` returns (the
action is committed), it prints ``ack <entries>`` and flushes, as a panel would show the result.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

from journal_helpers import begin, step  # noqa: E402

from rules.book import JourneyBook  # noqa: E402


def main(path: str, actions: int, seed: int) -> None:
    book = JourneyBook.open_or_start(Path(path), seed=seed)
    if not book.entries:
        begin(book)
        print(f"ack {len(book.entries)}", flush=True)
    while len(book.entries) < actions:
        step(book)
        print(f"ack {len(book.entries)}", flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
