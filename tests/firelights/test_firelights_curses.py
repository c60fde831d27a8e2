"""Fighting Curses: their Strength, the doubled suits, the stacks, perishing and fleeing.

Rules: seed 000, "Fighting Curses" and "Fight A Curse" ("Upon Light, stack the two cards on the
curse. Upon Shade, stack either one of the cards on the curse. Upon Darkness, EVADE DANGER.");
RULES-NOTES: "A curse perishes when its stack count reaches or exceeds its Strength; doubled suits
count 2."

Scripting: ``play(journey, action, [two card codes], [two dice])``; with forceful +2, dice [6, 6]
(score 14) beat any two cards (Light), and dice [1, 1] (score 4) beat no card of 4 or more.
"""

from __future__ import annotations

from typing import Any

import pytest
from firelights_helpers import assert_refused, begun, play, where

from rules.errors import IllegalAction, InvalidInput
from rules.firelights import (
    CURSES,
    Choose,
    Confront,
    CurseTrack,
    Evade,
    Fight,
    Flee,
    Search,
    available,
)
from rules.record.journey import Journey
from rules.table.cards import Card

LOW = ["2H", "3D"]  # beaten by any forceful score of 4 or more
HIGH = ["KH", "KS"]  # beaten by nothing short of 14


def lines(journey: Journey[Any, Any]) -> str:
    return "\n".join(journey.last.lines)


def test_the_curses_and_their_strength() -> None:
    """ "Calamity (5 Strength)", "Screecher (8 Strength)", "Hollow (8 Strength)", "Talon (13
    Strength)"."""
    assert [(c.name, c.strength) for c in CURSES] == [
        ("Calamity", 5),
        ("Screecher", 8),
        ("Hollow", 8),
        ("Talon", 13),
    ]


@pytest.mark.parametrize(
    ("curse", "doubled", "single"),
    [
        ("Calamity", ["2H", "3D"], ["2C", "3S"]),  # "Red cards ♦♥ count as two stack cards."
        ("Screecher", ["2C", "3S"], ["2H", "3D"]),  # "Black cards ♠ ♣ count as two stack cards."
        ("Hollow", ["2S", "3S"], ["2C", "3H"]),  # "Spades ♠ count as two stack cards."
        ("Talon", ["2H", "3H"], ["2S", "3D"]),  # "Hearts ♥ count as two stack cards."
    ],
)
def test_doubled_suits_count_as_two_stack_cards(
    curse: str, doubled: list[str], single: list[str]
) -> None:
    """Calamity: "Red cards ♦♥ count as two stack cards." Screecher: "Black cards ♠ ♣ count as two
    stack cards." Hollow: "Spades ♠ count as two stack cards." Talon: "Hearts ♥ count as two stack
    cards." Two doubled cards count 4; two others count 2."""
    journey = begun()
    play(journey, Fight("forceful", curse), doubled, [6, 6])
    assert journey.state.curse(curse).count == 4
    play(journey, Fight("forceful", curse), single, [6, 6])
    assert journey.state.curse(curse).count == 6
    assert len(journey.state.curse(curse).stack) == 4


def test_fight_light_stacks_the_two_cards_on_the_curse() -> None:
    """ "Upon Light, stack the two cards on the curse." """
    journey = begun()
    play(journey, Fight("forceful", "Talon"), ["2S", "3D"], [6, 6])
    assert journey.state.curse("Talon").stack == tuple(map(Card.parse, ("2S", "3D")))
    assert journey.state.facing == "Talon"
    assert "stacked on Talon: 2/13" in lines(journey)


def test_fight_shade_stacks_either_one_of_the_cards() -> None:
    """ "Upon Shade, stack either one of the cards on the curse." The player chooses; the other
    card is discarded."""
    journey = begun()
    play(journey, Fight("forceful", "Hollow"), ["2S", "KD"], [3, 3])
    assert journey.state.pending is not None and journey.state.pending.kind == "stack"
    assert journey.state.pending.options == ("2S", "KD")
    play(journey, Choose("2S"))
    assert journey.state.curse("Hollow").count == 2  # a spade counts two against Hollow
    assert (where(journey.state, "2S"), where(journey.state, "KD")) == (
        "Hollow stack",
        "discard pile",
    )


def test_fight_darkness_you_must_evade_danger() -> None:
    """ "Upon Darkness, EVADE DANGER." The cards are discarded, nothing is stacked, and Evade
    Danger is the one action offered until it is made."""
    journey = begun()
    play(journey, Fight("forceful", "Talon"), HIGH, [1, 1])
    state = journey.state
    assert state.curse("Talon").stack == ()
    assert state.pending is not None and state.pending.kind == "evade"
    assert available(state) == ("evade", "consult", "slip")
    assert_refused(IllegalAction, "Evade Danger", lambda: journey.play(Confront("forceful")))
    play(journey, Evade("forceful"), LOW, [6, 6])
    assert journey.state.pending is None
    assert "you avoid the danger" in lines(journey)


def test_a_curse_perishes_when_its_count_reaches_its_strength() -> None:
    """ "When the number of cards of the stack matches the Curse’s Strength, they fade away and
    perish." Calamity (5): two red (4) then one black (5): it perishes, and you face it no more."""
    journey = begun()
    play(journey, Fight("forceful", "Calamity"), ["2H", "3D"], [6, 6])
    assert not journey.state.curse("Calamity").perished
    play(journey, Fight("forceful", "Calamity"), ["2C", "KS"], [3, 3])
    play(journey, Choose("2C"))
    assert journey.state.curse("Calamity").count == 5
    assert journey.state.curse("Calamity").perished
    assert journey.state.facing is None
    assert "Calamity fades away and perishes" in lines(journey)
    assert journey.state.living_curses == ("Screecher", "Hollow", "Talon")
    assert_refused(IllegalAction, "'Calamity'", lambda: journey.play(Fight("forceful", "Calamity")))


def test_a_curse_perishes_when_its_count_exceeds_its_strength() -> None:
    """RULES-NOTES: "A curse perishes when its stack count reaches or exceeds its Strength"
    (a doubled card can overshoot): Calamity at 4, then two red cards make 8."""
    journey = begun()
    play(journey, Fight("forceful", "Calamity"), ["2H", "3D"], [6, 6])
    play(journey, Fight("forceful", "Calamity"), ["4H", "5D"], [6, 6])
    assert journey.state.curse("Calamity").count == 8
    assert journey.state.curse("Calamity").perished


def test_repeat_until_you_have_stacked_enough_cards_to_match_its_strength() -> None:
    """ "Repeat until you’ve stacked enough cards to match its Strength." Talon (13): hearts count
    two; four Lights of two hearts make 16, and it perishes on the fourth, not before."""
    journey = begun()
    pairs = (["2H", "3H"], ["4H", "5H"], ["6H", "7H"], ["8H", "9H"])
    for number, pair in enumerate(pairs, start=1):
        assert not journey.state.curse("Talon").perished
        play(journey, Fight("forceful", "Talon"), pair, [6, 6])
        assert journey.state.curse("Talon").count == 4 * number
    assert journey.state.curse("Talon").perished


def test_every_curse_can_perish_and_then_fight_is_not_offered() -> None:
    """ "When the number of cards of the stack matches the Curse’s Strength, they fade away and
    perish." With all four gone Fight is not offered and a Search Darkness brings no Curse."""
    journey = begun("AC")
    plan = {
        "Calamity": (["2D", "3D"], ["4D", "5D"]),
        "Screecher": (["2C", "3C"], ["4C", "5C"]),
        "Hollow": (["2S", "3S"], ["4S", "5S"]),
        "Talon": (["2H", "3H"], ["4H", "5H"], ["6H", "7H"], ["8H", "9H"]),
    }
    for curse, pairs in plan.items():
        for pair in pairs:
            play(journey, Fight("forceful", curse), pair, [6, 6])
        assert journey.state.curse(curse).perished
    assert journey.state.living_curses == ()
    assert "fight" not in available(journey.state)
    assert_refused(
        IllegalAction, "every Curse has perished", lambda: journey.play(Fight("forceful", "Talon"))
    )
    play(journey, Search("forceful"), HIGH, [1, 1])
    assert journey.state.pending is None
    assert journey.state.fatigue == 1


def test_you_fight_the_curse_you_face() -> None:
    """One Curse at a time: while facing a Curse, fighting another is refused until you flee."""
    journey = begun()
    play(journey, Fight("forceful", "Talon"), LOW, [6, 6])
    assert_refused(
        IllegalAction, "you face Talon", lambda: journey.play(Fight("forceful", "Hollow"))
    )
    play(journey, Flee())
    play(journey, Fight("forceful", "Hollow"), ["4C", "6C"], [6, 6])
    assert journey.state.facing == "Hollow"


def test_fighting_an_unknown_curse_is_refused_naming_it() -> None:
    """Only the four Curses can be fought; another name is refused, naming it and the Curses."""
    journey = begun()
    caught = assert_refused(InvalidInput, "'Wyrm'", lambda: journey.play(Fight("forceful", "Wyrm")))
    assert str(caught.value) == (
        "there is no Curse called 'Wyrm': the Curses are Calamity, Screecher, Hollow and Talon"
    )


def test_flee_from_a_curse_its_stack_persists() -> None:
    """ "If you flee from a Curse, their stack persists until you encounter them again." """
    journey = begun()
    play(journey, Fight("forceful", "Screecher"), ["2C", "3H"], [6, 6])
    assert "flee" in available(journey.state)
    play(journey, Flee())
    assert journey.state.facing is None
    assert "flee" not in available(journey.state)
    assert journey.state.curse("Screecher").count == 3
    assert where(journey.state, "2C") == "Screecher stack"
    play(journey, Fight("forceful", "Screecher"), ["4C", "5S"], [6, 6])
    assert journey.state.curse("Screecher").count == 7


def test_flee_needs_a_curse_to_flee_from() -> None:
    """Flee is "from a Curse": with none onto you it is not offered, and refused."""
    journey = begun()
    assert_refused(IllegalAction, "no Curse to flee from", lambda: journey.play(Flee()))


def test_curse_track_counts_by_the_curse_rules() -> None:
    """The count of a stack is its cards, doubled suits counting two, for each Curse."""
    cards = tuple(map(Card.parse, ("AH", "AD", "AS", "AC")))
    counts = {c.name: CurseTrack(c.name, cards).count for c in CURSES}
    assert counts == {"Calamity": 6, "Screecher": 6, "Hollow": 5, "Talon": 5}
