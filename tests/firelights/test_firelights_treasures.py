"""Search For Treasures and Buy Information, the Firelights Actions that find treasures and spend
them, each scripted with exact cards and dice.

Rules: seed 000, "The Actions" (Search For Treasures, Buy Information); RULES-NOTES house rule "a
Curse is onto you".

Scripting: ``play(journey, action, [two card codes], [two dice])``; with forceful +2, dice [6, 6]
(score 14) beat any two cards (Light), and dice [1, 1] (score 4) beat no card of 4 or more.
"""

from __future__ import annotations

from typing import Any

import pytest
from firelights_helpers import (
    HIGH,
    LOW,
    assert_refused,
    begun,
    frozen,
    lines,
    play,
    with_hidden_path,
    with_treasures,
)

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    BuyInformation,
    Choose,
    Fight,
    Search,
    apply,
    available,
)
from rules.table.chance import Distribution, Pick

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
