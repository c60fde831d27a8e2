"""Dice: sums of d6, Hits by Position (Boundless engine v2), d66, and the seeded generator.

Every probability is compared exactly (``Fraction``), and the main distributions are computed two
independent ways: by enumerating every ordered roll, and by the convolution/binomial in rules.table.dice.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest

from rules.errors import InvalidInput
from rules.table.chance import Chance
from rules.table.dice import (
    D66,
    D66_VALUES,
    Position,
    Roll,
    count_hits,
    d66_value,
    dice_to_roll,
    hits_distribution,
    sum_distribution,
)

ROLLING = [Position.GOOD, Position.STANDARD, Position.BAD]
FACES = range(1, 7)


def assert_refused(error: type[Exception], value: object, call: Callable[[], object]) -> None:
    """``call()`` raises exactly ``error`` (no subclass); the message names ``repr(value)``."""
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert repr(value) in str(caught.value)


# --- sums of d6 ----------------------------------------------------------------------------------


def test_a_7_on_2d6_is_exactly_6_in_36() -> None:
    """Six of the 36 ordered rolls of two d6 sum to 7: (1,6) (2,5) (3,4) (4,3) (5,2) (6,1)."""
    assert sum_distribution(2)[7] == Fraction(6, 36) == Fraction(1, 6)


def test_2d6_sums_by_enumeration_equal_the_convolution() -> None:
    """The whole 2d6 sum distribution, two independent ways, plus the closed triangle form."""
    by_enumeration = Roll(2).distribution().map(sum)
    by_convolution = sum_distribution(2)
    assert by_enumeration == by_convolution
    assert dict(by_convolution) == {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert sum(by_convolution.values()) == 1


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_nd6_sums_by_counting_every_roll_equal_the_convolution(count: int) -> None:
    """Counting the 6**n ordered rolls by hand gives the same sums as rules.table.dice."""
    counts: dict[int, int] = {}
    for faces in itertools.product(FACES, repeat=count):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    expected = {total: Fraction(n, 6**count) for total, n in counts.items()}
    assert dict(sum_distribution(count)) == expected


def test_a_roll_of_n_dice_has_6_to_the_n_equally_likely_ordered_outcomes() -> None:
    distribution = Roll(3).distribution()
    assert len(distribution) == 6**3
    assert set(distribution.values()) == {Fraction(1, 216)}
    assert Roll(0).distribution() == {(): Fraction(1)}


# --- Hits by Position ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "hit_faces"),
    [
        (Position.GOOD, {4, 5, 6}),
        (Position.STANDARD, {5, 6}),
        (Position.BAD, {6}),
    ],
)
def test_a_hit_is_5_or_6_standard_4_to_6_good_only_6_bad(
    position: Position, hit_faces: set[int]
) -> None:
    """Boundless v2: "GOOD: With an advantage, a 4, 5, or 6 counts as a Hit. BAD: With a
    disadvantage, only a 6 counts as a Hit." A standard Position: a Hit on 5 or 6 (RULES-NOTES)."""
    assert {face for face in FACES if position.is_hit(face)} == hit_faces
    assert position.rolls
    assert position.hit_chance() == Fraction(len(hit_faces), 6)


def test_absolute_and_impossible_make_no_roll() -> None:
    """Boundless v2: "ABSOLUTE: With success assured, no roll is made. IMPOSSIBLE: With no
    chance of success, no roll is made." Absolute counts every die a Hit, Impossible none."""
    for position in (Position.ABSOLUTE, Position.IMPOSSIBLE):
        assert not position.rolls
        assert position.threshold is None
    for count in range(5):
        assert hits_distribution(count, Position.ABSOLUTE) == {count: Fraction(1)}
        assert hits_distribution(count, Position.IMPOSSIBLE) == {0: Fraction(1)}


@pytest.mark.parametrize("position", list(Position), ids=lambda p: p.value)
@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_hits_distribution_equals_counting_hits_over_every_roll(
    count: int, position: Position
) -> None:
    """The binomial in rules.table.dice against enumeration of every ordered roll of ``count`` d6."""
    by_enumeration = Roll(count).distribution().map(lambda faces: count_hits(faces, position))
    assert hits_distribution(count, position) == by_enumeration
    assert sum(hits_distribution(count, position).values()) == 1


def test_two_standard_dice_miss_entirely_4_times_in_9() -> None:
    """Both dice show 1..4: (4/6)**2 = 4/9; at least one Hit 5/9; two Hits 1/9."""
    hits = hits_distribution(2, Position.STANDARD)
    assert hits[0] == Fraction(4, 9)
    assert hits.probability(lambda n: n >= 1) == Fraction(5, 9)
    assert hits[2] == Fraction(1, 9)


# --- d66 -----------------------------------------------------------------------------------------


def test_d66_is_exactly_the_36_values_11_to_66_each_1_in_36() -> None:
    """A d66 roll is two d6 read as tens and units: 11..16, 21..26, ..., 61..66 (RULES-NOTES)."""
    by_digits = {n for n in range(100) if n // 10 in FACES and n % 10 in FACES}
    distribution = D66().distribution()
    assert set(distribution) == by_digits == set(D66_VALUES)
    assert len(D66_VALUES) == 36
    assert set(distribution.values()) == {Fraction(1, 36)}
    assert Roll(2).distribution().map(lambda f: 10 * f[0] + f[1]) == distribution


@pytest.mark.parametrize("value", D66_VALUES)
def test_every_d66_value_is_accepted(value: int) -> None:
    assert d66_value(value) == value
    assert D66().check(value) == value


@pytest.mark.parametrize("value", [17, 10, 67, 0, 70, "11", True, 11.0, None])
def test_d66_value_refuses_anything_not_two_d6_digits(value: object) -> None:
    """17 has a 7, 10 a 0, 67 a 7; "11" is text and True a bool: none is a d66 result."""
    assert_refused(InvalidInput, value, lambda: d66_value(value))


def test_a_sampled_d66_is_always_a_d66_value() -> None:
    chance = Chance(seed=66)
    assert all(chance.resolve(D66()) in D66_VALUES for _ in range(200))


# --- checking outcomes the player rolled at the table --------------------------------------------


def test_roll_check_accepts_the_right_number_of_faces() -> None:
    assert Roll(2).check([6, 1]) == (6, 1)
    assert Roll(3).check((1, 2, 3)) == (1, 2, 3)
    assert Roll(0).check([]) == ()


@pytest.mark.parametrize("outcome", [[6], [6, 6, 6], (), "66", 66, None])
def test_roll_check_refuses_the_wrong_number_of_dice(outcome: object) -> None:
    assert_refused(InvalidInput, outcome, lambda: Roll(2).check(outcome))


@pytest.mark.parametrize("face", [0, 7, -1, True, "6", 6.0])
def test_roll_check_refuses_a_face_that_is_not_1_to_6(face: object) -> None:
    assert_refused(InvalidInput, face, lambda: Roll(2).check([3, face]))


@pytest.mark.parametrize("count", [-1, 21, True, "2", 2.0])
def test_a_roll_needs_a_whole_number_of_dice(count: object) -> None:
    assert_refused(InvalidInput, count, lambda: Roll(count))  # type: ignore[arg-type]


# --- the seeded generator ------------------------------------------------------------------------


def _outcomes(seed: int, steps: int = 20) -> list[tuple[int, ...]]:
    chance = Chance(seed)
    return [chance.resolve(Roll(2)) for _ in range(steps)]


def test_the_same_seed_gives_the_same_outcomes() -> None:
    """All randomness comes through one generator made from a recorded seed (a design principle)."""
    assert _outcomes(1234) == _outcomes(1234)


def test_different_seeds_differ_somewhere_over_20_steps() -> None:
    """Deterministic: these two fixed seeds give different sequences (not a statistical test)."""
    assert _outcomes(1) != _outcomes(2)
    assert _outcomes(0) != _outcomes(1)


def test_every_sampled_roll_is_a_valid_outcome_of_its_step() -> None:
    chance = Chance(seed=5)
    for count in range(6):
        faces = chance.resolve(Roll(count))
        assert Roll(count).check(list(faces)) == faces


# --- a roll of 0 dice ----------------------------------------------------------------------------


@pytest.mark.parametrize("position", ROLLING)
def test_a_pool_of_0_dice_rolls_1_die_that_hits_only_on_a_6(position: Position) -> None:
    """RULES-NOTES (Boundless v2): "A roll of 0 dice: roll 1 die and only a 6 is a Hit."
    Whatever the Position, then, the chance of a Hit is exactly 1/6."""
    dice, rolled = dice_to_roll(0, position)
    assert (dice, rolled) == (1, Position.BAD)
    assert hits_distribution(dice, rolled) == {0: Fraction(5, 6), 1: Fraction(1, 6)}


@pytest.mark.parametrize("position", list(Position))
@pytest.mark.parametrize("count", [1, 2, 6])
def test_a_pool_of_1_die_or_more_is_rolled_as_it_is(count: int, position: Position) -> None:
    assert dice_to_roll(count, position) == (count, position)


@pytest.mark.parametrize("position", [Position.ABSOLUTE, Position.IMPOSSIBLE])
def test_0_dice_where_no_dice_are_rolled_stays_0_dice(position: Position) -> None:
    assert dice_to_roll(0, position) == (0, position)


def test_dice_to_roll_refuses_a_bad_count_or_position() -> None:
    assert_refused(InvalidInput, -1, lambda: dice_to_roll(-1, Position.GOOD))
    assert_refused(InvalidInput, "good", lambda: dice_to_roll(2, "good"))  # type: ignore[arg-type]


def test_a_d6_is_rolled_exactly_as_randint_rolls_it() -> None:
    """Replay and the goldens rest on the stream: roll_d6 must give randint(1, 6)'s faces and
    leave the generator where randint leaves it, seed after seed."""
    import random

    from rules.table.dice import roll_d6

    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [roll_d6(ours) for _ in range(50)] == [theirs.randint(1, 6) for _ in range(50)]
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_roll_is_rolled_exactly_as_randint_rolls_its_dice(count: int) -> None:
    """A roll of two dice, every Firelights action's, rolls them inline: the same faces and the
    same generator state as randint(1, 6) once per die."""
    import random

    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        rolled = [Roll(count).sample(ours) for _ in range(20)]
        assert rolled == [tuple(theirs.randint(1, 6) for _ in range(count)) for _ in range(20)]
        assert ours.getstate() == theirs.getstate()
