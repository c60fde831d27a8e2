"""The player's moves in Voidlight, as plain values that print to and parse from JSON.

Every action is a frozen dataclass with a ``kind`` (its JSON name) and a ``title`` (what the
player calls it). Positions are their names: "absolute", "good", "standard", "bad", "impossible".

An action about a character names them in ``who`` (:class:`~rules.voidlight.about.About`). The
solo tools (Fortune and Reaction Rolls, Encounter Pools, enemies, the oracle) are in
:mod:`rules.voidlight.tool_actions`; this module offers them too, and every action's ``kind``.

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
from rules.voidlight.about import About
from rules.voidlight.character import Created
from rules.voidlight.tool_actions import (
    EndEncounter,
    Fortune,
    HurtEnemy,
    Inspire,
    React,
    RollEncounter,
    RollEnemy,
    StartEncounter,
)

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
    #: The character's name, unique in the crew.
    name: str
    #: The character's pronouns (may be blank).
    pronouns: str = ""


@dataclass(frozen=True)
class Take(About):
    """Carry an item: ``size`` small (0 slots), normal (1) or large (2)."""

    kind: ClassVar[str] = "take"
    title: ClassVar[str] = "Take an item"
    #: The item's name, as the sheet lists it.
    item: str
    #: "small" (0 slots), "normal" (1) or "large" (2).
    size: str = "normal"
    who: str = ""


@dataclass(frozen=True)
class Drop(About):
    """Put down an item the character carries: its slots are free again."""

    kind: ClassVar[str] = "drop"
    title: ClassVar[str] = "Drop an item"
    #: The name of the item put down.
    item: str
    who: str = ""


@dataclass(frozen=True)
class Credits(About):
    """Gain (positive) or spend (negative) Credits; spending more than you hold is refused."""

    kind: ClassVar[str] = "credits"
    title: ClassVar[str] = "Credits"
    #: Credits gained (positive) or spent (negative).
    change: int
    who: str = ""


@dataclass(frozen=True)
class Join(Action):
    """A new character joins the crew at the table (at most 6): by points, like Create (all four
    Attributes given), or ``at_random`` like Create at random (none given); 1D x 10 Credits."""

    kind: ClassVar[str] = "join"
    title: ClassVar[str] = "Join the crew"
    words: ClassVar[tuple[str, ...]] = ("name", "pronouns")
    #: The new character's name, unique in the crew.
    name: str
    #: Their pronouns (may be blank).
    pronouns: str = ""
    #: Vigor by points (None with ``at_random``).
    vigor: int | None = None
    #: Operate by points (None with ``at_random``).
    operate: int | None = None
    #: Insight by points (None with ``at_random``).
    insight: int | None = None
    #: Diplomacy by points (None with ``at_random``).
    diplomacy: int | None = None
    #: Roll the Attributes by the random method instead of giving them.
    at_random: bool = False


@dataclass(frozen=True)
class Leave(About):
    """A character leaves the expedition, and their gear with them (someone standing or dying
    stays behind)."""

    kind: ClassVar[str] = "leave"
    title: ClassVar[str] = "Leave the crew"
    #: The character who leaves, by name.
    who: str


# --- checks, costs, harm ------------------------------------------------------------------------


@dataclass(frozen=True)
class Check(About):
    """A Check with an Attribute in the Position the fiction sets; the beam then moves it one step
    (High Beam up, Low Beam down) and Frozen makes a Vigor check Bad first (house rules)."""

    kind: ClassVar[str] = "check"
    title: ClassVar[str] = "Check"
    #: The Attribute rolled: its score is the dice.
    attribute: str
    #: The Position the fiction sets: "absolute", "good", "standard", "bad" or "impossible".
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
    #: The cost table's entry (11 to 66) to take; None to roll it.
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
    #: Hit Points lost.
    amount: int
    who: str = ""


@dataclass(frozen=True)
class GainCondition(About):
    """Suffer a new Condition in ``slots`` slots (``lasting``: it cannot be cleared)."""

    kind: ClassVar[str] = "condition"
    title: ClassVar[str] = "Gain a condition"
    #: The condition's name.
    name: str
    #: Slots it fills.
    slots: int = 1
    #: It cannot be cleared.
    lasting: bool = False
    who: str = ""


@dataclass(frozen=True)
class Treat(About):
    """Clear a condition by an action in the fiction that addresses it (treating Bleeding or Chem
    Burn stops its worsening). Lasting conditions cannot be cleared."""

    kind: ClassVar[str] = "treat"
    title: ClassVar[str] = "Treat a condition"
    #: The name of the condition cleared.
    condition: str
    who: str = ""


@dataclass(frozen=True)
class Save(About):
    """Make the Critical Save that is due, with the most relevant Attribute."""

    kind: ClassVar[str] = "save"
    title: ClassVar[str] = "Critical Save"
    #: The most relevant Attribute, rolled for the save.
    attribute: str
    #: The Position of the save.
    position: str = "standard"
    who: str = ""


@dataclass(frozen=True)
class Choose(About):
    """Answer a pending choice: the item to drop, the equipment that falls or breaks, the
    condition to gain."""

    kind: ClassVar[str] = "choose"
    title: ClassVar[str] = "Choose"
    #: The answer, one of the pending choice's options.
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
    #: The Attribute that gets 1 point back (blank when none is below its full score).
    attribute: str = ""
    who: str = ""


@dataclass(frozen=True)
class Advance(About):
    """An Advancement: +2 max Hit Points and +1 to ``attribute`` (to a maximum of 6)."""

    kind: ClassVar[str] = "advance"
    title: ClassVar[str] = "Advancement"
    #: The Attribute raised by 1.
    attribute: str
    who: str = ""


# --- the Voidlight and the clock ----------------------------------------------------------------


@dataclass(frozen=True)
class Elapse(Action):
    """``minutes`` of expedition time pass; what falls due in them happens, in order."""

    kind: ClassVar[str] = "elapse"
    title: ClassVar[str] = "Time passes"
    #: How many minutes pass.
    minutes: int


@dataclass(frozen=True)
class SetTimer(Action):
    """Roll the Voidlight on a timer ("interval", every ``interval`` minutes, the countdown
    restarting now) or between scenes ("scenes", by hand)."""

    kind: ClassVar[str] = "timer"
    title: ClassVar[str] = "Set the Voidlight timer"
    #: "interval" (rolled on a timer) or "scenes" (rolled by hand).
    timer: str
    #: Minutes between two rolls on the timer (None: keep the current one).
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
    #: "high", "standard" or "low".
    mode: str


@dataclass(frozen=True)
class SwapBattery(About):
    """Slot a new Battery (an item you carry, named "Battery"): the Voidlight is P6 again."""

    kind: ClassVar[str] = "swap_battery"
    title: ClassVar[str] = "Slot a new Battery"
    who: str = ""


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
