"""The Firelights simulation benchmark: the engine's cost per action against a bare loop.

Advice is rollouts, so the engine's speed is what it can see. Whole journeys with
:class:`rules.firelights.SensiblePlayer`, played by :func:`rules.firelights.chance_to_complete`
through the one rules engine (:func:`rules.firelights.apply`, every action checked by
:mod:`rules.firelights.moves`) with a simulation's chance source, :class:`rules.table.chance.FastChance`,
cost at most :data:`TARGET` times a bare loop that draws two cards and rolls 2d6 with
:class:`random.Random` per action (:func:`bench._ratio.cards_and_dice`), timed in the same
process in alternating rounds. Absolute figures (journeys/s, µs per action) are printed with the
machine; they do not carry to another machine. The same journeys through the journey's own
:class:`rules.table.chance.Chance` (a generator seeded anew for every step, which undo and replay from
a seed need) are timed on a fifth of the journeys and printed beside, not held to the target.

Exits 1 when the ratio exceeds the target.

Run: ``python -m bench firelights`` (``--journeys N``: how many, 10,000 by default; ``--quick``:
1,000, a smoke run; ``--rounds N``: how many alternating rounds, one per 50 journeys by default).
"""

from __future__ import annotations

from bench._ratio import Rounds, cards_and_dice, machine, option, record
from rules.firelights import chance_to_complete
from rules.table.chance import Chance, FastChance
from rules.table.estimate import wilson_interval

#: The most the engine may cost per action, in bare loops.
TARGET = 6.0
JOURNEYS = 10_000
SEED = 2026


def _rounds(journeys: int, rounds: int, chance: type[Chance] | type[FastChance]) -> Rounds:
    """``journeys`` played in ``rounds`` parts (part *k* seeded ``SEED + k``), each part then the
    bare loop for as many actions; prints the outcomes and the rates."""
    timed = Rounds(cards_and_dice)
    complete = played = 0
    for k in range(rounds):
        runs = journeys // rounds + (k < journeys % rounds)
        if not runs:
            continue

        def play(runs: int = runs, seed: int = SEED + k) -> int:
            nonlocal complete, played
            result = chance_to_complete(runs=runs, seed=seed, chance=chance)
            complete, played = complete + result.count("complete"), played + runs
            return result.steps

        timed.round(play)
    low, high = wilson_interval(complete, played)
    print(
        f"complete: {complete:,}/{played:,} = {complete / played:.1%} (95% interval {low:.1%} "
        f"to {high:.1%}); {timed.actions / played:.1f} actions a journey\n"
        f"sensible player, {chance.__name__}: {played / timed.engine:,.0f} journeys/s of CPU, "
        f"{timed.engine:.2f} s for {played:,} journeys (on {machine()})",
        flush=True,
    )
    return timed


def main(argv: list[str]) -> int:
    journeys = option(argv, "journeys", 1000 if "--quick" in argv else JOURNEYS)
    rounds = min(journeys, option(argv, "rounds", max(1, journeys // 50)))
    fast = _rounds(journeys, rounds, FastChance)
    met = fast.report("Firelights engine, FastChance", TARGET)
    slow = _rounds(max(1, journeys // 5), max(1, rounds // 5), Chance)
    print(
        f"with the journey's own Chance (not held): {slow.ratio:.1f}x the bare loop, "
        f"{slow.engine / slow.actions * 1e6:.1f} µs per action"
    )
    record(
        "firelights",
        fast,
        TARGET,
        journeys=journeys,
        journeys_per_s=round(journeys / fast.engine, 1),
        bare_loop="draw two cards (rng.sample) and roll 2d6 (rng.randint) per action",
        chance_ratio=round(slow.ratio, 2),
        chance_us_per_action=round(slow.engine / slow.actions * 1e6, 2),
    )
    return 0 if met else 1
