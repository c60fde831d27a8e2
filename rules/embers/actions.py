"""The player's choices in Embers, as plain values that print to and parse from JSON.

Locations are their names ("N", "NE", ... "NW"); heroes and hero actions their names on the cards.

>>> parse({"kind": "act", "hero": "Defender", "action": "Guard", "target": "N"})
Act(hero='Defender', action='Guard', target='N')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.embers.cards import Side
from rules.record.action import Action, parse_action

__all__ = [
    "ACTIONS",
    "MANEUVER",
    "PROMOTE",
    "Act",
    "Attack",
    "Begin",
    "EndActions",
    "EndTurn",
    "Promote",
    "Reinforce",
    "move_kind",
    "move_name",
    "parse",
]

#: The names of the two actions every hero has besides its card's own: this one...
PROMOTE = "Promote"
#: ... and this one.
MANEUVER = "Maneuver"


def move_name(side: Side, move: str) -> str:
    """The name the rulebook's ``move`` (:data:`PROMOTE` or :data:`MANEUVER`) goes by for a hero
    on ``side``: its own, unless the side's card has an action of that name. The card's action
    keeps the name (an ``Act`` naming it is carried out as the card says) and the move becomes
    "Promote (every hero)", so :func:`~rules.embers.legal` and ``apply`` never read one name
    two ways.

    >>> from rules.embers import shipped
    >>> move_name(shipped().sides["Scout", 1], PROMOTE)
    'Promote'
    """
    if move not in side.named:
        return move
    name, number = f"{move} (every hero)", 1
    while name in side.named:
        number += 1
        name = f"{move} (every hero, {number})"
    return name


def move_kind(side: Side, name: str) -> str | None:
    """What an ``Act`` naming ``name`` (a name :func:`~rules.embers.legal` offers) does for a
    hero on ``side``: :data:`PROMOTE`, :data:`MANEUVER`, or None for the card's own action."""
    if name in side.named:
        return None
    return PROMOTE if name == move_name(side, PROMOTE) else MANEUVER


@dataclass(frozen=True, slots=True)
class Begin(Action):
    """Setup: shuffle the fire cards onto the Night card, start the forage pile, place the heroes
    (one pick per card revealed and one shuffle of the heroes), then the first turn's spawn."""

    kind: ClassVar[str] = "begin"
    title: ClassVar[str] = "Begin"


@dataclass(frozen=True, slots=True)
class Promote(Action):
    """The Night card bonus: flip ``hero`` (in camp, level 1) to level 2 for free."""

    kind: ClassVar[str] = "promote"
    title: ClassVar[str] = "Night card bonus"
    #: The hero to flip: in camp, on its level-1 side.
    hero: str


@dataclass(frozen=True, slots=True)
class Act(Action):
    """``hero`` spends action points on ``action`` (a card action, "Promote" or "Maneuver") at
    ``target`` (a location, a hero for Rally, "" when there is none). Starting another hero ends
    the one acting now: all of a hero's actions come before the next hero's."""

    kind: ClassVar[str] = "act"
    title: ClassVar[str] = "Use an action"
    #: The hero acting; starting another hero ends this one's actions.
    hero: str
    #: The action used: one of the hero's card's actions, "Promote" or "Maneuver" (by the names
    #: :func:`~rules.embers.legal` offers).
    action: str
    #: A location, a hero for Rally, or "" when the action takes none.
    target: str = ""


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    """End the actions: the cards in hand, shuffled, go to the bottom of the deck."""

    kind: ClassVar[str] = "end_actions"
    title: ClassVar[str] = "End actions"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Resolve the monsters at ``location`` as one attack on ``target``, one of the closest."""

    kind: ClassVar[str] = "attack"
    title: ClassVar[str] = "Resolve an attack"
    #: The location whose monsters attack.
    location: str
    #: The hero they attack: one of the closest to that location.
    target: str


@dataclass(frozen=True, slots=True)
class Reinforce(Action):
    """Place ``hero`` from the tent in the camp space at ``location``."""

    kind: ClassVar[str] = "reinforce"
    title: ClassVar[str] = "Reinforce"
    #: The hero leaving the tent.
    hero: str
    #: The empty camp space it takes.
    location: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (when no reinforcement is left to place) and spawn the next."""

    kind: ClassVar[str] = "end_turn"
    title: ClassVar[str] = "End the turn"


#: Every action's ``kind`` -> its class, as a record names it.
ACTIONS: Mapping[str, type[Action]] = {
    cls.kind: cls for cls in (Begin, Promote, Act, EndActions, Attack, Reinforce, EndTurn)
}


def parse(data: Mapping[str, Any]) -> Any:
    """The action a journey's JSON holds (its ``kind`` names the class), refused with a sentence
    naming what is wrong."""
    return parse_action(data, ACTIONS, game="Embers")
