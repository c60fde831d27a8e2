"""Every benchmark of ``bench/`` loads, and ``python -m bench`` finds it.

The benchmarks run outside ``make test`` (``make bench``), and some reach into the browser tests'
helpers (tests/browser): a helper renamed or moved there broke ``python -m bench`` as a whole,
since it loads every module to list them, and nothing said so until a benchmark was run.
"""

from __future__ import annotations

import pkgutil
from pathlib import Path

from bench.__main__ import benchmarks

BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_every_benchmark_module_loads_and_is_found() -> None:
    modules = sorted(
        info.name for info in pkgutil.iter_modules([str(BENCH)]) if not info.name.startswith("_")
    )
    # benchmarks() loads each of them, as `python -m bench` does: one that fails to load raises.
    found = benchmarks()
    assert found == modules, f"modules of bench/ without a main(argv): {set(modules) - set(found)}"
