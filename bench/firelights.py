"""The Firelights simulation benchmark: whole journeys per second with the sensible player.

Issue 11's budget: 10,000 whole journeys with :class:`rules.firelights.SensiblePlayer` in <= 10 s
on one core, played by :func:`rules.firelights.chance_to_complete` through the one rules engine
(:func:`rules.firelights.apply`, every action checked by :mod:`rules.firelights.moves`, every card
and die through the seeded :class:`rules.chance.Chance`). Prints journeys per second, microseconds
per action and the outcomes with their 95% intervals; exits 1 when 10,000 journeys at the measured
rate would take longer than 10 s. The rate is per second of this process's CPU time (one core,
as the budget says), so other work on a shared machine does not count against it; the wall-clock
time is printed beside it.

Run: ``python -m bench firelights`` (``--journeys N`` or ``--journeys=N``: how many to play,
10,000 by default; ``--quick``: 1,000).
"""

from __future__ import annotations

import time

from rules.firelights import chance_to_complete

BUDGET = 10.0  # seconds for 10,000 journeys
JOURNEYS = 10_000
SEED = 2026


def _journeys(argv: list[str]) -> int:
    """The number of journeys the arguments ask for."""
    count = 1000 if "--quick" in argv else JOURNEYS
    for i, arg in enumerate(argv):
        if arg.startswith("--journeys="):
            count = int(arg.split("=", 1)[1])
        elif arg == "--journeys" and i + 1 < len(argv):
            count = int(argv[i + 1])
    if count < 1:
        raise SystemExit(f"--journeys is a whole number of journeys, 1 or more, not {count}")
    return count


def main(argv: list[str]) -> int:
    journeys = _journeys(argv)
    wall, cpu = time.perf_counter(), time.process_time()
    result = chance_to_complete(runs=journeys, seed=SEED)
    took, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(result, flush=True)
    rate = journeys / took
    projected = JOURNEYS / rate
    print(
        f"sensible player: {journeys:,} journeys in {took:.2f} s of CPU ({wall:.2f} s wall): "
        f"{rate:,.0f} journeys/s, {took / result.steps * 1e6:.1f} µs per action "
        f"({result.steps:,} actions); {JOURNEYS:,} journeys take {projected:.1f} s "
        f"(budget {BUDGET:.0f} s)"
    )
    return 0 if projected <= BUDGET else 1
