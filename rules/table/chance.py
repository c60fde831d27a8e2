"""Chance steps, exact distributions, and the one seeded source of randomness.

A *chance step* (a roll of dice, a draw of cards) can state its exact outcome distribution before
anything is sampled. A *source* resolves a step to one outcome: :class:`Chance` samples it from a
seed, :class:`Supplied` takes the outcome the player rolled or drew at the table, and
:class:`Replay` returns outcomes recorded earlier. Games only ever see the :class:`Source`
protocol, so the same rule code plays, replays and accepts physical results.

Why a fresh generator per step: the generator of step *k* is seeded from ``(seed, k)``, so the
outcome of step *k* never depends on how earlier steps were resolved (sampled, supplied by the
player, or replayed from a record). Replaying a journey and going on gives the same next outcomes
as never having stopped.

>>> from rules.table.dice import Roll
>>> chance = Chance(seed=7)
>>> first = chance.resolve(Roll(2))
>>> Chance(seed=7).resolve(Roll(2)) == first
True
>>> Roll(2).distribution()[(6, 6)]
Fraction(1, 36)
"""

from __future__ import annotations

import _random
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from hashlib import sha512
from typing import Any, TypeVar

from rules.errors import IllegalAction, InvalidInput
from rules.table.distribution import JSON, ChanceStep, Distribution, Source
from rules.table.words import at_the_table, typed_size

__all__ = [
    "JSON",
    "Chance",
    "ChanceStep",
    "Distribution",
    "FastChance",
    "Pick",
    "Recording",
    "Replay",
    "Source",
    "Supplied",
]

T = TypeVar("T", bound=Hashable)


#: Seeds lie in ``-SEED_LIMIT <= seed < SEED_LIMIT``: a journey file keeps one as a 64-bit int.
SEED_LIMIT = 2**63


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass
class Chance:
    """The seeded generator of a game: step *k* is sampled with ``Random(f"lantern:{seed}:{k}")``.

    ``steps`` counts the steps resolved so far (sampled or not); record it to continue later.
    """

    #: The journey's seed: with the step number, it gives every step's outcome.
    seed: int
    #: Steps resolved so far (sampled or not); record it to continue later.
    steps: int = 0
    #: The one generator :meth:`resolve` seeds anew for each step (seeding is most of the cost).
    _rng: random.Random = field(
        default_factory=lambda: random.Random(0), init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise InvalidInput(f"a seed must be an int, got {_short(self.seed)}")
        if not -SEED_LIMIT <= self.seed < SEED_LIMIT:  # a journey file keeps it as SQLite's int
            raise InvalidInput(
                f"a seed is a whole number from -2**63 to 2**63 - 1, got {_short(self.seed)}"
            )

    def generator(self, step: int) -> random.Random:
        """The generator for step number ``step``; string seeds hash the same in every run."""
        return random.Random(_step_seed(self.seed, step))

    def resolve(self, step: ChanceStep[T]) -> T:
        """The outcome of ``step``, from a generator seeded anew from the journey's seed and the
        number of steps before it, so undo and replay meet the same outcomes."""
        rng = self._rng
        _seed_generator(rng, _step_seed(self.seed, self.steps))  # as generator(steps) is seeded
        rng.gauss_next = None  # type: ignore[attr-defined]
        outcome = step.sample(rng)
        self.steps += 1
        return outcome

    def skip(self, count: int = 1) -> None:
        """Advance past steps resolved by another source (supplied or replayed outcomes)."""
        self.steps += count


class FastChance:
    """A chance source for simulation: one generator per run, seeded once, each step sampled from
    it. The steps and their distributions are the game's own; only the seeding is cheaper than
    :class:`Chance`'s generator per step (about 5 µs a step), which a journey needs so that undo
    meets the same cards and a run can be replayed as a journey from its seed alone.

    >>> a, b = FastChance(7), FastChance(7)
    >>> [a.resolve(Pick((1, 2, 3))) for _ in range(5)] == [b.resolve(Pick((1, 2, 3))) for _ in range(5)]
    True
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def resolve(self, step: ChanceStep[T]) -> T:
        """The outcome of ``step`` from the one generator, seeded once: faster than :class:`Chance`
        for simulations that never undo."""
        return step.sample(self.rng)


#: Seeds a generator with an int, without :meth:`random.Random.seed`'s checks of its argument.
_seed_generator = _random.Random.seed


def _step_seed(seed: int, step: int) -> int:
    """The int ``Random(f"lantern:{seed}:{step}")`` seeds itself with: what :meth:`random.Random.seed`
    makes of a text (its UTF-8 bytes followed by their SHA-512, read as one big-endian int), so
    one generator can be seeded again for every step, to the same stream."""
    text = b"lantern:%d:%d" % (seed, step)
    return int.from_bytes(text + sha512(text).digest(), "big")


@dataclass
class Supplied:
    """Outcomes rolled or drawn at the table, used in order; each is checked against its step.

    When ``then`` is given, steps beyond the supplied outcomes fall back to it. ``refused`` is
    the step whose supplied outcome its check refused (the error is raised all the same), so a
    caller can tell the player what that step needed.
    """

    #: The outcomes typed at the table, in the order the steps come.
    outcomes: Sequence[object]
    #: Where the steps beyond them come from (None: every step must be supplied).
    then: Source | None = None
    #: How many supplied outcomes are used so far.
    used: int = 0
    #: The step whose supplied outcome its check refused, so a caller can tell the player what it
    #: needed.
    refused: ChanceStep[Any] | None = None

    def resolve(self, step: ChanceStep[T]) -> T:
        """The next outcome typed at the table, checked against ``step`` (a refusal is kept in
        ``refused``, so the player is told what the step needed); past the typed ones, the fallback
        source's, or a refusal asking for one more."""
        if self.used < len(self.outcomes):
            try:
                outcome = step.check(self.outcomes[self.used])
            except BaseException:
                self.refused = step
                raise
            self.used += 1
            if isinstance(self.then, Chance):
                self.then.skip()
            return outcome
        if self.then is None:
            raise IllegalAction(
                f"the action needs more chance outcomes than the {len(self.outcomes)} supplied "
                f"({list(self.outcomes)!r}); supply one more for {step!r}"
            )
        return self.then.resolve(step)

    def unused(self) -> Sequence[object]:
        """The outcomes typed at the table that no step used (a player typed more than the action
        needs)."""
        return self.outcomes[self.used :]

    def short(self) -> bool:
        """Whether the outcome the check refused has fewer things than its step asks for (one
        card typed for a draw of two): the player typed too few, rather than something wrong."""
        if self.refused is None or self.used >= len(self.outcomes):
            return False
        return typed_size(self.outcomes[self.used]) < at_the_table(self.refused)[1]


class Replay(Supplied):
    """Outcomes recorded in a journey, fed back in order (stored as JSON, checked on the way)."""


@dataclass
class Recording:
    """Wraps a source and keeps every outcome it resolves, as JSON, for the game's record.

    ``steps`` keeps the steps asked for, each before it is resolved (so a step whose outcome was
    refused is the last one): what an action asks of the table, for :func:`~rules.table.words.table_needs`.
    """

    #: The source the outcomes come from.
    source: Source
    #: Every outcome resolved, as JSON, in order: the game's record.
    outcomes: list[JSON] = field(default_factory=list)
    #: The steps asked for, each before it is resolved (a step whose outcome was refused is the
    #: last): what an action asks of the table.
    steps: list[ChanceStep[Any]] = field(default_factory=list)

    def resolve(self, step: ChanceStep[T]) -> T:
        """Resolve ``step`` by the source underneath and remember the step and its outcome, so the
        journey records what chance gave."""
        self.steps.append(step)
        outcome = self.source.resolve(step)
        self.outcomes.append(step.to_json(outcome))
        return outcome


@dataclass(frozen=True)
class Pick:
    """Picking one of ``options`` at random, each equally likely (a curse, a row, a hero)."""

    #: What is picked from.
    options: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise IllegalAction("there is nothing to pick from")

    def distribution(self) -> Distribution[str]:
        """Every option, each as likely."""
        return Distribution.uniform(self.options)

    def sample(self, rng: random.Random) -> str:
        """One option, chosen with ``rng``."""
        return rng.choice(self.options)

    def check(self, outcome: object) -> str:
        """An option named at the table, refused unless it is one of the options."""
        if outcome not in self.options:
            raise InvalidInput(f"expected one of {list(self.options)}, got {outcome!r}")
        assert isinstance(outcome, str)
        return outcome

    def to_json(self, outcome: str) -> str:
        """The option itself: it is already plain text."""
        return outcome

    def at_the_table(self) -> tuple[str, int]:
        """One random pick (:mod:`rules.table.words`)."""
        return "pick", 1
