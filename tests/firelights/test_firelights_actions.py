"""The Actions of Firelights that risk, find and answer, each scripted with exact cards and dice.

Rules: seed 000, "The Actions" (Confront Risk, Discover a Region, Evade Danger, Get an Answer From
The Oracle; Search For Treasures and Buy Information are in test_firelights_treasures.py, Fight A
Curse in test_firelights_curses.py); RULES-NOTES house rules for igniting beacons.

Scripting: ``play(journey, action, [two card codes], [two dice])``; with forceful +2, dice [6, 6]
(score 14) beat any two cards (Light), and dice [1, 1] (score 4) beat no card of 4 or more.
"""

from __future__ import annotations

import pytest
from firelights_helpers import (
    DARKNESS,
    HIGH,
    LIGHT,
    LOW,
    SHADE,
    assert_refused,
    at_beacon,
    begun,
    frozen,
    lines,
    play,
    where,
    with_hidden_path,
)

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    Ask,
    Choose,
    Confront,
    Discover,
    Evade,
    Fight,
    Result,
    Search,
    available,
)
from rules.table.cards import Card

# --- Confront Risk ---------------------------------------------------------------------------------


def test_confront_risk_adds_the_approach() -> None:
    """ "When you act in the face of adversity, Action+Approach." """
    journey = begun(forceful=0, patient=2, quick=1)
    assert play(journey, Confront("patient"), LOW, [1, 1]).modifier == 2
    assert play(journey, Confront("quick"), ["4H", "4C"], [1, 1]).modifier == 1


def test_confront_risk_light_is_a_full_success() -> None:
    """ "Upon Light, it’s a full success." """
    journey = begun()
    assert play(journey, Confront("forceful"), LOW, [6, 6]).result is LIGHT
    assert "a full success" in lines(journey)
    assert journey.state.fatigue == 0


def test_confront_risk_shade_is_a_partial_success() -> None:
    """ "Upon Shade, it’s a partial success." """
    journey = begun()
    assert play(journey, Confront("forceful"), ["2H", "KS"], [3, 3]).result is SHADE
    assert "a partial success" in lines(journey)
    assert journey.state.fatigue == 0


def test_confront_risk_darkness_is_a_setback_and_marks_1_fatigue() -> None:
    """ "Upon Darkness, it’s a setback, mark 1 Fatigue." """
    journey = begun()
    assert play(journey, Confront("forceful"), HIGH, [1, 1]).result is DARKNESS
    assert "a setback" in lines(journey)
    assert journey.state.fatigue == 1


def test_confront_risk_light_ignites_the_beacon_here() -> None:
    """House rule: "at a region holding an unlit beacon, Confront Risk to ignite it; Light lights it"."""
    journey = at_beacon()
    play(journey, Confront("forceful", "ignite"), LOW, [6, 6])
    assert journey.state.world.current.lit
    assert journey.state.beacons_lit == 1
    assert "the beacon is lit (1/6)" in lines(journey)
    assert "complication" not in lines(journey)


def test_confront_risk_shade_lights_the_beacon_with_a_complication() -> None:
    """House rule: "Shade lights it with a complication the player narrates"."""
    journey = at_beacon()
    play(journey, Confront("forceful", "ignite"), ["2H", "KS"], [3, 3])
    assert journey.state.world.current.lit
    assert "with a complication" in lines(journey)
    assert journey.state.fatigue == 0


def test_confront_risk_darkness_fails_to_ignite_and_marks_1_fatigue() -> None:
    """House rule: "Darkness fails and marks 1 Fatigue"."""
    journey = at_beacon()
    play(journey, Confront("forceful", "ignite"), HIGH, [1, 1])
    assert not journey.state.world.current.lit
    assert journey.state.fatigue == 1
    assert "the beacon stays dark" in lines(journey)


def test_igniting_needs_an_unlit_beacon_where_you_are() -> None:
    """House rule: "at a region holding an unlit beacon, Confront Risk to ignite it": refused at a
    region without a beacon, and at a beacon already lit, naming the location."""
    journey = begun("5C")
    assert_refused(
        IllegalAction,
        "5♣ holds no unlit beacon",
        lambda: journey.play(Confront("forceful", "ignite")),
    )
    journey = at_beacon()
    play(journey, Confront("forceful", "ignite"), LOW, [6, 6])
    before = frozen(journey)
    assert_refused(
        IllegalAction,
        "Q♠ holds no unlit beacon",
        lambda: journey.play(Confront("forceful", "ignite")),
    )
    assert frozen(journey) == before


def test_confront_risk_purpose_is_risk_ignite_or_reveal() -> None:
    """Confront Risk is made for a plain risk, to ignite a beacon or to reveal a hidden path."""
    journey = begun()
    assert_refused(InvalidInput, "'dance'", lambda: journey.play(Confront("forceful", "dance")))


@pytest.mark.parametrize(("dice", "result"), [([6, 6], LIGHT), ([3, 3], SHADE)])
def test_confront_risk_can_reveal_a_hidden_path(dice: list[int], result: Result) -> None:
    """ "To reveal a hidden path, you may BUY INFORMATION or CONFRONT RISK." On Light or Shade the
    hidden path turns face up; a face card revealed then holds a beacon."""
    journey, cell = with_hidden_path("QS")
    assert play(journey, Confront("forceful", "reveal", cell), ["2H", "KS"], dice).result is result
    region = journey.state.world[cell]
    assert region.face_up and region.beacon
    assert where(journey.state, "QS") == "map"


def test_confront_risk_darkness_leaves_the_path_hidden() -> None:
    """ "Upon Darkness, it’s a setback, mark 1 Fatigue." The hidden path stays face down."""
    journey, cell = with_hidden_path()
    play(journey, Confront("forceful", "reveal", cell), HIGH, [1, 1])
    assert not journey.state.world[cell].face_up
    assert journey.state.fatigue == 2  # 1 from hiding the path, 1 from the setback


def test_revealing_needs_a_hidden_path() -> None:
    """Only a hidden path can be revealed: a face-up region is refused (IllegalAction), a cell
    with no region is refused (InvalidInput), each naming the cell."""
    journey, _hidden = with_hidden_path()
    assert_refused(
        IllegalAction,
        "5♣ at (0, 0) is face up, not a hidden path: choose hidden path A (above 5♣)",
        lambda: journey.play(Confront("forceful", "reveal", (0, 0))),
    )
    assert_refused(
        InvalidInput,
        "reveal which hidden path? (9, 9) is none of them: choose hidden path A (above 5♣)",
        lambda: journey.play(Confront("forceful", "reveal", (9, 9))),
    )
    assert_refused(InvalidInput, "None", lambda: journey.play(Confront("forceful", "reveal")))


# --- Discover a Region -----------------------------------------------------------------------------


def test_discover_light_adds_the_two_cards_to_your_map() -> None:
    """ "Upon Light, add the two cards to your map." """
    journey = begun("5C")
    play(journey, Discover("forceful"), ["7H", "2S"], [6, 6])
    assert journey.state.world.cards == tuple(map(Card.parse, ("5C", "7H", "2S")))
    assert all(r.face_up for r in journey.state.world.regions)
    assert journey.state.deck.discard_pile == ()


def test_discover_shade_adds_either_one_of_the_cards_the_player_chooses() -> None:
    """ "Upon Shade, add either one of the cards to your map." The player chooses; the other card
    is discarded. Until then both cards are in play and only the choice may be made."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["7H", "QS"], [4, 5])
    state = journey.state
    assert state.pending is not None and state.pending.kind == "keep"
    assert state.pending.options == ("7H", "QS")
    assert where(state, "7H") == where(state, "QS") == "cards in play"
    assert available(state) == ("choose", "consult", "slip")
    assert_refused(IllegalAction, "choose which card", lambda: journey.play(Discover("forceful")))
    assert_refused(InvalidInput, "'KD'", lambda: journey.play(Choose("KD")))
    play(journey, Choose("QS"))
    assert (where(journey.state, "QS"), where(journey.state, "7H")) == ("map", "discard pile")
    assert journey.state.world.regions[-1].beacon


def test_discover_darkness_hides_one_card_face_down_and_marks_1_fatigue() -> None:
    """ "Upon Darkness, the path is hidden. Add either one of the cards to your map, face down, and
    mark 1 Fatigue." The other card is discarded; a hidden face card holds no beacon."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["QS", "KD"], [1, 1])
    assert journey.state.fatigue == 1
    assert journey.state.pending is not None and journey.state.pending.kind == "hide"
    play(journey, Choose("KD"))
    region = journey.state.world.regions[-1]
    assert (region.card, region.face_up, region.beacon) == (Card.parse("KD"), False, False)
    assert (where(journey.state, "KD"), where(journey.state, "QS")) == (
        "hidden path",
        "discard pile",
    )


# --- Evade Danger ----------------------------------------------------------------------------------


def test_evade_danger_light_you_avoid_the_danger() -> None:
    """ "Upon Light, you avoid the danger." """
    journey = begun()
    play(journey, Evade("forceful"), LOW, [6, 6])
    assert journey.state.fatigue == 0
    assert "you avoid the danger" in lines(journey)


def test_evade_danger_shade_marks_1_fatigue() -> None:
    """ "Upon Shade, mark 1 Fatigue." """
    journey = begun()
    play(journey, Evade("forceful"), ["2H", "KS"], [3, 3])
    assert journey.state.fatigue == 1


def test_evade_danger_darkness_marks_2_fatigue() -> None:
    """ "Upon Darkness, mark 2 Fatigue." """
    journey = begun()
    play(journey, Evade("forceful"), HIGH, [1, 1])
    assert journey.state.fatigue == 2


def test_evade_danger_adds_the_approach() -> None:
    """ "When you avoid an impending threat, Action+Approach." """
    journey = begun(forceful=1, patient=0, quick=2)
    assert play(journey, Evade("quick"), LOW, [6, 6]).modifier == 2


# --- the Oracle ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "answer"),
    [([6, 6], "yes, and..."), ([3, 3], "yes, but..."), ([1, 1], "no, and...")],
)
def test_oracle_light_yes_and_shade_yes_but_darkness_no_and(dice: list[int], answer: str) -> None:
    """ "Upon Light, the answer is “yes, and...”. Upon Shade, the answer is “yes, but...”. Upon
    Darkness, the answer is “no, and...”." The question is repeated in the report."""
    journey = begun()
    play(journey, Ask("likely", "Is the bridge safe?"), ["6H", "KS"], dice)
    assert f"“Is the bridge safe?” the Oracle answers {answer}" in lines(journey)
    assert journey.state.fatigue == 0


def test_oracle_likelihood_is_likely_even_or_unlikely() -> None:
    """ "Action+2 if likely. Action+0 if unlikely. Action+1 otherwise." Any other likelihood is
    refused naming it and the three allowed."""
    journey = begun()
    caught = assert_refused(InvalidInput, "'certain'", lambda: journey.play(Ask("certain")))
    assert "'likely' (+2), 'even' (+1) or 'unlikely' (+0)" in str(caught.value)


def test_an_unknown_approach_is_refused_before_any_card_is_drawn() -> None:
    """Every Action+Approach names one of the three approaches; another is refused and nothing
    is drawn."""
    journey = begun()
    before = frozen(journey)
    for action in (
        Confront("sly"),
        Search("sly"),
        Discover("sly"),
        Fight("sly", "Talon"),
        Evade("sly"),
    ):
        assert_refused(InvalidInput, "'sly'", lambda action=action: journey.play(action))
    assert frozen(journey) == before


def test_a_seeded_action_is_the_same_action_every_time() -> None:
    """All randomness comes from the recorded seed: the same seed draws the same cards and dice."""
    first, second = begun(seed=11), begun(seed=11)
    reports = [j.play(Discover("forceful")) for j in (first, second)]
    assert reports[0] == reports[1]
