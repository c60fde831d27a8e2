"""The Embers simulation benchmark: the engine's cost per action against a bare loop.

Advice is rollouts, so the engine's speed is what it can see. Whole games played by
:func:`rules.embers.heuristic` through the one rules engine (:func:`rules.embers.advance`, as
simulation and rollouts play: :func:`rules.embers.apply` without the report nobody reads, every
action checked against :func:`rules.embers.legal`), game *i* dealt by
``FastChance(run_seed(2026, i))`` exactly as :func:`rules.embers.win_rate` deals it (so the win
rates are the ones DESIGN.md publishes), cost at most :data:`TARGET` times a bare loop of Embers'
own per action: shuffle the 12 fire cards, deal two, sum their flames and claws
(:func:`bench._ratio.shuffle_deal_sum`), timed in the same process in alternating rounds of
:data:`ROUND` games. Also prints the win rate per difficulty with its 95% interval, and games per
second with the machine (absolute: it does not carry to another machine).

Exits 1 when the ratio exceeds the target.

Run: ``python -m bench embers`` (``--games N``: games per difficulty, 10,000 by default;
``--quick``: 1,000, a smoke run).
"""

from __future__ import annotations

from typing import Any

from bench._ratio import Rounds, machine, option, record, shuffle_deal_sum
from rules.embers import DIFFICULTIES, State, heuristic
from rules.embers.players import play
from rules.play.simulate import run_seed
from rules.table.chance import FastChance
from rules.table.estimate import wilson_interval

#: The most the engine may cost per action, in bare loops.
TARGET = 6.0
SEED = 2026
#: Games in one round of the engine, before the bare loop's turn.
ROUND = 100


class _Counted:
    """The heuristic player, counting the actions it chooses (one per action played)."""

    def __init__(self) -> None:
        self.actions = 0

    def __call__(self, state: State) -> Any:
        self.actions += 1
        return heuristic(state)


def main(argv: list[str]) -> int:
    games = option(argv, "games", 1000 if "--quick" in argv else 10_000)
    timed = Rounds(shuffle_deal_sum)
    rates: dict[str, float] = {}
    for difficulty in DIFFICULTIES:
        start, won = State.new(difficulty), 0
        for first in range(0, games, ROUND):

            def round_(first: int = first, start: State = start) -> int:
                nonlocal won
                player = _Counted()
                for game in range(first, min(games, first + ROUND)):
                    end = play(start, player, FastChance(run_seed(SEED, game)))
                    won += end.phase == "won"
                return player.actions

            timed.round(round_)
        low, high = wilson_interval(won, games)
        rates[difficulty] = round(won / games, 4)
        print(
            f"{difficulty} wins: {won:,}/{games:,} = {won / games:.1%} "
            f"(95% interval {low:.1%} to {high:.1%})",
            flush=True,
        )
    total = games * len(DIFFICULTIES)
    print(
        f"heuristic player: {total / timed.engine:,.0f} games/s of CPU, "
        f"{timed.actions / total:.1f} actions a game (on {machine()})"
    )
    met = timed.report("Embers engine, FastChance", TARGET)
    record(
        "embers",
        timed,
        TARGET,
        games=total,
        games_per_s=round(total / timed.engine, 1),
        win_rates=rates,
        bare_loop="shuffle the 12 fire cards, deal two, sum their flames and claws per action",
    )
    return 0 if met else 1
