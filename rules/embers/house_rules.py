"""The house rules Embers plays by where the rulebook is silent, in words for the player.

Each is our choice, not the designer's (RULES-NOTES): a panel shows the one that applies beside
the move, and ``rules/embers/DESIGN.md`` lists them all (a test keeps the two in step). Keys are
stable; the texts may be reworded.

>>> HOUSE_RULES["defend"].startswith("Defend takes the **top** monster")
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
        "defend": ("Defend takes the **top** monster of a stack (the last one placed there)."),
        "forage": ("Forage takes from the top of the forage pile; flames add to its bottom."),
        "health": (
            "Health is the number of claws one attack needs to defeat a hero; damage never stays "
            'on a hero ("extra damage does not carry over"), so the state keeps none.'
        ),
        "one hero at a time": (
            "One hero at a time: starting another hero's actions ends the current hero's (unspent"
            " points are lost); End actions ends them all. Maneuvers cost 1 point."
        ),
        "promoted mid-turn": (
            "A hero promoted during its actions keeps its unspent points for the level-2 side's "
            "actions."
        ),
        "reinforce": (
            "Reinforcing is not optional: while fewer than 4 heroes are in camp and a level-1 "
            'hero in the tent was not placed there this turn, a reinforcement must be placed ("as'
            ' many times as possible"); an *empty location* has no hero and no monster.'
        ),
        "night bonus": (
            "The Night card's bonus is lost when no level-1 hero is in camp to take it."
        ),
        "mid-spawn": (
            "Revealed mid-spawn: the held monster is placed by the card under the Night card "
            "before the bonus is chosen (the result is the same: placement does not depend on "
            "levels)."
        ),
        "night mid-attack": (
            "Revealed by a flame mid-attack, the Night card is resolved at once, before the "
            "attack's claws: the free promote is chosen, then the attack goes on with the sides "
            "the heroes show then (a flipped Keeper of the Flame ignores one of the flames left)."
            " As mid-spawn, the card under the Night card is revealed before the bonus is chosen "
            "(which card comes up does not depend on levels). Journeys begun before this reading "
            "finish the attack first, as they were played."
        ),
        "deck runs out": (
            "The deck runs out of fire cards when a card must be revealed on top and none is left"
            " below (the Night card alone is not a fire card): lost at once."
        ),
        "winning": (
            "Winning: the Night card at 1 hour is set aside; ending that turn (End the turn) wins."
        ),
    }
)
