"""An engine's cost per action held to a ratio against a bare loop timed in the same process.

Why a ratio: absolute rates do not carry from one machine to the next, nor from a quiet hour to a
busy one on a shared machine (one measurement found Firelights at 429 journeys/s where the README
said 1,013). A bare loop that does only the chance an action takes, with :class:`random.Random`
and no rules, runs beside the engine in the same process, in alternating rounds, so that both meet
the same machine and the same load; the ratio engine/bare is what a benchmark holds, and every
absolute figure is printed with the machine it was measured on.

The bare loops, per action:

- :func:`cards_and_dice` (Firelights): draw two cards from a 52-card deck (``rng.sample``) and
  roll 2d6 (``rng.randint(1, 6)`` twice), sum the dice and a card's rank;
- :func:`dice_pool` (Voidlight): roll a pool of :data:`POOL` d6 (``rng.randint(1, 6)`` each) and
  count the Hits (5 or 6): the chance of a Check or a Voidlight roll, Voidlight's usual action;
- :func:`shuffle_deal_sum` (Embers): shuffle the 12 fire cards (``rng.shuffle``), deal the top
  two, and sum their flames and claws.

Each is timed in CPU seconds of this process (:func:`time.process_time`), as the engine is.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "POOL",
    "Rounds",
    "cards_and_dice",
    "dice_pool",
    "machine",
    "option",
    "record",
    "shuffle_deal_sum",
]

#: Dice in the pool :func:`dice_pool` rolls per action.
POOL = 4
_DECK = tuple((rank, suit) for rank in range(1, 14) for suit in "CDHS")
#: Flames and claws of 12 fire cards: a bare stand-in for the card set (what the loop sums).
_FIRE = tuple((flames, claws) for flames in range(3) for claws in range(4))


def machine() -> str:
    """The machine an absolute figure was measured on: platform, CPUs, Python."""
    cpu = platform.processor() or platform.machine()
    return (
        f"{platform.system()} {platform.release()} {cpu}, {os.cpu_count()} CPUs, "
        f"{platform.python_implementation()} {sys.version.split()[0]}"
    )


def cards_and_dice(actions: int, seed: int) -> float:
    """CPU seconds to draw two cards and roll 2d6 ``actions`` times (Firelights' bare action)."""
    rng = random.Random(seed)
    sample, randint, deck = rng.sample, rng.randint, list(_DECK)
    started, total = time.process_time(), 0
    for _ in range(actions):
        cards = sample(deck, 2)
        total += randint(1, 6) + randint(1, 6) + cards[0][0]
    return time.process_time() - started


def dice_pool(actions: int, seed: int) -> float:
    """CPU seconds to roll a pool of :data:`POOL` d6 and count its Hits ``actions`` times."""
    rng = random.Random(seed)
    randint, dice = rng.randint, range(POOL)
    started, hits = time.process_time(), 0
    for _ in range(actions):
        faces = [randint(1, 6) for _ in dice]
        hits += sum(face >= 5 for face in faces)
    return time.process_time() - started


def shuffle_deal_sum(actions: int, seed: int) -> float:
    """CPU seconds to shuffle 12 fire cards, deal two and sum their icons ``actions`` times."""
    rng = random.Random(seed)
    shuffle, cards = rng.shuffle, list(_FIRE)
    started, icons = time.process_time(), 0
    for _ in range(actions):
        shuffle(cards)
        first, second = cards[0], cards[1]
        icons += first[0] + first[1] + second[0] + second[1]
    return time.process_time() - started


@dataclass
class Rounds:
    """Engine and bare loop timed in alternating rounds, and what they add up to.

    Each round plays a small part of the engine's work, then the bare loop for as many actions
    as that part played, so drift on a shared machine meets both alike; the ratio held is the
    median round's.
    """

    bare: Callable[[int, int], float]
    engine: float = 0.0
    bare_seconds: float = 0.0
    actions: int = 0
    ratios: list[float] = field(default_factory=list)

    def round(self, play: Callable[[], int]) -> None:
        """Time ``play()`` (which returns the actions it played), then the bare loop."""
        started = time.process_time()
        actions = play()
        took = time.process_time() - started
        bare = max(self.bare(actions, len(self.ratios)), 1e-9)  # a tiny round on a coarse clock
        self.engine += took
        self.bare_seconds += bare
        self.actions += actions
        self.ratios.append(took / bare)

    @property
    def ratio(self) -> float:
        """The median of the rounds' ratios: a burst of other work on a shared machine that
        meets one side of a round moves that round, not the median."""
        return statistics.median(self.ratios)

    def report(self, what: str, target: float) -> bool:
        """Print the engine's and the bare loop's cost per action, the ratio and the machine;
        True when the ratio is within ``target``."""
        per_action = self.engine / self.actions * 1e6
        bare = self.bare_seconds / self.actions * 1e6
        spread = (
            f"median of {len(self.ratios)} rounds, {min(self.ratios):.1f}x to "
            f"{max(self.ratios):.1f}x; all rounds together {self.engine / self.bare_seconds:.1f}x"
        )
        met = self.ratio <= target
        print(
            f"{what}: {per_action:.1f} µs per action against the bare loop's {bare:.2f} µs "
            f"({self.actions:,} actions): {self.ratio:.1f}x the bare loop ({spread}); "
            f"target <= {target:g}x: {'met' if met else 'NOT met'}\n"
            f"  machine: {machine()}",
            flush=True,
        )
        return met


def record(name: str, timed: Rounds, target: float, **figures: Any) -> None:
    """Write ``bench/results/<name>.json``: the ratio, its rounds, the absolute figures and the
    machine they were measured on (the folder is git-ignored; the README quotes the figures)."""
    results = Path(__file__).resolve().parent / "results"
    results.mkdir(exist_ok=True)
    found = {
        "ratio": round(timed.ratio, 2),
        "target": target,
        "met": timed.ratio <= target,
        "ratio_all_rounds": round(timed.engine / timed.bare_seconds, 2),
        "ratio_rounds": [round(ratio, 2) for ratio in timed.ratios],
        "engine_us_per_action": round(timed.engine / timed.actions * 1e6, 2),
        "bare_us_per_action": round(timed.bare_seconds / timed.actions * 1e6, 3),
        "actions": timed.actions,
        "machine": machine(),
        "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        **figures,
    }
    (results / f"{name}.json").write_text(json.dumps(found, indent=2) + "\n")


def option(argv: list[str], name: str, default: int) -> int:
    """The whole number ``--name=N`` or ``--name N`` gives (``default`` without it), 1 or more."""
    found = default
    for i, arg in enumerate(argv):
        if arg.startswith(f"--{name}="):
            found = int(arg.split("=", 1)[1])
        elif arg == f"--{name}" and i + 1 < len(argv):
            found = int(argv[i + 1])
    if found < 1:
        raise SystemExit(f"--{name} is a whole number, 1 or more, not {found}")
    return found
