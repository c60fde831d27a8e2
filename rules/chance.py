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

>>> from rules.dice import Roll
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
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from hashlib import sha512
from typing import Any, Protocol, TypeVar

from rules.errors import IllegalAction, InvalidInput

__all__ = [
    "Chance",
    "ChanceStep",
    "Distribution",
    "FastChance",
    "Pick",
    "Recording",
    "Replay",
    "Source",
    "Supplied",
    "action_title",
    "at_the_table",
    "table_needs",
    "too_few",
    "typed_size",
]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
JSON = Any


class Distribution(Mapping[T, Fraction]):
    """An exact, immutable probability distribution: outcome -> :class:`Fraction`.

    Outcomes with zero probability are dropped; the probabilities sum to exactly 1.

    >>> coin = Distribution.uniform(["heads", "tails"])
    >>> coin["heads"]
    Fraction(1, 2)
    >>> coin.probability(lambda side: side != "heads")
    Fraction(1, 2)
    """

    __slots__ = ("_weights",)

    def __init__(self, weights: Mapping[T, Fraction | int]) -> None:
        total = sum(weights.values(), Fraction(0))
        if total <= 0:
            raise InvalidInput(f"a distribution needs a positive total weight, got {total!r}")
        if any(w < 0 for w in weights.values()):
            raise InvalidInput(f"weights must not be negative, got {dict(weights)!r}")
        self._weights: dict[T, Fraction] = {
            outcome: Fraction(weight) / total for outcome, weight in weights.items() if weight
        }

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Each distinct outcome equally likely (repeats add weight)."""
        weights: dict[T, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        """The distribution of whole-number ``counts`` (ways each outcome comes up): one
        ``Fraction(count, total)`` each, with no Fraction sums, so exact tables build fast.

        >>> Distribution.from_counts({"hit": 1, "miss": 2})["miss"]
        Fraction(2, 3)
        """
        total = sum(counts.values())
        if total <= 0 or any(c < 0 for c in counts.values()):
            raise InvalidInput(
                f"a distribution needs whole-number counts, none negative and some above 0, "
                f"got {dict(counts)!r}"
            )
        shares: dict[int, Fraction] = {}  # equal counts share one Fraction (a uniform run: one)
        weights: dict[T, Fraction] = {}
        for outcome, count in counts.items():
            if count:
                share = shares.get(count)
                if share is None:
                    share = shares[count] = Fraction(count, total)
                weights[outcome] = share
        found = cls.__new__(cls)
        found._weights = weights
        return found

    def __getitem__(self, outcome: T) -> Fraction:
        return self._weights.get(outcome, Fraction(0))

    def __contains__(self, outcome: object) -> bool:
        # Mapping's default asks __getitem__, which answers 0 for impossible outcomes.
        return outcome in self._weights

    def __iter__(self) -> Iterator[T]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self._weights.items())
        return f"Distribution({{{body}}})"

    def probability(self, event: Callable[[T], bool]) -> Fraction:
        """The exact probability that ``event(outcome)`` holds."""
        return sum((p for o, p in self._weights.items() if event(o)), Fraction(0))

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        """The distribution of ``f(outcome)``."""
        weights: dict[U, Fraction] = {}
        for outcome, p in self._weights.items():
            key = f(outcome)
            weights[key] = weights.get(key, Fraction(0)) + p
        return Distribution(weights)

    def mean(self) -> Fraction:
        """The expected value, for numeric outcomes."""
        return sum((p * o for o, p in self._weights.items()), Fraction(0))  # type: ignore[operator]


class ChanceStep(Protocol[T]):
    """Something left to chance. It knows its odds, how to sample, and how to check an outcome."""

    def distribution(self) -> Distribution[T]:
        """Every possible outcome with its exact probability."""

    def sample(self, rng: random.Random) -> T:
        """One outcome, drawn with ``rng`` so that it follows :meth:`distribution`."""

    def check(self, outcome: object) -> T:
        """``outcome`` as a valid outcome of this step (JSON lists become tuples); else raise."""

    def to_json(self, outcome: T) -> JSON:
        """The outcome as plain JSON (lists, ints, strings)."""


class Source(Protocol):
    """Resolves chance steps to outcomes. Games take one of these and nothing else random."""

    def resolve(self, step: ChanceStep[T]) -> T: ...


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

    seed: int
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

    outcomes: Sequence[object]
    then: Source | None = None
    used: int = 0
    refused: ChanceStep[Any] | None = None

    def resolve(self, step: ChanceStep[T]) -> T:
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
    refused is the last one): what an action asks of the table, for :func:`table_needs`.
    """

    source: Source
    outcomes: list[JSON] = field(default_factory=list)
    steps: list[ChanceStep[Any]] = field(default_factory=list)

    def resolve(self, step: ChanceStep[T]) -> T:
        self.steps.append(step)
        outcome = self.source.resolve(step)
        self.outcomes.append(step.to_json(outcome))
        return outcome


# --- what the table is asked for -----------------------------------------------------------------

#: How each kind of outcome is counted in words, one and many.
_WORDS = {
    "card": ("card", "cards"),
    "die": ("die", "dice"),
    "d66": ("d66 roll", "d66 rolls"),
    "pick": ("random pick", "random picks"),
    "outcome": ("outcome", "outcomes"),
}


def at_the_table(step: object) -> tuple[str, int]:
    """What one chance step asks of a player at the table: a kind and how many of it.

    >>> from rules.dice import D66, Roll
    >>> at_the_table(Roll(2)), at_the_table(D66()), at_the_table(Pick(("a", "b")))
    (('die', 2), ('d66', 1), ('pick', 1))

    The kinds are "card" (a draw), "die" (a roll of d6s), "d66", "pick", and "outcome" for a
    step this does not know.
    """
    # rules.cards and rules.dice import this module: theirs are looked up when first asked for.
    from rules.cards import Draw
    from rules.dice import D66, Roll

    if isinstance(step, Draw):
        return "card", step.count
    if isinstance(step, Roll):
        return "die", step.count
    if isinstance(step, D66):
        return "d66", 1
    if isinstance(step, Pick):
        return "pick", 1
    return "outcome", 1


def typed_size(outcome: object) -> int:
    """How many things a player typed for one outcome: the cards of a draw, the dice of a roll."""
    return len(outcome) if isinstance(outcome, list | tuple) else 1


def table_needs(needs: Iterable[tuple[str, int]]) -> str:
    """Counts of outcomes in words, kinds in the order first met.

    >>> table_needs([("card", 2), ("die", 2)]), table_needs([("card", 1), ("card", 1)])
    ('2 cards and 2 dice', '2 cards')
    """
    totals: dict[str, int] = {}
    for kind, count in needs:
        if count > 0:
            totals[kind] = totals.get(kind, 0) + count
    words = [
        f"{count} {_WORDS.get(kind, (kind, kind))[count != 1]}" for kind, count in totals.items()
    ]
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True)
class Pick:
    """Picking one of ``options`` at random, each equally likely (a curse, a row, a hero)."""

    options: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise IllegalAction("there is nothing to pick from")

    def distribution(self) -> Distribution[str]:
        return Distribution.uniform(self.options)

    def sample(self, rng: random.Random) -> str:
        return rng.choice(self.options)

    def check(self, outcome: object) -> str:
        if outcome not in self.options:
            raise InvalidInput(f"expected one of {list(self.options)}, got {outcome!r}")
        assert isinstance(outcome, str)
        return outcome

    def to_json(self, outcome: str) -> str:
        return outcome


def action_title(action: object) -> str:
    """What the player calls an action: its ``title``, else its kind, else its class."""
    title = getattr(action, "title", None)
    to_json = getattr(action, "to_json", None)
    if not title and callable(to_json):
        title = to_json().get("kind")
    return str(title or type(action).__name__)


def too_few(
    title: str, typed: Sequence[object], steps: Sequence[object], *, missing: bool = True
) -> str:
    """What an action (its ``title``) asks of the table, what the player typed, and (``missing``)
    what is still missing: the message that refuses too few outcomes.

    >>> from rules.dice import Roll
    >>> too_few("Roll two", [[6]], [Roll(2)], missing=False)
    'Roll two needs 2 dice; you typed 1: 6'
    """
    needs = [at_the_table(step) for step in steps]
    items = [str(item) for outcome in typed
             for item in (outcome if isinstance(outcome, list | tuple) else [outcome])]  # fmt: skip
    text = f"{title} needs {table_needs(needs)}; you typed {len(items)}"
    text += f": {' '.join(items)}" if items else ""
    if not missing:
        return text
    short = [(kind, count - (typed_size(typed[i]) if i < len(typed) else 0))
             for i, (kind, count) in enumerate(needs)]  # fmt: skip
    return (
        f"{text}. Missing: {table_needs(short)}; type them too, or let Lantern draw and roll the "
        "rest"
    )
