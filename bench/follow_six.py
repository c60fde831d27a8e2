"""Six seats at one table: how soon each seat shows what the GM played, how soon the GM sees what a
seat played, and what happens when all six click at once.

**GM -> seats** (target: p95 <= 1 s): a crew of six (the most a crew holds); six seats, each in a
process of its own (``bench._follow_seat watch``: the real follow task on a running asyncio loop,
as in six kernels), each claiming one character. The GM's panel (this process) plays one action
every 0.4 to 1.2 s at random; the latency of an action at a seat is the moment that seat's panel
re-rendered with it minus the moment the GM's click began. Six samples per action.

**Seat -> GM**: the GM's panel follows the file in a process of its own (``watch GM``); the six
seats play in turn (here, the seat of the character whose turn it is), each a Check or the cost it left for its own character; the
latency is the moment the GM's panel re-rendered with it minus the moment the seat's click began.

**Write races**: six seats in six processes click their own characters' Vigor checks at the same
wall-clock moment, round after round (the GM skips the costs they leave between rounds). Each
click is saved or refused in a sentence ("someone else played first"); nothing is lost or
doubled: the file holds exactly the checks the seats were told were saved.

Run: ``python -m bench follow_six`` (``--quick``: fewer actions and rounds). Results also go to
bench/results/follow_six.json. Exits 1 when a p95 is over 1 s or a check was lost or doubled.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench._ratio import machine
from bench.follow import TARGET_P95, gm_move, seat, wait_ready
from rules.book import JourneyBook
from rules.voidlight import Check, Create, Join, SkipCost, open_moves
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.seat import VoidlightSeat

HERE = Path(__file__).resolve().parent
CREW = ("Vex", "Kai", "Rook", "Ash", "Bly", "Cole")


def crew(folder: Path, name: str) -> JourneyBook:
    book = JourneyBook.start(folder / f"{name}.lantern", game="voidlight", seed=25,
                             options={"timer": "scenes"})  # fmt: skip
    book.play(Create(CREW[0], "she/her", 2, 1, 1, 1))
    for each in CREW[1:]:
        book.play(Join(each, "they/them", vigor=1, operate=2, insight=1, diplomacy=1))
    return book


def settled(watcher: subprocess.Popen[str]) -> dict[int, float]:
    """Stop a watcher; the moment its panel showed each count of entries."""
    assert watcher.stdin is not None and watcher.stdout is not None
    watcher.stdin.write("stop\n")
    watcher.stdin.close()
    seen: dict[int, float] = {}
    for line in watcher.stdout:
        word, *rest = line.split()
        if word == "settled":
            seen.setdefault(int(rest[0]), float(rest[1]))
    watcher.wait(timeout=60)
    if watcher.returncode:
        raise SystemExit(
            f"a watcher failed: {watcher.stderr.read()[-800:] if watcher.stderr else ''}"
        )
    return seen


def latencies(clicked: dict[int, float], seen: dict[int, float], who: str) -> list[float]:
    """Each action's wait: the first render that showed it (or a later entry) minus its click."""
    waits = []
    for count, started in sorted(clicked.items()):
        shown = [at for entries, at in seen.items() if entries >= count]
        if not shown:
            raise SystemExit(f"{who} never showed entry {count}")
        waits.append(min(shown) - started)
    return waits


def gm_to_seats(folder: Path, actions: int, rng: random.Random) -> list[float]:
    book = crew(folder, "gm-to-seats")
    panel = VoidlightPanel(book)
    watchers = [seat(book.path, name, "watch") for name in CREW]
    for each in watchers:
        wait_ready(each)
    panel.poll()  # the seats took their seats: the GM's table reads it, as its follow task does
    clicked: dict[int, float] = {}
    for _ in range(actions):
        time.sleep(rng.uniform(0.4, 1.2))
        started = time.time()
        if not gm_move(panel, rng) or panel.messages.is_error:
            raise SystemExit(f"the GM could not play: {panel.messages.text}")
        clicked[len(book.entries)] = started
    time.sleep(2.0)
    waits = [w for name, each in zip(CREW, watchers, strict=True)
             for w in latencies(clicked, settled(each), f"{name}'s seat")]  # fmt: skip
    panel.close()
    return waits


def seat_move(seat_: VoidlightSeat, rng: random.Random) -> bool:
    """One click of a seat's: the cost its character left skipped, else a Check for them."""
    name, offered = seat_.claimed, open_moves(seat_.state)
    if ("skip_cost", name) in offered:
        seat_.act(SkipCost(name), table=False)
        return True
    if ("check", name) not in offered:
        return False
    seat_.act(Check(rng.choice(("vigor", "operate", "insight")), "standard", who=name), table=False)
    return True


def seats_to_gm(folder: Path, actions: int, rng: random.Random) -> list[float]:
    """The seats' clicks, made here: each move opens the seat of the character whose turn it is
    (a seat of its own on the file, as its player's kernel holds; it replaces the one before,
    since one process shows one seat at a time) and clicks there; the clock starts at the
    click. The GM's panel follows in another process."""
    book = crew(folder, "seats-to-gm")
    book.close()
    gm = seat(book.path, "GM", "watch")
    wait_ready(gm)
    clicked: dict[int, float] = {}
    player: VoidlightSeat | None = None
    for number in range(actions):
        time.sleep(rng.uniform(0.4, 1.2))
        if player is not None:
            player.close()
        name = CREW[number % len(CREW)]
        player = VoidlightSeat(JourneyBook.open(book.path, game="voidlight"), claim=name)
        started = time.time()
        if not seat_move(player, rng) or player.messages.is_error:
            raise SystemExit(f"{name}'s seat could not play: {player.messages.text}")
        clicked[len(player.journey.entries)] = started
    time.sleep(2.0)
    waits = latencies(clicked, settled(gm), "the GM's panel")
    if player is not None:
        player.close()
    return waits


def races(folder: Path, rounds: int) -> tuple[int, int, int]:
    """Rounds of six seats clicking at once: (clicks, refused, checks saved and in the file).
    Nothing lost or doubled: each character's checks in the file are the ones their seat was
    told were saved, each recorded as played from that character's seat."""
    book = crew(folder, "races")
    clicks = refused = saved = 0
    told_saved = dict.fromkeys(CREW, 0)
    for _ in range(rounds):
        at = time.time() + 12.0  # all six have opened the journey by then, even on a busy machine
        six = [seat(book.path, name, "race", f"{at:.6f}") for name in CREW]
        for child in six:
            wait_ready(child)
        for name, child in zip(CREW, six, strict=True):
            assert child.stdout is not None and child.stderr is not None
            out, err = child.stdout.read(), child.stderr.read()
            child.wait(timeout=90)
            said = out.split()[-1] if out.split() else ""
            if child.returncode != 0 or said not in ("saved", "refused"):
                raise SystemExit(f"a seat failed ({child.returncode}): {out!r} {err[-800:]}")
            clicks += 1
            refused += said == "refused"
            saved += said == "saved"
            told_saved[name] += said == "saved"
        book.refresh()
        for name in CREW:
            if ("skip_cost", name) in open_moves(book.state):
                book.play(SkipCost(name))
    played = [entry for entry in book.entries if entry.action.get("kind") == "check"]
    checks = len(played)
    book.close()
    if checks != saved:
        raise SystemExit(f"{saved} checks were told saved but the file holds {checks}")
    in_file = {name: sum(entry.action.get("who") == name for entry in played) for name in CREW}
    if in_file != told_saved or any(entry.by != entry.action.get("who") for entry in played):
        raise SystemExit(f"the seats were told {told_saved} saved; the file holds {in_file}")
    return clicks, refused, checks


def figures(waits: list[float]) -> dict[str, float]:
    ordered = sorted(waits)
    return {
        "n": len(ordered),
        "p50_s": ordered[len(ordered) // 2],
        "p95_s": ordered[max(0, round(0.95 * len(ordered)) - 1)],
        "max_s": ordered[-1],
    }


def main(argv: Sequence[str]) -> int:
    quick = "--quick" in argv
    actions, rounds = (12, 3) if quick else (40, 10)
    rng = random.Random(2025)
    with tempfile.TemporaryDirectory(prefix="lantern-six-") as folder:
        down = figures(gm_to_seats(Path(folder), actions, rng))
        up = figures(seats_to_gm(Path(folder), actions, rng))
        clicks, refused, checks = races(Path(folder), rounds)
    result = {
        "machine": machine(),
        "load_average": os.getloadavg(),
        "gm_to_six_seats": down,
        "seat_to_gm": up,
        "race_clicks": clicks,
        "race_refused": refused,
        "race_checks_in_file": checks,
    }
    print(f"machine: {result['machine']}; load average {os.getloadavg()}")
    for label, found in (("GM's click -> each of six seats settled", down),
                         ("a seat's click -> the GM's panel settled", up)):  # fmt: skip
        print(
            f"{label}, {found['n']} samples: p50 {found['p50_s']:.3f} s, p95 "
            f"{found['p95_s']:.3f} s, max {found['max_s']:.3f} s (target p95 <= {TARGET_P95} s)"
        )
    print(
        f"write races, six seats clicking at once, {rounds} rounds: {refused} of {clicks} clicks "
        f"lost the race ({refused / clicks:.0%}) and were told so; {checks} checks saved, "
        "each exactly once"
    )
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "follow_six.json").write_text(json.dumps(result, indent=2) + "\n")
    return 0 if max(down["p95_s"], up["p95_s"]) <= TARGET_P95 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
