"""Creating Your Firelight: a name, pronouns, and the three approaches at +2, +1 and 0.

Rules (seed 000): "Choose your name and preferred pronouns. Your character has three approaches:
forceful, patient, and quick. Assign one to a +2, another with a +1, the third defaults to a 0."
"""

from __future__ import annotations

import itertools

import pytest
from firelights_helpers import assert_refused, frozen

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import APPROACHES, Begin, Character, Confront, available
from rules.record.journey import Journey


def test_the_three_approaches_are_forceful_patient_and_quick() -> None:
    """ "Your character has three approaches: forceful, patient, and quick." """
    assert APPROACHES == ("forceful", "patient", "quick")


@pytest.mark.parametrize("values", list(itertools.permutations((2, 1, 0))))
def test_assign_one_to_a_plus_2_another_a_plus_1_the_third_defaults_to_0(
    values: tuple[int, int, int],
) -> None:
    """ "Assign one to a +2, another with a +1, the third defaults to a 0." Every one of the six
    assignments is a Firelight, and each approach then adds its value to the dice."""
    character = Character("Wick", "she/her", *values)
    assert [character.modifier(a) for a in APPROACHES] == list(values)


@pytest.mark.parametrize(
    "values",
    [(2, 2, 0), (2, 1, 1), (0, 0, 0), (3, 1, 0), (2, 1, -1), (2, 0, 0), (2, 1, 3)],
)
def test_any_other_assignment_of_approaches_is_refused_naming_the_values(
    values: tuple[int, int, int],
) -> None:
    """ "Assign one to a +2, another with a +1, the third defaults to a 0." Anything else is refused
    with InvalidInput naming the three values given."""
    forceful, patient, quick = values
    caught = assert_refused(
        InvalidInput, "+2, +1 and 0", lambda: Character("Wick", "", forceful, patient, quick)
    )
    assert str(caught.value) == (
        "Choose +2, +1 and 0 for the three approaches, one each: you chose "
        f"forceful={forceful!r}, patient={patient!r}, quick={quick!r}"
    )


@pytest.mark.parametrize("odd", [True, 2.0, "2", None])
def test_approach_values_must_be_the_integers_2_1_and_0(odd: object) -> None:
    """ "Assign one to a +2, another with a +1, the third defaults to a 0": a bool, a float or a
    string that equals 2 is not one of those values and is refused by name."""
    caught = assert_refused(InvalidInput, "+2, +1 and 0", lambda: Character("Wick", "", odd, 1, 0))  # type: ignore[arg-type]
    assert f"forceful={odd!r}" in str(caught.value)


@pytest.mark.parametrize("name", ["", "   ", None, 7])
def test_a_firelight_needs_a_name(name: object) -> None:
    """ "Choose your name and preferred pronouns." An empty (or missing) name is refused by name."""
    caught = assert_refused(InvalidInput, repr(name), lambda: Character(name, "they/them", 2, 1, 0))  # type: ignore[arg-type]
    assert str(caught.value) == f"Give your Firelight a name (you gave {name!r})"


def test_begin_with_a_bad_assignment_changes_nothing() -> None:
    """Creating the Firelight is the first action of a journey; when it is refused the journey
    is exactly as before: no card drawn, no entry recorded, no chance step used."""
    journey = Journey.start("firelights", seed=5)
    before = frozen(journey)
    assert_refused(InvalidInput, "quick=2", lambda: journey.play(Begin("Wick", "she/her", 2, 1, 2)))
    assert_refused(InvalidInput, "''", lambda: journey.play(Begin("", "she/her", 2, 1, 0)))
    assert frozen(journey) == before
    assert "begin" in available(journey.state)


def test_nothing_but_begin_is_possible_before_the_firelight_exists() -> None:
    """The journey starts with creating your Firelight: any other action is refused and says so."""
    journey = Journey.start("firelights", seed=5)
    assert "begin" in available(journey.state)
    assert "confront" not in available(journey.state)
    assert_refused(
        IllegalAction,
        "create your Firelight first (Begin)",
        lambda: journey.play(Confront("forceful")),
    )


def test_an_unknown_approach_is_refused_naming_the_approaches() -> None:
    """ "Your character has three approaches: forceful, patient, and quick." An action with any
    other approach is refused with InvalidInput naming it and the three approaches."""
    character = Character("Wick", "she/her", 2, 1, 0)
    caught = assert_refused(InvalidInput, "'sneaky'", lambda: character.modifier("sneaky"))
    assert "forceful, patient or quick" in str(caught.value)
