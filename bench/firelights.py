"""The Firelights simulation benchmark: whole journeys per second with the sensible player.

Issue 11's budget: 10,000 whole journeys with :class:`rules.firelights.SensiblePlayer` in <= 10 s
on one core, played by :func:`rules.firelights.chance_to_complete` through the one rules engine
(:func:`rules.firelights.apply`, every action checked by :mod:`rules.firelights.moves`). Each run
draws its cards and dice through a simulation's chance source, :class:`rules.chance.FastChance`
(one generator per run, seeded once, as Embers' ``win_rate`` does); the same journeys through the
journey's own :class:`rules.chance.Chance` (a generator seeded anew for every step, which undo and
replay from a seed need) are timed too and printed beside it, not held to the budget.

Prints journeys per second, microseconds per action and the outcomes with their 95% intervals;
exits 1 when 10,000 journeys at the measured rate would take longer than 10 s. The rate is per
second of this process's CPU time (one core, as the budget says), so other work on a shared
machine does not count against it; the wall-clock time is printed beside it.

Run: ``python -m bench firelights`` (``--journeys N`` or ``--journeys=N``: how many to play,
10,000 by default; ``--quick``: 1,000).
"""

from __future__ import annotations

import time

from rules.chance import Chance, FastChance
from rules.firelights import chance_to_complete
from rules.simulate import Simulation

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


def _timed(journeys: int, chance: type[Chance] | type[FastChance]) -> tuple[Simulation, float]:
    """The journeys played with ``chance`` and the CPU seconds they took (the wall time printed)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = chance_to_complete(runs=journeys, seed=SEED, chance=chance)
    took, wall = time.process_time() - cpu, time.perf_counter() - wall
    rate = journeys / took
    print(result, flush=True)
    print(
        f"sensible player, {chance.__name__}: {journeys:,} journeys in {took:.2f} s of CPU "
        f"({wall:.2f} s wall): {rate:,.0f} journeys/s, {took / result.steps * 1e6:.1f} µs per "
        f"action ({result.steps:,} actions); {JOURNEYS:,} journeys take {JOURNEYS / rate:.1f} s",
        flush=True,
    )
    return result, JOURNEYS / rate


def main(argv: list[str]) -> int:
    journeys = _journeys(argv)
    _result, projected = _timed(journeys, FastChance)
    _timed(journeys, Chance)
    verdict = "met" if projected <= BUDGET else "NOT met"
    print(f"budget: {JOURNEYS:,} journeys in <= {BUDGET:.0f} s with FastChance: {verdict}")
    return 0 if projected <= BUDGET else 1
