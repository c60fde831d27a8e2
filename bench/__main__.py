"""Run every benchmark in bench/ (``python -m bench``), or the ones named (``python -m bench journal``).

Each module of this folder with a ``main(argv)`` function is a benchmark. The leading arguments
that name benchmarks choose them; everything from the first other argument on is passed to each
(``python -m bench journal --actions 500``; ``--quick``: smaller sizes, for a smoke run).
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
    known = benchmarks()
    split = next((i for i, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    chosen, options = argv[:split] or known, argv[split:]
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        print(f"no benchmark named {unknown}; the benchmarks are {known}", file=sys.stderr)
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
