"""The seat bench: how soon a player's seat shows what the GM played, and write races.

**Follow latency** (target: p95 <= 1 s): the GM's panel (this process) plays a crew of three's
expedition by clicks, one action every 0.4 to 1.2 s at random; a seat in another process
(``bench._follow_seat watch``: the real follow task on a running asyncio loop, as in a kernel)
prints the wall-clock moment its panel has re-rendered with each new entry. The latency of an
action is that moment minus the moment the GM's click began: what the player at the seat sees,
the panel settled, not the file written. Both processes read one clock (one machine).

**Write races**: two seats in two processes click their own characters' Checks at the same
wall-clock moment, again and again (the GM skips the costs they leave between rounds). Each round
either both are saved, one after the other, or one is refused in a sentence ("someone else played
first") and shows the winner's action; nothing is lost or doubled: the file holds exactly the
actions the seats were told were saved. The bench prints how often a click lost the race.

Run: ``python -m bench follow`` (``--quick``: fewer actions and rounds). Results also go to
bench/results/follow.json. Exits 1 when the p95 is over 1 s or an action was lost or doubled.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench._ratio import machine
from rules.book import JourneyBook
from rules.voidlight import Check, Create, Join, SkipCost, open_moves
from widgets.voidlight import VoidlightPanel

HERE = Path(__file__).resolve().parent
TARGET_P95 = 1.0
ROOT = HERE.parent


def crew(folder: Path) -> JourneyBook:
    book = JourneyBook.start(folder / f"crew-{len(list(folder.iterdir()))}.lantern", game="voidlight", seed=17,
                             options={"timer": "scenes"})  # fmt: skip
    book.play(Create("Vex", "she/her", 2, 1, 1, 1))
    book.play(Join("Kai", "he/him", vigor=1, operate=2, insight=1, diplomacy=1))
    book.play(Join("Rook", "they/them", vigor=2, operate=0, insight=2, diplomacy=1))
    return book


def seat(path: Path, name: str, *mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bench._follow_seat", str(path), name, *mode],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def wait_ready(child: subprocess.Popen[str]) -> None:
    assert child.stdout is not None
    line = child.stdout.readline()
    if line.strip() != "ready":
        raise SystemExit(f"the seat did not start: {line!r}")


def gm_move(panel: VoidlightPanel, rng: random.Random) -> bool:
    """One click of the GM's: a Check for Vex or Rook (or the cost it leaves, skipped)."""
    state = panel.state
    offered = open_moves(state)
    for name in ("Vex", "Rook"):
        if ("skip_cost", name) in offered:
            panel.act(SkipCost(name), table=False)
            return True
    name = rng.choice([n for n in ("Vex", "Rook") if ("check", n) in offered] or [""])
    if not name:
        return False
    attribute = rng.choice(("vigor", "operate", "insight", "diplomacy"))
    panel.act(Check(attribute, "standard", who=name), table=False)
    return True


def latency(folder: Path, actions: int, rng: random.Random) -> list[float]:
    book = crew(folder)
    panel = VoidlightPanel(book)
    watcher = seat(book.path, "Kai", "watch")
    wait_ready(watcher)
    clicked: dict[int, float] = {}
    for _ in range(actions):
        time.sleep(rng.uniform(0.4, 1.2))
        started = time.time()
        if not gm_move(panel, rng) or panel.messages.is_error:
            raise SystemExit(f"the GM could not play: {panel.messages.text}")
        clicked[len(book.entries)] = started
    time.sleep(1.5)
    assert watcher.stdin is not None and watcher.stdout is not None
    watcher.stdin.write("stop\n")
    watcher.stdin.close()
    settled: dict[int, float] = {}
    for line in watcher.stdout:
        word, *rest = line.split()
        if word == "settled":
            settled[int(rest[0])] = float(rest[1])
    watcher.wait(timeout=30)
    if watcher.returncode:
        raise SystemExit(
            f"the seat failed: {watcher.stderr.read()[-800:] if watcher.stderr else ''}"
        )
    panel.close()
    missing = sorted(set(clicked) - set(settled))
    if missing:
        raise SystemExit(f"the seat never showed entries {missing}")
    return [settled[n] - clicked[n] for n in sorted(clicked)]


def races(folder: Path, rounds: int) -> tuple[int, int, int]:
    """Rounds of two seats clicking at once: (clicks, refused, saved and found in the file)."""
    book = crew(folder)
    book.refresh()
    clicks = refused = saved = 0
    for _ in range(rounds):
        at = time.time() + 2.5  # both seats have opened the journey by then
        pair = [seat(book.path, name, "race", f"{at:.6f}") for name in ("Kai", "Rook")]
        for child in pair:
            wait_ready(child)
        for child in pair:
            assert child.stdout is not None and child.stderr is not None
            out, err = child.stdout.read(), child.stderr.read()  # past what wait_ready buffered
            child.wait(timeout=60)
            said = out.split()[-1] if out.split() else ""
            if child.returncode != 0 or said not in ("saved", "refused"):
                raise SystemExit(f"a seat failed ({child.returncode}): {out!r} {err[-800:]}")
            clicks += 1
            refused += said == "refused"
            saved += said == "saved"
        book.refresh()
        for name in ("Kai", "Rook"):
            if ("skip_cost", name) in open_moves(book.state):
                book.play(SkipCost(name))
    checks = sum(1 for entry in book.entries if entry.action.get("kind") == "check")
    book.close()
    if checks != saved:
        raise SystemExit(f"{saved} checks were told saved but the file holds {checks}")
    return clicks, refused, checks


def main(argv: Sequence[str]) -> int:
    quick = "--quick" in argv
    actions, rounds = (12, 6) if quick else (60, 30)
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory(prefix="lantern-follow-") as folder:
        waits = latency(Path(folder), actions, rng)
        clicks, refused, checks = races(Path(folder), rounds)
    waits.sort()
    p95 = waits[max(0, round(0.95 * len(waits)) - 1)]
    result = {
        "machine": machine(),
        "actions": len(waits),
        "median_s": statistics.median(waits),
        "p95_s": p95,
        "max_s": waits[-1],
        "race_clicks": clicks,
        "race_refused": refused,
        "race_checks_in_file": checks,
    }
    print(f"machine: {result['machine']}")
    print(
        f"follow latency, GM's click -> the seat's panel settled, {len(waits)} actions: "
        f"median {result['median_s']:.3f} s, p95 {p95:.3f} s, max {waits[-1]:.3f} s "
        f"(target p95 <= {TARGET_P95} s; the seat looks every 0.3 s)"
    )
    print(
        f"write races, two seats clicking at once, {rounds} rounds: {refused} of {clicks} clicks "
        f"lost the race ({refused / clicks:.0%}) and were told so; {checks} checks saved, "
        "each exactly once"
    )
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "follow.json").write_text(json.dumps(result, indent=2) + "\n")
    return 0 if p95 <= TARGET_P95 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
