"""Monte Carlo simulation: reproducible, honest about its uncertainty, strict about its input.

A simulation is checked against games whose chances are known exactly: a tiny "first to two
wins" coin game (P(win) computed by hand and by the rules' own exact Distribution), and a single
Firelights Oracle question, whose exact odds come from rules.firelights.action_roll.odds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from rules.cards import Deck, parse_cards
from rules.chance import Chance, Pick, Source, Supplied
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import GAME, Ask, Begin, Result, odds
from rules.firelights import State as FirelightsState
from rules.simulate import UNFINISHED, Simulation, run_seed, simulate, wilson_interval

# --- a tiny game whose chances are known exactly -------------------------------------------------

#: One toss: a win 1 time in 3.
TOSS = Pick(("win", "lose", "lose"))
#: First to two: win-win, or one loss among the first two and then a win.
P_WIN = Fraction(1, 3) ** 2 * (1 + 2 * Fraction(2, 3))


@dataclass(frozen=True)
class FirstToTwo:
    """State: (wins, losses). Every action tosses once; the game ends at two of either."""

    def apply(
        self, state: tuple[int, int], action: Any, chance: Source
    ) -> tuple[tuple[int, int], str]:
        if action != "toss":
            raise IllegalAction(f"the only action is 'toss', got {action!r}")
        toss = chance.resolve(TOSS)
        wins, losses = state
        return ((wins + 1, losses) if toss == "win" else (wins, losses + 1)), toss


def ended(state: tuple[int, int]) -> Hashable | None:
    wins, losses = state
    return "win" if wins == 2 else "lose" if losses == 2 else None


def toss(_state: object) -> str:
    return "toss"


def first_to_two(runs: int = 300, seed: int = 0) -> Simulation:
    return simulate(FirstToTwo(), (0, 0), toss, runs=runs, seed=seed, outcome=ended)


def test_the_exact_chance_of_the_tiny_game_two_ways() -> None:
    """By hand above; here by enumerating the three tosses the game can take (the rules' own
    exact Distribution over every sequence of three)."""
    from itertools import product

    from rules.chance import Distribution

    three = Distribution.uniform(product(TOSS.options, repeat=3))
    assert three.probability(lambda tosses: tosses.count("win") >= 2) == P_WIN == Fraction(7, 27)


def test_the_same_seed_gives_the_same_simulation() -> None:
    assert first_to_two(seed=5) == first_to_two(seed=5)
    assert first_to_two(seed=5) != first_to_two(seed=6)


def test_counts_steps_and_shares_add_up() -> None:
    result = first_to_two(runs=300)
    assert result.runs == 300 and result.seed == 0
    assert sum(count for _outcome, count in result.counts) == 300
    assert set(result.outcomes) == {"win", "lose"}
    assert result.share("win") + result.share("lose") == 1
    assert result.share("win") == Fraction(result.count("win"), 300)
    assert result.count("draw") == 0 and result.share("draw") == 0
    # every game takes 2 or 3 tosses
    assert 2 * 300 <= result.steps <= 3 * 300 and result.longest in (2, 3)
    assert result.mean_steps == result.steps / 300
    assert [e.outcome for e in result.estimates] == list(result.outcomes)
    assert result.counts[0][1] >= result.counts[1][1]  # most frequent first


def test_the_interval_of_a_fixed_seed_covers_the_exact_chance() -> None:
    """P(win) = 7/27 ≈ 0.259; 300 runs give an interval about ±5% wide around it. Seed 1: seed
    0 is one of the 1 in 20 that miss (97 wins of 300); 100,000 runs from seed 0 give 0.2599."""
    result = first_to_two(runs=300, seed=1)
    low, high = result.interval("win")
    assert low < P_WIN < high
    assert high - low < 0.11


def test_the_95_percent_interval_covers_the_truth_in_about_95_percent_of_simulations() -> None:
    """Over 200 fixed seeds of 60 runs each, the interval misses 7/27 in 5% of them give or take
    (deterministic: the seeds are fixed; 10 misses expected, 3 standard deviations is 19)."""
    misses = 0
    for seed in range(200):
        low, high = first_to_two(runs=60, seed=seed).interval("win")
        misses += not low <= P_WIN <= high
    assert 1 <= misses <= 19


def test_wilson_interval_known_values() -> None:
    """Textbook values: 5 of 10 gives 0.2366..0.7634; 0 of 10 gives 0..0.2775."""
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 10)[0] == 0.0 and round(wilson_interval(0, 10)[1], 4) == 0.2775
    assert wilson_interval(10, 10)[1] == 1.0 and round(wilson_interval(10, 10)[0], 4) == 0.7225


def test_a_run_still_going_after_max_steps_is_unfinished() -> None:
    result = simulate(FirstToTwo(), (0, 0), toss, runs=10, max_steps=1, outcome=ended)
    assert result.counts == ((UNFINISHED, 10),)
    assert result.longest == 1 and result.steps == 10


def test_a_state_already_ended_takes_no_steps() -> None:
    result = simulate(FirstToTwo(), (2, 0), toss, runs=5, outcome=ended)
    assert result.counts == (("win", 5),) and result.steps == 0


def test_an_action_the_rules_refuse_names_the_run_and_the_action() -> None:
    with pytest.raises(IllegalAction) as caught:
        simulate(FirstToTwo(), (0, 0), lambda _s: "cheat", runs=3, seed=1, outcome=ended)
    assert "run 0" in str(caught.value) and "'cheat'" in str(caught.value)


# --- bad input -----------------------------------------------------------------------------------


def assert_refused(value: object, call: Callable[[], object]) -> None:
    with pytest.raises(InvalidInput) as caught:
        call()
    assert type(caught.value) is InvalidInput
    assert repr(value) in str(caught.value)


@pytest.mark.parametrize("runs", [0, -5, True, 2.5, "200", None, 10**7])
def test_runs_must_be_a_whole_number_from_1(runs: object) -> None:
    assert_refused(runs, lambda: first_to_two(runs=runs))  # type: ignore[arg-type]


@pytest.mark.parametrize("max_steps", [0, -1, False, 1.0, "10"])
def test_max_steps_must_be_a_whole_number_from_1(max_steps: object) -> None:
    call = lambda: simulate(FirstToTwo(), (0, 0), toss, max_steps=max_steps, outcome=ended)  # type: ignore[arg-type]  # noqa: E731
    assert_refused(max_steps, call)


@pytest.mark.parametrize("seed", ["x", 1.5, None, True])
def test_the_seed_must_be_an_int(seed: object) -> None:
    assert_refused(seed, lambda: first_to_two(seed=seed))  # type: ignore[arg-type]


def test_a_policy_must_be_callable() -> None:
    assert_refused("toss", lambda: simulate(FirstToTwo(), (0, 0), "toss", outcome=ended))  # type: ignore[arg-type]


def test_without_an_outcome_the_state_must_say_when_it_is_over() -> None:
    assert_refused((0, 0), lambda: simulate(FirstToTwo(), (0, 0), toss))


@pytest.mark.parametrize(("count", "runs"), [(11, 10), (-1, 10), (0, 0)])
def test_wilson_interval_refuses_impossible_counts(count: int, runs: int) -> None:
    bad = runs if runs < 1 else count
    assert_refused(bad, lambda: wilson_interval(count, runs))


# --- one Firelights Oracle question against its exact odds ---------------------------------------


@dataclass(frozen=True)
class OneQuestion:
    """Ask the Oracle once from a Firelights state; the state becomes the answer's result."""

    def apply(self, state: Any, action: Any, chance: Source) -> tuple[Any, Any]:
        _after, report = GAME.apply(state, action, chance)
        return report.result, report


def test_simulated_oracle_answers_agree_with_the_exact_odds() -> None:
    """Rules: "Action+1 otherwise" for the Oracle; from a 12-card pile the exact odds of each
    answer (rules.firelights.odds) lie inside the 95% interval of 400 simulated questions."""
    begun, _report = GAME.apply(
        FirelightsState(), Begin("Wick", "they/them", 2, 1, 0), Supplied([["5C"]])
    )
    pile = parse_cards(["2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S", "10C", "JD", "QH", "KS"])
    state = _with_pile(begun, pile)
    exact = odds(state, Ask("even"))
    result = simulate(
        OneQuestion(),
        state,
        lambda _s: Ask("even"),
        runs=400,
        seed=11,
        outcome=lambda s: s if isinstance(s, Result) else None,
    )
    assert result.steps == 400
    for answer in Result:
        low, high = result.interval(answer)
        assert low < exact[answer] < high, (answer, exact[answer], result.estimate(answer))


def _with_pile(state: FirelightsState, pile: tuple[Any, ...]) -> FirelightsState:
    from dataclasses import replace

    return replace(state, deck=Deck(pile))


def by_hand(seed: int, run: int) -> Hashable:
    """Run ``run`` of a simulation seeded ``seed``, played without simulate()."""
    chance, state = Chance(run_seed(seed, run)), (0, 0)
    while ended(state) is None:
        state, _toss = FirstToTwo().apply(state, "toss", chance)
    return ended(state)


def test_run_i_is_played_with_its_own_seed_whatever_the_number_of_runs() -> None:
    seeds = [run_seed(0, run) for run in range(100)]
    assert len(set(seeds)) == 100
    assert run_seed(0, 3) == run_seed(0, 3) != run_seed(1, 3)
    outcomes = [by_hand(9, run) for run in range(30)]
    for runs in (10, 30):
        counted = dict(first_to_two(runs=runs, seed=9).counts)
        assert counted == dict(Counter(outcomes[:runs]))
