"""The Journey Book benchmark: play as a player would, then reopen; commit time and bytes per action.

The budgets: <= 300 bytes stored per action, and reopening in <= 1 s; reopening
in <= 1 s whatever the length (a 100,000-action journey too: opening reads the last snapshot and
the rows after it, :mod:`rules.book.pages`), and the bytes per action kept at every length
(snapshots share their pieces, :func:`rules.record.codec.pack`). And reopening and reading the
whole log (``book.log()``: one replay of every action, for the mechanics lines) in <= 1 s per
10,000 actions. Every action goes through :class:`~rules.book.JourneyBook` (committed with
``synchronous=FULL``) and is chosen by :class:`~rules.firelights.strategy.SensiblePlayer`, so the
mix of actions (Discover, Choose, Confront, Travel, Fight...) and the state that snapshots hold
are those of real play, not of one action repeated.

A Firelights journey ends after some 50 to 100 actions, and a finished journey offers nothing but
rolls on the tables; a new journey is a new file. So there are two measures, and the output says
which figure comes from which:

* **whole journeys** (the honest per-action figures): journeys with seeds 2026, 2027, ... each
  played to its end in its own file until they add up to 10,000 actions. Commit time per action
  and bytes per action over all of them (as stored, and beyond the fixed size of an empty journey
  file, which a short journey pays once), and how long each takes to reopen.
* **one long journey** (the reopen budget, a stress case: no real journey is this long): the
  first of those journeys played to its end, then rolls on the tables (Consult, the one action it
  still offers; each one a slip on the map, so the state grows all along) up to 100,000 actions,
  a copy of the file kept at 10,000. At each length: reopened 5 times (snapshots as stored), its
  bytes per action as stored and after ``VACUUM``, the snapshots' share of the file. At 10,000:
  5 times more followed by the first ``log()``, and once with no snapshots (a full replay).

Results also go to bench/results/journal.json (git ignores the folder).

Run: ``python -m bench journal`` (some 15 minutes; ``--quick``: 1,000 actions of whole journeys
and a long journey of 10,000 with a copy at 1,000; ``--actions=N`` for other whole journeys,
``--lengths=10000,100000`` for other lengths of the long one).
"""

from __future__ import annotations

import hashlib
import json
import platform
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.book import SNAPSHOT_EVERY, JourneyBook
from rules.firelights import Consult
from rules.firelights.strategy import SensiblePlayer

try:  # the full check (rules.book.verify); absent in a Lantern from before it, timed as a baseline
    from rules.book.verify import verify as _verify

    verify: Callable[[Path], object] | None = _verify
except ImportError:  # pragma: no cover - only when this script times an older tree
    verify = None

HERE = Path(__file__).resolve().parent
REOPEN_BUDGET = 1.0  # seconds, for 10,000 actions
BYTES_BUDGET = 300  # per action
SEED = 2026
#: A journey still going after this many actions is stopped (the player found no way to end it).
MAX_JOURNEY = 5000
TABLES = ("region", "theme", "event", "story")


@dataclass(frozen=True)
class Played:
    path: Path
    actions: int  # all of them, rolls on the tables after the end included
    ended: int  # the actions up to the journey's end
    outcome: str
    seconds: float
    #: copies of the journey file (``Store.backup``) when it had this many actions
    copies: dict[int, Path] = field(default_factory=dict)


def play_to_the_end(
    path: Path, seed: int, then_consult_to: int = 0, copies_at: Sequence[int] = ()
) -> Played:
    """One journey played by the SensiblePlayer to its end (then rolls on the tables up to
    ``then_consult_to`` actions, a copy of the file kept at each count of ``copies_at``); the
    book is closed after."""
    player = SensiblePlayer()
    book = JourneyBook.start(path, game="firelights", seed=seed)
    started = time.perf_counter()
    while not book.state.over and len(book.entries) < MAX_JOURNEY:
        book.play(player(book.state))
    outcome = book.state.status if book.state.over else "unfinished"
    ended = len(book.entries)
    copies: dict[int, Path] = {}
    while len(book.entries) < then_consult_to:
        book.play(Consult(TABLES[len(book.entries) % len(TABLES)]))
        if len(book.entries) in copies_at and len(book.entries) < then_consult_to:
            copy = path.with_name(f"{path.stem}-{len(book.entries)}{path.suffix}")
            copies[len(book.entries)] = book.backup(copy)
    seconds = time.perf_counter() - started
    actions = len(book.entries)
    book.close()
    copies[actions] = path
    return Played(path, actions, ended, str(outcome), seconds, copies)


def whole_journeys(folder: Path, actions: int) -> list[Played]:
    """Journeys with seeds SEED, SEED + 1, ... each to its end, until ``actions`` are played."""
    played: list[Played] = []
    while sum(p.actions for p in played) < actions:
        seed = SEED + len(played)
        played.append(play_to_the_end(folder / f"journey-{seed}.lantern", seed))
    return played


def empty_file_size(folder: Path) -> int:
    """The bytes of a journey file with no action yet (its schema): each file pays it once."""
    path = folder / "empty.lantern"
    JourneyBook.start(path, game="firelights", seed=SEED).close()
    size = path.stat().st_size
    path.unlink()
    return size


def baseline_seconds() -> float:
    """A fixed piece of work (hashing 8 MiB, a loop of 300,000 steps), timed beside each
    reopening: reopening's time as a ratio to it compares two runs on a machine others share."""
    started = time.perf_counter()
    hashlib.sha256(bytes(8 << 20)).hexdigest()
    sum(i * i for i in range(300_000))
    return time.perf_counter() - started


def reopen(path: Path, times: int = 5, baseline: list[float] | None = None) -> list[float]:
    """Seconds to open the journey, ready to play (checked, replayed from its last snapshot);
    ``baseline``: the fixed work of :func:`baseline_seconds` timed before each, appended."""
    seconds = []
    for _ in range(times):
        if baseline is not None:
            baseline.append(baseline_seconds())
        started = time.perf_counter()
        book = JourneyBook.open(path)
        seconds.append(time.perf_counter() - started)
        book.close()
    return seconds


def reopen_and_log(path: Path, times: int = 5) -> list[float]:
    """Seconds to open the journey and read its whole log (the first ``log()`` replays it all)."""
    seconds = []
    for _ in range(times):
        started = time.perf_counter()
        book = JourneyBook.open(path)
        lines = book.log()
        seconds.append(time.perf_counter() - started)
        assert len(lines) == len(book.entries)
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


def verify_seconds(path: Path) -> float | None:
    """Seconds of the full check (``python -m rules.book verify``: every row's hash, every
    snapshot's seal, one replay from the start), the best of 3; None before it existed."""
    if verify is None:
        return None
    seconds = []
    for _ in range(3):
        started = time.perf_counter()
        verify(path)
        seconds.append(time.perf_counter() - started)
    return round(min(seconds), 3)


def vacuumed_size(path: Path, folder: Path) -> int:
    copy = folder / "vacuumed.lantern"
    shutil.copyfile(path, copy)
    db = sqlite3.connect(copy)
    db.execute("VACUUM")
    db.close()
    return copy.stat().st_size


def measure(folder: Path, actions: int, lengths: Sequence[int]) -> dict[str, Any]:
    """Every figure of both measures (see the module docstring)."""
    journeys = whole_journeys(folder / "whole", actions)
    total = sum(p.actions for p in journeys)
    sizes = sum(p.path.stat().st_size for p in journeys)
    empty = empty_file_size(folder)
    reopened = [reopen(p.path, times=1)[0] for p in journeys]
    long = play_to_the_end(
        folder / "long.lantern", SEED, then_consult_to=max(lengths), copies_at=lengths
    )
    first = long.copies[min(lengths)]
    long_logged = reopen_and_log(first)
    long_replayed = reopen(without_snapshots(first, folder), times=1)[0]
    at_length = {}
    for length, path in sorted(long.copies.items()):
        baseline: list[float] = []
        opened = reopen(path, times=7, baseline=baseline)
        at_length[str(length)] = {
            "actions": length,
            "reopen_s_median": round(statistics.median(opened), 3),
            "reopen_s_worst": round(max(opened), 3),
            "reopen_times": len(opened),
            "baseline_s_median": round(statistics.median(baseline), 4),
            "reopen_to_baseline": round(statistics.median(opened) / statistics.median(baseline), 3),
            "verify_s": verify_seconds(path),
            "file_bytes": path.stat().st_size,
            "bytes_per_action": round(path.stat().st_size / length, 1),
            "bytes_per_action_vacuumed": round(vacuumed_size(path, folder) / length, 1),
            "snapshot_bytes_share": snapshot_share(path),
        }
    return {
        "actions": actions,
        "snapshot_every": SNAPSHOT_EVERY,
        "whole_journeys": {
            "journeys": len(journeys),
            "seeds": [SEED, SEED + len(journeys) - 1],
            "actions": total,
            "outcomes": dict(Counter(p.outcome for p in journeys)),
            "actions_per_journey_median": statistics.median(p.actions for p in journeys),
            "actions_per_journey_max": max(p.actions for p in journeys),
            "commit_ms_per_action": round(sum(p.seconds for p in journeys) / total * 1000, 3),
            "file_bytes_total": sizes,
            "empty_file_bytes": empty,
            "bytes_per_action": round(sizes / total, 1),
            "bytes_per_action_beyond_empty_file": round((sizes - len(journeys) * empty) / total, 1),
            "reopen_s_median": round(statistics.median(reopened), 4),
            "reopen_s_worst": round(max(reopened), 4),
            # Journeys this short hold no snapshot: each reopening is a full replay.
            "replay_ms_per_action": round(sum(reopened) / total * 1000, 4),
        },
        "long_journey": {
            "actions": long.actions,
            "played_to_the_end": long.ended,
            "commit_ms_per_action": round(long.seconds / long.actions * 1000, 3),
            "log_at": min(lengths),
            "reopen_and_log_s_median": round(statistics.median(long_logged), 3),
            "reopen_and_log_s_worst": round(max(long_logged), 3),
            "reopen_s_full_replay": round(long_replayed, 3),
            "at_length": at_length,
        },
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "machine": platform.platform(),
    }


def snapshot_share(path: Path) -> float:
    """The part of the file's bytes that its snapshots and their pieces take (SQLite's
    ``dbstat`` when it has it, else the length of their text)."""
    db = sqlite3.connect(path)
    try:
        try:
            (part,) = db.execute(
                "SELECT sum(pgsize) FROM dbstat WHERE name IN "
                "('snapshots', 'chunks', 'sqlite_autoindex_chunks_1')"
            ).fetchone()
        except sqlite3.OperationalError:
            (part,) = db.execute(
                "SELECT (SELECT ifnull(sum(length(state)), 0) FROM snapshots) + "
                "(SELECT ifnull(sum(length(data)), 0) FROM chunks)"
            ).fetchone()
    finally:
        db.close()
    return round((part or 0) / path.stat().st_size, 3)


def report(figures: dict[str, Any], argv: list[str]) -> bool:
    """Print the figures, saying which measure each comes from; True when the budgets are met."""
    whole, long = figures["whole_journeys"], figures["long_journey"]
    outcomes = ", ".join(f"{count} {outcome}" for outcome, count in whole["outcomes"].items())
    print(f"command: {sys.executable} -m bench journal {' '.join(argv)}".rstrip())
    print(
        f"whole journeys: {whole['journeys']} Firelights journeys played to their end by "
        f"SensiblePlayer (seeds {whole['seeds'][0]}..{whole['seeds'][1]}, one file each), "
        f"{whole['actions']} actions ({outcomes}; median {whole['actions_per_journey_median']} "
        f"actions a journey, longest {whole['actions_per_journey_max']})"
    )
    print(f"  play:   {whole['commit_ms_per_action']} ms per action, committed (synchronous=FULL)")
    print(
        f"  size:   {whole['bytes_per_action_beyond_empty_file']} B per action beyond the "
        f"{whole['empty_file_bytes']} B of an empty journey file; {whole['bytes_per_action']} B "
        "per action with it (closed files, WAL folded in)"
    )
    print(
        f"  reopen: each journey, median {whole['reopen_s_median']} s, "
        f"worst {whole['reopen_s_worst']} s (a full replay, opening included: "
        f"{whole['replay_ms_per_action']} ms per action, so {whole['replay_ms_per_action'] * 10:.2f} s for 10,000 actions of such "
        f"play without snapshots; with one every {SNAPSHOT_EVERY}, at most "
        f"{SNAPSHOT_EVERY - 1} of them are replayed)"
    )
    print(
        f"one long journey (a stress case: no real journey is this long): {long['actions']} "
        f"actions, journey {SEED} played to its end ({long['played_to_the_end']} actions) then "
        "rolls on the tables (each one a slip on the map), the one action a finished journey "
        f"offers; {long['commit_ms_per_action']} ms per action, committed"
    )
    for at in long["at_length"].values():
        print(
            f"  at {at['actions']:,} actions: reopen median {at['reopen_s_median']} s, worst "
            f"{at['reopen_s_worst']} s of {at['reopen_times']} (snapshot every {SNAPSHOT_EVERY}); "
            f"size {at['bytes_per_action']} B per action as stored, "
            f"{at['bytes_per_action_vacuumed']} after VACUUM (snapshots "
            f"{at['snapshot_bytes_share']:.0%} of the file); reopen / baseline "
            f"{at['reopen_to_baseline']} (baseline {at['baseline_s_median']} s); full check "
            f"{at['verify_s']} s"
        )
    print(
        f"  at {long['log_at']:,} actions: a full replay (snapshots cleared) takes "
        f"{long['reopen_s_full_replay']} s; reopen and read the whole log (the first "
        f"book.log(): every action replayed for its mechanics line): median "
        f"{long['reopen_and_log_s_median']} s, worst {long['reopen_and_log_s_worst']} s"
    )
    lengths = list(long["at_length"].values())
    worst_bytes = max(
        whole["bytes_per_action_beyond_empty_file"], *(a["bytes_per_action"] for a in lengths)
    )
    reopen_ok = all(a["reopen_s_worst"] <= REOPEN_BUDGET for a in lengths)
    log_ok = long["reopen_and_log_s_worst"] <= REOPEN_BUDGET * max(long["log_at"] / 10_000, 1)
    bytes_ok = worst_bytes <= BYTES_BUDGET
    print(
        f"budget: reopen <= {REOPEN_BUDGET} s at every length (the long journey, worst): "
        f"{_met(reopen_ok)}; reopen and the first log() <= {REOPEN_BUDGET} s per 10,000 actions: "
        f"{_met(log_ok)}; <= {BYTES_BUDGET} B/action (whole journeys beyond the empty file, and "
        f"the long journey at every length): {_met(bytes_ok)}"
    )
    return reopen_ok and log_ok and bytes_ok


def _met(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    actions = 1000 if quick else 10_000
    lengths = [1000, 10_000] if quick else [10_000, 100_000]
    for arg in argv:
        if arg.startswith("--actions="):
            actions = int(arg.split("=", 1)[1])
        if arg.startswith("--lengths="):
            lengths = [int(n) for n in arg.split("=", 1)[1].split(",")]
    folder = Path(tempfile.mkdtemp(prefix="lantern-bench-"))
    try:
        (folder / "whole").mkdir()
        figures = measure(folder, actions, lengths)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    ok = report(figures, argv)
    results = HERE / "results"
    results.mkdir(exist_ok=True)
    (results / "journal.json").write_text(json.dumps(figures, indent=2) + "\n")
    return 0 if ok else 1
