"""The solo tools: Fortune Rolls, Reaction Rolls, Encounter Pools, enemies, the oracle."""

from __future__ import annotations

from fractions import Fraction

import pytest
from voidlight_helpers import assert_refused, begun, play

from rules.errors import IllegalAction, InvalidInput
from rules.record.journey import Journey
from rules.voidlight import (
    ENEMY_HP,
    EndEncounter,
    Fortune,
    HurtEnemy,
    Inspire,
    React,
    RollEncounter,
    RollEnemy,
    ShortRest,
    StartEncounter,
    odds,
)
from rules.voidlight.solo import Between


@pytest.mark.parametrize(
    ("likelihood", "dice"),
    [("almost certain", 4), ("likely", 3), ("even", 2), ("unlikely", 1), ("slim", 0)],
)
def test_fortune_rolls_dice_by_how_likely_it_feels(likelihood: str, dice: int) -> None:
    """ "If it feels likely, roll 3D (or 4D if it is almost certain). If it feels even, roll 2D.
    If it feels unlikely, roll 1D (or 0D if the chance is slim)."."""
    journey = Journey.start("voidlight", 3)  # a Fortune Roll needs no character
    play(journey, Fortune(likelihood))
    assert len(journey.entries[-1].chance[0]) == max(dice, 1)


@pytest.mark.parametrize(
    ("faces", "answer"), [([5, 6, 6], "yes"), ([5, 1, 1], "yes, but"), ([1, 2, 3], "no, and")]
)
def test_fortune_answers_yes_yes_with_a_twist_no_with_a_twist(
    faces: list[int], answer: str
) -> None:
    """ "2+ HITS: yes; extra Hits amplify. 1 HIT: yes, but there is a twist or a setback. 0 HITS:
    no, and there is a twist or a setback."."""
    journey = Journey.start("voidlight", 3)
    report = play(journey, Fortune("likely", question="Is the hatch open?"), faces)
    assert report.outcome == answer
    assert ("1 extra" in report.lines[-1]) == (answer == "yes")


def test_a_fortune_roll_may_use_an_attribute_score() -> None:
    """ "You may also use an Attribute score as a basis for the roll."."""
    journey = begun(vigor=3, operate=2, insight=0, diplomacy=0)
    play(journey, Fortune(attribute="operate"), [6, 6])
    assert odds(journey.state, Fortune(attribute="vigor"))["yes"] == Fraction(7, 27)
    assert_refused(IllegalAction, "'sure'", lambda: journey.play(Fortune("sure")))
    assert odds(journey.state, Fortune("slim", position="absolute")) == {"yes": 1}
    assert play(journey, Fortune("slim", position="absolute")).outcome == "yes"


@pytest.mark.parametrize(
    ("faces", "answer"), [([6, 5], "approachable"), ([6, 1], "hesitant"), ([1, 4], "hostile")]
)
def test_reaction_rolls_2d_if_unsure(faces: list[int], answer: str) -> None:
    """ "If unsure, roll 2D. 2+ HITS: approachable or friendly. 1 HIT: hesitant or curious. 0
    HITS: distant or hostile."."""
    journey = Journey.start("voidlight", 3)
    assert play(journey, React(), faces).outcome == answer
    assert_refused(InvalidInput, "9", lambda: journey.play(React(9)))


def test_a_reaction_roll_takes_a_position() -> None:
    """ "When the fiction makes circumstances more or less favorable for a [...] roll, set the
    roll's Position"."""
    journey = Journey.start("voidlight", 3)
    assert odds(journey.state, React(2, position="good"))["approachable"] == Fraction(1, 4)
    assert play(journey, React(2, position="good"), [4, 4]).outcome == "approachable"
    assert odds(journey.state, React(position="impossible")) == {"hostile": 1}


def test_several_named_encounter_pools() -> None:
    """ "Use P2 for something close, P4 for a growing threat, or P6 for distant danger."."""
    journey = begun()
    play(journey, StartEncounter("Drone", 2))
    play(journey, StartEncounter("Leviathan", 6))
    assert [(p.name, p.dice) for p in journey.state.encounters] == [("Drone", 2), ("Leviathan", 6)]
    assert_refused(InvalidInput, "'drone'", lambda: journey.play(StartEncounter("drone", 4)))
    assert_refused(InvalidInput, "7", lambda: journey.play(StartEncounter("Swarm", 7)))


def test_when_the_pool_is_emptied_the_encounter_arrives() -> None:
    """ "When the Pool is emptied, the encounter arrives."."""
    journey = begun()
    play(journey, StartEncounter("Drone", 2))
    assert odds(journey.state, RollEncounter("Drone"))["the encounter arrives"] == Fraction(4, 9)
    assert play(journey, RollEncounter("drone"), [6, 1]).outcome == "not yet"
    assert play(journey, RollEncounter("Drone"), [2]).outcome == "arrives"
    assert journey.state.encounters == ()
    assert_refused(IllegalAction, "no Encounter Pool", lambda: journey.play(RollEncounter("Drone")))


def test_resting_rolls_every_encounter_pool() -> None:
    """ "Roll the Event Pool when the character rests"."""
    journey = begun()
    play(journey, StartEncounter("Drone", 2))
    play(journey, StartEncounter("Swarm", 4))
    report = play(journey, ShortRest(), [3], [1, 1], [6, 6, 6, 1])
    assert [(p.name, p.dice) for p in journey.state.encounters] == [("Swarm", 3)]
    assert "the encounter arrives" in " ".join(report.lines)
    play(journey, EndEncounter("Swarm"))
    assert journey.state.encounters == ()


def test_the_enemy_hit_point_guide() -> None:
    """ "lesser foes usually have 6 to 8 Hit Points, hardened foes 10 to 14 Hit Points, deadly
    foes 14 to 20 Hit Points"."""
    assert ENEMY_HP == {"lesser": (6, 8), "hardened": (10, 14), "deadly": (14, 20)}
    assert Between(14, 20).distribution()[20] == Fraction(1, 7)


@pytest.mark.parametrize(
    ("face", "tier", "hp"), [(1, "lesser", 7), (5, "hardened", 10), (6, "deadly", 20)]
)
def test_roll_for_an_enemy_then_damage_it(face: int, tier: str, hp: int) -> None:
    journey = begun()
    play(journey, RollEnemy("Stalker"), [face], hp)
    assert journey.state.enemies[0].tier == tier
    play(journey, HurtEnemy("stalker", hp))
    assert journey.state.enemies[0].hp == 0
    assert_refused(
        IllegalAction, "no enemy standing", lambda: journey.play(HurtEnemy("Stalker", 1))
    )


def test_the_oracle_rolls_theme_and_action_reading_both_columns() -> None:
    """The theme and action tables each have two columns; one d66 reads both."""
    journey = Journey.start("voidlight", 3)
    report = play(journey, Inspire(), 11, 66)
    assert report.lines == ("Theme 11: Divinity / Void", "Action 66: Lead / Triage")
    report = play(journey, Inspire("action"), 45)
    assert report.lines == ("Action 45: Discover / Survey",)
    assert_refused(InvalidInput, "'place'", lambda: journey.play(Inspire("place")))


def test_fortune_and_reaction_odds_read_best_answer_first() -> None:
    """The odds a panel shows before a Fortune or Reaction Roll read as a player reads the
    answers: yes before no, approachable before hostile."""
    from rules.voidlight import React, odds
    from rules.voidlight.solo import fortune_odds

    assert list(fortune_odds(2)) == ["yes", "yes, but", "no, and"]
    journey = begun()
    assert list(odds(journey.state, React(2)) or ()) == ["approachable", "hesitant", "hostile"]
