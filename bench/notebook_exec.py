"""How much a game notebook costs to run, against an empty notebook: Run All as nbconvert does it.

The targets: ``notebooks/firelights.ipynb`` executes in at most 1.3× the time of an empty
notebook (kernel start-up and shutdown are most of both), the odds explorer in at most
2× (it builds tables and plots for all three games). Each run is a fresh ``jupyter nbconvert
--execute`` of a copy of the notebook in a temporary folder, with journeys kept in a temporary
folder too (never a player's), empty and game notebook in turn so that a drift of the machine's
speed hits both; the ratio is taken pair by pair and its median reported.

Run from the repository root: ``python -m bench notebook_exec`` (``--runs N``, default 5;
``--quick``: 3). Exits 1 when the median ratio is over the target.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parent.parent
#: Each notebook measured and its target: at most this many times an empty notebook's time.
NOTEBOOKS = {"firelights.ipynb": 1.3, "odds-explorer.ipynb": 2.0}


def run_once(notebook: Path, journeys: Path) -> float:
    """Seconds for one ``nbconvert --execute`` of ``notebook`` (its output thrown away)."""
    env = {**os.environ, "LANTERN_JOURNEYS": str(journeys), "LANTERN_SEED": "2026"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "notebook",
         "--stdout", str(notebook)],
        check=True, cwd=notebook.parent, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    return time.perf_counter() - started


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench notebook_exec")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    runs = 3 if args.quick else args.runs
    failed = False
    with tempfile.TemporaryDirectory(prefix="lantern-bench-nb-") as tmp:
        folder = Path(tmp)
        empty = folder / "empty.ipynb"
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("")])
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nbformat.write(nb, empty)
        for name, target in NOTEBOOKS.items():
            game = folder / name
            shutil.copy(REPO / "notebooks" / name, game)
            run_once(empty, folder / "journeys")  # warm-up: the first kernel start is slower
            pairs = []
            for number in range(runs):
                journeys = folder / f"journeys-{number}"
                base = run_once(empty, journeys)
                spent = run_once(game, journeys)
                pairs.append((spent, base))
            ratio = statistics.median(spent / base for spent, base in pairs)
            median_game = statistics.median(spent for spent, _ in pairs)
            median_empty = statistics.median(base for _, base in pairs)
            verdict = "ok" if ratio <= target else "OVER TARGET"
            print(
                f"{name}: median {median_game:.2f} s, empty notebook {median_empty:.2f} s, "
                f"ratio {ratio:.2f}x (target <= {target}x, {runs} pairs): {verdict}"
            )
            failed |= ratio > target
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
