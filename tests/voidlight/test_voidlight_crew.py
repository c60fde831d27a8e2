"""Voidlight as its text plays it, a crew sharing one Voidlight. A test per rule
sentence, named after it, and the crew's house rules (rules.voidlight.HOUSE_RULES): "The crew
shares a Voidlight", "each character makes a Critical Save", "On a failure, they're lost to the
dark", "The GM rolls the Voidlight Pool every 10 real-time minutes [...] using a timer hidden
from the players", "When playing solo, set the Voidlight timer to 20 minutes".
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
from voidlight_helpers import assert_refused, begun, play, round_trip

from rules.errors import IllegalAction, InvalidInput
from rules.record.codec import decode, encode
from rules.record.journey import Journey
from rules.table.dice import Position
from rules.voidlight import (
    GAME,
    HOUSE_RULES,
    Beam,
    Check,
    Choose,
    Cost,
    Damage,
    Elapse,
    Join,
    Leave,
    LongRest,
    Pending,
    Push,
    Save,
    SkipCost,
    State,
    SwapBattery,
    Take,
    available,
    check_position,
    odds,
    open_moves,
    owed,
)


def crew_of_three(options: dict[str, Any] | None = None) -> Journey[Any, Any]:
    """Vex (Vigor 2, created), Kai (Operate 2) and Rook (Vigor 2, Insight 2... by points)."""
    journey = begun(options=options if options is not None else {"timer": "scenes"})
    play(journey, Join("Kai", "he/him", 1, 2, 1, 1), [4])
    play(journey, Join("Rook", "", 2, 0, 2, 1), [2])
    return journey


def the_light_dies(journey: Journey[Any, Any]) -> None:
    """Vex fails a Vigor check and takes cost 36: the battery drains completely."""
    play(journey, Check("vigor", who="Vex"), [1, 2])
    play(journey, Cost(36, who="Vex"))


# --- the crew shares a Voidlight ----------------------------------------------------------------


def test_the_crew_shares_a_voidlight() -> None:
    """One light, one clock, one set of pools: what drains it drains it for all, and each
    character's Check is lit by the same beam (house rule 'crew beam')."""
    journey = crew_of_three({})
    state = journey.state
    assert state.names == ("Vex", "Kai", "Rook") and state.light.dice == 6
    play(journey, Beam("high"))
    for who in ("Vex", "Kai", "Rook"):
        assert check_position(journey.state, "vigor", "standard", who) is Position.GOOD
    play(journey, Check("operate", who="Kai"), [4, 1])
    play(journey, Cost(32, who="Kai"))  # the Voidlight Battery Pool drains by 2
    assert journey.state.light.dice == 4
    # one clock: 20 minutes roll the one Voidlight once, for the whole crew
    play(journey, Elapse(20), [6, 6, 6, 6])
    assert journey.state.light.dice == 4 and journey.state.clock.minute == 20
    assert "crew shares one light" in HOUSE_RULES["crew beam"]


def test_checks_push_costs_and_slots_are_each_characters_own() -> None:
    journey = crew_of_three()
    play(journey, Check("vigor", who="Vex"), [1, 2])
    assert [due.text for due in owed(journey.state)] == ["the cost of Vex's Vigor check"]
    # Kai may check while Vex's cost is owed; Vex may not
    assert "check" in available(journey.state, "Kai")
    assert "check" not in available(journey.state, "Vex")
    assert_refused(IllegalAction, "the cost of Vex's Vigor check is still due",
                   lambda: journey.play(Check("vigor", who="Vex")))  # fmt: skip
    play(journey, Check("operate", who="Kai"), [5, 6])
    assert journey.state.member("Kai").last_check.outcome == "success"
    assert journey.state.member("Vex").last_check.outcome == "failure"
    play(journey, Push(who="Vex"), [5, 5])  # Vex's own check, not Kai's, is pushed
    vex = journey.state.member("Vex")
    assert vex.last_check.outcome == "success" and [c.name for c in vex.conditions] == ["Fatigued"]
    assert journey.state.member("Kai").conditions == ()
    play(journey, Take("Cutter", "large", who="Rook"))
    assert (
        journey.state.member("Rook").used_slots == 2 and journey.state.member("Kai").used_slots == 0
    )


def test_every_action_about_a_character_names_them() -> None:
    journey = crew_of_three()
    assert_refused(IllegalAction, "say who: the crew is 'Vex', 'Kai', 'Rook'",
                   lambda: journey.play(Check("vigor")))  # fmt: skip
    assert_refused(IllegalAction, "'Zed' is not in the crew: the crew is 'Vex', 'Kai', 'Rook'",
                   lambda: journey.play(Take("Rope", who="Zed")))  # fmt: skip
    play(journey, Take("Rope", who="kai"))  # any case
    assert journey.state.member("Kai").item_names == ("Rope",)
    # solo, a blank who is the one character; and it is left out of the record
    solo = begun()
    play(solo, Check("vigor"), [5, 5])
    assert "who" not in solo.entries[-1].action
    assert Check("vigor", who="Kai").to_json()["who"] == "Kai"


def test_a_save_or_a_choice_with_nothing_asked_says_so_before_asking_who() -> None:
    """A Critical Save is made when one is due, a choice answered when one is asked: with
    neither, the refusal says that much rather than asking which character is meant."""
    journey = crew_of_three()
    assert_refused(IllegalAction, "no Critical Save is due",
                   lambda: journey.play(Save("vigor")))  # fmt: skip
    assert_refused(IllegalAction, "no Critical Save is due",
                   lambda: journey.play(Save("vigor", who="Kai")))  # fmt: skip
    assert_refused(IllegalAction, "there is no choice to make now",
                   lambda: journey.play(Choose("Rope", who="Rook")))  # fmt: skip


def test_a_battery_is_an_item_some_character_carries() -> None:
    """'slotting it takes it from their slots': Kai's Battery, slotted by Kai."""
    journey = crew_of_three()
    play(journey, Take("Battery", who="Kai"))
    play(journey, Check("vigor", who="Vex"), [1, 2])
    play(journey, Cost(32, who="Vex"))
    assert open_moves(journey.state).count(("swap_battery", "Kai")) == 1
    assert ("swap_battery", "Vex") not in open_moves(journey.state)
    assert_refused(IllegalAction, "you carry no Battery",
                   lambda: journey.play(SwapBattery(who="Vex")))  # fmt: skip
    play(journey, SwapBattery(who="Kai"))
    assert journey.state.light.dice == 6 and journey.state.member("Kai").items == ()


# --- the dark ----------------------------------------------------------------------------------


def test_each_character_makes_a_critical_save() -> None:
    """'When the Voidlight dies and every 5 minutes after, each character makes a Critical
    Save', each their own Attribute and Position, one after another in the order they joined."""
    journey = crew_of_three()
    the_light_dies(journey)
    state = journey.state
    assert state.pending is not None and state.pending.who == "Vex"
    assert [p.who for p in state.queue] == ["Kai", "Rook"]
    assert [due.text for due in owed(state)][:3] == [
        "Vex's Critical Save", "Kai's Critical Save", "Rook's Critical Save"]  # fmt: skip
    assert_refused(IllegalAction, "it is asked of 'Vex', not 'Kai'",
                   lambda: journey.play(Save("operate", who="Kai")))  # fmt: skip
    play(journey, Save("vigor", "good", who="Vex"), [4, 1])
    assert journey.state.pending.who == "Kai" and [p.who for p in journey.state.queue] == ["Rook"]
    assert odds(journey.state, Save("operate", who="Kai")) is not None
    play(journey, Save("operate", "bad", who="Kai"), [6, 1])
    play(journey, Save("insight", who="Rook"), [5, 5])
    assert journey.state.pending is None and journey.state.status == "standing"
    assert [c.status for c in journey.state.crew] == ["standing", "standing", "standing"]
    assert journey.state.member("Kai").operate == 1  # Kai lost 1 for the Miss
    # every 5 minutes after: all three again
    play(journey, Elapse(5))
    assert journey.state.pending.who == "Vex" and len(journey.state.queue) == 2
    assert "dark saves" in HOUSE_RULES


def test_on_a_failure_they_are_lost_to_the_dark_and_stay_on_the_roster() -> None:
    journey = crew_of_three()
    the_light_dies(journey)
    play(journey, Save("vigor", who="Vex"), [5, 1])
    report = play(journey, Save("operate", who="Kai"), [1, 2])
    assert "Kai: you are lost to the dark" in report.lines and report.who == "Kai"
    play(journey, Save("vigor", who="Rook"), [6, 3])
    state = journey.state
    assert state.names == ("Vex", "Kai", "Rook") and state.member("Kai").status == "lost"
    assert not state.over and "check" not in available(state, "Kai")
    assert_refused(IllegalAction, "Kai is lost to the dark",
                   lambda: journey.play(Take("Rope", who="Kai")))  # fmt: skip
    play(journey, Elapse(5))  # the lost make no more saves
    assert [journey.state.pending.who, *(p.who for p in journey.state.queue)] == ["Vex", "Rook"]


def test_the_expedition_ends_when_no_one_is_left_standing_or_dying() -> None:
    journey = crew_of_three()
    the_light_dies(journey)
    play(journey, Save("vigor", who="Vex"), [1, 2])
    play(journey, Save("operate", who="Kai"), [1, 2])
    assert not journey.state.over
    play(journey, Save("vigor", who="Rook"), [1, 2])
    state = journey.state
    assert state.over and state.status == "lost"
    assert [c.status for c in state.crew] == ["lost", "lost", "lost"]
    assert_refused(IllegalAction, "the whole crew is lost to the dark",
                   lambda: journey.play(Elapse(5)))  # fmt: skip


def test_a_dying_character_makes_the_darks_save_too() -> None:
    """'each standing or dying character makes a Critical Save'."""
    journey = crew_of_three()
    play(journey, Damage(10, who="Rook"))
    play(journey, Save("vigor", who="Rook"), [1, 2])
    assert journey.state.member("Rook").status == "dying" and journey.state.status == "standing"
    assert "check" not in available(journey.state, "Rook")
    the_light_dies(journey)
    assert [journey.state.pending.who, *(p.who for p in journey.state.queue)] == [
        "Vex", "Kai", "Rook"]  # fmt: skip
    play(journey, Save("vigor", who="Vex"), [5, 5])
    play(journey, Save("operate", who="Kai"), [5, 5])
    play(journey, Save("vigor", who="Rook"), [6])  # Vigor 0 after the first save: 1 die, a 6
    assert journey.state.member("Rook").status == "dying"
    play(journey, LongRest("vigor", who="Rook"))
    assert journey.state.member("Rook").status == "standing"


# --- joining and leaving -------------------------------------------------------------------------


def test_a_character_joins_at_the_table_by_points_or_at_random() -> None:
    journey = begun()
    report = play(journey, Join("Kai", "he/him", at_random=True), [5, 5, 1, 1], [6, 2, 2, 2],
                  [1, 1, 1, 1], [5, 1, 1, 1], [2])  # fmt: skip
    kai = journey.state.member("Kai")
    assert (kai.vigor, kai.operate, kai.insight, kai.diplomacy, kai.credits) == (2, 1, 0, 1, 20)
    assert report.lines[-1] == "Kai joins the crew (2 of 6 at most)"
    assert_refused(IllegalAction, "'Kai' is in the crew already",
                   lambda: journey.play(Join("kai", "", 2, 1, 1, 1)))  # fmt: skip
    assert_refused(InvalidInput, "gives all four Attributes (or joins at random): diplomacy",
                   lambda: journey.play(Join("Ana", "", 2, 1, 1)))  # fmt: skip
    assert_refused(InvalidInput, "spread exactly 5 points",
                   lambda: journey.play(Join("Ana", "", 3, 3, 0, 0)))  # fmt: skip
    for name in ("Ana", "Bo", "Cy", "Di"):
        play(journey, Join(name, "", 2, 1, 1, 1), [1])
    assert len(journey.state.crew) == 6 and "join" not in available(journey.state)
    assert_refused(IllegalAction, "a crew is at most 6 characters",
                   lambda: journey.play(Join("Ed", "", 2, 1, 1, 1)))  # fmt: skip


def test_a_character_leaves_with_their_gear() -> None:
    journey = crew_of_three()
    play(journey, Take("Battery", who="Kai"))
    report = play(journey, Leave("Kai"))
    assert journey.state.names == ("Vex", "Rook")
    assert report.lines == ("Kai leaves the expedition, and their gear with them (Battery)",)
    play(journey, Leave("Rook"))
    assert journey.state.names == ("Vex",)
    play(journey, Check("vigor"), [5, 5])  # a crew of one again: no need to name Vex
    assert_refused(IllegalAction, "Vex is the last of the crew standing or dying",
                   lambda: journey.play(Leave("Vex")))  # fmt: skip


# --- group play and the timer ----------------------------------------------------------------------


def test_group_play_rolls_every_10_minutes_with_the_countdown_hidden() -> None:
    """'The GM rolls the Voidlight Pool every 10 real-time minutes during expeditions, using a
    timer hidden from the players'; 'When playing solo, set the Voidlight timer to 20 minutes'."""
    group = GAME.initial({"play": "group"})
    solo = GAME.initial({})
    assert (group.clock.interval, group.hidden_timer) == (10, True)
    assert (solo.clock.interval, solo.hidden_timer) == (20, False)
    assert GAME.initial({"play": "group", "hidden": False}).hidden_timer is False
    with pytest.raises(InvalidInput, match=r"'hidden' .* is true or false, not 'yes'"):
        GAME.initial({"hidden": "yes"})
    assert "hidden" in HOUSE_RULES["hidden timer"]


# --- moves and odds ------------------------------------------------------------------------------


def test_open_moves_lists_the_crews_moves_and_each_characters() -> None:
    journey = crew_of_three()
    play(journey, Check("vigor", who="Vex"), [1, 2])
    moves = open_moves(journey.state)
    assert ("cost", "Vex") in moves and ("cost", "Kai") not in moves
    assert ("check", "Kai") in moves and ("check", "Vex") not in moves
    assert ("elapse", "") in moves and ("join", "") in moves and ("fortune", "") in moves
    assert set(available(journey.state)) == {kind for kind, _ in moves}
    play(journey, SkipCost(who="Vex"))
    # odds(state, action) are the named character's
    assert odds(journey.state, Check("operate", who="Kai")) != odds(
        journey.state, Check("operate", who="Vex"))  # fmt: skip


def test_a_crew_expedition_round_trips_through_its_record_and_the_codec() -> None:
    journey = crew_of_three()
    the_light_dies(journey)
    play(journey, Save("vigor", who="Vex"), [5, 1])
    again = round_trip(journey)
    assert again.state == journey.state and again.to_json() == journey.to_json()
    assert decode(State, json.loads(json.dumps(encode(journey.state)))) == journey.state
    assert "**Kai** (he/him)" in GAME.summary(journey.state)


def test_a_loaded_state_keeps_the_crews_invariants() -> None:
    """A snapshot edited to a crew the rules never reach is refused by ``check``, naming it."""
    state = crew_of_three().state
    vex = state.crew[0]
    cases = [
        (replace(state, crew=(vex,) * 2), "each of the crew has a name of their own"),
        (replace(state, crew=tuple(replace(vex, name=f"V{n}") for n in range(7))),
         "a crew is 1 to 6 characters, not 7"),
        (replace(state, status="lost"), "an expedition whose crew is 'standing' is not 'lost'"),
        (replace(state, pending=Pending("save", ("vigor",), "save", who="Zed")),
         "a choice is asked of one of the crew, not 'Zed'"),
        (replace(state, queue=(Pending("save", ("vigor",), "save", who="Kai"),)),
         "saves wait in the queue only behind one that is asked"),
    ]  # fmt: skip
    for edited, message in cases:
        with pytest.raises(InvalidInput, match=re.escape(message)):
            GAME.check(edited)
