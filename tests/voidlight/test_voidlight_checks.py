"""Checks by Attribute and Position, the Push, and the Check Costs table resolved and applied."""

from __future__ import annotations

from fractions import Fraction

import pytest
from voidlight_helpers import assert_refused, begun, play

from rules.errors import IllegalAction, InvalidInput
from rules.table import tables
from rules.table.dice import D66_VALUES, Position
from rules.voidlight import (
    Beam,
    Check,
    Choose,
    Cost,
    Elapse,
    GainCondition,
    Push,
    SkipCost,
    Take,
    available,
    check_odds,
    check_position,
    effect,
    entry_text,
    odds,
)


def test_a_check_rolls_dice_equal_to_the_attribute() -> None:
    """ "make a Check by rolling a number of dice equal to the most relevant Attribute score"."""
    journey = begun(vigor=3, operate=2, insight=0, diplomacy=0)
    report = play(journey, Check("vigor"), [6, 5, 1])
    assert report.dice == (6, 5, 1) and report.hits == 2 and report.outcome == "success"
    assert_refused(InvalidInput, "[6, 5]", lambda: journey.play(Check("vigor"), [[6, 5]]))


@pytest.mark.parametrize(
    ("faces", "outcome"), [((5, 6), "success"), ((5, 1), "partial"), ((4, 1), "failure")]
)
def test_2_hits_succeed_1_hit_partially_0_hits_fail(faces: tuple[int, int], outcome: str) -> None:
    """ "2+ HITS: succeeds. 1 HIT: partially succeeds [...] 0 HITS: fails"."""
    journey = begun()
    assert play(journey, Check("vigor"), list(faces)).outcome == outcome


def test_good_counts_4_5_6_and_bad_only_6() -> None:
    """ "GOOD: a 4, 5, or 6 counts as a Hit. BAD: only a 6 counts as a Hit"."""
    journey = begun()
    assert play(journey, Check("vigor", "good"), [4, 4]).hits == 2
    assert play(journey, Check("vigor", "bad"), [5, 6]).hits == 1


def test_absolute_and_impossible_roll_no_dice() -> None:
    journey = begun()
    assert play(journey, Check("vigor", "absolute")).outcome == "success"
    assert journey.entries[-1].chance == ()
    assert play(journey, Check("vigor", "impossible")).outcome == "failure"
    assert "push" not in available(journey.state)
    assert "cost" in available(journey.state)


def test_an_attribute_of_0_rolls_one_die_and_only_a_6_hits() -> None:
    journey = begun(vigor=3, operate=2, insight=0, diplomacy=0)
    assert play(journey, Check("insight", "good"), [5]).hits == 0
    play(journey, SkipCost())
    assert play(journey, Check("insight", "good"), [6]).hits == 1


def test_high_beam_gains_a_good_position_low_beam_suffers_a_bad_one() -> None:
    """ "HIGH BEAM: Gain a Good Position"; "LOW BEAM: Suffer a Bad Position" (house rule: one step
    on the Position the fiction sets)."""
    journey = begun()
    play(journey, Beam("high"))
    assert check_position(journey.state, "vigor", "standard") is Position.GOOD
    assert check_position(journey.state, "vigor", "bad") is Position.STANDARD
    assert play(journey, Check("vigor"), [4, 4]).outcome == "success"
    play(journey, Beam("low"))
    assert check_position(journey.state, "vigor", "good") is Position.STANDARD
    assert play(journey, Check("vigor"), [5, 5]).outcome == "failure"
    assert check_position(journey.state, "vigor", "absolute") is Position.ABSOLUTE


def test_frozen_gives_a_bad_position_for_physical_checks() -> None:
    """Cost 55: "GAIN FROZEN; BAD POSITION FOR PHYSICAL CHECKS" (Vigor checks)."""
    journey = begun()
    play(journey, GainCondition("Frozen"))
    assert check_position(journey.state, "vigor", "good") is Position.BAD
    assert check_position(journey.state, "insight", "good") is Position.GOOD


def test_the_odds_before_a_check_are_exact() -> None:
    journey = begun(vigor=2)
    assert odds(journey.state, Check("vigor", "good")) == check_odds(2, "good")


def test_a_push_rerolls_all_misses_then_adds_a_fatigued_condition() -> None:
    """ "PUSH After a Check, you may have your character push themselves, rerolling all Misses.
    You must then add a new “Fatigued” Condition to one of your character's Slots."."""
    journey = begun(vigor=3, operate=2, insight=0, diplomacy=0)
    play(journey, Check("vigor"), [6, 2, 1])
    assert odds(journey.state, Push()) == {"success": Fraction(5, 9), "partial": Fraction(4, 9)}
    report = play(journey, Push(), [5, 3])
    assert report.outcome == "success" and report.hits == 2
    assert [c.name for c in journey.state.sheet.conditions] == ["Fatigued"]
    assert "push" not in available(journey.state)
    assert_refused(IllegalAction, "pushed already", lambda: journey.play(Push()))


def test_a_push_with_no_free_slot_asks_which_item_to_drop() -> None:
    """ "if none are empty, your character must drop an item to make room"."""
    journey = begun()
    for n in range(5):
        play(journey, Take(f"Crate {n}", "large"))
    play(journey, Check("vigor"), [1, 1])
    play(journey, Push(), [1, 2])
    pending = journey.state.pending
    assert pending is not None and pending.kind == "drop"
    assert set(available(journey.state)) == {"choose", "elapse", "beam", "timer", "fortune",
                                             "react", "inspire"}  # fmt: skip
    assert_refused(InvalidInput, "'Lamp'", lambda: journey.play(Choose("Lamp")))
    play(journey, Choose("Crate 3"))
    assert journey.state.pending is None
    assert journey.state.sheet.used_slots == 9
    assert journey.state.sheet.conditions[0].name == "Fatigued"


# --- the costs -------------------------------------------------------------------------------


def test_every_cost_entry_is_read_into_an_effect() -> None:
    """The table in rules/data has the 36 entries of the rules text, and each has an effect."""
    table = tables.load("voidlight-costs")
    assert sorted(table.rows) == list(D66_VALUES)
    kinds = {code: effect(entry_text(code)).kind for code in D66_VALUES}
    assert kinds[11] == kinds[13] == "damage" and kinds[36] == "drain"
    assert kinds[25] == kinds[51] == "narrate" and kinds[26] == "enemy"
    assert effect(entry_text(15)).slots == 2 and effect(entry_text(53)).worsens == "bleeding"
    assert_refused(InvalidInput, "'DANCE'", lambda: effect("DANCE"))


def test_a_cost_is_taken_when_a_check_yields_1_or_0_hits_once() -> None:
    """ "When a Check yields 1 or 0 Hits, and you need a cost [...] roll or pick"."""
    journey = begun()
    assert_refused(IllegalAction, "1 or 0 Hits", lambda: journey.play(Cost(25)))
    play(journey, Check("vigor"), [6, 6])
    assert "cost" not in available(journey.state)
    play(journey, Check("vigor"), [6, 1])
    report = play(journey, Cost(), 25)  # rolled: the d66
    assert report.outcome == "25" and "narrate" in report.lines[-1]
    assert_refused(IllegalAction, "once", lambda: journey.play(Cost(25)))
    assert "push" not in available(journey.state)


def costed(entry: int, *outcomes: object, **kw: int) -> tuple[object, object]:
    journey = begun(**kw)
    play(journey, Check("vigor"), [1, 1])
    report = play(journey, Cost(entry), *outcomes)
    return journey, report


@pytest.mark.parametrize(
    ("entry", "face", "lost"), [(11, 1, 0), (11, 4, 3), (12, 4, 4), (13, 6, 7)]
)
def test_take_1d_damage_entries_resolve_the_die_never_below_0(
    entry: int, face: int, lost: int
) -> None:
    """ "TAKE 1D-1 DMG", "TAKE 1D DMG", "TAKE 1D+1 DMG"."""
    journey, _ = costed(entry, [face])
    assert journey.state.sheet.hp == 10 - lost  # type: ignore[attr-defined]


@pytest.mark.parametrize(("entry", "slots"), [(14, 1), (15, 2)])
def test_gain_a_fatigued_condition_in_1_or_2_slots(entry: int, slots: int) -> None:
    journey, _ = costed(entry)
    (condition,) = journey.state.sheet.conditions  # type: ignore[attr-defined]
    assert (condition.name, condition.slots) == ("Fatigued", slots)


def test_gain_a_wounded_or_harmed_condition_the_player_picks() -> None:
    journey, _ = costed(16)
    assert journey.state.pending.options == ("Wounded", "Harmed")  # type: ignore[attr-defined]
    play(journey, Choose("Harmed"))  # type: ignore[arg-type]
    assert journey.state.sheet.conditions[0].name == "Harmed"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("entry", "faces", "started"), [(21, [[5]], True), (21, [[4]], False),
                                                         (22, [[1, 6]], True), (22, [[2, 3]], False)])  # fmt: skip
def test_roll_1d_or_2d_a_hit_starts_an_encounter_pool(
    entry: int, faces: list[object], started: bool
) -> None:
    """House rule: a Hit (5-6) starts a P6, distant danger."""
    journey, _ = costed(entry, *faces)
    pools = journey.state.encounters  # type: ignore[attr-defined]
    assert [(p.name, p.dice) for p in pools] == ([("Encounter 1", 6)] if started else [])


@pytest.mark.parametrize(("entry", "size"), [(23, 4), (24, 2)])
def test_start_a_p4_or_p2_encounter_pool(entry: int, size: int) -> None:
    journey, _ = costed(entry)
    assert journey.state.encounters[0].dice == size  # type: ignore[attr-defined]


def test_roll_for_an_enemy() -> None:
    """House rule: "roll 1D: 1-3 a lesser foe (6-8 HP), 4-5 hardened (10-14), 6 deadly (14-20)"."""
    journey, _report = costed(26, [6], 17)
    (foe,) = journey.state.enemies  # type: ignore[attr-defined]
    assert (foe.tier, foe.hp) == ("deadly", 17)
    assert_refused(InvalidInput, "21", lambda: costed(26, [6], 21))


@pytest.mark.parametrize(("entry", "outcomes", "left"),
                         [(31, (), 5), (32, (), 4), (33, (), 3), (34, ([4],), 2), (35, ([4],), 1)])  # fmt: skip
def test_the_voidlight_battery_pool_drains(
    entry: int, outcomes: tuple[object, ...], left: int
) -> None:
    """ "VOIDLIGHT BATTERY POOL DRAINS BY 1 / 2 / 3 / 1D / 1D+1"."""
    journey, _ = costed(entry, *outcomes)
    assert journey.state.light.dice == left  # type: ignore[attr-defined]


def test_the_battery_drains_completely_and_the_light_dies() -> None:
    journey, _ = costed(36)
    assert journey.state.light.dead  # type: ignore[attr-defined]
    assert journey.state.pending.reason == "dark"  # type: ignore[attr-defined]


@pytest.mark.parametrize("entry", [41, 42, 43])
def test_a_piece_of_equipment_falls_the_player_picks_which(entry: int) -> None:
    journey = begun()
    play(journey, Take("Pistol"))
    play(journey, Take("Vest", "large"))
    play(journey, Check("vigor"), [1, 1])
    play(journey, Cost(entry))
    pending = journey.state.pending
    assert pending is not None and pending.options == ("Pistol", "Vest")
    assert ("weapon" in pending.prompt) == (entry == 42) and ("armor" in pending.prompt) == (
        entry == 43
    )
    play(journey, Choose("Vest"))
    assert [i.name for i in journey.state.sheet.items] == ["Pistol"]


@pytest.mark.parametrize("entry", [44, 45, 46])
def test_a_piece_of_equipment_breaks_and_stays_in_its_slots(entry: int) -> None:
    journey = begun()
    play(journey, Take("Pistol"))
    play(journey, Check("vigor"), [1, 1])
    play(journey, Cost(entry))
    play(journey, Choose("Pistol"))
    assert journey.state.sheet.items[0].broken and journey.state.sheet.used_slots == 1


def test_equipment_cannot_fall_when_you_carry_none() -> None:
    journey, report = costed(41)
    assert journey.state.pending is None  # type: ignore[attr-defined]
    assert "carry none" in report.lines[-1]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("entry", "name"), [(52, "Panicked"), (53, "Bleeding"), (54, "Chem Burn"),
                                             (55, "Frozen"), (56, "Panic")])  # fmt: skip
def test_gain_the_named_conditions(entry: int, name: str) -> None:
    journey, _ = costed(entry)
    assert journey.state.sheet.conditions[0].name == name  # type: ignore[attr-defined]


@pytest.mark.parametrize(("entry", "attributes", "minutes"),
                         [(61, ("vigor",), 10), (62, ("operate",), 10), (63, ("insight",), 10),
                          (64, ("diplomacy",), 10),
                          (65, ("vigor", "operate", "insight", "diplomacy"), 10),
                          (66, ("vigor", "operate", "insight", "diplomacy"), 20)])  # fmt: skip
def test_attribute_penalties_expire_after_10_or_20_minutes(
    entry: int, attributes: tuple[str, ...], minutes: int
) -> None:
    """ "-1 VIGOR FOR 10 MINUTES" ... "-1 TO ALL ATTRIBUTES FOR 20 MINUTES": expedition time."""
    journey, _ = costed(entry, vigor=2, operate=1, insight=1, diplomacy=1)
    sheet = journey.state.sheet  # type: ignore[attr-defined]
    assert tuple(n for n in ("vigor", "operate", "insight", "diplomacy")
                 if sheet.effective(n) < sheet.score(n)) == attributes  # fmt: skip
    play(journey, Elapse(minutes - 1))  # type: ignore[arg-type]
    assert journey.state.sheet.penalties  # type: ignore[attr-defined]
    play(journey, Elapse(1))  # type: ignore[arg-type]
    assert journey.state.sheet.penalties == ()  # type: ignore[attr-defined]


def test_a_rest_ends_the_moment_to_push_or_take_a_cost() -> None:
    """ "After a Check, you may [...] push": not after resting."""
    from rules.voidlight import ShortRest

    journey = begun(vigor=3, operate=1, insight=1, diplomacy=0)
    play(journey, Check("vigor"), [5, 6, 1])  # a success: no cost owed, a Miss to push
    play(journey, Elapse(5))  # the clock running on does not end it
    assert "push" in available(journey.state)
    play(journey, ShortRest(), [2])
    assert "push" not in available(journey.state)
    old = begun(options={"costs": "lapse"})  # a journey begun before costs were owed
    play(old, Check("vigor"), [5, 1])
    assert {"push", "cost"} <= set(available(old.state))
    play(old, ShortRest(), [2])
    assert not {"push", "cost"} & set(available(old.state))
