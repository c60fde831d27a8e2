"""The house rules Voidlight plays by where the rules text is silent, in words for the player.

Each is our choice, not the designers' (RULES-NOTES): a panel shows the one that applies beside
the move (a tooltip, a note), and the README lists them all. Keys are stable; the texts may be
reworded. Those marked "(option)" are journey options or actions the player can switch.

>>> HOUSE_RULES["beam"].startswith("The beam moves a Check's Position one step")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["HOUSE_RULES"]

#: Where the rules are silent -> our reading (the game's Play page shows them as a table).
#: :meta hide-value:
HOUSE_RULES: Mapping[str, str] = MappingProxyType(
    {
        "creation": (
            "Creation by points: 5 points over the four Attributes, each 0 to 3; or at random: 4 "
            "dice per Attribute, each Hit adds 1, all rerolled while the total is under 3. Max Hit "
            "Points 10; Credits 1D x 10. (option: 'points', 'hit_points')"
        ),
        "timer": (
            "The Voidlight is rolled every 20 minutes solo, 10 in group play, any interval from 1 "
            "to 240 minutes you set ('extend the timer interval'), or only between scenes by "
            "hand; changing the timer restarts its countdown, and the live timer waits while a "
            "choice waits. The expedition clock counts play time: rests take none of it. "
            "(option: 'play', 'timer', 'interval'; action: Set the Voidlight timer)"
        ),
        "clock order": (
            "Things due at the same minute happen in this order: penalties wear off, conditions "
            "worsen, the Voidlight is rolled, a save in the dark. A choice to make stops the "
            "clock; minutes that pass meanwhile are played once it is made."
        ),
        "beam": (
            "The beam moves a Check's Position one step: High Beam Standard to Good (Bad to "
            "Standard), Low Beam Standard to Bad (Good to Standard). It changes Checks only, not "
            "saves, Fortune or Reaction Rolls, and nothing while the light is dead."
        ),
        "frozen": "Frozen makes a Vigor (physical) Check Bad, before the beam moves it.",
        "push": (
            "Only the last Check can be pushed, once, before its cost is taken and before a "
            "rest; a Check in an Absolute or Impossible Position rolled no dice to push."
        ),
        "cost": (
            "A cost is due once per Check, after one that yielded 1 or 0 Hits: roll it, pick it, "
            "or skip it (the table is for 'when you need a cost') before another Check or a "
            "rest. (option: 'costs'; journeys begun before it let an untaken cost lapse)"
        ),
        "hit starts a pool": (
            "'A Hit starts an Encounter Pool': a 5 or 6 is a Hit, and it starts a P6 (distant "
            "danger) named Encounter N."
        ),
        "equipment": (
            "Equipment that falls leaves your inventory; equipment that breaks stays in its "
            "slots, marked broken. You pick the item; the preference (weapon, armor) is named."
        ),
        "wounded or harmed": "'Gain a Wounded or Harmed Condition': you pick the word.",
        "enemy": (
            "Roll for an enemy: 1D, 1-3 a lesser foe (6-8 HP), 4-5 hardened (10-14), 6 deadly "
            "(14-20); its Hit Points are rolled evenly in that range."
        ),
        "no room": (
            "A Condition that needs more slots than are free, when no item fills a slot, fills "
            "the slots that are free; with none free it triggers another Critical Save."
        ),
        "save": (
            "You choose the Attribute and Position of a Critical Save; its dice are the score "
            "less any penalty, and the loss comes off the score. Absolute endures with no loss; "
            "Impossible is taken out, every die a Miss."
        ),
        "dying": (
            "A dying character makes no further save for damage or conditions (taken out "
            "already), but still the dark's; a Long Rest is the help in time that wakes them."
        ),
        "long rest": (
            "A Long Rest restores 1 point to an Attribute below its full score (what it was "
            "before Critical Saves lowered it), ends timed penalties and clears Fatigued."
        ),
        "advancement": "An Advancement's 2 new Hit Points come filled.",
        "rest rolls pools": "Both rests roll every Encounter Pool ('when the character rests').",
        "battery": (
            "A new Battery is an item a character carries named 'Battery'; slotting it takes it "
            "from their slots, and a full Voidlight takes none."
        ),
        "encounter pools": (
            "Encounter Pools have 1 to 6 dice and names of their own; they lose 1 die per Miss, "
            "at most 2 a roll, and an emptied pool is set aside as its encounter arrives."
        ),
        "crew": (
            "One expedition holds a crew of 1 to 6 characters sharing one Voidlight, one clock, "
            "the Encounter Pools and the foes; solo is a crew of one. An action about a "
            "character names them; each has their own Checks, Push, costs, damage, conditions, "
            "slots, rests, advancement and saves. A character joins at the table (by points or "
            "at random) or leaves with their gear while someone standing or dying stays. "
            "(actions: Join the crew, Leave the crew)"
        ),
        "crew beam": (
            "The beam's Position change applies to every character's Checks, whoever switched "
            "it: the crew shares one light."
        ),
        "dark saves": (
            "When the light dies and every 5 minutes after, each character standing or dying "
            "makes a Critical Save, one after another in the order they joined, each with their "
            "own Attribute and Position; a failure is lost to the dark. The lost and the taken "
            "out stay on the roster, marked; the expedition ends when no one is left standing "
            "or dying."
        ),
        "hidden timer": (
            "In group play the countdown is hidden from the players and shown to the GM; solo "
            "shows it. (option: 'hidden')"
        ),
    }
)
