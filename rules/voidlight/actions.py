"""The player's moves in Voidlight, as plain values that print to and parse from JSON.

Every action is a frozen dataclass with a ``kind`` (its JSON name) and a ``title`` (what the
player calls it). Positions are their names: "absolute", "good", "standard", "bad", "impossible".

An action about a character (a Check, a cost, a rest, an item...) names them in ``who``: their
name, unique in the crew; it may be left blank while the crew has one member, and a blank ``who``
is not written, so a solo journey's record reads as it always did. (A Reaction Roll's ``who`` is
the one met: Reaction Rolls are the crew's.)

>>> parse({"kind": "check", "attribute": "vigor", "position": "good"})
Check(attribute='vigor', position='good', who='')
>>> Elapse(20).to_json()
{'kind': 'elapse', 'minutes': 20}
>>> Check("vigor").to_json(), Check("vigor", who="Kai").to_json()["who"]
({'kind': 'check', 'attribute': 'vigor', 'position': 'standard'}, 'Kai')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.record.action import Action, parse_action
from rules.voidlight.character import Created

__all__ = [
    "ACTIONS",
    "About",
    "Advance",
    "Beam",
    "Check",
    "Choose",
    "Cost",
    "Create",
    "CreateRandom",
    "Credits",
    "Damage",
    "Drop",
    "Elapse",
    "EndEncounter",
    "Fortune",
    "GainCondition",
    "HurtEnemy",
    "Inspire",
    "Join",
    "Leave",
    "LongRest",
    "Push",
    "React",
    "RollEncounter",
    "RollEnemy",
    "RollLight",
    "Save",
    "SetTimer",
    "ShortRest",
    "SkipCost",
    "StartEncounter",
    "SwapBattery",
    "Take",
    "Treat",
    "parse",
]


class About(Action):
    """An action about one character, named by ``who`` (blank: the only one); a blank ``who`` is
    left out of the JSON (the records made before crews have none)."""

    who: str

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if data.get("who") == "":
            del data["who"]
        return data


# --- the character -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Create(Action, Created):
    """Create the character by points (house rule: 5 points, each attribute 0..3); rolls 1D for
    the starting Credits (x 10). Its fields are the sheet's own choices
    (:class:`~rules.voidlight.character.Created`)."""

    kind: ClassVar[str] = "create"
    title: ClassVar[str] = "Create a character"
    words: ClassVar[tuple[str, ...]] = ("name", "pronouns")


@dataclass(frozen=True)
class CreateRandom(Action):
    """Create the character by the random method (house rule): 4 dice per attribute, each Hit
    adds 1, all four rerolled while the total is under 3; then 1D x 10 Credits."""

    kind: ClassVar[str] = "create_random"
    title: ClassVar[str] = "Create a character at random"
    words: ClassVar[tuple[str, ...]] = ("name", "pronouns")
    name: str
    pronouns: str = ""


@dataclass(frozen=True)
class Take(About):
    """Carry an item: ``size`` small (0 slots), normal (1) or large (2)."""

    kind: ClassVar[str] = "take"
    title: ClassVar[str] = "Take an item"
    item: str
    size: str = "normal"
    who: str = ""


@dataclass(frozen=True)
class Drop(About):
    kind: ClassVar[str] = "drop"
    title: ClassVar[str] = "Drop an item"
    item: str
    who: str = ""


@dataclass(frozen=True)
class Credits(About):
    """Gain (positive) or spend (negative) Credits; spending more than you hold is refused."""

    kind: ClassVar[str] = "credits"
    title: ClassVar[str] = "Credits"
    change: int
    who: str = ""


@dataclass(frozen=True)
class Join(Action):
    """A new character joins the crew at the table (at most 6): by points, like Create (all four
    Attributes given), or ``at_random`` like Create at random (none given); 1D x 10 Credits."""

    kind: ClassVar[str] = "join"
    title: ClassVar[str] = "Join the crew"
    words: ClassVar[tuple[str, ...]] = ("name", "pronouns")
    name: str
    pronouns: str = ""
    vigor: int | None = None
    operate: int | None = None
    insight: int | None = None
    diplomacy: int | None = None
    at_random: bool = False


@dataclass(frozen=True)
class Leave(About):
    """A character leaves the expedition, and their gear with them (someone standing or dying
    stays behind)."""

    kind: ClassVar[str] = "leave"
    title: ClassVar[str] = "Leave the crew"
    who: str


# --- checks, costs, harm ------------------------------------------------------------------------


@dataclass(frozen=True)
class Check(About):
    """A Check with an Attribute in the Position the fiction sets; the beam then moves it one step
    (High Beam up, Low Beam down) and Frozen makes a Vigor check Bad first (house rules)."""

    kind: ClassVar[str] = "check"
    title: ClassVar[str] = "Check"
    attribute: str
    position: str = "standard"
    who: str = ""


@dataclass(frozen=True)
class Push(About):
    """Push the last Check: reroll all its Misses, then gain a Fatigued condition."""

    kind: ClassVar[str] = "push"
    title: ClassVar[str] = "Push"
    who: str = ""


@dataclass(frozen=True)
class Cost(About):
    """Take the cost of a Check that yielded 1 or 0 Hits: roll 2D on the table (``entry`` None)
    or pick an ``entry`` (11..66)."""

    kind: ClassVar[str] = "cost"
    title: ClassVar[str] = "Check cost"
    entry: int | None = None
    who: str = ""


@dataclass(frozen=True)
class SkipCost(About):
    """Take no cost from the table for the last Check: the text rolls one only "when you need a
    cost" (a reduced effect or wasted time, narrated, will do)."""

    kind: ClassVar[str] = "skip_cost"
    title: ClassVar[str] = "Skip the cost"
    who: str = ""


@dataclass(frozen=True)
class Damage(About):
    """A threat harms the character: lose ``amount`` Hit Points (never below 0)."""

    kind: ClassVar[str] = "damage"
    title: ClassVar[str] = "Take damage"
    amount: int
    who: str = ""


@dataclass(frozen=True)
class GainCondition(About):
    """Suffer a new Condition in ``slots`` slots (``lasting``: it cannot be cleared)."""

    kind: ClassVar[str] = "condition"
    title: ClassVar[str] = "Gain a condition"
    name: str
    slots: int = 1
    lasting: bool = False
    who: str = ""


@dataclass(frozen=True)
class Treat(About):
    """Clear a condition by an action in the fiction that addresses it (treating Bleeding or Chem
    Burn stops its worsening). Lasting conditions cannot be cleared."""

    kind: ClassVar[str] = "treat"
    title: ClassVar[str] = "Treat a condition"
    condition: str
    who: str = ""


@dataclass(frozen=True)
class Save(About):
    """Make the Critical Save that is due, with the most relevant Attribute."""

    kind: ClassVar[str] = "save"
    title: ClassVar[str] = "Critical Save"
    attribute: str
    position: str = "standard"
    who: str = ""


@dataclass(frozen=True)
class Choose(About):
    """Answer a pending choice: the item to drop, the equipment that falls or breaks, the
    condition to gain."""

    kind: ClassVar[str] = "choose"
    title: ClassVar[str] = "Choose"
    option: str
    who: str = ""


# --- recovery -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShortRest(About):
    """About 10 minutes: recover 1D Hit Points; resting rolls every Encounter Pool."""

    kind: ClassVar[str] = "short_rest"
    title: ClassVar[str] = "Short Rest"
    who: str = ""


@dataclass(frozen=True)
class LongRest(About):
    """About 8 hours: all Hit Points, and 1 point restored to ``attribute`` (blank when none is
    below its full score); a dying character helped in time wakes. Rolls every Encounter Pool."""

    kind: ClassVar[str] = "long_rest"
    title: ClassVar[str] = "Long Rest"
    attribute: str = ""
    who: str = ""


@dataclass(frozen=True)
class Advance(About):
    """An Advancement: +2 max Hit Points and +1 to ``attribute`` (to a maximum of 6)."""

    kind: ClassVar[str] = "advance"
    title: ClassVar[str] = "Advancement"
    attribute: str
    who: str = ""


# --- the Voidlight and the clock ----------------------------------------------------------------


@dataclass(frozen=True)
class Elapse(Action):
    """``minutes`` of expedition time pass; what falls due in them happens, in order."""

    kind: ClassVar[str] = "elapse"
    title: ClassVar[str] = "Time passes"
    minutes: int


@dataclass(frozen=True)
class SetTimer(Action):
    """Roll the Voidlight on a timer ("interval", every ``interval`` minutes, the countdown
    restarting now) or between scenes ("scenes", by hand)."""

    kind: ClassVar[str] = "timer"
    title: ClassVar[str] = "Set the Voidlight timer"
    timer: str
    interval: int | None = None


@dataclass(frozen=True)
class RollLight(Action):
    """Roll the Voidlight Pool now (between scenes or locations)."""

    kind: ClassVar[str] = "roll_light"
    title: ClassVar[str] = "Roll the Voidlight"


@dataclass(frozen=True)
class Beam(Action):
    """Switch the Voidlight's mode: "high", "standard" or "low"."""

    kind: ClassVar[str] = "beam"
    title: ClassVar[str] = "Switch beam"
    mode: str


@dataclass(frozen=True)
class SwapBattery(About):
    """Slot a new Battery (an item you carry, named "Battery"): the Voidlight is P6 again."""

    kind: ClassVar[str] = "swap_battery"
    title: ClassVar[str] = "Slot a new Battery"
    who: str = ""


# --- solo tools ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fortune(About):
    """A Fortune Roll for a yes-or-no ``question``: dice by ``likelihood`` ("almost certain" 4,
    "likely" 3, "even" 2, "unlikely" 1, "slim" 0), or an ``attribute``'s score instead."""

    kind: ClassVar[str] = "fortune"
    title: ClassVar[str] = "Fortune Roll"
    words: ClassVar[tuple[str, ...]] = ("question",)
    likelihood: str = "even"
    attribute: str = ""
    position: str = "standard"
    question: str = ""
    who: str = ""


@dataclass(frozen=True)
class React(Action):
    """A Reaction Roll: ``dice`` by the nature of the encounter (2 if unsure)."""

    kind: ClassVar[str] = "react"
    title: ClassVar[str] = "Reaction Roll"
    dice: int = 2
    who: str = ""
    position: str = "standard"


@dataclass(frozen=True)
class StartEncounter(Action):
    """Create an Encounter Pool: P2 something close, P4 a growing threat, P6 distant danger."""

    kind: ClassVar[str] = "encounter"
    title: ClassVar[str] = "Start an Encounter Pool"
    name: str
    size: int


@dataclass(frozen=True)
class RollEncounter(Action):
    """Roll an Encounter Pool (the character rests, searches, makes noise, lingers...)."""

    kind: ClassVar[str] = "roll_encounter"
    title: ClassVar[str] = "Roll an Encounter Pool"
    name: str


@dataclass(frozen=True)
class EndEncounter(Action):
    """Set an Encounter Pool aside (the danger is left behind)."""

    kind: ClassVar[str] = "end_encounter"
    title: ClassVar[str] = "End an Encounter Pool"
    name: str


@dataclass(frozen=True)
class RollEnemy(Action):
    """Roll for an enemy (house rule): 1D, 1-3 lesser (6-8 HP), 4-5 hardened (10-14), 6 deadly
    (14-20); its Hit Points rolled in the range."""

    kind: ClassVar[str] = "enemy"
    title: ClassVar[str] = "Roll for an enemy"
    name: str = ""


@dataclass(frozen=True)
class HurtEnemy(Action):
    kind: ClassVar[str] = "hurt_enemy"
    title: ClassVar[str] = "Damage an enemy"
    name: str
    damage: int


@dataclass(frozen=True)
class Inspire(Action):
    """The theme and action oracle: ``table`` "theme", "action" or "both"; each roll reads both
    columns of its table at once."""

    kind: ClassVar[str] = "inspire"
    title: ClassVar[str] = "Theme and action oracle"
    table: str = "both"


#: Every action's ``kind`` -> its class, as a record names it.
ACTIONS: Mapping[str, type[Action]] = {
    cls.kind: cls
    for cls in (Create, CreateRandom, Take, Drop, Credits, Check, Push, Cost, SkipCost, Damage,
                GainCondition, Treat, Save, Choose, ShortRest, LongRest, Advance, Elapse,
                SetTimer, RollLight, Beam, SwapBattery, Fortune, React, StartEncounter,
                RollEncounter, EndEncounter, RollEnemy, HurtEnemy, Inspire, Join, Leave)
}  # fmt: skip


def parse(data: Mapping[str, Any]) -> Any:
    """An action from its JSON form; unknown kinds and fields are refused by name."""
    return parse_action(data, ACTIONS, game="Voidlight")
