"""The Journey Book benchmark: reopening a 10,000-action journey, and bytes stored per action.

Issue 4's budgets: reopening a 10,000-action journey in <= 1 s, and <= 300 bytes stored per
action. The journey is played through :class:`~rules.book.JourneyBook` as a player would (every
action committed with ``synchronous=FULL``), with the simplest loop of legal Firelights actions:
ask the Oracle, rest when the deck runs out. Then it is closed and reopened several times.

Figures: the commit time per action; reopening (median and worst of 5, snapshots as stored), and
for comparison reopening with no snapshots (a full replay); the file size per action as it is
after closing (the WAL folded in), and after ``VACUUM``. Results also go to
bench/results/journal.json (git ignores the folder).

Run: ``python -m bench journal`` (``--actions N`` for another size, ``--quick`` for 1,000).
"""

from __future__ import annotations

import json
import platform
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rules.book import SNAPSHOT_EVERY, JourneyBook
from rules.firelights import Ask, Begin, Rest, available

HERE = Path(__file__).resolve().parent
REOPEN_BUDGET = 1.0  # seconds, for 10,000 actions
BYTES_BUDGET = 300  # per action


def play(path: Path, actions: int) -> float:
    """Play ``actions`` actions into a new journey at ``path``; seconds per action."""
    book = JourneyBook.start(path, game="firelights", seed=2026)
    started = time.perf_counter()
    book.play(Begin("Wick", "she/her", forceful=2, patient=1, quick=0))
    while len(book.entries) < actions:
        book.play(Ask("even") if "ask" in available(book.state) else Rest())
    elapsed = time.perf_counter() - started
    book.close()
    return elapsed / actions


def reopen(path: Path, times: int = 5) -> list[float]:
    """Seconds to open the journey, ready to play (checked, replayed from its last snapshot)."""
    seconds = []
    for _ in range(times):
        started = time.perf_counter()
        book = JourneyBook.open(path)
        seconds.append(time.perf_counter() - started)
        book.close()
    return seconds


def without_snapshots(path: Path, folder: Path) -> Path:
    """A copy of the journey with its snapshots cleared (opening it must replay everything)."""
    copy = folder / "no-snapshots.lantern"
    shutil.copyfile(path, copy)
    db = sqlite3.connect(copy)
    db.execute("UPDATE snapshots SET code = 'none'")  # kept, so opening does not rewrite them
    db.commit()
    db.close()
    return copy


def vacuumed_size(path: Path, folder: Path) -> int:
    copy = folder / "vacuumed.lantern"
    shutil.copyfile(path, copy)
    db = sqlite3.connect(copy)
    db.execute("VACUUM")
    db.close()
    return copy.stat().st_size


def main(argv: list[str]) -> int:
    actions = 1000 if "--quick" in argv else 10_000
    if "--actions" in argv:
        actions = int(argv[argv.index("--actions") + 1])
    folder = Path(tempfile.mkdtemp(prefix="lantern-bench-"))
    try:
        path = folder / "bench.lantern"
        commit = play(path, actions)
        opened = reopen(path)
        replayed = reopen(without_snapshots(path, folder), times=1)
        size = path.stat().st_size
        vacuumed = vacuumed_size(path, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    figures: dict[str, Any] = {
        "actions": actions,
        "commit_ms_per_action": round(commit * 1000, 3),
        "reopen_s_median": round(statistics.median(opened), 3),
        "reopen_s_worst": round(max(opened), 3),
        "reopen_s_full_replay": round(replayed[0], 3),
        "snapshot_every": SNAPSHOT_EVERY,
        "file_bytes": size,
        "bytes_per_action": round(size / actions, 1),
        "bytes_per_action_vacuumed": round(vacuumed / actions, 1),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "machine": platform.platform(),
    }
    print(f"command: {sys.executable} -m bench journal {' '.join(argv)}".rstrip())
    print(f"journey: {actions} Firelights actions (Oracle questions, rests), seed 2026")
    print(f"play:    {figures['commit_ms_per_action']} ms per action, committed (synchronous=FULL)")
    print(
        f"reopen:  median {figures['reopen_s_median']} s, worst {figures['reopen_s_worst']} s of "
        f"{len(opened)} (snapshot every {SNAPSHOT_EVERY}); a full replay would take "
        f"{figures['reopen_s_full_replay']} s"
    )
    print(
        f"size:    {size} bytes = {figures['bytes_per_action']} bytes per action as stored "
        f"(closed, WAL folded in); {figures['bytes_per_action_vacuumed']} after VACUUM"
    )
    results = HERE / "results"
    results.mkdir(exist_ok=True)
    (results / "journal.json").write_text(json.dumps(figures, indent=2) + "\n")
    scale = actions / 10_000
    ok = max(opened) <= REOPEN_BUDGET * max(scale, 1) and size / actions <= BYTES_BUDGET
    print(f"budget:  reopen <= {REOPEN_BUDGET} s per 10,000 actions, <= {BYTES_BUDGET} B/action: "
          f"{'met' if ok else 'NOT MET'}")  # fmt: skip
    return 0 if ok else 1
