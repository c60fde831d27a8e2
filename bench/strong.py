"""The strong players against the shipped ones, on the same seeds, on one core.

Each game's search player (``rules.<game>.search.strong_player``: Monte Carlo rollouts per move
through the unseen cards and dice, the shipped player finishing each) plays the same deals as the
shipped player: game *i* of both is dealt by ``FastChance(run_seed(SEED, i))``, and the search's
own generator is seeded with the same number (its rollouts never touch the game's chance).

- Embers: Warrior nights won, the heuristic player against the search;
- Firelights: the sensible player completes every journey (six beacons) it plays, so that
  measure has no room above it: the bench prints that ceiling, then the harder question the
  search is held to, six beacons within ``--within`` actions (50 by default, near the sensible
  player's median of 54);
- Voidlight: solo expeditions of 12 scenes come back from alive ("through"), timer every 20
  minutes, standard beam, one spare Battery (the study's explorer, rules.voidlight.explorer).

Each with its 95% Wilson interval, the gain in points and the search's thinking time per move:
its mean, 99th percentile and longest, by the wall clock (every move counted, the forced ones
too; on a busy machine a move waits for the core, so the longest is the machine's as much as the
search's). Exit 1 when a gain is under 10 points or
the mean thinking time is over the budget.

Run: ``python -m bench strong`` (``--quick``: 20 games each; ``--games=N``, default 200;
``--seconds=S``, the thinking budget per move, default 0.05; ``--runs=N``, at most N rollouts
per move, default 64; ``--within=N``; ``--only=embers,firelights,voidlight``;
``--difficulty=recruit,warrior,veteran``: the Embers difficulties, default warrior; the table
of rules/embers/DESIGN.md asks for all three; ``--beam=low``: the explorer's beam policy in
Voidlight, for both players, default standard, the study's explorer; low is the best fixed one).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from statistics import quantiles
from typing import Any

from rules.embers import State as EmbersState
from rules.embers import apply as embers_apply
from rules.embers import heuristic
from rules.embers.search import strong_player as embers_strong
from rules.embers.search import won
from rules.firelights import GAME as FIRELIGHTS
from rules.firelights.search import SENSIBLE, Paced, PacedGame
from rules.firelights.search import strong_player as firelights_strong
from rules.firelights.strategy import journey_outcome
from rules.play.advice import SearchPlayer
from rules.play.simulate import run_seed
from rules.table.chance import FastChance
from rules.table.estimate import wilson_interval
from rules.voidlight.explorer import Explorer, start, trek_outcome
from rules.voidlight.search import Outing, OutingGame
from rules.voidlight.search import strong_player as voidlight_strong

SEED = 2026
GAIN = 0.10  # the target: 10 points above the shipped player
BUDGET = 0.05  # seconds of thinking per move

Step = Callable[[Any, Any, Any], Any]
Ended = Callable[[Any], bool | None]


def _option(argv: list[str], name: str, default: Any, kind: type = int) -> Any:
    for arg in argv:
        if arg.startswith(f"--{name}="):
            return kind(arg.split("=", 1)[1])
    return default


def _play(start_: Any, policy: Callable[[Any], Any], step: Step, ended: Ended, seed: int) -> bool:
    chance, state = FastChance(seed), start_
    while (result := ended(state)) is None:
        state = step(state, policy(state), chance)
    return result


def _rate(label: str, wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{label}: {wins}/{games} = {wins / games:.1%} (95% interval {low:.1%} to {high:.1%})"


def _duel(
    name: str,
    games: int,
    start_: Any,
    shipped: Callable[[Any], Any],
    strong: Callable[[int], SearchPlayer[Any]],
    step: Step,
    ended: Ended,
) -> bool:
    """The shipped player and the search on the same ``games`` seeds; whether the target is met."""
    base = best = 0
    thinking, decisions, times = 0.0, 0, []
    started = time.perf_counter()
    for game in range(games):
        seed = run_seed(SEED, game)
        base += _play(start_, shipped, step, ended, seed)
        player = strong(seed)
        best += _play(start_, player, step, ended, seed)
        thinking, decisions = thinking + player.thinking, decisions + player.decisions
        times += player.times
    mean = thinking / decisions
    p99 = quantiles(times, n=100)[-1] if len(times) > 1 else times[0]
    gain = (best - base) / games
    met = gain >= GAIN and mean <= BUDGET
    print(f"{name}  [{time.perf_counter() - started:.0f} s]", flush=True)
    print(f"  {_rate('shipped player', base, games)}")
    print(f"  {_rate('search player ', best, games)}")
    print(
        f"  gain {gain * 100:+.1f} points (target +{GAIN * 100:.0f}); thinking "
        f"{mean * 1000:.1f} ms per move on average, {p99 * 1000:.0f} ms at the 99th percentile, "
        f"{max(times) * 1000:.0f} ms at most (wall clock), over "
        f"{decisions:,} moves: {'met' if met else 'NOT met'}",
        flush=True,
    )
    return met


def _embers_step(state: EmbersState, move: Any, chance: Any) -> EmbersState:
    return embers_apply(state, move, chance)[0]


def _firelights_ended(paced: Paced) -> bool | None:
    state = paced.state
    if state.status == "complete":
        return True
    return False if state.over or paced.left <= 0 else None


def _firelights_ceiling(games: int) -> None:
    """Six beacons with no limit: the sensible player's journeys played to their end."""
    done = sum(
        _play(
            FIRELIGHTS.initial({}),
            SENSIBLE,
            lambda s, a, c: FIRELIGHTS.apply(s, a, c)[0],
            lambda s: None if journey_outcome(s) is None else journey_outcome(s) == "complete",
            run_seed(SEED, game),
        )
        for game in range(games)
    )
    print("Firelights, six beacons with no limit on the actions (journeys completed)")
    print(f"  {_rate('sensible player', done, games)}: the ceiling; no room for +10 points")


def main(argv: list[str]) -> int:
    games = 20 if "--quick" in argv else _option(argv, "games", 200)
    seconds = _option(argv, "seconds", BUDGET, float)
    runs = _option(argv, "runs", 64)
    within = _option(argv, "within", 50)
    only = _option(argv, "only", "embers,firelights,voidlight", str).split(",")
    print(
        f"{games} games each; thinking budget {seconds * 1000:.0f} ms and {runs} rollouts per move"
    )
    met = True
    if "embers" in only:
        for difficulty in _option(argv, "difficulty", "warrior", str).split(","):
            met &= _duel(
                f"Embers, {difficulty.title()} nights won",
                games,
                EmbersState.new(difficulty),
                heuristic,
                lambda seed: embers_strong(seed, runs, seconds),
                _embers_step,
                won,
            )
    if "firelights" in only:
        _firelights_ceiling(max(games, 1000))
        paced_game = PacedGame()
        met &= _duel(
            f"Firelights, six beacons within {within} actions",
            games,
            Paced(FIRELIGHTS.initial({}), within),
            lambda paced: SENSIBLE(paced.state),
            lambda seed: firelights_strong(seed, runs, seconds),
            lambda p, a, c: paced_game.apply(p, a, c)[0],
            _firelights_ended,
        )
    if "voidlight" in only:
        beam = _option(argv, "beam", "standard", str)
        explorer, outing_game = Explorer(beam), OutingGame()
        met &= _duel(
            f"Voidlight, solo expeditions of 12 scenes come back from (timer 20 min, {beam} beam)",
            games,
            Outing(start(20, beam), 12),
            lambda outing: explorer(outing.trek),
            lambda seed: voidlight_strong(seed, runs, seconds, beam),
            lambda o, a, c: outing_game.apply(o, a, c)[0],
            lambda o: None if (end := trek_outcome(o.trek, o.scenes)) is None else end == "through",
        )
    print(f"machine: {_machine()}")
    return 0 if met else 1


def _machine() -> str:
    import os
    import platform

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, load {load}"
