"""Firelights' advice hook: each move open now (:func:`rules.firelights.search.choices`) and its
chance to light six beacons (:func:`rules.firelights.advise`), labelled as the panel's controls name them (cards and hidden paths, never coordinates),
the best one's control marked (the action's button, the option's or the map cell's).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets

from rules.firelights import Choose, State, Travel, advise, move_words
from widgets.frame.advice import AdviceHook
from widgets.frame.thinking import Advisor

__all__ = ["FirelightsAdvice"]


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
        """The move as the panel's controls name it (:func:`rules.firelights.move_words`)."""
        return move_words(state, move)

    def controls(self, state: State, move: Any) -> Sequence[widgets.DOMWidget]:
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
