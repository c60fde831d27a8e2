"""A scripted expedition of a crew of three with the invariants after every step for
every character, and the crew's exact odds of the dark (``crew_save_odds``) against an
independent count of every way the dice can fall.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from voidlight_helpers import begun, check_invariants, play, round_trip

from rules.errors import InvalidInput
from rules.voidlight import (
    Advance,
    Beam,
    Check,
    Cost,
    Damage,
    Drop,
    Elapse,
    GainCondition,
    Join,
    Leave,
    LongRest,
    Push,
    Save,
    ShortRest,
    SkipCost,
    StartEncounter,
    SwapBattery,
    Take,
    Treat,
    crew_save_odds,
    open_moves,
)


def test_a_crew_of_three_plays_an_expedition_with_the_invariants_at_every_step() -> None:
    """Vex, Kai and Rook gear up, check and push in the shared light, take costs, bleed on the
    clock, lose the light, save in the dark one after another, slot Rook's battery; Kai leaves."""
    journey = begun(options={"play": "group"})  # every 10 minutes
    script: list[tuple[Any, list[object]]] = [
        (Join("Kai", "he/him", 1, 2, 1, 1), [[4]]),
        (
            Join("Rook", "", at_random=True),
            [[5, 6, 1, 1], [5, 2, 2, 2], [6, 1, 1, 1], [1, 1, 1, 1], [3]],
        ),
        (Take("Battery", who="Rook"), []),
        (Take("Cutter", "large", who="Vex"), []),
        (Take("Medkit", who="Kai"), []),
        (Beam("high"), []),
        (Check("operate", who="Kai"), [[4, 1]]),  # Good under the high beam: 1 Hit
        (Push(who="Kai"), [[2]]),
        (Cost(13, who="Kai"), [[3]]),  # 1D+1 = 4 damage to Kai
        (Check("vigor", "bad", who="Vex"), [[5, 2]]),  # Bad, lifted to standard: 1 Hit
        (SkipCost(who="Vex"), []),
        (Check("vigor", who="Rook"), [[6, 1]]),
        (Cost(53, who="Rook"), []),  # Rook gains Bleeding
        (StartEncounter("Hull noises", 4), []),
        # minute 10: Bleeding 1D-1 = 2, then the light (high beam) loses 3 of 6
        (Elapse(10), [[3], [1, 1, 1, 6, 6, 6]]),
        (Treat("Bleeding", who="Rook"), []),
        (ShortRest(who="Kai"), [[2], [5, 5, 5, 5]]),
        (Check("insight", who="Vex"), [[1]]),
        (Cost(36, who="Vex"), []),  # the light dies: Vex, Kai and Rook save in turn
        (Save("vigor", "good", who="Vex"), [[4, 3]]),
        (Save("operate", who="Kai"), [[1, 5]]),
        (Save("vigor", who="Rook"), [[2, 3]]),  # 0 Hits: Rook is lost to the dark
        (Elapse(3), []),
        (Damage(3, who="Kai"), []),
        (GainCondition("Sick", who="Vex"), []),
        (Elapse(2), []),  # minute 15: five minutes in the dark, Vex and Kai save
        (Save("vigor", who="Vex"), [[6]]),
        (Save("operate", who="Kai"), [[6]]),
        (Drop("Cutter", who="Vex"), []),
        (Advance("vigor", who="Kai"), []),
        (LongRest("operate", who="Kai"), [[1, 2, 6, 6]]),
        (Leave("Kai"), []),
        (Check("vigor"), [[5]]),  # a crew of Vex and the lost Rook: Vex still needs naming
    ]
    for number, (action, outcomes) in enumerate(script, start=1):
        if number == len(script):
            with pytest.raises(Exception, match="say who"):
                journey.play(action, outcomes)
            action = Check("vigor", who="Vex")
        play(journey, action, *outcomes)
        check_invariants(journey.state)
        assert all(kind != "save" or who == journey.state.pending.who
                   for kind, who in open_moves(journey.state))  # fmt: skip
    state = journey.state
    assert state.names == ("Vex", "Rook")
    assert [c.status for c in state.crew] == ["standing", "lost"]
    assert state.light.dice == 0 and not state.over
    assert state.member("Rook").item_names == ("Battery",)  # the lost keep what they carried
    assert round_trip(journey).state == state


def test_the_scripted_crew_swaps_the_battery_someone_carries() -> None:
    journey = begun()
    play(journey, Join("Kai", "", 1, 2, 1, 1), [2])
    play(journey, Take("Battery", who="Kai"))
    play(journey, Check("vigor", who="Vex"), [1, 1])
    play(journey, Cost(36, who="Vex"))
    play(journey, Save("vigor", who="Vex"), [5, 5])
    play(journey, Save("operate", who="Kai"), [5, 5])
    play(journey, SwapBattery(who="Kai"))
    assert journey.state.light.dice == 6 and journey.state.member("Kai").items == ()
    assert journey.state.clock.dark_next is None


# --- the odds of the dark for a crew -------------------------------------------------------------

#: The faces that Hit, per Position (RULES-NOTES): Good 4+, standard 5+, Bad 6 only.
HIT_FROM = {"good": 4, "standard": 5, "bad": 6}


def counted(saves: list[tuple[int, str]]) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Every way the crew's dice can fall, counted: (some endure, all endure, how many endure).
    A save of 0 dice rolls one die that Hits only on a 6; Absolute endures, Impossible does not,
    with no roll."""
    rolled = []
    for dice, position in saves:
        if position in ("absolute", "impossible"):
            rolled.append((0, position))
        elif dice == 0:
            rolled.append((1, "bad"))
        else:
            rolled.append((dice, position))
    total = sum(count for count, _ in rolled)
    ways: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=total):
        enduring, at = 0, 0
        for count, position in rolled:
            mine = faces[at : at + count]
            at += count
            if position == "absolute" or (
                position != "impossible" and any(f >= HIT_FROM[position] for f in mine)
            ):
                enduring += 1
        ways[enduring] = ways.get(enduring, 0) + 1
    whole = 6**total
    spread = {k: Fraction(v, whole) for k, v in ways.items()}
    return 1 - spread.get(0, Fraction(0)), spread.get(len(saves), Fraction(0)), spread


@pytest.mark.parametrize(
    "saves",
    [
        [(2, "standard")],
        [(2, "standard"), (1, "good")],
        [(0, "good"), (3, "bad"), (1, "standard")],
        [(2, "good"), (2, "bad"), (1, "standard"), (0, "standard")],
        [(3, "absolute"), (2, "standard"), (4, "impossible")],
        [(1, "standard"), (1, "good"), (1, "bad"), (1, "standard"), (1, "good"), (1, "bad")],
    ],
)
def test_crew_save_odds_match_every_way_the_dice_fall(saves: list[tuple[int, str]]) -> None:
    some, every, spread = counted(saves)
    found = crew_save_odds(saves)
    assert (found.some, found.every) == (some, every)
    assert dict(found.enduring.items()) == {k: v for k, v in spread.items() if v}


def test_crew_save_odds_refuse_a_crew_of_none_or_seven() -> None:
    with pytest.raises(InvalidInput, match=r"1 to 6 characters' .* not 0"):
        crew_save_odds([])
    with pytest.raises(InvalidInput, match="not 7"):
        crew_save_odds([(1, "standard")] * 7)
    with pytest.raises(InvalidInput, match=r"\(dice, Position\), not 3"):
        crew_save_odds([3])  # type: ignore[list-item]
