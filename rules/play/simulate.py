"""Monte Carlo: play a game many times from one state with a policy, and count how it ends.

When an exact answer is out of reach ("will I light all six beacons from here?"), play the rest
of the game ``runs`` times and count. Each run draws its chance from its own source, by default
a :class:`~rules.table.chance.Chance` seeded with :func:`run_seed` ``(seed, i)``, so a simulation is
reproducible, run *i* does not depend on how many runs there are, and any run can be replayed as a
journey. The policy is a plain function from state to action; it must make no chance step of its
own (everything random goes through the game's chance source). A policy with a generator of its
own is built afresh for each run from that run's seed (:class:`PerRun`).

Why chunks: the runs are split in seeded chunks (runs *i* to *j*), played in process or on any
:class:`concurrent.futures.Executor` (a process pool, a Dask client's ``get_executor()``), and
merged in run order, so the result is identical whichever executor played it and however it was
chunked. What goes to an executor must pickle: top-level functions and classes, not lambdas.

Each share comes with its 95% Wilson score interval: with probability about 0.95 the interval of
a simulation covers the true chance, and unlike the normal approximation it stays inside [0, 1]
and behaves at shares of 0 and 1. Each measured number (:class:`Tally`) has a 95% interval on
its mean.

A game whose one action ends it with "win" 1/4 of the time:

>>> from rules.table.chance import Pick
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

import pickle
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from fractions import Fraction
from types import FunctionType, MethodType
from typing import Any, Generic, Protocol, TypeVar

from rules.errors import IllegalAction, InvalidInput, LanternError
from rules.record.journey import check_action, short_repr
from rules.table.chance import Chance, Source
from rules.table.estimate import MAX_RUNS, Estimate, Tally, check_int, wilson_interval

__all__ = [
    "MAX_RUNS",
    "UNFINISHED",
    "Estimate",
    "PerRun",
    "Simulation",
    "Tally",
    "run_seed",
    "simulate",
    "wilson_interval",
]

#: The outcome of a run still going after ``max_steps`` actions.
UNFINISHED = "unfinished"
#: The most runs in one chunk when ``chunk`` is not given (about 20 chunks up to that).
CHUNK = 500

S = TypeVar("S")
R = TypeVar("R")


class Playable(Protocol[S]):
    """The one thing a simulation needs of a game (every :class:`rules.record.journey.Game` has it)."""

    def apply(self, state: S, action: Any, chance: Source) -> tuple[S, Any]:
        """The state after ``action``, its chance drawn from ``chance``, and a report of it."""
        ...


@dataclass(frozen=True)
class Simulation:
    """What :func:`simulate` counted: how many runs ended each way, and how long they took."""

    #: Each outcome met and its number of runs, most frequent first (ties in the order first met).
    counts: tuple[tuple[Hashable, int], ...]
    #: Runs played.
    runs: int
    #: The seed the runs' seeds come from: the same seed, the same counts.
    seed: int
    #: The most actions a run may take before it counts as unfinished.
    max_steps: int
    #: Actions played in all runs.
    steps: int
    #: The most actions in one run.
    longest: int
    #: Each outcome with the :class:`Tally` of its runs' actions.
    lengths: tuple[tuple[Hashable, Tally], ...] = ()
    #: A :class:`Tally` per measure asked for (runs whose measure was None left out).
    measured: tuple[Tally, ...] = ()

    @property
    def outcomes(self) -> tuple[Hashable, ...]:
        """The outcomes met, most frequent first."""
        return tuple(outcome for outcome, _count in self.counts)

    @property
    def mean_steps(self) -> float:
        """The mean number of actions a run played."""
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
        """The share of runs that ended with ``outcome``, with its 95% Wilson interval."""
        return Estimate(outcome, self.count(outcome), self.runs, *self.interval(outcome))

    @property
    def estimates(self) -> tuple[Estimate, ...]:
        """Every outcome met, most frequent first."""
        return tuple(self.estimate(outcome) for outcome in self.outcomes)

    def length(self, outcome: Hashable) -> Tally:
        """How many actions the runs ending with ``outcome`` took (an empty tally if none)."""
        return dict(self.lengths).get(outcome, Tally(f"actions to {outcome}"))

    def measure(self, name: str) -> Tally:
        """The tally of the measure called ``name``; an unknown name is refused by name."""
        for tally in self.measured:
            if tally.name == name:
                return tally
        known = ", ".join(repr(t.name) for t in self.measured) or "none"
        raise InvalidInput(f"this simulation measured {known}, not {name!r}")

    def __str__(self) -> str:
        lines = [str(estimate) for estimate in self.estimates]
        lines += [str(tally) for tally in self.measured]
        lines.append(
            f"{self.runs} runs, {self.mean_steps:.1f} actions on average, at most {self.longest}"
        )
        return "\n".join(lines)


@dataclass(frozen=True)
class PerRun(Generic[S]):
    """A policy built afresh for each run by ``build(run_seed)``: for a player with a generator
    of its own, whose choices must not depend on which runs the same worker played before.

    >>> import random
    >>> PerRun(random.Random).build(5).random() == random.Random(5).random()
    True
    """

    #: ``build(run_seed)``: the policy for one run.
    build: Callable[[int], Callable[[S], Any]]


def run_seed(seed: int, run: int) -> int:
    """The seed of run number ``run`` (from 0) of a simulation seeded with ``seed``."""
    return random.Random(f"lantern-simulate:{seed}:{run}").getrandbits(48)


def _status(state: Any) -> Hashable | None:
    """The default outcome: None while ``state.over`` is false, then ``state.status``."""
    return state.status if state.over else None


@dataclass(frozen=True)
class _Job(Generic[S]):
    """Everything a worker needs to play runs of one simulation (what is pickled)."""

    game: Playable[S]
    state: S
    policy: Callable[[S], Any] | PerRun[S]
    outcome: Callable[[S], Hashable | None]
    measures: tuple[tuple[str, Callable[[S], int | None]], ...]
    chance: Callable[[int], Source]
    seed: int
    max_steps: int


@dataclass
class _Part:
    """The counts of runs ``start`` to ``stop`` (dicts keep the order outcomes were first met)."""

    ended: dict[Hashable, int] = field(default_factory=dict)
    lengths: dict[Hashable, Counter[int]] = field(default_factory=dict)
    measured: dict[str, Counter[int]] = field(default_factory=dict)
    steps: int = 0
    longest: int = 0

    def add(self, other: _Part) -> None:
        for outcome, count in other.ended.items():
            self.ended[outcome] = self.ended.get(outcome, 0) + count
        for outcome, lengths in other.lengths.items():
            self.lengths.setdefault(outcome, Counter()).update(lengths)
        for name, values in other.measured.items():
            self.measured.setdefault(name, Counter()).update(values)
        self.steps += other.steps
        self.longest = max(self.longest, other.longest)


def _bound(call: Callable[[S], R]) -> Callable[[S], R]:
    """``call`` itself, or, for an object whose class defines ``__call__`` in Python (a policy
    or an outcome such as the explorer's), that method bound to it once: calling the object
    looks ``__call__`` up on its class every time, and a simulation calls both every action."""
    method = type(call).__call__  # never missing: at worst the metaclass's, bound to the class
    return MethodType(method, call) if isinstance(method, FunctionType) else call


def _play(job: _Job[S], start: int, stop: int, passed: dict[int, object] | None = None) -> _Part:
    """Play runs ``start`` to ``stop - 1`` of ``job``, each from its own seed. ``passed``: the
    actions check_action passed, by id (kept alive there, so an id is never reused): a policy
    hands the same few action values again and again, and a value's kind stays; the chunks
    played here share it."""
    part = _Part(measured={name: Counter() for name, _measure in job.measures})
    outcome, apply, game = _bound(job.outcome), job.game.apply, job.game
    most = job.max_steps
    valued = hasattr(game, "parse_action")  # a journey's game: actions are values
    if passed is None:
        passed = {}
    for run in range(start, stop):
        this_seed = run_seed(job.seed, run)
        chance = job.chance(this_seed)
        policy = _bound(
            job.policy.build(this_seed) if isinstance(job.policy, PerRun) else job.policy
        )
        now, taken = job.state, 0
        result = outcome(now)
        while result is None and taken < most:
            action = policy(now)
            try:
                if valued and passed.get(id(action), passed) is not action:  # None is checked
                    check_action(game, action)
                    if len(passed) < 4096 and type(action).__hash__ is not None:  # a value
                        passed[id(action)] = action
                now, _report = apply(now, action, chance)
            except LanternError as error:
                raise IllegalAction(
                    f"run {run} (seed {this_seed}), action {taken + 1}: the policy chose "
                    f"{action!r}, which the rules refuse: {error}"
                ) from error
            taken += 1
            result = outcome(now)
        ended = UNFINISHED if result is None else result
        part.ended[ended] = part.ended.get(ended, 0) + 1
        part.lengths.setdefault(ended, Counter())[taken] += 1
        part.steps += taken
        part.longest = max(part.longest, taken)
        for name, measure in job.measures:
            value = measure(now)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidInput(
                    f"the measure {name!r} gives a whole number (or None), got {value!r}"
                )
            part.measured[name][value] += 1
    return part


def _play_pickled(job: bytes, start: int, stop: int) -> _Part:
    """What a worker runs: the job arrives pickled once per simulation, not as live objects."""
    loaded: _Job[Any] = pickle.loads(job)
    return _play(loaded, start, stop)


def _pickled(job: _Job[Any], executor: Executor) -> bytes:
    """``job`` pickled for ``executor``; else an error naming the part that does not pickle."""
    try:
        return pickle.dumps(job)
    except Exception as error:  # pickle raises PicklingError, AttributeError or TypeError
        parts = {
            "game": job.game,
            "state": job.state,
            "policy": job.policy,
            "outcome": job.outcome,
            "chance source": job.chance,
        }
        parts.update({f"measure {name!r}": measure for name, measure in job.measures})
        for what, value in parts.items():
            try:
                pickle.dumps(value)
            except Exception:
                raise InvalidInput(
                    f"to run on {type(executor).__name__}, the {what} must pickle (a top-level "
                    f"function, class or value, not a lambda or a local function): {value!r} "
                    f"does not ({error})"
                ) from error
        raise InvalidInput(f"this simulation does not pickle for {executor!r}: {error}") from error


def _reporter(progress: object) -> Callable[[int], object]:
    """``progress.update(n)`` or ``progress(n)`` after each chunk; nothing for None."""
    if progress is None:
        return lambda _n: None
    update = getattr(progress, "update", None)
    if callable(update):
        return update  # type: ignore[no-any-return]
    if callable(progress):
        return progress
    raise InvalidInput(
        f"progress is a function of the runs done or has update(n) (a tqdm bar), got {progress!r}"
    )


def _chunks(runs: int, chunk: int | None) -> list[tuple[int, int]]:
    size = min(CHUNK, max(1, -(-runs // 20))) if chunk is None else chunk
    check_int("chunk", size, 1, MAX_RUNS)
    return [(start, min(runs, start + size)) for start in range(0, runs, size)]


def _run_all(
    job: _Job[Any], chunks: Sequence[tuple[int, int]], executor: Executor | None, report: Any
) -> list[_Part]:
    if executor is None:
        parts: list[_Part] = []
        passed: dict[int, object] = {}
        for start, stop in chunks:
            parts.append(_play(job, start, stop, passed))
            report(stop - start)
        return parts
    payload = _pickled(job, executor)
    futures: list[Future[_Part]] = [
        executor.submit(_play_pickled, payload, start, stop) for start, stop in chunks
    ]
    sizes = {
        id(future): stop - start for future, (start, stop) in zip(futures, chunks, strict=True)
    }
    try:
        for done in as_completed(futures):
            if done.exception() is not None:
                break  # stop what has not started; the first failed chunk in run order raises
            report(sizes[id(done)])
    finally:
        for future in futures:
            future.cancel()
    return [future.result() for future in futures if not future.cancelled()]


def simulate(
    game: Playable[S],
    state: S,
    policy: Callable[[S], Any] | PerRun[S],
    *,
    runs: int = 200,
    seed: int = 0,
    max_steps: int = 1000,
    outcome: Callable[[S], Hashable | None] | None = None,
    measures: Mapping[str, Callable[[S], int | None]] | None = None,
    chance: Callable[[int], Source] = Chance,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: object = None,
) -> Simulation:
    """Play ``runs`` games from ``state``, each action chosen by ``policy(state)`` and applied with
    ``game.apply(state, action, chance)``, until ``outcome(state)`` is not None.

    The default ``outcome`` is the state's ``status`` once its ``over`` is true (as Firelights
    states have). A run still going after ``max_steps`` actions ends as :data:`UNFINISHED`. A
    policy choosing an action the rules refuse raises :class:`IllegalAction` naming the run.

    ``measures``: name -> function of a run's last state giving a whole number (or None to
    leave the run out), tallied in :attr:`Simulation.measured`. ``chance``: the source of a run
    from its seed (default :class:`~rules.table.chance.Chance`, the journey's). ``executor``: where
    the chunks of ``chunk`` runs are played (default: here, in turn). ``progress``: told the
    number of runs done after each chunk, as ``progress.update(n)`` or ``progress(n)``.
    """
    if not callable(getattr(game, "apply", None)):
        raise InvalidInput(
            f"simulate plays a game (such as rules.record.journey.game('firelights')), got "
            f"{short_repr(game)}"
        )
    check_int("runs", runs, 1, MAX_RUNS)
    check_int("max_steps", max_steps, 1, 10**9)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(f"a seed must be an int, got {seed!r}")
    if not callable(policy) and not isinstance(policy, PerRun):
        raise InvalidInput(f"a policy is a function from state to action, got {policy!r}")
    if outcome is None:
        if not hasattr(state, "over") or not hasattr(state, "status"):
            raise InvalidInput(
                f"this state has no 'over' and 'status': pass outcome=..., got {state!r}"
            )
        outcome = _status
    named = tuple((measures or {}).items())
    for name, measure in named:
        if not isinstance(name, str) or not callable(measure):
            raise InvalidInput(f"measures maps names to functions of a state, got {name!r}")
    if not callable(chance):
        raise InvalidInput(f"chance is a function from a seed to a chance source, got {chance!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidInput(
            f"an executor is a concurrent.futures.Executor (with submit), got {executor!r}"
        )
    report = _reporter(progress)
    job = _Job(game, state, policy, outcome, named, chance, seed, max_steps)
    total = _Part(measured={name: Counter() for name, _measure in named})
    for part in _run_all(job, _chunks(runs, chunk), executor, report):
        total.add(part)
    return Simulation(
        tuple(Counter(total.ended).most_common()),
        runs,
        seed,
        max_steps,
        total.steps,
        total.longest,
        tuple(
            (ended, Tally(f"actions to {ended}", tuple(sorted(total.lengths[ended].items()))))
            for ended in total.ended
        ),
        tuple(
            Tally(name, tuple(sorted(values.items()))) for name, values in total.measured.items()
        ),
    )
