"""Damage, Conditions in Slots, Critical Saves and the dying state."""

from __future__ import annotations

from voidlight_helpers import assert_refused, begun, play

from rules.errors import IllegalAction
from rules.voidlight import (
    Check,
    Choose,
    Damage,
    Elapse,
    GainCondition,
    LongRest,
    Save,
    Take,
    Treat,
    available,
    odds,
    option_text,
    save_odds,
)


def test_damage_loses_hit_points_never_below_0() -> None:
    """ "they lose a number of Hit Points equal to the Damage dealt"."""
    journey = begun()
    play(journey, Damage(4))
    assert journey.state.sheet.hp == 6
    play(journey, Damage(9))
    assert journey.state.sheet.hp == 0


def test_reaching_0_hit_points_makes_a_critical_save_with_the_chosen_attribute() -> None:
    """ "When they reach 0 Hit Points [...] make a Critical Save by rolling a number of dice equal
    to the most relevant Attribute score"."""
    journey = begun(vigor=2)
    play(journey, Damage(10))
    pending = journey.state.pending
    assert pending is not None and pending.kind == "save" and pending.reason == "hit points"
    assert "check" not in available(journey.state)
    assert odds(journey.state, Save("vigor")) == save_odds(2, "standard").outcome
    assert option_text(journey.state, "vigor") == (
        "Vigor 2: endure 5/9, lose 4/3 points on average"
    )
    report = play(journey, Save("vigor"), [5, 1])
    assert report.outcome == "endure" and journey.state.status == "standing"


def test_after_the_save_the_attribute_loses_1_per_miss_at_most_2_never_below_0() -> None:
    """ "reduce your character's Attribute score by 1 for every Miss, up to a maximum of 2.
    Attribute scores cannot go below 0."."""
    journey = begun(vigor=3, operate=2, insight=0, diplomacy=0)
    play(journey, Damage(10))
    play(journey, Save("vigor"), [6, 1, 1])
    assert journey.state.sheet.vigor == 1
    play(journey, Damage(1))
    play(journey, Save("insight", "good"), [6])  # 0 dice: 1 die, a 6; no Miss
    assert journey.state.sheet.insight == 0
    play(journey, Damage(1))
    play(journey, Save("insight"), [6])
    assert journey.state.sheet.insight == 0


def test_0_hits_is_taken_out_and_dying() -> None:
    """ "0 HITS: Your character is taken out and dying."."""
    journey = begun()
    play(journey, Damage(10))
    report = play(journey, Save("vigor"), [1, 2])
    assert report.outcome == "taken out" and journey.state.status == "dying"
    assert journey.state.sheet.vigor == 0
    for kind in ("check", "short_rest", "advance"):
        assert kind not in available(journey.state)
    assert_refused(IllegalAction, "dying", lambda: journey.play(Check("vigor")))


def test_helped_in_time_they_wake_after_a_long_rest_with_all_hit_points() -> None:
    """ "If helped in time, they wake after a Long Rest with all Hit Points restored."."""
    journey = begun()
    play(journey, Damage(10))
    play(journey, Save("vigor"), [1, 2])
    play(journey, LongRest("vigor"))
    assert journey.state.status == "standing" and journey.state.sheet.hp == 10


def test_damage_while_at_0_hit_points_triggers_another_save() -> None:
    """ "Taking Damage while at 0 Hit Points [...] triggers another Critical Save."."""
    journey = begun()
    play(journey, Damage(10))
    play(journey, Save("vigor"), [6, 6])
    play(journey, Damage(2))
    pending = journey.state.pending
    assert pending is not None and "another" in pending.prompt


def test_a_dying_character_makes_no_further_save_for_damage() -> None:
    """House rule: taken out already, damage asks no more saves (the dark still does)."""
    journey = begun()
    play(journey, Damage(10))
    play(journey, Save("vigor"), [1, 1])
    play(journey, Damage(3))
    assert journey.state.pending is None


def test_a_condition_is_written_in_an_empty_slot() -> None:
    """ "When your character gains a Condition, write it in an empty Slot"."""
    journey = begun()
    play(journey, GainCondition("Sick"))
    play(journey, GainCondition("Deprived", 2))
    assert journey.state.sheet.used_slots == 3


def test_all_slots_filled_by_conditions_makes_a_critical_save() -> None:
    """ "or when all their Slots are filled by Conditions, make a Critical Save"; a new one then
    "triggers another Critical Save"."""
    journey = begun()
    for n in range(5):
        play(journey, GainCondition(f"Hurt {n}", 2))
    assert journey.state.pending is not None and journey.state.pending.reason == "slots"
    play(journey, Save("vigor"), [5, 5])
    play(journey, GainCondition("Sick"))
    assert journey.state.pending is not None and "another" in journey.state.pending.prompt
    assert journey.state.sheet.used_slots == 10


def test_a_condition_needing_room_drops_the_item_the_player_picks() -> None:
    """ "if none are empty, your character must drop an item to make room"."""
    journey = begun()
    play(journey, Take("Cutter", "large"))
    play(journey, Take("Rope"))
    for n in range(7):
        play(journey, GainCondition(f"Sore {n}"))
    play(journey, GainCondition("Deprived", 2))
    assert journey.state.pending is not None and journey.state.pending.options == ("Cutter", "Rope")
    assert option_text(journey.state, "Cutter") == "Cutter (large, frees 2 slots)"
    play(journey, Choose("Rope"))
    assert journey.state.pending is not None  # 1 slot free, 2 needed: drop again
    play(journey, Choose("Cutter"))
    assert journey.state.sheet.items == () and journey.state.sheet.used_slots == 9


def test_conditions_are_cleared_by_treating_them_lasting_ones_never() -> None:
    """ "Conditions are cleared only by actions in the fiction that address them [...] Some
    Conditions are lasting and cannot be cleared."."""
    journey = begun()
    play(journey, GainCondition("Scarred", lasting=True))
    assert "treat" not in available(journey.state)
    play(journey, GainCondition("Sick"))
    assert_refused(IllegalAction, "'Scarred'", lambda: journey.play(Treat("Scarred")))
    play(journey, Treat("sick"))
    assert [c.name for c in journey.state.sheet.conditions] == ["Scarred"]


def test_bleeding_deals_1d_minus_1_damage_every_10_minutes_until_treated() -> None:
    """Cost 53: "GAIN BLEEDING; 1D-1 DMG EVERY 10M UNTIL TREATED"."""
    from rules.voidlight import Cost

    journey = begun(options={"timer": "scenes"})
    play(journey, Check("vigor"), [1, 1])
    play(journey, Cost(53))
    play(journey, Elapse(9))
    assert journey.state.sheet.hp == 10
    report = play(journey, Elapse(11), [4], [6])  # at minute 10 and 20
    assert journey.state.sheet.hp == 10 - 3 - 5 and report.dice == (4, 6)
    play(journey, Treat("Bleeding"))
    play(journey, Elapse(30))
    assert journey.state.sheet.hp == 2


def test_chem_burn_fills_1_slot_every_10_minutes_until_treated() -> None:
    """Cost 54: "GAIN CHEM BURN; 1 SLOT EVERY 10M UNTIL TREATED"; with no room, the player drops
    an item, the clock stopped at that minute until they do."""
    from rules.voidlight import Cost

    journey = begun(options={"timer": "scenes"})
    for n in range(3):
        play(journey, Take(f"Crate {n}", "large"))
    play(journey, Check("vigor"), [1, 1])
    play(journey, Cost(54))  # 6 + 1 slots
    play(journey, Elapse(25))
    assert journey.state.sheet.conditions[0].slots == 3  # minutes 10 and 20
    play(journey, Elapse(10))
    assert journey.state.sheet.conditions[0].slots == 4 and journey.state.pending is None
    play(journey, Elapse(10))  # minute 40: no slot free
    assert journey.state.pending is not None and journey.state.pending.kind == "drop"
    assert journey.state.clock.minute == 40 and journey.state.clock.owed == 5
    play(journey, Elapse(10))  # time runs on while the choice waits
    assert journey.state.clock.owed == 15
    play(journey, Choose("Crate 0"))  # then minute 50 spreads it into the freed slot
    assert journey.state.clock.minute == 55 and journey.state.clock.owed == 0
    assert journey.state.sheet.conditions[0].slots == 6 and journey.state.sheet.used_slots == 10


def test_a_save_in_an_absolute_position_endures_with_no_roll_impossible_is_taken_out() -> None:
    """Position applies to a Critical Save: "ABSOLUTE: no roll is made"; Impossible is taken out,
    every die a Miss (Vigor 2 loses 2)."""
    journey = begun(vigor=2)
    play(journey, Damage(10))
    assert play(journey, Save("vigor", "absolute")).outcome == "endure"
    assert journey.entries[-1].chance == () and journey.state.sheet.vigor == 2
    play(journey, Damage(1))
    assert play(journey, Save("vigor", "impossible")).outcome == "taken out"
    assert journey.state.sheet.vigor == 0
