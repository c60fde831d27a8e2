"""Monte Carlo: play a game many times from one state with a policy, and count how it ends.

When an exact answer is out of reach ("will I light all six beacons from here?"), play the rest
of the game ``runs`` times and count. Each run draws its chance from its own
:class:`~rules.chance.Chance`, seeded with :func:`run_seed` ``(seed, i)``, so a simulation is
reproducible, run *i* does not depend on how many runs there are, and any run can be replayed as a
journey. The policy is a plain function from state to action; it must make no chance step of its
own (everything random goes through the game's chance source).

Each share comes with its 95% Wilson score interval: with probability about 0.95 the interval of
a simulation covers the true chance, and unlike the normal approximation it stays inside [0, 1]
and behaves at shares of 0 and 1.

A game whose one action ends it with "win" 1/4 of the time:

>>> from rules.chance import Pick
>>> class Draw:
...     def apply(self, state, action, chance):
...         return chance.resolve(Pick(("win", "lose", "lose", "lose"))), None
>>> result = simulate(Draw(), "start", lambda state: "draw", runs=400, seed=3,
...                   outcome=lambda state: None if state == "start" else state)
>>> result.runs, result.count("win") + result.count("lose")
(400, 400)
>>> low, high = result.interval("win")
>>> low < 0.25 < high
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Any, Protocol, TypeVar

from rules.chance import Chance, Source
from rules.errors import IllegalAction, InvalidInput, LanternError

__all__ = [
    "MAX_RUNS",
    "UNFINISHED",
    "Estimate",
    "Simulation",
    "run_seed",
    "simulate",
    "wilson_interval",
]

#: The outcome of a run still going after ``max_steps`` actions.
UNFINISHED = "unfinished"
#: More runs than any question at the table needs; keeps a typo from hanging the kernel.
MAX_RUNS = 1_000_000

S = TypeVar("S")


class Playable(Protocol[S]):
    """The one thing a simulation needs of a game (every :class:`rules.journey.Game` has it)."""

    def apply(self, state: S, action: Any, chance: Source) -> tuple[S, Any]: ...


def wilson_interval(count: int, runs: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``count`` successes in ``runs`` trials.

    >>> low, high = wilson_interval(0, 10)
    >>> low, round(high, 4)
    (0.0, 0.2775)
    """
    _check_int("runs", runs, 1, MAX_RUNS)
    _check_int("count", count, 0, runs)
    if not 0 < confidence < 1:
        raise InvalidInput(f"a confidence is between 0 and 1, got {confidence!r}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = count / runs
    denominator = 1 + z * z / runs
    centre = (p + z * z / (2 * runs)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs))
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == runs else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Estimate:
    """One outcome's share of the runs, exact, with its 95% Wilson interval ``low``..``high``."""

    outcome: Hashable
    count: int
    runs: int
    low: float
    high: float

    @property
    def share(self) -> Fraction:
        return Fraction(self.count, self.runs)

    def __str__(self) -> str:
        return (
            f"{self.outcome}: {self.count}/{self.runs} = {float(self.share):.1%} "
            f"(95% interval {self.low:.1%} to {self.high:.1%})"
        )


@dataclass(frozen=True)
class Simulation:
    """What :func:`simulate` counted: how many runs ended each way, and how long they took.

    ``counts`` pairs each outcome met with its number of runs, most frequent first (ties in the
    order first met); ``steps`` is the total of actions played, ``longest`` the most in one run.
    """

    counts: tuple[tuple[Hashable, int], ...]
    runs: int
    seed: int
    max_steps: int
    steps: int
    longest: int

    @property
    def outcomes(self) -> tuple[Hashable, ...]:
        return tuple(outcome for outcome, _count in self.counts)

    @property
    def mean_steps(self) -> float:
        return self.steps / self.runs

    def count(self, outcome: Hashable) -> int:
        """How many runs ended with ``outcome`` (0 if none did)."""
        return dict(self.counts).get(outcome, 0)

    def share(self, outcome: Hashable) -> Fraction:
        """The exact share of runs that ended with ``outcome``."""
        return Fraction(self.count(outcome), self.runs)

    def interval(self, outcome: Hashable) -> tuple[float, float]:
        """The 95% Wilson interval of the chance of ``outcome``."""
        return wilson_interval(self.count(outcome), self.runs)

    def estimate(self, outcome: Hashable) -> Estimate:
        return Estimate(outcome, self.count(outcome), self.runs, *self.interval(outcome))

    @property
    def estimates(self) -> tuple[Estimate, ...]:
        """Every outcome met, most frequent first."""
        return tuple(self.estimate(outcome) for outcome in self.outcomes)

    def __str__(self) -> str:
        lines = [str(estimate) for estimate in self.estimates]
        lines.append(
            f"{self.runs} runs, {self.mean_steps:.1f} actions on average, at most {self.longest}"
        )
        return "\n".join(lines)


def run_seed(seed: int, run: int) -> int:
    """The seed of run number ``run`` (from 0) of a simulation seeded with ``seed``."""
    return random.Random(f"lantern-simulate:{seed}:{run}").getrandbits(48)


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{name} must be an int from {low} to {high:,}, got {value!r}")
    return value


def _status(state: Any) -> Hashable | None:
    """The default outcome: None while ``state.over`` is false, then ``state.status``."""
    return state.status if state.over else None


def simulate(
    game: Playable[S],
    state: S,
    policy: Callable[[S], Any],
    *,
    runs: int = 200,
    seed: int = 0,
    max_steps: int = 1000,
    outcome: Callable[[S], Hashable | None] | None = None,
) -> Simulation:
    """Play ``runs`` games from ``state``, each action chosen by ``policy(state)`` and applied with
    ``game.apply(state, action, chance)``, until ``outcome(state)`` is not None.

    The default ``outcome`` is the state's ``status`` once its ``over`` is true (as Firelights
    states have). A run still going after ``max_steps`` actions ends as :data:`UNFINISHED`. A
    policy choosing an action the rules refuse raises :class:`IllegalAction` naming the run.
    """
    _check_int("runs", runs, 1, MAX_RUNS)
    _check_int("max_steps", max_steps, 1, 10**9)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(f"a seed must be an int, got {seed!r}")
    if not callable(policy):
        raise InvalidInput(f"a policy is a function from state to action, got {policy!r}")
    if outcome is None:
        if not hasattr(state, "over") or not hasattr(state, "status"):
            raise InvalidInput(
                f"this state has no 'over' and 'status': pass outcome=..., got {state!r}"
            )
        outcome = _status
    ended: Counter[Hashable] = Counter()
    steps = longest = 0
    for run in range(runs):
        chance = Chance(run_seed(seed, run))
        now, taken = state, 0
        result = outcome(now)
        while result is None and taken < max_steps:
            action = policy(now)
            try:
                now, _report = game.apply(now, action, chance)
            except LanternError as error:
                raise IllegalAction(
                    f"run {run} (seed {chance.seed}), action {taken + 1}: the policy chose "
                    f"{action!r}, which the rules refuse: {error}"
                ) from error
            taken += 1
            result = outcome(now)
        ended[UNFINISHED if result is None else result] += 1
        steps += taken
        longest = max(longest, taken)
    return Simulation(tuple(ended.most_common()), runs, seed, max_steps, steps, longest)
