"""The Embers simulation benchmark: the engine's cost per action against a bare loop.

Issue 18: advice is rollouts, so the engine's speed is what it can see. Whole games played by
:func:`rules.embers.heuristic` through the one rules engine (:func:`rules.embers.apply`, every
action checked against :func:`rules.embers.legal`), dealt by :func:`rules.embers.win_rate`'s
:class:`rules.chance.FastChance`, cost at most :data:`TARGET` times a bare loop of Embers' own
per action: shuffle the 12 fire cards, deal two, sum their flames and claws
(:func:`bench._ratio.shuffle_deal_sum`), timed in the same process in alternating rounds (one per
difficulty by default: seeded as before issue 18, so the win rates are the published ones). Also prints the win rate per difficulty with its 95% interval, the figures
DESIGN.md publishes, and games per second with the machine (absolute: it does not carry).

Exits 1 when the ratio exceeds the target.

Run: ``python -m bench embers`` (``--games N``: games per difficulty, 10,000 by default;
``--quick``: 1,000, a smoke run; ``--rounds N``: rounds per difficulty, 1 by default).
"""

from __future__ import annotations

from typing import Any

from bench._ratio import Rounds, option, shuffle_deal_sum
from rules.embers import DIFFICULTIES, State, heuristic, win_rate
from rules.estimate import wilson_interval

#: The most the engine may cost per action, in bare loops.
TARGET = 6.0
SEED = 2026


class _Counted:
    """The heuristic player, counting the actions it chooses (one per action played)."""

    def __init__(self) -> None:
        self.actions = 0

    def __call__(self, state: State) -> Any:
        self.actions += 1
        return heuristic(state)


def main(argv: list[str]) -> int:
    games = option(argv, "games", 1000 if "--quick" in argv else 10_000)
    rounds = min(games, option(argv, "rounds", 1))
    timed = Rounds(shuffle_deal_sum)
    for difficulty in DIFFICULTIES:
        won = played = 0
        for k in range(rounds):
            runs = games // rounds + (k < games % rounds)

            def play(runs: int = runs, seed: int = SEED + k, level: str = difficulty) -> int:
                nonlocal won, played
                player = _Counted()
                won += win_rate(level, runs, player, seed).count
                played += runs
                return player.actions

            if runs:
                timed.round(play)
        low, high = wilson_interval(won, played)
        print(
            f"{difficulty} wins: {won:,}/{played:,} = {won / played:.1%} "
            f"(95% interval {low:.1%} to {high:.1%})",
            flush=True,
        )
    total = games * len(DIFFICULTIES)
    print(
        f"heuristic player: {total / timed.engine:,.0f} games/s of CPU, "
        f"{timed.actions / total:.1f} actions a game"
    )
    return 0 if timed.report("Embers engine, FastChance", TARGET) else 1
