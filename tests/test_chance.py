"""Chance steps and sources: exact distributions, supplied outcomes, step numbering, recording.

A design principle: "All randomness comes through one injected generator created from a recorded seed" and
"Every chance step can report its exact outcome distribution before it is sampled."
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rules.errors import IllegalAction, InvalidInput
from rules.table.cards import Card, Deck, Draw
from rules.table.chance import (
    Chance,
    ChanceStep,
    Distribution,
    Pick,
    Recording,
    Replay,
    Supplied,
)
from rules.table.dice import D66, Roll
from rules.table.words import at_the_table, table_needs, too_few


def assert_refused(error: type[Exception], value: object, call: Callable[[], object]) -> None:
    """``call()`` raises exactly ``error`` (no subclass); the message names ``repr(value)``."""
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert repr(value) in str(caught.value)


# --- Distribution --------------------------------------------------------------------------------


def test_a_distribution_is_exact_and_sums_to_1() -> None:
    """Integer weights become Fractions over their total: never floats."""
    loaded = Distribution({"a": 1, "b": 2, "c": 3})
    assert dict(loaded) == {"a": Fraction(1, 6), "b": Fraction(1, 3), "c": Fraction(1, 2)}
    assert all(type(p) is Fraction for p in loaded.values())
    assert sum(loaded.values()) == 1


def test_outcomes_with_zero_weight_are_dropped_and_impossible_outcomes_have_probability_0() -> None:
    distribution = Distribution({"a": 1, "b": 0})
    assert list(distribution) == ["a"]
    assert len(distribution) == 1
    assert distribution["b"] == 0
    assert distribution["never"] == 0
    assert "b" not in distribution
    assert "never" not in distribution
    assert "a" in distribution


def test_uniform_counts_repeats_as_extra_weight() -> None:
    assert Distribution.uniform("aab") == {"a": Fraction(2, 3), "b": Fraction(1, 3)}


def test_probability_sums_the_outcomes_where_the_event_holds() -> None:
    d6 = Distribution.uniform(range(1, 7))
    assert d6.probability(lambda face: face >= 5) == Fraction(1, 3)
    assert d6.probability(lambda face: face > 6) == 0
    assert d6.probability(lambda face: True) == 1


def test_map_merges_outcomes_with_the_same_image() -> None:
    d6 = Distribution.uniform(range(1, 7))
    parity = d6.map(lambda face: face % 2)
    assert parity == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert Roll(2).distribution().map(max)[6] == Fraction(11, 36)


def test_mean_is_exact() -> None:
    """The mean of one d6 is 7/2, of 2d6 exactly 7."""
    assert Distribution.uniform(range(1, 7)).mean() == Fraction(7, 2)
    assert Roll(2).distribution().map(sum).mean() == 7


@pytest.mark.parametrize("weights", [{}, {"a": 0}, {"a": -1}, {"a": 2, "b": -1}])
def test_a_distribution_refuses_no_weight_or_negative_weight(weights: dict[str, int]) -> None:
    with pytest.raises(InvalidInput):
        Distribution(weights)


def test_a_distribution_cannot_be_changed() -> None:
    """Values are immutable (a design principle)."""
    d6 = Distribution.uniform(range(1, 7))
    with pytest.raises(TypeError):
        d6[1] = Fraction(1)  # type: ignore[index]


# --- Chance --------------------------------------------------------------------------------------


def test_chance_counts_its_steps() -> None:
    chance = Chance(seed=3)
    chance.resolve(Roll(1))
    chance.resolve(D66())
    assert chance.steps == 2
    chance.skip(3)
    assert chance.steps == 5


def test_step_k_is_sampled_from_its_own_generator() -> None:
    """Step k uses a generator seeded from (seed, k): resuming at step k reproduces it."""
    chance = Chance(seed=9)
    outcomes = [chance.resolve(Roll(3)) for _ in range(6)]
    resumed = Chance(seed=9, steps=4)
    assert [resumed.resolve(Roll(3)) for _ in range(2)] == outcomes[4:]


@pytest.mark.parametrize("seed", ["7", 7.0, True, None])
def test_a_seed_must_be_an_int(seed: object) -> None:
    assert_refused(InvalidInput, seed, lambda: Chance(seed))  # type: ignore[arg-type]


# --- Supplied and Replay -------------------------------------------------------------------------


def test_supplied_outcomes_are_used_in_order_and_checked_against_their_step() -> None:
    """Outcomes rolled at the table are used as they are, JSON lists becoming tuples."""
    supplied = Supplied([[6, 1], 34])
    assert supplied.resolve(Roll(2)) == (6, 1)
    assert supplied.resolve(D66()) == 34
    assert supplied.used == 2
    assert list(supplied.unused()) == []


@pytest.mark.parametrize(
    ("step", "outcome"),
    [(Roll(2), [6, 7]), (Roll(2), [6]), (D66(), 17), (D66(), "34")],
    ids=["face-7", "one-die-for-two", "d66-17", "d66-text"],
)
def test_a_supplied_outcome_that_its_step_cannot_produce_is_refused(
    step: ChanceStep[Any], outcome: object
) -> None:
    supplied = Supplied([outcome])
    with pytest.raises(InvalidInput):
        supplied.resolve(step)
    assert supplied.used == 0


def test_a_supplied_card_that_is_not_in_the_pile_is_an_illegal_draw() -> None:
    pile = (Card.parse("AS"), Card.parse("2S"))
    with pytest.raises(IllegalAction) as caught:
        Supplied([["KH"]]).resolve(Draw(pile, 1))
    assert "KH" in str(caught.value)


def test_without_a_fallback_running_out_of_supplied_outcomes_is_illegal() -> None:
    supplied = Supplied([[3]])
    supplied.resolve(Roll(1))
    with pytest.raises(IllegalAction):
        supplied.resolve(Roll(1))


def test_supplied_falls_back_to_then_when_its_outcomes_run_out() -> None:
    supplied = Supplied([[3]], then=Chance(seed=1))
    assert supplied.resolve(Roll(1)) == (3,)
    fallback = supplied.resolve(Roll(2))
    assert Roll(2).check(list(fallback)) == fallback


def test_supplied_then_chance_keeps_the_step_numbering() -> None:
    """The outcome of step k does not depend on whether earlier steps were supplied."""
    plain = Chance(seed=42)
    sampled = [plain.resolve(Roll(2)) for _ in range(6)]
    behind = Chance(seed=42)
    mixed = Supplied([[1, 1], [2, 2]], then=behind)
    outcomes = [mixed.resolve(Roll(2)) for _ in range(6)]
    assert outcomes[:2] == [(1, 1), (2, 2)]
    assert outcomes[2:] == sampled[2:]
    assert behind.steps == plain.steps == 6


def test_supplied_remembers_the_step_whose_outcome_it_refused_and_whether_it_was_short() -> None:
    """Supplied.short: "the outcome the check refused has fewer things than its step asks for
    (one card typed for a draw of two)"; a wrong face is not short."""
    short = Supplied([[6]])
    with pytest.raises(InvalidInput):
        short.resolve(Roll(2))
    assert short.refused == Roll(2) and short.short()
    wrong = Supplied([[6, 7]])
    with pytest.raises(InvalidInput):
        wrong.resolve(Roll(2))
    assert wrong.refused == Roll(2) and not wrong.short()
    assert not Supplied([[6, 6]]).short()


def test_a_recording_keeps_each_step_asked_for_even_the_one_refused() -> None:
    recording = Recording(Supplied([[3], [7]]))
    recording.resolve(Roll(1))
    with pytest.raises(InvalidInput):
        recording.resolve(Roll(1))
    assert recording.steps == [Roll(1), Roll(1)] and recording.outcomes == [[3]]
    assert table_needs(at_the_table(step) for step in recording.steps) == "2 dice"


def test_replay_feeds_back_recorded_json_outcomes() -> None:
    replay = Replay([[6, 6], 11, ["QS"]])
    assert replay.resolve(Roll(2)) == (6, 6)
    assert replay.resolve(D66()) == 11
    assert replay.resolve(Draw(Deck.full().draw_pile, 1)) == (Card.parse("QS"),)


# --- Recording -----------------------------------------------------------------------------------


def test_recording_keeps_every_outcome_as_json() -> None:
    """The record holds plain JSON: dice as lists of ints, d66 as an int, cards as codes."""
    recording = Recording(Chance(seed=11))
    faces = recording.resolve(Roll(3))
    value = recording.resolve(D66())
    cards = recording.resolve(Draw(Deck.full().draw_pile, 2))
    assert recording.outcomes == [list(faces), value, [str(card) for card in cards]]
    assert json.loads(json.dumps(recording.outcomes)) == recording.outcomes


def test_replaying_a_recording_gives_the_same_outcomes() -> None:
    steps: list[ChanceStep[Any]] = [Roll(2), D66(), Draw(Deck.full().draw_pile, 3), Roll(0)]
    recording = Recording(Chance(seed=8))
    first = [recording.resolve(step) for step in steps]
    replay = Replay(json.loads(json.dumps(recording.outcomes)))
    assert [replay.resolve(step) for step in steps] == first


# --- Pick ----------------------------------------------------------------------------------------


def test_a_pick_is_one_of_its_options_each_equally_likely() -> None:
    """RULES-NOTES: "lets the software pick one at random among the curses not yet defeated"."""
    pick = Pick(("Wolf", "Crow", "Moth"))
    assert pick.distribution() == {name: Fraction(1, 3) for name in pick.options}
    chance = Chance(seed=3)
    assert all(chance.resolve(pick) in pick.options for _ in range(20))
    assert Supplied(["Crow"]).resolve(pick) == "Crow"
    assert_refused(InvalidInput, "Stag", lambda: pick.check("Stag"))


def test_there_is_nothing_to_pick_from_no_options() -> None:
    with pytest.raises(IllegalAction):
        Pick(())


# --- what the table is asked for -----------------------------------------------------------------


class _Coins:
    """A chance step this module's authors never saw: ``count`` coins, each heads or tails."""

    def __init__(self, count: int) -> None:
        self.count = count

    def at_the_table(self) -> tuple[str, int]:
        return "coin", self.count


def test_every_shipped_step_says_what_it_asks_of_the_table() -> None:
    steps = [Roll(2), D66(), Draw(Deck.full().draw_pile, 3), Pick(("a", "b"))]
    assert [at_the_table(step) for step in steps] == [
        ("die", 2),
        ("d66", 1),
        ("card", 3),
        ("pick", 1),
    ]
    assert table_needs(at_the_table(step) for step in steps) == (
        "2 dice, 1 d66 roll, 3 cards and 1 random pick"
    )


def test_a_new_kind_of_step_joins_the_tables_sentences_by_a_method_of_its_own() -> None:
    """A step says what it asks of a player itself, so a new one is counted and named in the
    refusal of too few outcomes with no edit to rules.table.chance or rules.table.words."""
    assert at_the_table(_Coins(3)) == ("coin", 3)
    assert too_few("Toss", [["H"]], [_Coins(3), Roll(1)]) == (
        "Toss needs 3 coin and 1 die; you typed 1: H. Missing: 2 coin and 1 die; type them too, "
        "or let Lantern draw and roll the rest"
    )
    assert at_the_table(object()) == ("outcome", 1)  # a step that does not say: one outcome
