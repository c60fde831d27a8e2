"""Every benchmark of ``bench/`` loads, and ``python -m bench`` finds it.

The benchmarks run outside ``make test`` (``make bench``), and some reach into the browser tests'
helpers (tests/browser): a helper renamed or moved there broke ``python -m bench`` as a whole,
since it loads every module to list them, and nothing said so until a benchmark was run.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from bench.__main__ import benchmarks

BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_every_benchmark_module_loads_and_is_found() -> None:
    modules = [info.name for info in pkgutil.iter_modules([str(BENCH)])]
    for name in modules:
        importlib.import_module(f"bench.{name}")  # raises as it would for `python -m bench`
    found = benchmarks()
    public = sorted(name for name in modules if not name.startswith("_"))
    assert found == public, f"modules of bench/ without a main(argv): {set(public) - set(found)}"
