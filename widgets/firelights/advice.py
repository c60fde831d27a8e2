"""Firelights' advice hook: each move open now (:func:`rules.firelights.search.choices`) and its
chance to light six beacons (:func:`rules.firelights.advise`), labelled in the rulebook's names,
the best one's control marked (the action's button, the option's or the map cell's).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets

from rules.firelights import (
    BuyInformation,
    Choose,
    Confront,
    Fight,
    State,
    Travel,
    advise,
    option_text,
)
from widgets.frame.advice import AdviceHook
from widgets.frame.thinking import Advisor

__all__ = ["FirelightsAdvice"]


def _cell(cell: Any) -> str:
    return "" if cell is None else f" at {cell[0]},{cell[1]}"


class FirelightsAdvice(AdviceHook):
    """The hook of :class:`widgets.firelights.FirelightsPanel`."""

    question = "light six beacons"
    player = "the sensible player"
    #: The sensible player lights six beacons in nearly every journey it plays to the end, so
    #: "ever" tells the moves apart little; "within N actions" asks how soon (the strong player's
    #: measure, ``python -m bench strong``, asks within 50).
    horizons = (
        ("within 50 actions", 50),
        ("within 25 actions", 25),
        ("within 100 actions", 100),
        ("ever", 0),
    )

    def advisor(self) -> Advisor:
        return partial(advise, within=self.horizon or None)

    def label(self, state: State, move: Any) -> str:
        if isinstance(move, Choose):
            return f"Choose: {option_text(state, move.option)}"
        if isinstance(move, Confront):
            aim = {"ignite": ": ignite the beacon", "reveal": ": reveal the path"}
            return f"{move.title}{aim.get(move.purpose, '')}{_cell(move.target)} ({move.approach})"
        if isinstance(move, BuyInformation):
            return f"{move.title}{_cell(move.target)} ({move.treasures} treasures)"
        if isinstance(move, Fight):
            return f"{move.title}: {move.curse} ({move.approach})"
        if isinstance(move, Travel):
            return f"{move.title} to {move.to[0]},{move.to[1]}"
        approach = getattr(move, "approach", None)
        return str(move.title) + (f" ({approach})" if approach else "")

    def controls(self, state: State, move: Any) -> Sequence[widgets.Widget]:
        panel = self.panel
        if isinstance(move, Choose):
            return [
                b for b in panel.choice_buttons if f"lantern-choose-{move.option}" in b._dom_classes
            ]
        if isinstance(move, Travel):
            cell = panel.map.cells.get(move.to)
            return () if cell is None else (cell,)
        found = panel.buttons.get(move.kind)
        return () if found is None else (found,)
