"""The Embers simulation benchmark: whole games per second with the heuristic player.

Issue 10's budget: >= 2,000 whole games per second on one core (10,000 games in <= 5 s), played
by :func:`rules.embers.heuristic` through the one rules engine (:func:`rules.embers.apply`, every
action checked against :func:`rules.embers.legal`). Also prints the win rate per difficulty with
its 95% interval: the figures DESIGN.md publishes.

Run: ``python -m bench embers`` (``--quick``: 1,000 games per difficulty; ``--games=N``).
"""

from __future__ import annotations

import time

from rules.embers import DIFFICULTIES, win_rate

TARGET = 2000  # games per second
SEED = 2026


def main(argv: list[str]) -> int:
    games = 1000 if "--quick" in argv else 10_000
    for arg in argv:
        if arg.startswith("--games="):
            games = int(arg.split("=", 1)[1])
    total = seconds = 0.0
    for difficulty in DIFFICULTIES:
        started = time.perf_counter()
        estimate = win_rate(difficulty, games, "heuristic", SEED)
        took = time.perf_counter() - started
        total, seconds = total + games, seconds + took
        print(f"{estimate}  [{games / took:,.0f} games/s]", flush=True)
    rate = total / seconds
    print(f"heuristic player: {rate:,.0f} whole games per second (target {TARGET:,})")
    return 0 if rate >= TARGET else 1
