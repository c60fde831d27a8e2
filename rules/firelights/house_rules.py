"""The house rules Firelights plays by where the rules text is silent, in words for the player.

Each is our reading, not the designers': the panel names the one that applies where you meet it,
and the README lists them all (a test keeps its table in step with this one). Keys are stable; the
texts may be reworded.

>>> HOUSE_RULES["too few cards"].startswith("An action needs two cards")
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
        "the map": (
            "A grid: a new region goes above your location (higher number), below (lower) or in the "
            "same row (equal): in a free cell touching a placed card, in the nearest such row, then "
            "the nearest column, the leftmost on a tie. The token marks your location; you travel to "
            "any revealed region touching it."
        ),
        "beacons": (
            "Beacons are found by *Discover a Region*: the first six face cards it places (or "
            "revealed from a hidden path) hold them; the starting region holds none, even a face "
            "card. At a region with an unlit beacon, *Confront Risk* to ignite it: Light lights it, "
            "Shade lights it with a complication you narrate, Darkness fails and marks 1 Fatigue. Six"
            " lit: the journey is complete."
        ),
        "hidden paths": (
            "*Confront Risk* or *Buy Information* aimed at a hidden path reveals it on Light or "
            "Shade; a face card revealed then holds a beacon if fewer than six do. Each hidden path "
            "is named by a letter in order of placement and a touching card: *hidden path A (above "
            "5♣)*."
        ),
        "exhausted": (
            "With Fatigue full, Rest and Flee are offered and so are the actions: pushing on is your "
            "choice at that moment, and the panel names the risk. Fatigue marked while already full "
            "extinguishes your light; marked from below, it stops at full. With the Story Deck empty,"
            " rest (or flee) first: there is nothing to draw."
        ),
        "too few cards": (
            "An action needs two cards: with fewer, rest first. When the draw and discard piles "
            "together hold fewer than two cards, no action can ever be made again: the light goes "
            "out."
        ),
        "curses": (
            '"A Curse is onto you": pick it, or let Lantern pick at random among the living ones; '
            "while you already face one, it is that one. You may also seek out any living Curse and "
            "fight it, one at a time (flee to change). Darkness on *Fight a Curse* must be followed "
            "by *Evade Danger*. A curse perishes when its count reaches or passes its Strength; "
            "doubled suits count 2."
        ),
        "tables": (
            "A d66 roll on the tables is recorded with the journey like any other roll; looking up a "
            "row you rolled yourself records nothing."
        ),
    }
)
