"""``make fuzz``: random play at scale for all three games, every invariant checked each step.

Not part of ``make test`` (it takes minutes). For each game it plays ``--actions`` actions
(default 100,000) over as many journeys as that takes, each journey seeded from ``--seed``: mostly
an action picked at random among the ones the rules offer (:mod:`stateful_play`), now and then an
undo (and a redo of it), a reroll, or an action the rules must refuse; before one action in four,
what a panel asks of the rules (odds, option labels, risks). After every step the game's
invariants; at the end of each journey its record, through JSON, must replay to the state it
reached. A step that raises where it should not, or breaks an invariant, counts as broken (the
first few are printed with the seed and the step to replay them) and ends that journey.
Voidlight plays crews of 1 to 6: each journey begins with a crew of a size drawn at random, group
play or solo, and characters join and leave as it goes; the sizes reached are counted.
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
from stateful_play import DRIVERS, Driver, assert_refused, replayed, voidlight_crew

from rules.embers import DIFFICULTIES
from rules.errors import IllegalAction, LanternError
from rules.record.journey import Journey

ACTIONS = 100_000
CARD_FILES = 1_000
SEED = 2026
#: A journey that has not ended after this many steps makes way for a new one.
LONGEST = 400
#: How often a step is something other than a plain legal action.
UNDO, REROLL, REFUSE = 0.02, 0.02, 0.03
#: How often the panel's questions (odds, option labels, risks) are asked before an action: they
#: cost more than the action itself (Firelights' odds enumerate the deck's pairs).
PROBE = 0.25
SHOWN = 5  # broken steps printed per game
#: A game that breaks this often is not worth playing on: its run stops early.
GIVE_UP = 100


@dataclass
class Tally:
    """What one game's run did: ``ran`` counts the legal actions played (the target), the undos,
    rerolls and refusals come on top; ``broke`` the steps that broke (each ends its journey)."""

    ran: int = 0
    broke: int = 0
    journeys: int = 0
    undos: int = 0
    rerolls: int = 0
    refusals: int = 0
    breaks: list[str] = field(default_factory=list)
    #: Voidlight: the steps played with a crew of each size.
    crews: Counter[int] = field(default_factory=Counter)


def options(name: str, rng: random.Random) -> dict[str, Any]:
    if name == "voidlight":
        return rng.choice([{}, {"play": "group"}])
    return {"difficulty": rng.choice(DIFFICULTIES)} if name == "embers" else {}


def begun(name: str, journey: Journey[Any, Any], rng: random.Random, history: list[Any]) -> None:
    """Voidlight begins with a crew of 1 to 6, or no one yet (then the play creates one); each
    of those actions is one undo can take back."""
    for action in voidlight_crew(rng.randrange(7)) if name == "voidlight" else []:
        history.append(journey.state)
        journey.play(action)


def step(
    driver: Driver,
    journey: Journey[Any, Any],
    history: list[Any],
    rng: random.Random,
    tally: Tally,
) -> None:
    """One random step on ``journey``, checked; raises on anything broken. ``history`` holds the
    state before each live action, last on top: what undo must give back."""
    roll = rng.random()
    if roll < UNDO and history:
        reached = journey.state
        removed = journey.undo()
        assert journey.state == history[-1], "undo did not give back the state before the action"
        driver.check(journey.state)
        tally.undos += 1
        if rng.random() < 0.5:  # redo: exactly as it went
            journey.extend(removed)
            assert journey.state == reached, "redo did not give back the state undo took"
        else:
            history.pop()
    elif roll < UNDO + REROLL and journey.can_reroll:
        action = journey.game.parse_action(journey.entries[-1].action)
        report = journey.reroll()
        assert journey.entries[-2].superseded, "the first try is kept, marked superseded"
        driver.check_step(history[-1], action, report, journey.state)
        tally.rerolls += 1
    elif roll < UNDO + REROLL + REFUSE:
        not_offered = driver.not_offered(journey.state)
        if not_offered and rng.random() < 0.5:
            action = rng.choice(not_offered)
            assert_refused(journey, lambda: action, IllegalAction)
        else:
            assert_refused(journey, rng.choice(driver.malformed(journey.state)), LanternError)
        tally.refusals += 1
    else:
        before = journey.state
        action = driver.pick(before, rng)
        if rng.random() < PROBE:
            driver.probe(before, action)
        report = journey.play(action)
        tally.ran += 1
        history.append(before)
        driver.check_step(before, action, report, journey.state)
    driver.check(journey.state)


def fuzz(name: str, actions: int, seed: int) -> Tally:
    driver, rng, tally = DRIVERS[name], random.Random(f"{name}-{seed}"), Tally()
    while tally.ran < actions and tally.broke < GIVE_UP:
        journey_seed = rng.randrange(2**32)
        journey = Journey.start(name, journey_seed, options(name, rng))
        tally.journeys += 1
        steps, history = 0, []
        try:
            begun(name, journey, rng, history)
            while tally.ran < actions and steps < LONGEST and not driver.over(journey.state):
                steps += 1
                step(driver, journey, history, rng, tally)
                if name == "voidlight":
                    tally.crews[len(journey.state.crew)] += 1
            assert replayed(journey) == journey.state, "the record does not replay to the state"
        except Exception:  # counted and shown: the run goes on with a new journey
            tally.broke += 1
            if len(tally.breaks) < SHOWN:
                where = f"journey seed {journey_seed}, step {steps}, after {len(journey.entries)}"
                tally.breaks.append(f"{where} entries:\n{traceback.format_exc(limit=4)}")
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
    games = [arg for arg in argv if not arg.startswith("-")] or [*DRIVERS, "cards"]
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
    unknown = sorted(set(games) - {*DRIVERS, "cards"})
    if unknown:
        print(f"no game named {unknown}; the games are {sorted(DRIVERS)}, and cards",
              file=sys.stderr)  # fmt: skip
        return 2
    broke = card_files(cards, seed) if "cards" in games else 0
    for name in (game for game in games if game != "cards"):
        started = time.perf_counter()
        tally = fuzz(name, actions, seed)
        took = time.perf_counter() - started
        broke += tally.broke
        print(
            f"{name}: {tally.ran} actions ran, {tally.broke} broke ({tally.journeys} journeys; "
            f"{tally.undos} undos, {tally.rerolls} rerolls, {tally.refusals} refusals checked; "
            f"{took:.1f} s, {tally.ran / took:.0f} actions/s)",
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
