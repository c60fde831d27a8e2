"""The bad-input catalogue, values out of range through the rules' actions: "a pool of 40 dice,
an attribute of 9, a slot index of 11, a negative spend". Each case is refused with its exact
class and message, and no byte of any file in the journeys folder changes (the journey's -wal
and -shm included).

Free text is in test_catalogue_free_text.py, the same values typed into the panels in
test_catalogue_panel_inputs.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from begun import book, playing, starting_with, treasured
from hardening_helpers import Case, assert_refused_untouched, journeys, registry

from rules.embers import Act
from rules.errors import IllegalAction, InvalidInput
from rules.firelights import Begin, BuyInformation
from rules.voidlight import (
    Create,
    Credits,
    Damage,
    Elapse,
    GainCondition,
    React,
    SetTimer,
    StartEncounter,
    Take,
    check_odds,
)
from rules.voidlight.checks import pushed_odds

__all__ = ["journeys"]  # the folder fixture, autouse


CASES: list[Case] = []
case = registry(CASES)


@case(
    "voidlight-encounter-pool-of-40-dice",
    InvalidInput,
    "an Encounter Pool has 1 to 6 dice (P2, P4, P6), not 40",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: StartEncounter("Hull noises", 40))


@case(
    "voidlight-encounter-pool-of-0-dice",
    InvalidInput,
    "an Encounter Pool has 1 to 6 dice (P2, P4, P6), not 0",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: StartEncounter("Hull noises", 0))


@case(
    "voidlight-reaction-of-40-dice",
    InvalidInput,
    "a Reaction Roll's dice is a whole number from 0 to 6, not 40",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: React(40))


@case(
    "voidlight-check-odds-of-40-dice",
    InvalidInput,
    "a number of dice is a whole number from 0 to 20, not 40",
)
def _(folder: Path) -> Callable[[], object]:
    return lambda: check_odds(40, "standard")


@case(
    "voidlight-push-odds-of-40-dice",
    InvalidInput,
    "a check rolls at most 20 dice, not 20 Hits and 20 Misses",
)
def _(folder: Path) -> Callable[[], object]:
    return lambda: pushed_odds(20, 20, "standard")


@case(
    "voidlight-push-odds-of-negative-hits",
    InvalidInput,
    "a number of dice is a whole number from 0 to 20, not -1",
)
def _(folder: Path) -> Callable[[], object]:
    return lambda: pushed_odds(-1, 2, "standard")


@case(
    "voidlight-attribute-of-9",
    InvalidInput,
    "Vigor at creation is a whole number from 0 to 3, not 9",
)
def _(folder: Path) -> Callable[[], object]:
    return starting_with(folder, "voidlight", lambda: Create("Vex", "she/her", 9, 0, 0, 0))


@case(
    "voidlight-attribute-of-minus-1",
    InvalidInput,
    "Diplomacy at creation is a whole number from 0 to 3, not -1",
)
def _(folder: Path) -> Callable[[], object]:
    return starting_with(folder, "voidlight", lambda: Create("Vex", "she/her", 3, 2, 1, -1))


@case(
    "voidlight-condition-of-11-slots",
    InvalidInput,
    "a condition's slots is a whole number from 1 to 10, not 11",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: GainCondition("Sick", 11))


@case(
    "voidlight-an-11th-slot",
    IllegalAction,
    "no room for 'Crate 11' (normal, 1 slot): 0 of 10 slots are free; drop something first",
)
def _(folder: Path) -> Callable[[], object]:
    opened = book(folder, "voidlight")
    for n in range(10):
        opened.play(Take(f"Crate {n + 1}"))
    return lambda: opened.play(Take("Crate 11"))


@case(
    "voidlight-spend-more-credits-than-held",
    IllegalAction,
    "you hold 30 Credits: you cannot spend 31",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Credits(-31))


@case("voidlight-negative-damage", InvalidInput, "Damage is a whole number from 1 to 999, not -3")
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Damage(-3))


@case(
    "voidlight-negative-minutes",
    InvalidInput,
    "a number of minutes is a whole number from 1 to 1440, not -5",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: Elapse(-5))


@case(
    "voidlight-timer-of-0-minutes",
    InvalidInput,
    "the Voidlight timer's interval in minutes is a whole number from 1 to 240, not 0",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "voidlight", lambda: SetTimer("interval", 0))


@case(
    "firelights-approach-of-9",
    InvalidInput,
    "Choose +2, +1 and 0 for the three approaches, one each: you chose forceful=9, patient=1, quick=0",
)
def _(folder: Path) -> Callable[[], object]:
    return starting_with(
        folder, "firelights", lambda: Begin("Wick", "she/her", forceful=9, patient=1, quick=0)
    )


@case(
    "firelights-negative-spend",
    InvalidInput,
    "spend a whole number of treasures on Buy Information, 1 or more: -1 is not",
)
def _(folder: Path) -> Callable[[], object]:
    opened = treasured(folder)
    return lambda: opened.play(BuyInformation(-1))


@case(
    "embers-a-hero-not-in-the-set",
    IllegalAction,
    "Act(hero='Wizard', action='Guard', target='N') is not allowed now: there is no hero called 'Wizard' (Defender, Firetender, Herbalist, Leader, Scout); allowed now: End actions, Use an action",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "embers", lambda: Act("Wizard", "Guard", "N"))


@case(
    "embers-an-action-the-hero-lacks",
    IllegalAction,
    "Act(hero='Leader', action='Fireball', target='N') is not allowed now: Leader has no action called 'Fireball' (Rally, Hold the Line, Promote, Maneuver); allowed now: End actions, Use an action",
)
def _(folder: Path) -> Callable[[], object]:
    return playing(folder, "embers", lambda: Act("Leader", "Fireball", "N"))  # Leader is at N


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_a_bad_value_is_refused_with_a_clear_error_and_nothing_changes(
    journeys: Path, bad: Case
) -> None:
    call = bad.prepare(journeys)
    assert_refused_untouched(journeys, bad.error, bad.message, call)
