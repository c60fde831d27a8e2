"""Monte Carlo simulation: reproducible, honest about its uncertainty, strict about its input,
and the same result on any executor.

A simulation is checked against games whose chances are known exactly: a tiny "first to two
wins" coin game (P(win) computed by hand and by the rules' own exact Distribution), and a single
Firelights Oracle question, whose exact odds come from rules.firelights.action_roll.odds.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from rules.embers import win_rate
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import GAME, Ask, Begin, Result, odds
from rules.firelights import State as FirelightsState
from rules.play.simulate import UNFINISHED, PerRun, Simulation, run_seed, simulate, wilson_interval
from rules.table.cards import Deck, parse_cards
from rules.table.chance import Chance, Pick, Source, Supplied

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

    from rules.table.chance import Distribution

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


# --- chunks, executors, progress, measures ("Simulation at scale") ---------------------


class InThisProcess(Executor):
    """A real Executor that runs each call as it is submitted: the executor path (the job
    pickled, chunks submitted, merged in order) without starting a process."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed back to simulate() as a worker's error would be
            future.set_exception(error)
        return future


def wins(state: tuple[int, int]) -> int:
    return state[0]


def study_of_the_tiny_game(**where: Any) -> Simulation:
    return simulate(
        FirstToTwo(),
        (0, 0),
        toss,
        runs=300,
        seed=4,
        outcome=ended,
        measures={"wins": wins},
        **where,
    )


@pytest.mark.parametrize("chunk", [1, 7, 299, 300, 1000])
def test_the_result_does_not_depend_on_the_chunks(chunk: int) -> None:
    """ "Work is split in seeded chunks, so the result is identical whichever executor ran it"."""
    whole = study_of_the_tiny_game()
    assert study_of_the_tiny_game(chunk=chunk) == whole
    assert study_of_the_tiny_game(chunk=chunk, executor=InThisProcess()) == whole


def test_the_2000_game_study_is_the_same_in_process_on_a_process_pool_and_on_dask() -> None:
    """Why: "a test runs the same 2,000-game study in process, on a process pool and on a
    Dask LocalCluster, and gets equal results" (Embers, heuristic player, Warrior)."""
    import logging

    from distributed import Client, LocalCluster

    from rules.studies import embers_study

    told: list[int] = []

    def study(executor: Executor | None) -> Any:
        return embers_study(
            ("warrior",), games=2000, seed=8, executor=executor, progress=told.append
        )

    here = study(None)
    with ProcessPoolExecutor(2) as pool:
        assert study(pool) == here
    quiet = logging.getLogger("distributed")  # its INFO lines would bury a failure's report
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        with (
            LocalCluster(
                n_workers=2,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            ) as cluster,
            Client(cluster) as client,
        ):
            assert study(client.get_executor()) == here
    finally:
        quiet.setLevel(level)
    assert sum(told) == 3 * 2000  # every chunk reported, on each executor
    (row,) = here
    alone = win_rate("warrior", 2000, "heuristic", seed=8)  # the same games, one at a time
    assert (row.wins.count, row.wins.low, row.wins.high) == (alone.count, alone.low, alone.high)
    assert row.turns.runs == 2000


def test_what_goes_to_an_executor_must_pickle() -> None:
    with pytest.raises(InvalidInput) as caught:
        simulate(FirstToTwo(), (0, 0), lambda _s: "toss", outcome=ended, executor=InThisProcess())
    assert "the policy must pickle" in str(caught.value) and "lambda" in str(caught.value)
    with pytest.raises(InvalidInput, match="the measure 'w' must pickle"):
        simulate(
            FirstToTwo(), (0, 0), toss, outcome=ended, measures={"w": lambda s: 1},
            executor=InThisProcess(),
        )  # fmt: skip
    # in process nothing is pickled: a lambda is fine there
    assert simulate(FirstToTwo(), (0, 0), lambda _s: "toss", runs=5, outcome=ended).runs == 5


def test_a_refused_action_on_an_executor_still_names_the_run() -> None:
    with pytest.raises(IllegalAction, match=r"run 0 .*'cheat'"):
        simulate(FirstToTwo(), (0, 0), cheat, runs=3, outcome=ended, executor=InThisProcess())


def cheat(_state: object) -> str:
    return "cheat"


def test_progress_is_told_of_every_chunk_as_a_function_or_a_bar() -> None:
    told: list[int] = []
    study_of_the_tiny_game(chunk=70, progress=told.append)
    assert told == [70, 70, 70, 70, 20]

    class Bar:
        n = 0

        def update(self, n: int) -> None:
            self.n += n

    bar = Bar()
    study_of_the_tiny_game(executor=InThisProcess(), progress=bar)
    assert bar.n == 300


@pytest.mark.parametrize(
    ("name", "value"), [("progress", 3), ("executor", "pool"), ("chunk", 0), ("chunk", 2.5)]
)
def test_bad_progress_executor_or_chunk_is_refused(name: str, value: object) -> None:
    assert_refused(value, lambda: study_of_the_tiny_game(**{name: value}))


def test_measures_are_tallied_exactly_with_an_interval_on_the_mean() -> None:
    """Wins at the end: 2 in a won game; in a lost one 0 or 1. The tally adds up exactly, and
    the 95% interval of its mean is the mean ± 1.96 standard errors."""
    result = study_of_the_tiny_game()
    tally = result.measure("wins")
    assert tally.runs == 300 and dict(tally.counts)[2] == result.count("win")
    assert tally.mean == Fraction(tally.total, 300)
    values = [v for v, c in tally.counts for _ in range(c)]
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(300)
    low, high = tally.interval
    assert low == pytest.approx(float(tally.mean) - half) and high == pytest.approx(
        float(tally.mean) + half
    )
    # the actions of each outcome: a game takes 2 or 3 tosses
    assert {v for v, _c in result.length("win").counts} <= {2, 3}
    assert result.length("win").runs + result.length("lose").runs == 300
    assert result.length("draw").runs == 0
    with pytest.raises(InvalidInput, match="'losses'"):
        result.measure("losses")


def test_a_measure_gives_a_whole_number_or_none() -> None:
    with pytest.raises(InvalidInput, match=r"0\.5"):
        simulate(FirstToTwo(), (0, 0), toss, runs=2, outcome=ended, measures={"x": lambda s: 0.5})
    skipped = simulate(
        FirstToTwo(), (0, 0), toss, runs=50, outcome=ended,
        measures={"wins if won": lambda s: s[0] if ended(s) == "win" else None},
    )  # fmt: skip
    assert skipped.measure("wins if won").counts == ((2, skipped.count("win")),)


class CoinPlayer:
    """A policy with a generator of its own: tosses only when its own coin says so."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: tuple[int, int]) -> str:
        return "toss" if self.rng.random() < 0.9 else "wait"


@dataclass(frozen=True)
class Patient(FirstToTwo):
    def apply(
        self, state: tuple[int, int], action: Any, chance: Source
    ) -> tuple[tuple[int, int], str]:
        return (state, "waited") if action == "wait" else super().apply(state, action, chance)


def test_a_policy_with_its_own_generator_is_built_for_each_run() -> None:
    """PerRun: run i's player is CoinPlayer(run_seed(seed, i)), however the runs are chunked."""

    def run(**where: Any) -> Simulation:
        return simulate(Patient(), (0, 0), PerRun(CoinPlayer), runs=120, seed=2, outcome=ended,
                        **where)  # fmt: skip

    whole = run()
    assert run(chunk=13) == whole == run(chunk=5, executor=InThisProcess())
    assert whole.steps > whole.length("win").runs * 2  # some waiting happened
