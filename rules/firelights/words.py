"""A Firelights move in the panel's own words: what its button, its dropdown's choice or its map
card says, never the grid's coordinates.

Why one function: the panel's controls (the Confront and Reveal dropdowns, the choice buttons, the
map's cards) and the Advice table name the same move in the same moment; two namings drift apart
(Advice once said "Travel to 0,0" where the map showed "J♦"). A hidden path is named by
:func:`rules.firelights.moves.hidden_path_names`, a region by its card, a pending choice by
:func:`rules.firelights.moves.option_text`.
"""

from __future__ import annotations

from typing import Any

from rules.firelights import actions as A
from rules.firelights.moves import hidden_path_names, ignitable, option_text
from rules.firelights.state import State

__all__ = ["IGNITE", "RISK", "aims", "move_words", "place_words"]

#: The Confront dropdown's words for its first purpose (a plain risk) and for the beacon here.
RISK = "a risk"
#: The Confront dropdown's words for the beacon here.
IGNITE = "the beacon here (ignite it)"


def place_words(state: State, at: tuple[int, int]) -> str:
    """A region as the map and the dropdowns name it: its card when face up ("J♦"), else its
    hidden path's name ("hidden path A (right of 4♦)")."""
    return dict(hidden_path_names(state)).get(at) or state.world.describe(at)


def aims(state: State) -> list[tuple[str, str, tuple[int, int] | None]]:
    """What Confront Risk may aim at now, as the dropdown lists it: (words, purpose, cell)."""
    found: list[tuple[str, str, tuple[int, int] | None]] = [(RISK, "risk", None)]
    if ignitable(state):
        found.append((IGNITE, "ignite", None))
    found += [(name, "reveal", at) for at, name in hidden_path_names(state)]
    return found


def move_words(state: State, move: Any) -> str:
    """``move`` named as the panel's controls name it in ``state``.

    >>> from rules.record.journey import Journey
    >>> from rules.firelights.strategy import BEGIN
    >>> journey = Journey.start("firelights", seed=3)
    >>> _ = journey.play(BEGIN)
    >>> move_words(journey.state, A.Discover("quick"))
    'Discover a Region, Quick'
    >>> move_words(journey.state, A.Rest())
    'Rest'
    """
    if isinstance(move, A.Choose):
        return f"Choose {option_text(state, move.option)}"
    if isinstance(move, A.Travel):
        return f"{move.title} to {place_words(state, move.to)}"
    approach = getattr(move, "approach", None)
    said = str(move.title) + (f", {approach.title()}" if isinstance(approach, str) else "")
    if isinstance(move, A.Confront):
        if move.purpose == "ignite":
            return f"{said}: {IGNITE}"
        if move.purpose == "reveal" and move.target is not None:
            return f"{said}: reveal {place_words(state, move.target)}"
        return f"{said}: {RISK}"
    if isinstance(move, A.BuyInformation):
        spend = f"spend {move.treasures} treasure{'s' * (move.treasures != 1)}"
        if move.target is None:
            return f"{said}: {spend}"
        return f"{said}: reveal {place_words(state, move.target)}, {spend}"
    if isinstance(move, A.Fight):
        return f"{said}: {move.curse}"
    return said
