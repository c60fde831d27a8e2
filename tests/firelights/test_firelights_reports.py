"""What a report carries as data: each Action's outcome, and the chance outcomes each action takes.

Rules: seed 000, "The Actions" (what Light, Shade and Darkness mean for each); the "At the table"
input enters the cards and dice an action takes, in the order rules.firelights.apply documents.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from firelights_helpers import begun, play

from rules.firelights import (
    OUTCOMES,
    Ask,
    BuyInformation,
    Choose,
    Confront,
    Consult,
    CurseTrack,
    Discover,
    Evade,
    Fight,
    Flee,
    Rest,
    Search,
    Slip,
    Travel,
    ending,
)
from rules.firelights.summary import summary
from rules.record.journey import Journey
from rules.table.cards import Card

LIGHT, SHADE, DARKNESS = [6, 6], [3, 3], [1, 1]  # +2 against 4♥ and K♠: scores 14, 8, 4
CARDS = ["4H", "KS"]


def hidden_path_journey() -> tuple[Journey[Any, Any], tuple[int, int]]:
    journey = begun("5C")
    play(journey, Discover("forceful"), ["QS", "KD"], DARKNESS)
    play(journey, Choose("QS"))
    return journey, journey.state.world.regions[-1].at


def beacon_journey() -> Journey[Any, Any]:
    journey = begun("5C")
    play(journey, Discover("forceful"), ["QD", "2D"], LIGHT)
    play(journey, Travel(journey.state.world.regions[1].at))
    return journey


def treasure_journey() -> Journey[Any, Any]:
    journey = begun("5C")
    play(journey, Search("forceful"), ["2C", "3C"], LIGHT)
    return journey


SETUPS = {
    "confront": (begun, lambda j: Confront("forceful")),
    "ignite": (beacon_journey, lambda j: Confront("forceful", "ignite")),
    "reveal": (
        lambda: hidden_path_journey()[0],
        lambda j: Confront("forceful", "reveal", j.state.world.regions[-1].at),
    ),
    "search": (begun, lambda j: Search("forceful")),
    "buy": (treasure_journey, lambda j: BuyInformation(2)),
    "discover": (begun, lambda j: Discover("forceful")),
    "fight": (begun, lambda j: Fight("forceful", "Talon")),
    "evade": (begun, lambda j: Evade("forceful")),
    "ask": (begun, lambda j: Ask("likely")),
}


@pytest.mark.parametrize("key", list(OUTCOMES))
@pytest.mark.parametrize(("dice", "index"), [(LIGHT, 0), (SHADE, 1), (DARKNESS, 2)])
def test_each_action_reports_what_its_result_came_to(key: str, dice: list[int], index: int) -> None:
    """The Actions' Light, Shade and Darkness, as Report.outcome: Confront Risk "Upon Light, it's
    a full success. Upon Shade, it's a partial success. Upon Darkness, it's a setback", Buy
    Information "precise / partial / ambiguous information", the Oracle "yes, and / yes, but /
    no, and", and so on (OUTCOMES, documented on rules.firelights.apply)."""
    make, action = SETUPS[key]
    journey = make()
    report = play(journey, action(journey), CARDS, dice)
    assert report.outcome == OUTCOMES[key][index]


def test_the_outcomes_in_words() -> None:
    """The values a panel relies on, exactly."""
    assert dict(OUTCOMES) == {
        "confront": ("full success", "partial success", "setback"),
        "ignite": ("lit", "lit with a complication", "stays dark"),
        "reveal": ("revealed", "revealed at a cost", "setback"),
        "search": ("2 treasures", "1 treasure", "a curse is onto you"),
        "buy": ("precise", "partial", "ambiguous"),
        "discover": ("both cards join the map", "choose one", "a hidden path"),
        "fight": ("both stacked", "choose one to stack", "evade now"),
        "evade": ("avoided", "1 fatigue", "2 fatigue"),
        "ask": ("yes, and", "yes, but", "no, and"),
    }


def test_the_moves_around_the_actions_report_no_outcome() -> None:
    """Begin, Choose, Travel, Rest, Flee, the tables and a slip make no Action: outcome None."""
    journey = begun("5C")
    assert journey.last.outcome is None
    play(journey, Discover("forceful"), ["9C", "2S"], SHADE)
    for action, outcomes in (
        (Choose("9C"), ()),
        (Travel((0, 1)), ()),
        (Fight("forceful", "Hollow"), (["2C", "3C"], LIGHT)),
        (Flee(), ()),
        (Rest(), ()),
        (Consult("region"), (34,)),
        (Slip("moss"), ()),
    ):
        report = play(journey, action, *outcomes)
        assert (report.outcome is None) is (action.kind != "fight")


# --- the chance outcomes each action takes, in order ----------------------------------------------


def test_begin_takes_one_card() -> None:
    """apply: "Begin: one card code, a draw of one card"."""
    journey = begun("5C")
    assert [entry.chance for entry in journey.entries] == [(["5C"],)]


def test_each_action_takes_two_cards_then_two_dice() -> None:
    """apply: "each of the seven Actions: two card codes [...] then two d6 faces"; a Discover on
    Shade takes nothing more when its card is chosen."""
    for key, (make, action) in SETUPS.items():
        journey = make()
        play(journey, action(journey), CARDS, SHADE)
        assert journey.entries[-1].chance == (CARDS, SHADE), key
        if journey.state.pending is not None and journey.state.pending.kind != "evade":
            play(journey, Choose(journey.state.pending.options[0]))
            assert journey.entries[-1].chance == ()


def test_choosing_a_random_curse_takes_one_pick_and_naming_one_takes_nothing() -> None:
    """apply: "Choose: one pick, a Curse's name, only when answering [...] with 'random'"."""
    journey = begun()
    play(journey, Search("forceful"), CARDS, DARKNESS)
    play(journey, Choose("random"), "Hollow")
    assert journey.entries[-1].chance == ("Hollow",)
    play(journey, Flee())
    play(journey, Search("forceful"), ["5H", "QS"], DARKNESS)
    play(journey, Choose("Talon"))
    assert journey.entries[-1].chance == ()


def test_the_tables_take_one_d66_and_the_other_moves_nothing() -> None:
    """apply: "Roll on the tables: one d66 roll"; "Travel, Rest, Flee, Write on a slip: nothing"."""
    journey = begun("5C")
    play(journey, Consult("event"), 61)
    assert journey.entries[-1].chance == (61,)
    play(journey, Discover("forceful"), ["9C", "4C"], LIGHT)
    play(journey, Fight("forceful", "Talon"), ["2C", "3C"], LIGHT)
    for action in (Travel((0, 1)), Slip("reeds"), Flee(), Rest("Slept.")):
        play(journey, action)
        assert journey.entries[-1].chance == ()


# --- the ending ------------------------------------------------------------------------------------


def test_the_ending_is_none_while_the_journey_goes_on() -> None:
    assert ending(begun().state) is None


def test_the_ending_of_a_complete_journey() -> None:
    """ "only you have the ability to re-ignite the six beacons": the ending says the journey is
    complete, and how many Curses perished."""
    done = replace(begun().state, status="complete")
    assert ending(done) == "All six beacons burn: your journey is complete."
    calamity = CurseTrack("Calamity", tuple(map(Card.parse, ("2H", "3D", "4H"))))
    assert ending(done.with_curse(calamity)) == (
        "All six beacons burn: your journey is complete, with 1 Curse defeated."
    )


def test_the_ending_of_an_extinguished_light_says_what_was_achieved() -> None:
    """ "or risk extinguishing your light": the ending counts the beacons lit and the Curses
    defeated."""
    journey = begun("5C")
    for curse, pair in (("Calamity", ["2H", "3D"]), ("Calamity", ["4H", "5D"])):
        play(journey, Fight("forceful", curse), pair, LIGHT)
    play(journey, Discover("forceful"), ["QD", "2S"], LIGHT)
    play(journey, Travel(journey.state.world.regions[1].at))
    play(journey, Confront("forceful", "ignite"), ["3S", "4S"], LIGHT)
    for pair in (["KH", "KS"], ["KD", "KC"], ["QH", "QS"], ["QC", "JD"], ["JC", "10H"]):
        play(journey, Confront("forceful"), pair, DARKNESS)
    assert journey.state.fatigue == 5 and journey.state.status == "playing"
    play(journey, Confront("forceful"), ["JH", "JS"], DARKNESS)
    assert ending(journey.state) == (
        "Your light is extinguished, with 1 of 6 beacons lit and 1 Curse defeated."
    )
    assert f"**{ending(journey.state)}**" in summary(journey.state)
