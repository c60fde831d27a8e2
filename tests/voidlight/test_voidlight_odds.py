"""Exact odds: checks by Position with and without a push, Critical Saves, pool lifetimes.

Each answer is computed a second, independent way: checks and saves by enumerating every ordered
roll of d6 faces (and every reroll of the Misses), pools by building the transition matrix from
enumerated faces and solving the absorbing chain with Fraction Gaussian elimination (expected
rolls: the fundamental matrix) or by matrix powers (empty within r rolls).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules.errors import InvalidInput
from rules.table.dice import Position
from rules.voidlight import battery_life, check_odds, pool_empty_within, pool_rolls, save_odds
from rules.voidlight.checks import check_outcome, pushed_odds
from rules.voidlight.pools import pool_loss

ROLLING = [Position.GOOD, Position.STANDARD, Position.BAD]
FACES = range(1, 7)


def hit(face: int, position: Position) -> bool:
    assert position.threshold is not None
    return face >= position.threshold


def rolled(dice: int, position: Position) -> tuple[int, Position]:
    """The 0-dice rule, written out again: 1 die, only a 6 Hits."""
    return (1, Position.BAD) if dice == 0 else (dice, position)


def enumerate_check(dice: int, position: Position, pushed: bool) -> dict[str, Fraction]:
    count, where = rolled(dice, position)
    tally: Counter[str] = Counter()
    total = 0
    for faces in itertools.product(FACES, repeat=count):
        misses = [f for f in faces if not hit(f, where)]
        hits = count - len(misses)
        if not pushed:
            tally[check_outcome(hits)] += 6**count
            total += 6**count
            continue
        for again in itertools.product(FACES, repeat=len(misses)):
            weight = 6 ** (count - len(misses))
            tally[check_outcome(hits + sum(hit(f, where) for f in again))] += weight
            total += weight
    return {k: Fraction(v, total) for k, v in tally.items()}


@pytest.mark.parametrize("position", ROLLING, ids=lambda p: p.value)
@pytest.mark.parametrize("dice", range(0, 5))
@pytest.mark.parametrize("pushed", [False, True])
def test_check_odds_equal_the_enumeration_of_every_roll_and_reroll(
    dice: int, position: Position, pushed: bool
) -> None:
    """ "2+ HITS succeeds, 1 HIT partially, 0 HITS fails"; "PUSH: rerolling all Misses"."""
    assert dict(check_odds(dice, position, pushed)) == enumerate_check(dice, position, pushed)


def test_check_odds_closed_forms() -> None:
    """Closed forms: 1 die standard, success impossible, partial 1/3; 2 dice Good, all Hits 1/4;
    pushed, a standard die Hits with 1 - (2/3)² = 5/9."""
    assert check_odds(1, Position.STANDARD) == {
        "partial": Fraction(1, 3),
        "failure": Fraction(2, 3),
    }
    assert check_odds(2, Position.GOOD)["success"] == Fraction(1, 4)
    assert check_odds(1, Position.STANDARD, pushed=True)["partial"] == Fraction(5, 9)
    assert list(check_odds(3, "bad")) == ["success", "partial", "failure"]


def test_absolute_succeeds_and_impossible_fails_with_no_roll() -> None:
    """ "ABSOLUTE: With success assured, no roll is made. IMPOSSIBLE: With no chance of success"."""
    for dice in range(7):
        for pushed in (False, True):
            assert check_odds(dice, "absolute", pushed) == {"success": 1}
            assert check_odds(dice, "impossible", pushed) == {"failure": 1}


def test_a_check_of_0_dice_rolls_one_die_where_only_a_6_hits() -> None:
    """RULES-NOTES: "A roll of 0 dice: roll 1 die and only a 6 is a Hit", even in Good."""
    assert check_odds(0, "good") == {"partial": Fraction(1, 6), "failure": Fraction(5, 6)}


def test_the_odds_of_pushing_a_rolled_check_keep_its_hits() -> None:
    """A push rerolls only the Misses: 1 Hit kept and 1 Miss rerolled in standard is a success
    1/3 of the time."""
    assert pushed_odds(1, 1, "standard") == {"success": Fraction(1, 3), "partial": Fraction(2, 3)}


def enumerate_save(
    dice: int, position: Position
) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    count, where = rolled(dice, position)
    outcome: Counter[str] = Counter()
    loss: Counter[int] = Counter()
    for faces in itertools.product(FACES, repeat=count):
        hits = sum(hit(f, where) for f in faces)
        outcome["endure" if hits else "taken out"] += 1
        loss[max(0, min(count - hits, 2, dice))] += 1
    total = 6**count
    return (
        {k: Fraction(v, total) for k, v in outcome.items()},
        {k: Fraction(v, total) for k, v in loss.items()},
    )


@pytest.mark.parametrize("position", ROLLING, ids=lambda p: p.value)
@pytest.mark.parametrize("dice", range(0, 6))
def test_save_odds_equal_the_enumeration(dice: int, position: Position) -> None:
    """ "1+ HITS endures, 0 HITS taken out"; "reduce [...] by 1 for every Miss, up to a maximum
    of 2. Attribute scores cannot go below 0." save_odds returns a SaveOdds: .outcome (endure /
    taken out), .loss (the distribution of points lost), .expected_loss (its mean)."""
    odds = save_odds(dice, position)
    outcome, loss = enumerate_save(dice, position)
    assert dict(odds.outcome) == outcome
    assert dict(odds.loss) == loss
    assert odds.expected_loss == sum(k * p for k, p in loss.items())


def test_save_odds_closed_forms() -> None:
    """Two standard dice: taken out (2/3)² = 4/9; loss 2 only when both miss, 4/9; 1 when one
    misses, 4/9; so the expected loss is 12/9 = 4/3. Absolute endures and loses nothing."""
    odds = save_odds(2, Position.STANDARD)
    assert odds.outcome["taken out"] == Fraction(4, 9)
    assert odds.expected_loss == Fraction(4, 3)
    assert save_odds(3, "absolute").outcome == {"endure": 1}
    assert save_odds(3, "impossible").loss == {2: 1}


# --- pools --------------------------------------------------------------------------------------


def transitions(size: int, most_lost: int) -> list[list[Fraction]]:
    """P[n][m]: a pool of n dice goes to m in one roll, by enumerating every face."""
    matrix = [[Fraction(0)] * (size + 1) for _ in range(size + 1)]
    matrix[0][0] = Fraction(1)
    for n in range(1, size + 1):
        for faces in itertools.product(FACES, repeat=n):
            misses = sum(f < 5 for f in faces)
            matrix[n][n - min(misses, most_lost)] += Fraction(1, 6**n)
    return matrix


def solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """Gaussian elimination in Fractions."""
    n = len(b)
    m = [[*row[:], b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if m[r][col] != 0)
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


@pytest.mark.parametrize("most_lost", [1, 2, 3])
def test_pool_rolls_equals_the_absorbing_chains_fundamental_matrix(most_lost: int) -> None:
    """ "reduce its size by 1 die for every Miss, up to a maximum of 2 dice per roll" (High Beam
    3, Low Beam 1): expected rolls t = (I - Q)⁻¹ 1 over the transient sizes 1..6."""
    p = transitions(6, most_lost)
    q = [[p[i][j] for j in range(1, 7)] for i in range(1, 7)]
    a = [[(1 if i == j else 0) - q[i][j] for j in range(6)] for i in range(6)]
    expected = solve(a, [Fraction(1)] * 6)
    assert [pool_rolls(n, most_lost) for n in range(1, 7)] == expected
    assert pool_rolls(0, most_lost) == 0


def test_pool_rolls_closed_forms() -> None:
    """One die: geometric with success 2/3, so 3/2 rolls. most_lost 1: each die lasts a
    geometric wait, 1/(1 - (1/3)^n) rolls at size n, summed."""
    assert pool_rolls(1, 2) == Fraction(3, 2)
    assert pool_rolls(6, 1) == sum(1 / (1 - Fraction(1, 3) ** n) for n in range(1, 7))


@pytest.mark.parametrize("most_lost", [1, 2, 3])
def test_pool_empty_within_equals_matrix_powers(most_lost: int) -> None:
    """The chance a pool is empty within r rolls: row n, column 0 of Pʳ."""
    p = transitions(6, most_lost)
    power = [[Fraction(int(i == j)) for j in range(7)] for i in range(7)]
    for rolls in range(0, 9):
        for n in range(7):
            assert pool_empty_within(n, most_lost, rolls) == power[n][0]
        power = [[sum(power[i][k] * p[k][j] for k in range(7)) for j in range(7)] for i in range(7)]


def test_the_number_of_rolls_has_no_upper_bound() -> None:
    """Any number of rolls leaves a chance the pool lasts (all dice Hit): under 1, rising."""
    chances = [pool_empty_within(6, 2, r) for r in (3, 10, 30)]
    assert chances == sorted(chances) and chances[-1] < 1


def test_pool_loss_is_capped_by_the_beam() -> None:
    """HIGH BEAM: "up to 3 dice"; LOW BEAM: "only 1 die may be removed"."""
    assert max(pool_loss(6, 3)) == 3 and max(pool_loss(6, 1)) == 1
    assert pool_loss(6, 2)[2] == 1 - Fraction(1, 3) ** 6 - 6 * Fraction(2, 3) * Fraction(1, 3) ** 5


def test_battery_life_in_rolls_and_minutes() -> None:
    """The expected life at a 20 minute interval: the first roll in 20, the rest 20 apart."""
    life = battery_life(6, "standard", 20)
    assert life.rolls == pool_rolls(6, 2)
    assert life.minutes == 20 * life.rolls
    assert battery_life(6, "low", 10, first_in=3).minutes == 3 + 10 * (pool_rolls(6, 1) - 1)
    assert battery_life(4, "high", None).minutes is None
    assert battery_life(0, "high", 20) == type(life)(Fraction(0), Fraction(0))


def test_300_rolls_ahead_the_closed_form_equals_stepping_the_chain() -> None:
    """Far ahead, the closed form (no stepping) still agrees with the chain stepped roll by roll;
    how fast it answers is measured in ``python -m bench odds``, not here."""
    at = [Fraction(0)] * 6 + [Fraction(1)]  # the chance of each size, a fresh P6
    for _ in range(300):
        nxt = [Fraction(0)] * 7
        for size, p in enumerate(at):
            for lost, q in pool_loss(size, 2).items() if size else [(0, Fraction(1))]:
                nxt[size - lost] += p * q
        at = nxt
    assert pool_empty_within(6, 2, 300) == at[0]
    assert 1 - at[0] < Fraction(1, 10**100)


@pytest.mark.parametrize(
    ("call", "bad"),
    [
        (lambda: check_odds(-1, "good"), -1),
        (lambda: check_odds(2, "great"), "great"),
        (lambda: pool_rolls(2, 0), 0),
        (lambda: pool_empty_within(2, 2, -3), -3),
        (lambda: battery_life(6, "dim", 20), "dim"),
    ],
)
def test_bad_inputs_are_refused_naming_them(call: object, bad: object) -> None:
    with pytest.raises(InvalidInput) as caught:
        call()  # type: ignore[operator]
    assert repr(bad) in str(caught.value)
