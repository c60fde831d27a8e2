"""The Voidlight and its battery on the expedition clock: the timer, beam modes, the swap, the dark."""

from __future__ import annotations

import pytest
from voidlight_helpers import assert_refused, begun, play

from rules.errors import IllegalAction, InvalidInput
from rules.record.journey import Journey
from rules.voidlight import (
    Beam,
    Elapse,
    RollLight,
    Save,
    SetTimer,
    SwapBattery,
    Take,
    available,
    countdown,
    light_life,
    odds,
    pool_rolls,
)
from rules.voidlight.pools import pool_loss


def test_solo_rolls_the_voidlight_every_20_minutes_group_every_10() -> None:
    """ "The GM rolls the Voidlight Pool every 10 real-time minutes"; "When playing solo, set the
    Voidlight timer to 20 minutes"."""
    solo = begun()
    assert solo.state.clock.interval == 20 and solo.state.clock.next_roll == 20
    play(solo, Elapse(19))
    assert solo.entries[-1].chance == ()
    report = play(solo, Elapse(1), [1, 2, 5, 6, 6, 6])
    assert solo.state.light.dice == 4 and report.dice == (1, 2, 5, 6, 6, 6)
    group = begun(options={"play": "group"})
    play(group, Elapse(20), [6] * 6, [6] * 6)
    assert len(group.entries[-1].chance) == 2


def test_a_roll_loses_1_die_per_miss_at_most_2() -> None:
    """ "reduce its size by 1 die for every Miss, up to a maximum of 2 dice per roll"."""
    journey = begun()
    play(journey, RollLight(), [1, 1, 1, 1, 1, 1])
    assert journey.state.light.dice == 4
    play(journey, RollLight(), [1, 5, 6, 6])
    assert journey.state.light.dice == 3


def test_high_beam_loses_up_to_3_dice_low_beam_only_1() -> None:
    """ "HIGH BEAM: [...] up to 3 dice may be removed"; "LOW BEAM: [...] only 1 die"."""
    journey = begun()
    play(journey, Beam("high"))
    play(journey, RollLight(), [1] * 6)
    assert journey.state.light.dice == 3
    play(journey, Beam("low"))
    assert odds(journey.state, RollLight()) == pool_loss(3, 1)
    play(journey, RollLight(), [1] * 3)
    assert journey.state.light.dice == 2
    assert_refused(InvalidInput, "'dim'", lambda: journey.play(Beam("dim")))


def test_the_modes_can_be_switched_at_any_time() -> None:
    """ "A Voidlight has 3 modes, which can be switched at any time" (even while a choice
    waits)."""
    from rules.voidlight import Damage

    journey = begun()
    play(journey, Damage(10))
    assert "beam" in available(journey.state)
    play(journey, Beam("high"))


def test_between_scenes_the_pool_is_rolled_by_hand_only() -> None:
    """ "roll the Voidlight Pool only between scenes or locations"."""
    journey = begun(options={"timer": "scenes"})
    play(journey, Elapse(120))
    assert journey.state.light.dice == 6 and journey.entries[-1].chance == ()
    play(journey, SetTimer("interval", 5))
    play(journey, Elapse(5), [6] * 6)
    assert journey.state.clock.next_roll == 130
    play(journey, SetTimer("scenes"))
    assert journey.state.clock.next_roll is None
    assert_refused(InvalidInput, "'often'", lambda: journey.play(SetTimer("often")))


def test_a_roll_by_hand_says_why_it_was_rolled() -> None:
    """A roll by hand between scenes says so; with the interval timer on, it says by hand."""
    journey = begun(options={"timer": "scenes"})
    report = play(journey, RollLight(), [6] * 6)
    assert report.lines[0].startswith("between scenes: the Voidlight Pool rolls")
    journey = begun()
    report = play(journey, RollLight(), [6] * 6)
    assert report.lines[0].startswith("rolled by hand: the Voidlight Pool rolls")


def test_the_countdown_is_the_minutes_to_the_next_roll() -> None:
    """A live timer counts down to the next roll and sends an Elapse; a pause sends nothing."""
    journey = begun()
    assert countdown(journey.state) == 20
    play(journey, Elapse(7))
    assert countdown(journey.state) == 13
    play(journey, SetTimer("scenes"))
    assert countdown(journey.state) is None


def test_the_interval_can_be_extended() -> None:
    """ "If this pacing feels intense, extend the timer interval"."""
    journey = begun(options={"interval": 30})
    assert journey.state.clock.next_roll == 30
    play(journey, Elapse(10))
    play(journey, SetTimer("interval", 45))
    assert journey.state.clock.next_roll == 55


def test_when_emptied_the_battery_is_spent_and_the_light_dies() -> None:
    """ "When emptied, the Battery is spent." "When the Voidlight dies and every 5 minutes after,
    each character makes a Critical Save."."""
    journey = begun()
    for _ in range(3):
        play(journey, RollLight(), [1] * journey.state.light.dice)
    assert journey.state.light.dead
    assert journey.state.pending is not None and journey.state.pending.reason == "dark"
    assert "roll_light" not in available(journey.state)
    play(journey, Save("vigor"), [5, 5])
    play(journey, Elapse(4))
    assert journey.state.pending is None
    play(journey, Elapse(1))
    assert journey.state.pending is not None and journey.state.pending.reason == "dark"
    play(journey, Save("vigor"), [6, 6])
    play(journey, Elapse(10))  # minute 10: another save; the clock stops there
    assert journey.state.clock.minute == 10 and journey.state.clock.owed == 5


def test_on_a_failure_they_are_lost_to_the_dark() -> None:
    """ "On a failure, they're lost to the dark."."""
    journey = begun()
    for _ in range(3):
        play(journey, RollLight(), [1] * journey.state.light.dice)
    report = play(journey, Save("vigor"), [1, 1])
    assert report.outcome == "taken out" and journey.state.status == "lost"
    assert set(available(journey.state)) == {"fortune", "react", "inspire"}
    assert_refused(IllegalAction, "lost to the dark", lambda: journey.play(Elapse(5)))


def test_the_timer_drives_the_light_to_its_death_and_the_dark_saves() -> None:
    """Rolls at minutes 20, 40, 60 empty the pool; the dark's save falls due at 60, then 65."""
    journey = begun()
    play(journey, Elapse(70), [1] * 6, [1] * 4, [1] * 2)
    assert journey.state.light.dead and journey.state.clock.minute == 60
    play(journey, Save("vigor"), [5, 1])
    assert journey.state.clock.minute == 65 and journey.state.pending is not None
    play(journey, Save("vigor", "good"), [4])
    assert journey.state.clock.minute == 70 and journey.state.pending is not None


def test_slotting_a_new_battery_refills_the_voidlight_to_p6() -> None:
    """ "Slotting a new Battery refills the Voidlight to P6." (house rule: a Battery item)."""
    journey = begun()
    assert_refused(IllegalAction, "no Battery", lambda: journey.play(SwapBattery()))
    play(journey, Take("Battery"))
    assert_refused(IllegalAction, "full (P6)", lambda: journey.play(SwapBattery()))
    for _ in range(3):
        play(journey, RollLight(), [1] * journey.state.light.dice)
    play(journey, Save("vigor"), [5, 5])
    play(journey, SwapBattery())
    assert journey.state.light.dice == 6 and journey.state.clock.dark_next is None
    assert journey.state.sheet.items == ()
    play(journey, Elapse(30), [6] * 6)
    assert journey.state.pending is None


def test_the_batterys_expected_life_in_rolls_and_minutes() -> None:
    journey = begun()
    play(journey, Elapse(5))
    life = light_life(journey.state)
    assert life.rolls == pool_rolls(6, 2) and life.minutes == 15 + 20 * (life.rolls - 1)
    scenes = Journey.start("voidlight", 1, {"timer": "scenes"})
    assert light_life(scenes.state).minutes is None


@pytest.mark.parametrize(
    ("options", "needle"),
    [({"play": "duo"}, "'duo'"), ({"timer": "never"}, "'never'"), ({"interval": 0}, "0"),
     ({"speed": 1}, "['speed']")],
)  # fmt: skip
def test_bad_options_are_refused_naming_them(options: dict[str, object], needle: str) -> None:
    assert_refused(InvalidInput, needle, lambda: Journey.start("voidlight", 1, options))


def test_elapse_refuses_a_bad_number_of_minutes() -> None:
    journey = begun()
    assert_refused(InvalidInput, "0", lambda: journey.play(Elapse(0)))
    assert_refused(InvalidInput, "'5'", lambda: journey.play(Elapse("5")))  # type: ignore[arg-type]
