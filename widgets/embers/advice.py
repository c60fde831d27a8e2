"""Embers' advice hook: each legal move's chance to win (:func:`rules.embers.advise`), labelled
as its button is, the best one's button marked (the hero's button while another hero is picked).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from rules.embers import Act, State, advise
from widgets.frame.advice import AdviceHook
from widgets.frame.thinking import Advisor

__all__ = ["EmbersAdvice"]


class EmbersAdvice(AdviceHook):
    """The hook of :class:`widgets.embers.EmbersPanel`."""

    question = "win"
    player = "the heuristic player"

    def advisor(self) -> Advisor:
        return advise

    def label(self, state: State, move: Any) -> str:
        said = str(self.panel._describe(state, move)[0])
        return f"{move.hero}: {said}" if isinstance(move, Act) else said

    def controls(self, state: State, move: Any) -> Sequence[widgets.DOMWidget]:
        panel = self.panel
        if isinstance(move, Act) and move.hero != panel._hero:
            row, said = panel.heroes_row, move.hero
        else:
            row, said = panel.choices_row, panel._describe(state, move)[0]
        return [each for each in row.children if getattr(each, "description", None) == said]
