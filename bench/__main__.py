"""Run every benchmark in bench/ (``python -m bench``), or the ones named (``python -m bench journal``).

Each module of this folder with a ``main(argv)`` function is a benchmark; ``--quick`` is passed
on to each (smaller sizes, for a smoke run).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def benchmarks() -> list[str]:
    """The benchmark modules found in bench/, by name."""
    names = [
        info.name for info in pkgutil.iter_modules([str(HERE)]) if not info.name.startswith("_")
    ]
    return sorted(
        name for name in names if hasattr(importlib.import_module(f"bench.{name}"), "main")
    )


def main(argv: list[str]) -> int:
    options = [arg for arg in argv if arg.startswith("-")]
    chosen = [arg for arg in argv if not arg.startswith("-")] or benchmarks()
    unknown = sorted(set(chosen) - set(benchmarks()))
    if unknown:
        print(f"no benchmark named {unknown}; the benchmarks are {benchmarks()}", file=sys.stderr)
        return 2
    failed = 0
    for name in chosen:
        print(f"== bench.{name} ==", flush=True)
        started = time.perf_counter()
        failed += bool(importlib.import_module(f"bench.{name}").main(options))
        print(f"== bench.{name}: {time.perf_counter() - started:.1f} s ==\n", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
