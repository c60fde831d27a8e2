"""What a process pool buys a simulation: the same Embers study in process and on a pool.

A simulation grows "from one core to a cluster without changing a line of the
notebook". This plays the same study (the heuristic player at Warrior) in process and on a
``ProcessPoolExecutor`` with ``--workers`` processes (default 2), in turn, ``--rounds`` times
(default 2) so that a drift of a shared machine hits both alike, and prints games per second and
the pool's speed-up (a ratio of the pair's times). The two results must be equal (exit 1 if not).

Run: ``python -m bench simulate`` (``--games=N``, default 6,000; ``--workers=N``; ``--rounds=N``).
"""

from __future__ import annotations

import time
from concurrent.futures import Executor, ProcessPoolExecutor

from rules.studies import embers_study

SEED = 2026


def _option(argv: list[str], name: str, default: int) -> int:
    for arg in argv:
        if arg.startswith(f"--{name}="):
            return int(arg.split("=", 1)[1])
    return default


def _timed(games: int, executor: Executor | None) -> tuple[float, object]:
    started = time.perf_counter()
    rows = embers_study(("warrior",), ("heuristic",), games=games, seed=SEED, executor=executor)
    return time.perf_counter() - started, rows


def main(argv: list[str]) -> int:
    games = _option(argv, "games", 6000)
    workers = _option(argv, "workers", 2)
    rounds = _option(argv, "rounds", 2)
    equal = True
    with ProcessPoolExecutor(workers) as pool:
        pool.submit(int).result()  # start the workers before timing
        for round_ in range(1, rounds + 1):
            here, expected = _timed(games, None)
            there, found = _timed(games, pool)
            equal = equal and found == expected
            print(
                f"round {round_}: in process {games / here:,.0f} games/s ({here:.2f} s); "
                f"{workers} processes {games / there:,.0f} games/s ({there:.2f} s); "
                f"speed-up {here / there:.2f}x; results {'equal' if found == expected else 'DIFFER'}",
                flush=True,
            )
    print(f"{games:,} Embers games at Warrior per round; the study's rows equal: {equal}")
    return 0 if equal else 1
