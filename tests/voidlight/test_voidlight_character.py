"""The character sheet: creation (by points and at random), Hit Points, Credits, the 10 Slots."""

from __future__ import annotations

from typing import Any

import pytest
from voidlight_helpers import assert_refused, begun, play

from rules.errors import IllegalAction, InvalidInput
from rules.record.journey import Journey
from rules.voidlight import (
    Advance,
    CreateRandom,
    Credits,
    Drop,
    Item,
    LongRest,
    ShortRest,
    Take,
    available,
    take_refusal,
)
from rules.voidlight.character import Character


def test_creation_by_points_spreads_5_points_each_0_to_3() -> None:
    """House rule: "5 points spread over the four attributes, each 0..3"; "Starting max Hit
    Points 10"; "Starting Credits: 1D x 10"."""
    journey = begun(vigor=3, operate=2, insight=0, diplomacy=0, credits_die=4)
    sheet = journey.state.sheet
    assert sheet.scores == (3, 2, 0, 0)
    assert (sheet.hp, sheet.max_hp, sheet.credits) == (10, 10, 40)
    assert journey.state.status == "standing"


@pytest.mark.parametrize(
    ("scores", "needle"),
    [((4, 1, 0, 0), "4"), ((2, 2, 2, 2), "is 8"), ((1, 1, 1, 1), "is 4"), ((-1, 3, 3, 0), "-1")],
)
def test_creation_by_points_refuses_other_spreads(scores: tuple[int, ...], needle: str) -> None:
    journey = Journey.start("voidlight", 1)
    from rules.voidlight import Create

    assert_refused(InvalidInput, needle, lambda: journey.play(Create("Vex", "", *scores), [[3]]))
    assert journey.state.character is None and not journey.entries


def test_the_points_and_hit_points_are_journey_options() -> None:
    journey = begun(options={"points": 6, "hit_points": 12}, vigor=3, operate=3, insight=0,
                    diplomacy=0)  # fmt: skip
    assert journey.state.sheet.max_hp == 12


def test_the_random_method_rolls_4_dice_per_attribute_each_hit_adds_1() -> None:
    """House rule: "roll 4 dice per attribute, each Hit adds 1, reroll all if the total is under
    3"."""
    journey = Journey.start("voidlight", 2)
    rolls: list[Any] = [[5, 6, 1, 1], [1, 2, 3, 4], [6, 1, 1, 1], [1, 1, 1, 1], [2]]
    report = play(journey, CreateRandom("Rook"), *rolls)
    assert journey.state.sheet.scores == (2, 0, 1, 0)
    assert journey.state.sheet.credits == 20
    assert report.dice == (5, 6, 1, 1, 1, 2, 3, 4, 6, 1, 1, 1, 1, 1, 1, 1, 2)


def test_the_random_method_rerolls_all_when_the_total_is_under_3() -> None:
    journey = Journey.start("voidlight", 2)
    low: list[Any] = [[5, 1, 1, 1], [1, 1, 1, 1], [6, 1, 1, 1], [1, 1, 1, 1]]
    high: list[Any] = [[5, 5, 5, 5], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    report = play(journey, CreateRandom("Rook"), *low, *high, [1])
    assert journey.state.sheet.scores == (4, 0, 0, 0)
    assert "total under 3" in report.lines[0]


def test_items_take_slots_small_none_normal_one_large_two() -> None:
    """ "Most items take 1 Slot, small items take none, and large items take 2."."""
    journey = begun()
    for name, size in (("Battery", "normal"), ("Keycard", "small"), ("Cutter", "large")):
        play(journey, Take(name, size))
    assert journey.state.sheet.used_slots == 3
    assert journey.state.sheet.free_slots == 7


def test_an_item_that_does_not_fit_in_10_slots_is_refused() -> None:
    """ "Your character has 10 Slots."."""
    journey = begun()
    for n in range(5):
        play(journey, Take(f"Crate {n}", "large"))
    assert_refused(IllegalAction, "'Rope'", lambda: journey.play(Take("Rope")))
    play(journey, Take("Pin", "small"))  # small items take none
    play(journey, Drop("crate 0"))
    assert journey.state.sheet.free_slots == 2


def test_whether_an_item_of_a_size_fits_is_asked_before_it_is_named() -> None:
    """ "Your character has 10 Slots." and "small items take none": with one slot free a normal
    item fits and a large one does not; with none free, only a small one. The words are those
    Take refuses with, for an item not yet named."""
    journey = begun()
    for n in range(4):
        play(journey, Take(f"Crate {n}", "large"))
    play(journey, Take("Rope"))
    state = journey.state
    assert [take_refusal(state, size) for size in ("small", "normal")] == [None, None]
    assert take_refusal(state, "large") == (
        "no room for a large item (2 slots): 1 of 10 slots is free; drop something first"
    )
    play(journey, Take("Drill"))
    assert take_refusal(journey.state, "small") is None
    assert take_refusal(journey.state, "normal") == (
        "no room for a normal item (1 slot): 0 of 10 slots are free; drop something first"
    )
    assert take_refusal(Journey.start("voidlight", 1).state, "small") == (
        "create your character first"
    )


def test_bad_items_are_refused_naming_them() -> None:
    journey = begun()
    assert_refused(InvalidInput, "'huge'", lambda: journey.play(Take("Crate", "huge")))
    assert_refused(IllegalAction, "nothing to drop", lambda: journey.play(Drop("Lamp")))
    play(journey, Take("Rope"))
    assert_refused(IllegalAction, "'Lamp'", lambda: journey.play(Drop("Lamp")))


def test_credits_are_gained_and_spent_never_below_0() -> None:
    journey = begun(credits_die=2)
    play(journey, Credits(15))
    play(journey, Credits(-35))
    assert journey.state.sheet.credits == 0
    assert_refused(IllegalAction, "1", lambda: journey.play(Credits(-1)))


def test_a_short_rest_recovers_1d_hit_points_up_to_the_maximum() -> None:
    """ "When your character takes a Short Rest [...] roll 1D and recover that many Hit
    Points."."""
    from rules.voidlight import Damage

    journey = begun()
    play(journey, Damage(5))
    play(journey, ShortRest(), [3])
    assert journey.state.sheet.hp == 8
    play(journey, ShortRest(), [6])
    assert journey.state.sheet.hp == 10


def test_a_long_rest_restores_all_hit_points_and_1_point_to_one_attribute() -> None:
    """ "they restore all Hit Points and 1 point to one Attribute score" (house rule: toward the
    score it had before a Critical Save lowered it)."""
    from rules.voidlight import Damage, Save

    journey = begun(vigor=2)
    play(journey, Damage(10))
    play(journey, Save("vigor"), [1, 5])  # endures; 1 Miss: Vigor 2 -> 1
    assert journey.state.sheet.vigor == 1
    assert_refused(IllegalAction, "'operate'", lambda: journey.play(LongRest("operate")))
    assert_refused(IllegalAction, "vigor", lambda: journey.play(LongRest()))
    play(journey, LongRest("vigor"))
    assert (journey.state.sheet.hp, journey.state.sheet.vigor) == (10, 2)
    play(journey, LongRest())  # nothing left to restore: blank
    assert journey.state.sheet.vigor == 2


def test_an_advancement_adds_2_max_hit_points_and_1_to_an_attribute_to_6() -> None:
    """ "Increase their maximum Hit Points by 2 and raise an Attribute score by 1, to a maximum of
    6" (house rule: the 2 new Hit Points come filled)."""
    journey = begun(vigor=3, operate=2, insight=0, diplomacy=0)
    for _ in range(3):
        play(journey, Advance("vigor"))
    sheet = journey.state.sheet
    assert (sheet.max_hp, sheet.hp, sheet.vigor, sheet.full[0]) == (16, 16, 6, 6)
    assert_refused(IllegalAction, "Vigor is at 6", lambda: journey.play(Advance("vigor")))
    assert "advance" in available(journey.state)


def test_the_sheet_refuses_impossible_values() -> None:
    assert_refused(InvalidInput, "7", lambda: Character("V", "", 7, 0, 0, 0))
    assert_refused(InvalidInput, "''", lambda: Character("", "", 1, 1, 1, 2))
    assert_refused(InvalidInput, "11", lambda: Character("V", "", 1, 1, 1, 2, hp=11))
    assert Item("Cutter", "large").slots == 2
