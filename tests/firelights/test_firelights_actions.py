"""The seven Actions of Firelights and their consequences, each scripted with exact cards and dice.

Rules: seed 000, "The Actions" (Confront Risk, Search For Treasures, Buy Information, Discover a
Region, Evade Danger, Get an Answer From The Oracle; Fight A Curse is in test_firelights_curses.py);
RULES-NOTES house rules for igniting beacons and "a Curse is onto you".

Scripting: ``play(journey, action, [two card codes], [two dice])``; with forceful +2, dice [6, 6]
(score 14) beat any two cards (Light), and dice [1, 1] (score 4) beat no card of 4 or more.
"""

from __future__ import annotations

from typing import Any

import pytest
from firelights_helpers import assert_refused, begun, frozen, play, where

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    Ask,
    BuyInformation,
    Choose,
    Confront,
    Discover,
    Evade,
    Fight,
    Result,
    Search,
    Travel,
    apply,
    available,
)
from rules.record.journey import Journey
from rules.table.cards import Card
from rules.table.chance import Distribution, Pick

LIGHT, SHADE, DARKNESS = Result.LIGHT, Result.SHADE, Result.DARKNESS
LOW = ["2H", "3D"]  # beaten by any forceful score of 4 or more
HIGH = ["KH", "KS"]  # beaten by nothing short of 14


def at_beacon() -> Journey[Any, Any]:
    """Begin at 5♣; Discover (Light) Q♠ above and 2♦ below; travel to the Q♠ beacon."""
    journey = begun("5C")
    play(journey, Discover("forceful"), ["QS", "2D"], [6, 6])
    cell = next(r.at for r in journey.state.world.regions if r.card == Card.parse("QS"))
    play(journey, Travel(cell))
    assert journey.state.world.current.beacon and not journey.state.world.current.lit
    return journey


def with_hidden_path(card: str = "QS") -> tuple[Journey[Any, Any], tuple[int, int]]:
    """Begin at 5♣; Discover with Darkness and hide ``card``: a hidden path and 1 Fatigue."""
    journey = begun("5C")
    play(journey, Discover("forceful"), [card, "KD"], [1, 1])
    play(journey, Choose(card))
    hidden = next(r for r in journey.state.world.regions if not r.face_up)
    assert hidden.card == Card.parse(card)
    return journey, hidden.at


def with_treasures(count: int) -> Journey[Any, Any]:
    """Begin at 5♣ and Search with Light/Shade until holding ``count`` treasures."""
    journey = begun("5C")
    spare = iter(["2C", "3C", "4C", "6C", "7C", "8C"])
    while journey.state.treasures < count:
        dice = [6, 6] if count - journey.state.treasures >= 2 else [3, 3]
        play(
            journey,
            Search("forceful"),
            [next(spare), "10C" if dice == [3, 3] else next(spare)],
            dice,
        )
    assert journey.state.treasures == count
    return journey


def lines(journey: Journey[Any, Any]) -> str:
    return "\n".join(journey.last.lines)


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


# --- Search For Treasures --------------------------------------------------------------------------


def test_search_light_finds_2_treasures() -> None:
    """ "Upon Light, you find 2 treasures." """
    journey = begun()
    play(journey, Search("forceful"), LOW, [6, 6])
    assert journey.state.treasures == 2
    play(journey, Search("forceful"), ["4H", "4D"], [6, 6])
    assert journey.state.treasures == 4


def test_search_shade_finds_1_treasure() -> None:
    """ "Upon Shade, you find 1 treasure." """
    journey = begun()
    play(journey, Search("forceful"), ["2H", "KS"], [3, 3])
    assert journey.state.treasures == 1
    assert journey.state.fatigue == 0


def test_search_darkness_a_curse_is_onto_you_and_marks_1_fatigue() -> None:
    """ "Upon Darkness, a Curse is onto you, mark 1 Fatigue." The player is asked which Curse (or
    random), and nothing else may be done until they answer."""
    journey = begun()
    play(journey, Search("forceful"), HIGH, [1, 1])
    state = journey.state
    assert (state.treasures, state.fatigue) == (0, 1)
    assert "a Curse is onto you" in lines(journey)
    assert state.pending is not None and state.pending.kind == "curse"
    assert state.pending.options == ("Calamity", "Screecher", "Hollow", "Talon", "random")
    assert available(state) == ("choose", "consult", "slip")
    play(journey, Choose("Hollow"))
    assert journey.state.facing == "Hollow"
    assert journey.state.pending is None


def test_search_darkness_while_facing_a_curse_it_is_that_curse_onto_you() -> None:
    """ "Upon Darkness, a Curse is onto you": while you already face one, it is that one (our
    reading): no choice is offered, and the Curse you face stays the same."""
    journey = begun()
    play(journey, Fight("forceful", "Talon"), ["2H", "3D"], [6, 6])
    play(journey, Search("forceful"), HIGH, [1, 1])
    state = journey.state
    assert state.facing == "Talon" and state.pending is None
    assert state.fatigue == 1
    assert "a Curse is onto you: Talon, the Curse you face" in lines(journey)


def test_search_darkness_the_curse_may_be_picked_at_random() -> None:
    """RULES-NOTES: "the player picks which curse, or lets the software pick one at random"; the
    random pick is a chance step (a Pick) whose outcome can be supplied."""
    journey = begun()
    play(journey, Search("forceful"), HIGH, [1, 1])
    play(journey, Choose("random"), "Talon")
    assert journey.state.facing == "Talon"
    assert journey.entries[-1].chance == ("Talon",)


def test_search_darkness_the_random_curse_is_among_the_living_ones() -> None:
    """RULES-NOTES: "or lets the software pick one at random among the curses not yet defeated."
    After Calamity perishes, the random pick is uniform over the other three, and Calamity is
    neither offered nor accepted."""
    journey = begun()
    play(journey, Fight("forceful", "Calamity"), ["2H", "3D"], [6, 6])  # 4 of 5
    play(journey, Fight("forceful", "Calamity"), ["4H", "5D"], [6, 6])  # 8: perishes
    play(journey, Search("forceful"), HIGH, [1, 1])
    state = journey.state
    assert state.pending is not None
    assert state.pending.options == ("Screecher", "Hollow", "Talon", "random")
    seen: list[Any] = []

    class Spy:
        def resolve(self, step: Any) -> Any:
            seen.append(step)
            return step.options[0]

    apply(state, Choose("random"), Spy())
    assert seen == [Pick(("Screecher", "Hollow", "Talon"))]
    assert seen[0].distribution() == Distribution.uniform(["Screecher", "Hollow", "Talon"])
    before = frozen(journey)
    assert_refused(InvalidInput, "'Calamity'", lambda: journey.play(Choose("random"), ["Calamity"]))
    assert_refused(InvalidInput, "'Calamity'", lambda: journey.play(Choose("Calamity")))
    assert frozen(journey) == before


# --- Buy Information -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "words"),
    [
        ([6, 6], "precise information"),
        ([4, 4], "partial information"),
        ([1, 1], "ambiguous information"),
    ],
)
def test_buy_information_spends_the_treasures_and_answers(dice: list[int], words: str) -> None:
    """ "decide on a number of Treasures to expend" and "Upon Light, you get precise information.
    Upon Shade, you get partial information. Upon Darkness, you get ambiguous information." """
    journey = with_treasures(3)
    play(journey, BuyInformation(2), ["9H", "KS"], dice)
    assert journey.state.treasures == 1
    assert words in lines(journey)


@pytest.mark.parametrize("spend", [0, -1, True, "2"])
def test_buy_information_spends_a_whole_number_of_treasures(spend: object) -> None:
    """ "decide on a number of Treasures to expend": 0, a negative or not a number is malformed,
    refused naming the number given, and nothing changes."""
    journey = with_treasures(3)
    before = frozen(journey)
    caught = assert_refused(InvalidInput, repr(spend), lambda: journey.play(BuyInformation(spend)))  # type: ignore[arg-type]
    assert "1 or more" in str(caught.value)
    assert frozen(journey) == before


def test_buy_information_spends_no_more_than_the_treasures_held() -> None:
    """You cannot expend treasures you do not hold: 4 of 3 is refused naming 4 and the range
    (refused, never cut down to what you hold)."""
    journey = with_treasures(3)
    before = frozen(journey)
    caught = assert_refused(IllegalAction, "4", lambda: journey.play(BuyInformation(4)))
    assert str(caught.value) == "you hold 3 treasures: spend 1 to 3, not 4"
    assert_refused(
        IllegalAction,
        "you hold 3 treasures: spend 1 to 3, not 999",
        lambda: journey.play(BuyInformation(999)),
    )
    assert frozen(journey) == before


def test_buy_information_needs_treasures() -> None:
    """ "When you trade treasures for knowledge": with no treasure it is not offered, and refused."""
    journey = begun()
    assert "buy" not in available(journey.state)
    assert_refused(IllegalAction, "no treasures", lambda: journey.play(BuyInformation(1)))


@pytest.mark.parametrize(("dice", "revealed"), [([6, 6], True), ([4, 4], True), ([1, 1], False)])
def test_buy_information_can_reveal_a_hidden_path(dice: list[int], revealed: bool) -> None:
    """ "To reveal a hidden path, you may BUY INFORMATION": precise (Light) or partial (Shade)
    information reveals it; ambiguous information (Darkness) does not."""
    journey, cell = with_hidden_path("7S")
    play(journey, Search("forceful"), ["2C", "3C"], [6, 6])
    play(journey, BuyInformation(2, cell), ["9H", "KS"], dice)
    assert journey.state.world[cell].face_up is revealed
    assert journey.state.treasures == 0
    assert journey.state.fatigue == 1  # only the hidden path's Fatigue: buying marks none


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
