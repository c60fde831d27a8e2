"""``make fuzz``: random play at scale for every registered game, every promise checked each step.

Not part of ``make test`` (it takes minutes). For each game of the registry (Lantern's three and
any installed package's ``lantern.games`` entry point) it plays ``--actions`` actions (default
100,000) over as many journeys as that takes, each journey seeded from ``--seed``, through the
generic checker (:class:`rules.play.check.RandomPlay`, with the game's driver from
:mod:`stateful_play` when it has one): mostly an action picked at random among the ones the rules
offer, now and then an undo (and a redo of it), a reroll, or an action the rules must refuse;
before one action in four, what a panel asks of the rules (odds, option labels, risks). After
every step the game's invariants and a pickled copy of the state; at the end of each journey its
record, through JSON, must replay to the state it reached. A step that raises where it should
not, or breaks an invariant, counts as broken (the first few are printed with the seed and the
step to replay them) and ends that journey. Voidlight plays crews of 1 to 6: each journey begins
with a crew of a size drawn at random, group play or solo, and characters join and leave as it
goes; the sizes reached are counted.
Then ``cards``: ``--cards`` (default 1,000) hostile Embers card files (:mod:`hostile_cards`), each
loaded as a journey would: accepted as a card set, or refused with a LanternError, never raw.

Run: ``make fuzz``, or ``python tests/hardening/fuzz.py [--actions=N] [--cards=N] [--seed=S]
[GAME ... | cards]``. Exits 1 when any step or card file broke.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_cards import check as check_card_file
from hostile_cards import hostile
from stateful_play import DRIVERS, GAMES, random_play

from rules.play.check import Checked
from rules.record.journey import Journey

ACTIONS = 100_000
CARD_FILES = 1_000
SEED = 2026
SHOWN = 5  # broken steps printed per game
#: A game that breaks this often is not worth playing on: its run stops early.
GIVE_UP = 100


@dataclass
class Tally(Checked):
    """What one game's run did (:class:`~rules.play.check.Checked`), and ``broke``: the journeys
    a broken step ended."""

    broke: int = 0
    breaks: list[str] = field(default_factory=list)
    #: Voidlight: the steps played with a crew of each size.
    crews: Counter[int] = field(default_factory=Counter)


def fuzz(name: str, actions: int, seed: int) -> Tally:
    play, rng, tally = random_play(name, DRIVERS), random.Random(f"{name}-{seed}"), Tally(name)

    def count(journey: Journey[Any, Any]) -> None:
        crew = getattr(journey.state, "crew", None)
        if isinstance(crew, tuple):
            tally.crews[len(crew)] += 1

    while tally.actions < actions and tally.broke < GIVE_UP:
        journey_seed = rng.randrange(2**32)
        try:
            play.journey(journey_seed, actions, tally, each=count)
        except Exception:  # counted and shown: the run goes on with a new journey
            tally.broke += 1
            if len(tally.breaks) < SHOWN:
                tally.breaks.append(traceback.format_exc(limit=4))
    return tally


def card_files(count: int, seed: int) -> int:
    """Load ``count`` hostile card files; print what came of them; the number that broke."""
    started, outcomes, broke = time.perf_counter(), Counter[str](), 0
    with tempfile.TemporaryDirectory() as folder:
        for number, how, path in hostile(Path(folder), count, seed):
            try:
                outcomes[check_card_file(path)] += 1
            except Exception:  # a raw exception: counted and shown
                broke += 1
                if broke <= SHOWN:
                    print(f"  card file {number} ({how}) broke:\n{traceback.format_exc(limit=4)}")
            path.unlink()
    took = time.perf_counter() - started
    print(f"cards: {count} hostile card files, {outcomes['accepted']} accepted, "
          f"{outcomes['refused']} refused in words, {broke} broke ({took:.1f} s)", flush=True)  # fmt: skip
    return broke


def main(argv: list[str]) -> int:
    actions, cards, seed = ACTIONS, CARD_FILES, SEED
    games = [arg for arg in argv if not arg.startswith("-")] or [*GAMES, "cards"]
    for arg in argv:
        if arg.startswith("--actions="):
            actions = int(arg.split("=", 1)[1])
        elif arg.startswith("--cards="):
            cards = int(arg.split("=", 1)[1])
        elif arg.startswith("--seed="):
            seed = int(arg.split("=", 1)[1])
        elif arg.startswith("-"):
            print(f"unknown option {arg!r}: --actions=N, --cards=N, --seed=S", file=sys.stderr)
            return 2
    unknown = sorted(set(games) - {*GAMES, "cards"})
    if unknown:
        print(f"no game named {unknown}; the games are {GAMES}, and cards",
              file=sys.stderr)  # fmt: skip
        return 2
    broke = card_files(cards, seed) if "cards" in games else 0
    for name in (game for game in games if game != "cards"):
        started = time.perf_counter()
        tally = fuzz(name, actions, seed)
        took = time.perf_counter() - started
        broke += tally.broke
        print(
            f"{name}: {tally.actions} actions ran, {tally.broke} broke ({tally.journeys} journeys; "
            f"{tally.undos} undos, {tally.rerolls} rerolls, {tally.refusals} refusals checked; "
            f"{took:.1f} s, {tally.actions / took:.0f} actions/s)",
            flush=True,
        )
        if tally.crews:
            sizes = ", ".join(f"{size}: {count}" for size, count in sorted(tally.crews.items()))
            print(f"  steps by crew size: {sizes}", flush=True)
        for shown in tally.breaks:
            print("  broke at " + shown.replace("\n", "\n    "))
    return 1 if broke else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
