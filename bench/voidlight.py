"""The Voidlight simulation benchmark: the engine's cost per action against a bare loop.

Advice is rollouts, so the engine's speed is what it can see. Solo expeditions of
:data:`SCENES` scenes (timer every :data:`INTERVAL` minutes, standard beam, one spare Battery)
played by the shipped policy, :class:`rules.voidlight.explorer.Explorer`, through the one rules
engine (:data:`rules.voidlight.GAME`'s ``apply``, every action checked), with a simulation's
chance source, :class:`rules.table.chance.FastChance`, cost at most :data:`TARGET` times a bare loop
that rolls a pool of d6 with :class:`random.Random` and counts its Hits per action (a Check or a
Voidlight roll: :func:`bench._ratio.dice_pool`), timed in the same process in alternating
rounds. Absolute figures are printed with the machine; they do not carry to another machine.

Exits 1 when the ratio exceeds the target.

Run: ``python -m bench voidlight`` (``--expeditions N``: how many, 2,000 by default; ``--quick``:
300, a smoke run; ``--rounds N``: alternating rounds, one per 50 expeditions by default).
"""

from __future__ import annotations

from bench._ratio import POOL, Rounds, dice_pool, machine, option, record
from rules.play.simulate import simulate
from rules.table.chance import FastChance
from rules.voidlight.explorer import Ends, Expedition, Explorer, start

#: The most the engine may cost per action, in bare loops.
TARGET = 6.0
EXPEDITIONS = 2000
SCENES = 12
INTERVAL = 20
SEED = 2026


def main(argv: list[str]) -> int:
    expeditions = option(argv, "expeditions", 300 if "--quick" in argv else EXPEDITIONS)
    rounds = min(expeditions, option(argv, "rounds", max(1, expeditions // 50)))
    timed = Rounds(dice_pool)
    through = played = 0
    begin, policy, ends = start(INTERVAL, "standard"), Explorer("standard"), Ends(SCENES)
    for k in range(rounds):
        runs = expeditions // rounds + (k < expeditions % rounds)

        def play(runs: int = runs, seed: int = SEED + k) -> int:
            nonlocal through, played
            result = simulate(
                Expedition(), begin, policy, runs=runs, seed=seed, max_steps=50 * SCENES,
                outcome=ends, chance=FastChance,
            )  # fmt: skip
            through, played = through + result.count("through"), played + runs
            return result.steps

        if runs:
            timed.round(play)
    print(
        f"through {through:,}/{played:,} = {through / played:.1%}; "
        f"{timed.actions / played:.1f} actions an expedition\n"
        f"explorer, FastChance: {played / timed.engine:,.0f} expeditions/s of CPU, "
        f"{timed.engine:.2f} s for {played:,} expeditions (on {machine()})",
        flush=True,
    )
    met = timed.report("Voidlight engine, FastChance", TARGET)
    record(
        "voidlight",
        timed,
        TARGET,
        expeditions=played,
        expeditions_per_s=round(played / timed.engine, 1),
        through=through,
        bare_loop=f"roll a pool of {POOL} d6 (rng.randint) and count its Hits per action",
    )
    return 0 if met else 1
