"""The solo tools of Voidlight as actions: Fortune and Reaction Rolls, Encounter Pools, enemies
and the theme and action oracle.

Why apart from :mod:`rules.voidlight.actions`: these answer the player's questions about the
fiction (will it happen, how do they react, what comes) instead of changing a character's sheet;
:mod:`rules.voidlight.actions` offers them with the rest, and parses them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.record.action import Action
from rules.voidlight.about import About

__all__ = [
    "EndEncounter",
    "Fortune",
    "HurtEnemy",
    "Inspire",
    "React",
    "RollEncounter",
    "RollEnemy",
    "StartEncounter",
]


@dataclass(frozen=True)
class Fortune(About):
    """A Fortune Roll for a yes-or-no ``question``: dice by ``likelihood`` ("almost certain" 4,
    "likely" 3, "even" 2, "unlikely" 1, "slim" 0), or an ``attribute``'s score instead."""

    kind: ClassVar[str] = "fortune"
    title: ClassVar[str] = "Fortune Roll"
    words: ClassVar[tuple[str, ...]] = ("question",)
    #: How likely a yes feels, which gives the dice: "almost certain", "likely", "even", "unlikely"
    #: or "slim".
    likelihood: str = "even"
    #: An Attribute whose score gives the dice instead (blank: by likelihood).
    attribute: str = ""
    #: The Position of the roll.
    position: str = "standard"
    #: The question asked, kept with its answer.
    question: str = ""
    who: str = ""


@dataclass(frozen=True)
class React(Action):
    """A Reaction Roll: ``dice`` by the nature of the encounter (2 if unsure)."""

    kind: ClassVar[str] = "react"
    title: ClassVar[str] = "Reaction Roll"
    #: Dice by the nature of the encounter (2 if unsure).
    dice: int = 2
    #: The one met, in words (blank: unnamed): a Reaction Roll is the crew's, about no character.
    who: str = ""
    #: The Position of the roll.
    position: str = "standard"


@dataclass(frozen=True)
class StartEncounter(Action):
    """Create an Encounter Pool: P2 something close, P4 a growing threat, P6 distant danger."""

    kind: ClassVar[str] = "encounter"
    title: ClassVar[str] = "Start an Encounter Pool"
    #: The pool's name, unique among the pools.
    name: str
    #: Its dice, 1 to 6 (P2 close, P4 growing, P6 distant).
    size: int


@dataclass(frozen=True)
class RollEncounter(Action):
    """Roll an Encounter Pool (the character rests, searches, makes noise, lingers...)."""

    kind: ClassVar[str] = "roll_encounter"
    title: ClassVar[str] = "Roll an Encounter Pool"
    #: The pool rolled.
    name: str


@dataclass(frozen=True)
class EndEncounter(Action):
    """Set an Encounter Pool aside (the danger is left behind)."""

    kind: ClassVar[str] = "end_encounter"
    title: ClassVar[str] = "End an Encounter Pool"
    #: The pool set aside.
    name: str


@dataclass(frozen=True)
class RollEnemy(Action):
    """Roll for an enemy (house rule): 1D, 1-3 lesser (6-8 HP), 4-5 hardened (10-14), 6 deadly
    (14-20); its Hit Points rolled in the range."""

    kind: ClassVar[str] = "enemy"
    title: ClassVar[str] = "Roll for an enemy"
    #: What to call the enemy (blank: a name is made from its tier).
    name: str = ""


@dataclass(frozen=True)
class HurtEnemy(Action):
    """Deal ``damage`` to the enemy ``name``, one still standing; at 0 Hit Points it is defeated."""

    kind: ClassVar[str] = "hurt_enemy"
    title: ClassVar[str] = "Damage an enemy"
    #: The enemy hurt.
    name: str
    #: Hit Points it loses.
    damage: int


@dataclass(frozen=True)
class Inspire(Action):
    """The theme and action oracle: ``table`` "theme", "action" or "both"; each roll reads both
    columns of its table at once."""

    kind: ClassVar[str] = "inspire"
    title: ClassVar[str] = "Theme and action oracle"
    #: "theme", "action" or "both".
    table: str = "both"
