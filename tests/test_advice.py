"""rules.play.advice: rollouts per move, the Wilson interval of each row, the race and the budget, on
toy games whose answers are known exactly ("advice with a fixed seed gives the same
rows"; the interval is Wilson's 95% score interval)."""

from __future__ import annotations

import math
import random
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalAction, InvalidInput
from rules.play.advice import Advice, Lookahead, SearchPlayer, better, estimate, rollout_seed
from rules.table.chance import Pick, Source

Z = NormalDist().inv_cdf(0.975)


def _coin_step(state: str, move: str, chance: Source) -> str:
    """ "sure" always wins, "never" always loses, "coin" wins half the time."""
    if move == "sure":
        return "won"
    if move == "never":
        return "lost"
    return chance.resolve(Pick(("won", "lost")))


def _ended(state: str) -> bool | None:
    return None if state == "start" else state == "won"


COINS: Lookahead[str] = Lookahead(
    lambda s: ("coin", "sure", "never"), _coin_step, lambda s: "coin", _ended
)


def test_a_move_that_always_wins_has_the_exact_wilson_interval() -> None:
    # k = n: the interval is n / (n + z^2) to 1; k = 0: 0 to z^2 / (n + z^2) (Wilson's closed forms)
    rows = estimate(COINS, "start", runs=4, seed=1)
    sure, never = rows[1], rows[2]
    assert (sure.successes, sure.runs, sure.estimate, sure.high) == (4, 4, 1.0, 1.0)
    assert math.isclose(sure.low, 4 / (4 + Z * Z), rel_tol=1e-12)
    assert (never.successes, never.runs, never.estimate, never.low) == (0, 4, 0.0, 0.0)
    assert math.isclose(never.high, Z * Z / (4 + Z * Z), rel_tol=1e-12)
    assert [row.best for row in rows] == [False, True, False]


def test_one_success_in_two_is_centred_on_a_half() -> None:
    # k/n = 1/2: centre 1/2, half-width z / (1 + z^2/n) * sqrt(1/(4n) + z^2/(4n^2))
    game = Lookahead(lambda s: ("coin",), _coin_step, lambda s: "coin", _ended)
    seed = next(s for s in range(100) if estimate(game, "start", runs=2, seed=s)[0].successes == 1)
    (row,) = estimate(game, "start", runs=2, seed=seed)
    half = Z / (1 + Z * Z / 2) * math.sqrt(1 / 8 + Z * Z / 16)
    assert math.isclose(row.low, 0.5 - half, rel_tol=1e-12)
    assert math.isclose(row.high, 0.5 + half, rel_tol=1e-12)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**40), runs=st.integers(1, 12))
def test_a_fixed_seed_gives_the_same_rows(seed: int, runs: int) -> None:
    first = estimate(COINS, "start", runs=runs, seed=seed)
    assert estimate(COINS, "start", runs=runs, seed=seed) == first
    assert all(isinstance(row, Advice) and row.runs == runs for row in first)


def test_every_move_of_a_round_meets_the_same_luck() -> None:
    # common random numbers: rollout i of every move draws from rollout_seed(seed, i)
    game = Lookahead(lambda s: ("coin", "coin "), _coin_step, lambda s: "coin", _ended)
    a, b = estimate(game, "start", runs=30, seed=7)
    assert a.successes == b.successes
    assert rollout_seed(7, 0) != rollout_seed(7, 1)


def test_the_advice_draws_nothing_from_the_global_generator() -> None:
    random.seed(5)
    before = random.getstate()
    estimate(COINS, "start", runs=5, seed=2)
    assert random.getstate() == before


def test_a_time_budget_plays_at_least_one_round() -> None:
    rows = estimate(COINS, "start", runs=10**6, seed=1, seconds=0.01)
    assert len({row.runs for row in rows}) == 1 and 1 <= rows[0].runs < 10**6


def test_refusals_name_the_bad_value() -> None:
    with pytest.raises(InvalidInput, match="runs must be an int from 1"):
        estimate(COINS, "start", runs=0)
    with pytest.raises(InvalidInput, match="got 'x'"):
        estimate(COINS, "start", seed="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="above 0, got -1"):
        estimate(COINS, "start", seconds=-1)


def test_a_rollout_the_rules_refuse_is_named() -> None:
    def refuse(state: str, move: str, chance: Source) -> str:
        raise IllegalAction(f"{move!r} is not allowed")

    game = Lookahead(lambda s: ("x",), refuse, lambda s: "x", _ended)
    with pytest.raises(IllegalAction, match="a rollout after 'x' was refused by the rules"):
        estimate(game, "start", runs=1)


def test_the_search_player_leaves_the_shipped_move_only_for_a_clearly_better_one() -> None:
    player = SearchPlayer(COINS, seed=3, runs=40, seconds=None)
    assert player("start") == "sure"
    assert (player.decisions, player.thinking > 0, len(player.times)) == (1, True, 1)
    # the shipped move is kept when nothing beats it: "never" is worse, "coin" is the same
    game = Lookahead(lambda s: ("coin", "never"), _coin_step, lambda s: "coin", _ended)
    assert SearchPlayer(game, seed=3, runs=40, seconds=None)("start") == "coin"


def test_the_same_seed_plays_the_same_moves() -> None:
    a, b = (SearchPlayer(COINS, seed=9, runs=8, seconds=None) for _ in range(2))
    assert [a("start") for _ in range(5)] == [b("start") for _ in range(5)]


def test_better_needs_two_more_good_endings_and_a_clear_mean() -> None:
    from rules.play.advice import _Race

    counts = _Race([5, 7, 6], [8, 8, 8], [0, 2, 1], [0, 2, 1], [0, 1, 2])
    assert better(counts, 1) and not better(counts, 2)
    # 2 ahead but up and down a lot: a mean gain of 0.25 with a spread of about 0.71 per round
    noisy = _Race([4, 6], [8, 8], [0, 2], [0, 6], [0, 1])
    assert not better(noisy, 1)


def test_a_row_records_flat_columns() -> None:
    row = estimate(COINS, "start", runs=2, seed=1)[2]
    assert row.record() == {
        "move": "'never'",
        "estimate": 0.0,
        "low": 0.0,
        "high": row.high,
        "successes": 0,
        "runs": 2,
        "best": False,
    }
